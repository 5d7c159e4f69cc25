// The early script: the source of public/early-input.js, which `node --import tsx scripts/early-input.ts`
// writes minified (a test checks they agree). index.html loads it first in the head, a classic script of
// the site's own origin (the CSP allows no inline script), so it runs before anyone can type or click.
//
// Until the app marks the page hydrated (html[data-hydrated], src/app/hydration.ts) it holds, on a
// prerendered page, every click on a button or widget and every form submit: the native default is
// prevented (no native submit, no reload) and the event is queued. Clicks and submits inside a form marked
// data-pending (its chart is still loading) are held as well, before and after hydration. Plain links are
// not held and navigate natively, unless marked data-replay-click (their address depends on what was
// typed). Typed text stays in the page; the latest value of each field is kept too, in case a render
// resets it, and which fields were left (their messages show once the app has them) and what kind of
// pointer moved over the page (a mouse's hover is handed over). src/app/early-input.ts hands the values to
// React and replays the queue.
;(() => {
  const html = document.documentElement
  const store = { values: new Map(), left: new Set(), pointer: null, queue: [], wake: null }
  window.__earlyInput = store
  const early = (el) => !html.hasAttribute('data-hydrated') && el.closest('#root[data-prerendered]')
  const waits = (el) => el instanceof Element && (early(el) || el.closest('[data-pending]'))
  const widget = (el) =>
    el instanceof Element &&
    !el.closest('a[href]:not([data-replay-click])') &&
    el.closest('button,[role=button],[role=combobox]:not(input),input[type=submit],[data-replay-click]')
  const held = ({ target: el }) => waits(el) && widget(el)
  const hold = (event, item) => {
    event.preventDefault()
    event.stopPropagation()
    store.queue.push(item)
    // After hydration (a loading form), what replays the queue is woken.
    store.wake?.()
  }
  const on = (type, listener, options = true) => addEventListener(type, listener, options)
  // A pointer's press is held or let through whole: its click goes where its pointerdown went, even when
  // the page was marked hydrated (or its form stopped loading) between the two. A widget that never saw the
  // press ignores its click (React Aria acts on presses), so letting the click through would lose it. And
  // the held click is the pressed widget's: when hydration moves the page under a still pointer, the
  // browser sends the click to the element holding both the press and the release (the page itself, 13
  // times in 60 first visits that pressed the contact form's Code dropdown), which is no widget at all.
  // pressed: the widget a held press began on, false for a press let through, null when none is under way.
  let pressed = null
  on('click', (event) => {
    // A click from a pointer counts its presses (detail); one from the keyboard or a script has none.
    const target = event.detail > 0 && pressed !== null ? pressed : held(event)
    pressed = null
    if (target) hold(event, { type: 'click', target })
  })
  on(
    'submit',
    (event) =>
      waits(event.target) &&
      hold(event, { type: 'submit', target: event.target, submitter: event.submitter }),
  )
  // A press that starts before a widget hydrates must not half reach it: the held click stands for it.
  // pointerdown also decides what its click will do (above).
  for (const type of ['pointerdown', 'mousedown', 'touchstart'])
    on(
      type,
      (event) => {
        const widgetHeld = held(event)
        if (type === 'pointerdown') pressed = widgetHeld || false
        if (widgetHeld) event.stopPropagation()
      },
      { capture: true, passive: true },
    )
  const field = (el) => /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName) && early(el)
  const record = ({ target: el }) =>
    field(el) && store.values.set(el, /^(checkbox|radio)$/.test(el.type) ? el.checked : el.value)
  on('input', record)
  on('change', record)
  // Focus moving is kept from the app until it has been given the values typed: a field it checks on
  // leaving would be checked empty, its message would shift the page under the pointer. What was left,
  // and where the focus is, are handed over with the values (the hand-over's own events are not trusted).
  const focus = (event, left) => {
    const el = event.target
    if (!(el instanceof Element) || !early(el) || !event.isTrusted) return
    event.stopPropagation()
    if (left && field(el)) store.left.add(el)
    if (!left) store.left.delete(el)
  }
  on('focusout', (event) => focus(event, true))
  on('focusin', (event) => focus(event, false))
  on(
    'pointerover',
    (event) => {
      if (early(event.target)) store.pointer = event.pointerType
    },
    { capture: true, passive: true },
  )
})()
