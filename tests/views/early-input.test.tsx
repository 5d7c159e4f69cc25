import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Suspense, useState } from 'react'
import { Button } from 'react-aria-components'
import { flushSync } from 'react-dom'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'

/** A fresh page each test: its own early script store, no mark, and hydration.ts's own content signal. */
let hydration: typeof import('../../src/app/hydration')
/** The window's listeners a test added (the early script's), removed after it so the next page starts bare. */
const added: Parameters<typeof window.addEventListener>[] = []
beforeEach(async () => {
  window.__earlyInput = undefined
  delete document.documentElement.dataset.hydrated
  const add = window.addEventListener.bind(window)
  vi.spyOn(window, 'addEventListener').mockImplementation((...args: Parameters<typeof add>) => {
    added.push(args)
    add(...args)
  })
  vi.resetModules()
  hydration = await import('../../src/app/hydration')
})
afterEach(() => {
  for (const [type, listener, options] of added.splice(0)) window.removeEventListener(type, listener, options)
  vi.restoreAllMocks()
})

interface Sent {
  name: string
  agreed: boolean
}

/** The page as the app renders it: the route content in a Suspense boundary, with its ready mark. */
const Page = ({ onSend }: { onSend: (sent: Sent) => void }) => (
  <Suspense fallback={null}>
    <Enquiry onSend={onSend} />
    <hydration.ContentReady />
  </Suspense>
)

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
  document.body.innerHTML = `<div id="root" data-prerendered="/enquiry">${renderToString(<Page onSend={sent} />)}</div>`
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

  hydrateRoot(root, <Page onSend={sent} />)
  hydration.markHydrated()
  await vi.waitFor(() => expect(sent).toHaveBeenCalledWith({ name: 'Nur Aisyah', agreed: true }))
  expect(sent).toHaveBeenCalledTimes(1)
  expect(document.documentElement.dataset.hydrated).toBe('true')
  expect(name.value).toBe('Nur Aisyah')
  expect(agree.checked).toBe(true)
})

/** A field checked when it is left, as the registration form's email is (spec section 5). */
function Checked({ onLeave }: { onLeave: (value: string) => void }) {
  const [email, setEmail] = useState('')
  return (
    <input
      aria-label="Email"
      name="email"
      value={email}
      onChange={(event) => setEmail(event.target.value)}
      onBlur={() => onLeave(email)}
    />
  )
}

it('tells React of a field left before hydration only after handing it the value typed there', async () => {
  const left = vi.fn<(value: string) => void>()
  const page = (
    <Suspense fallback={null}>
      <Checked onLeave={left} />
      <hydration.ContentReady />
    </Suspense>
  )
  document.body.innerHTML = `<div id="root" data-prerendered="/check">${renderToString(page)}</div><button>elsewhere</button>`
  new Function(readFileSync(join(import.meta.dirname, '../../public/early-input.js'), 'utf8'))()
  const root = document.getElementById('root') as HTMLElement
  const email = root.querySelector('input') as HTMLInputElement
  email.focus()
  email.value = 'foo'
  email.dispatchEvent(new Event('input', { bubbles: true }))
  // Leaving it before hydration: React has no handler yet, the early script keeps that it was left.
  ;(document.querySelector('body > button') as HTMLButtonElement).focus()
  expect(window.__earlyInput?.left.has(email)).toBe(true)

  hydrateRoot(root, page)
  hydration.markHydrated()
  await vi.waitFor(() => expect(document.documentElement.dataset.hydrated).toBe('true'))
  // The blur reached the field's handler once, with the value already in React's state.
  expect(left.mock.calls).toEqual([['foo']])
  expect(email.value).toBe('foo')
})

/**
 * A React Aria button pressed on the prerendered page (pointerdown and mousedown, kept from the page by the
 * early script), then hydrated and marked, the press not yet released.
 */
async function pressBeforeHydration() {
  const pressed = vi.fn()
  // React Aria's Button acts on presses: a click whose press it never saw is ignored.
  const page = (
    <Suspense fallback={null}>
      <Button onPress={pressed}>Code</Button>
      <hydration.ContentReady />
    </Suspense>
  )
  document.body.innerHTML = `<div id="root" data-prerendered="/press">${renderToString(page)}</div>`
  new Function(readFileSync(join(import.meta.dirname, '../../public/early-input.js'), 'utf8'))()
  const root = document.getElementById('root') as HTMLElement
  const button = root.querySelector('button') as HTMLButtonElement
  button.dispatchEvent(new Event('pointerdown', { bubbles: true }))
  button.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, detail: 1 }))
  hydrateRoot(root, page)
  hydration.markHydrated()
  await vi.waitFor(() => expect(document.documentElement.dataset.hydrated).toBe('true'))
  return { pressed, root, button }
}

/** A pointer's release and the click the browser sends with it, on `target`. */
function release(target: Element) {
  target.dispatchEvent(new MouseEvent('mouseup', { bubbles: true, detail: 1 }))
  target.dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 1 }))
}

it('holds the click of a press that began before hydration and ended after, and acts on it once', async () => {
  const { pressed, button } = await pressBeforeHydration()
  // It ends after: its click goes where its pointerdown went, held and replayed.
  release(button)
  await vi.waitFor(() => expect(pressed).toHaveBeenCalledTimes(1))
  expect(window.__earlyInput?.queue).toHaveLength(0)
  // A later click (from the keyboard: no pointer press) reaches the button directly, held by nothing.
  button.click()
  expect(window.__earlyInput?.queue).toHaveLength(0)
  await vi.waitFor(() => expect(pressed).toHaveBeenCalledTimes(2))
})

it('replays a held press on the widget pressed when the page moved under the pointer before its release', async () => {
  const { pressed, root } = await pressBeforeHydration()
  // Hydration moved the button: the release is over something else, and the browser sends the click to the
  // element holding both, the page.
  release(root)
  await vi.waitFor(() => expect(pressed).toHaveBeenCalledTimes(1))
  expect(window.__earlyInput?.queue).toHaveLength(0)
})

it('gives a press begun on a loading field and released once its widget replaced it to that widget', async () => {
  const pressed = vi.fn()
  let showWidget = () => {}
  // A field drawn while its list's code loads (src/components/ui/country-field.tsx), then the list's button.
  function CodeField() {
    const [ready, setReady] = useState(false)
    showWidget = () => setReady(true)
    return ready ? (
      <Button onPress={pressed}>Code</Button>
    ) : (
      <div data-pending>
        <button type="button">Code</button>
      </div>
    )
  }
  const page = (
    <Suspense fallback={null}>
      <CodeField />
      <hydration.ContentReady />
    </Suspense>
  )
  document.body.innerHTML = `<div id="root" data-prerendered="/swap">${renderToString(page)}</div>`
  new Function(readFileSync(join(import.meta.dirname, '../../public/early-input.js'), 'utf8'))()
  const root = document.getElementById('root') as HTMLElement
  hydrateRoot(root, page)
  hydration.markHydrated()
  await vi.waitFor(() => expect(document.documentElement.dataset.hydrated).toBe('true'))
  // Pressed while it loads (held: it is pending), replaced before the release.
  const loading = root.querySelector('button') as HTMLButtonElement
  loading.dispatchEvent(new Event('pointerdown', { bubbles: true }))
  loading.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, detail: 1 }))
  flushSync(() => showWidget())
  expect(loading.isConnected).toBe(false)
  release(root.querySelector('button') as HTMLButtonElement)
  await vi.waitFor(() => expect(pressed).toHaveBeenCalledTimes(1))
  expect(window.__earlyInput?.queue).toHaveLength(0)
})
