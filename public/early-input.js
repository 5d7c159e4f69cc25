// Holds what a visitor does on a prerendered page before the app can act on it; src/app/early-input.ts
// acts on it once the app is ready (README: "Prerendering, hydration and what a page loads"). Loaded by
// index.html's head, before the page is parsed, so it runs before anyone can type or click. Kept tiny.
;(() => {
  const html = document.documentElement
  const store = { values: new Map(), queue: [], wake: null }
  window.__earlyInput = store
  // What a click is held on: buttons and widgets acted on by script. Links navigate natively, unless they
  // carry data-replay-click (their address depends on what was typed).
  const widgets =
    'button,input[type=submit],input[type=button],input[type=image],[role=button],[role=switch],[role=tab],[role=menuitem],[role=combobox]:not(input),[data-replay-click]'
  const prerendered = (node) => !html.hasAttribute('data-hydrated') && node.closest('#root[data-prerendered]')
  // Whether what happens on `node` must wait: the page is not hydrated yet, or its form is still loading.
  const waits = (node) => node instanceof Element && (prerendered(node) || node.closest('[data-pending]'))
  const heldTarget = (event) => {
    const node = event.target
    if (!waits(node)) return null
    const link = node.closest('a[href]')
    return link && !link.hasAttribute('data-replay-click') ? null : node.closest(widgets)
  }
  const hold = (event, item) => {
    event.preventDefault()
    event.stopPropagation()
    store.queue.push(item)
    store.wake?.()
  }
  addEventListener(
    'click',
    (event) => {
      const target = heldTarget(event)
      if (target) hold(event, { type: 'click', target })
    },
    true,
  )
  addEventListener(
    'submit',
    (event) => {
      if (waits(event.target))
        hold(event, { type: 'submit', target: event.target, submitter: event.submitter })
    },
    true,
  )
  // Half a press must not reach a widget that hydrates in between: the held click stands for all of it.
  for (const type of ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'touchstart', 'touchend']) {
    addEventListener(type, (event) => heldTarget(event) && event.stopPropagation(), {
      capture: true,
      passive: true,
    })
  }
  // Typed text stays in the page; its latest value is kept too, in case a render resets the field.
  const record = (event) => {
    const field = event.target
    if (!/^(INPUT|TEXTAREA|SELECT)$/.test(field.tagName) || !prerendered(field)) return
    store.values.set(field, field.type === 'checkbox' || field.type === 'radio' ? field.checked : field.value)
  }
  addEventListener('input', record, true)
  addEventListener('change', record, true)
})()
