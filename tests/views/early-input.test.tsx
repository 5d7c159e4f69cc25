import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { useState } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { expect, it, vi } from 'vitest'
import { markHydrated } from '../../src/app/hydration'

interface Sent {
  name: string
  agreed: boolean
}

/** A controlled form, as the app's are: React state is the only truth. */
function Enquiry({ onSend }: { onSend: (sent: Sent) => void }) {
  const [name, setName] = useState('')
  const [agreed, setAgreed] = useState(false)
  return (
    <form
      aria-label="Enquiry"
      onSubmit={(event) => {
        event.preventDefault()
        onSend({ name, agreed })
      }}
    >
      <input aria-label="Name" name="name" value={name} onChange={(event) => setName(event.target.value)} />
      <input
        aria-label="Agree"
        type="checkbox"
        name="agreed"
        checked={agreed}
        onChange={(event) => setAgreed(event.target.checked)}
      />
      <button type="submit">Send</button>
    </form>
  )
}

it('keeps what was typed, ticked and clicked on a prerendered form and hands it to React once hydrated', async () => {
  const sent = vi.fn<(sent: Sent) => void>()
  document.body.innerHTML = `<div id="root" data-prerendered="/enquiry">${renderToString(<Enquiry onSend={sent} />)}</div>`
  // What index.html loads first.
  new Function(readFileSync(join(import.meta.dirname, '../../public/early-input.js'), 'utf8'))()
  const root = document.getElementById('root') as HTMLElement
  const name = root.querySelector('input[name=name]') as HTMLInputElement
  const agree = root.querySelector('input[name=agreed]') as HTMLInputElement
  const send = root.querySelector('button') as HTMLButtonElement
  const nativeSubmits = vi.fn()
  root.querySelector('form')?.addEventListener('submit', nativeSubmits)

  // Before hydration: typing, a tick and a click on Send (held: no native submit).
  name.value = 'Nur Aisyah'
  name.dispatchEvent(new Event('input', { bubbles: true }))
  agree.click()
  send.click()
  expect(nativeSubmits).not.toHaveBeenCalled()
  expect(window.__earlyInput?.queue).toHaveLength(1)

  hydrateRoot(root, <Enquiry onSend={sent} />)
  markHydrated()
  await vi.waitFor(() => expect(sent).toHaveBeenCalledWith({ name: 'Nur Aisyah', agreed: true }))
  expect(sent).toHaveBeenCalledTimes(1)
  expect(document.documentElement.dataset.hydrated).toBe('true')
  expect(name.value).toBe('Nur Aisyah')
  expect(agree.checked).toBe(true)
})
