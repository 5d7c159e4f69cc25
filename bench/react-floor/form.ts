// The form both controls of bench/hydration.ts hydrate: three controls, marking the page hydrated from a
// layout effect, as the product's ContentReady does.
import { createElement as h, useLayoutEffect, useState } from 'react'

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

export function Form() {
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
