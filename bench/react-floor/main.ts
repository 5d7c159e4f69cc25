// The control of bench/hydration.ts: React alone hydrating a prerendered three-control form and marking the
// page hydrated from a layout effect, as the product's ContentReady does. No router, no widgets, no charts:
// what any React page pays on this machine at this throttling before its own code.
import { createElement as h, useLayoutEffect, useState } from 'react'
import { hydrateRoot } from 'react-dom/client'

function Field({ id, label, type }: { id: string; label: string; type: string }) {
  const [value, setValue] = useState('')
  return [
    h('label', { key: 'l', htmlFor: id }, label),
    h('input', {
      key: 'i',
      id,
      type,
      value,
      onChange: (e: { target: { value: string } }) => setValue(e.target.value),
    }),
  ]
}

function Form() {
  useLayoutEffect(() => {
    document.documentElement.setAttribute('data-hydrated', '')
  }, [])
  return h(
    'form',
    { onSubmit: (e: { preventDefault: () => void }) => e.preventDefault() },
    h(Field, { id: 'email', label: 'Email', type: 'email' }),
    h(Field, { id: 'password', label: 'Password', type: 'password' }),
    h('button', { type: 'submit' }, 'Login'),
  )
}

const root = document.getElementById('root')
if (root) hydrateRoot(root, h(Form))
