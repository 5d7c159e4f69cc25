// Holds input before hydration; see src/app/early-input.ts and README "Input before hydration counts".
;(() => {
  const html = document.documentElement
  const store = { values: new Map(), queue: [], wake: null }
  window.__earlyInput = store
  const early = (node) => !html.hasAttribute('data-hydrated') && node.closest('#root[data-prerendered]')
  const waits = (node) => node instanceof Element && (early(node) || node.closest('[data-pending]'))
  const held = ({ target }) =>
    waits(target) &&
    !target.closest('a[href]:not([data-replay-click])') &&
    target.closest(
      'button,[role=button],[role=combobox]:not(input),[role=menuitem],[role=tab],[role=switch],input[type=submit],[data-replay-click]',
    )
  const hold = (event, item) => {
    event.preventDefault()
    event.stopPropagation()
    store.queue.push(item)
    store.wake?.()
  }
  addEventListener(
    'click',
    (event) => held(event) && hold(event, { type: 'click', target: held(event) }),
    true,
  )
  addEventListener(
    'submit',
    (event) =>
      waits(event.target) &&
      hold(event, { type: 'submit', target: event.target, submitter: event.submitter }),
    true,
  )
  for (const type of ['pointerdown', 'mousedown', 'touchstart'])
    addEventListener(type, (event) => held(event) && event.stopPropagation(), {
      capture: true,
      passive: true,
    })
  const record = ({ target }) =>
    /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) &&
    early(target) &&
    store.values.set(target, /^(checkbox|radio)$/.test(target.type) ? target.checked : target.value)
  addEventListener('input', record, true)
  addEventListener('change', record, true)
})()
