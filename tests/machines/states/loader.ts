import { expect } from 'vitest'
import { loaderMachine, loaderMessage } from '../../../machines/loader.machine'
import { type StateView, stateChecks } from '../model'

/** How many requests the step started or finished. */
const change = ({ event }: StateView) => ({ 'request.started': 1, 'request.finished': -1 })[event.type] ?? 0

/** A visible overlay: a request is pending, and the message is the spec's for the time it has shown. */
const showing = (message: string) => (view: StateView) => {
  expect(view.context.pending).toBeGreaterThan(0)
  expect(view.context.pending).toBe(view.before.context.pending + change(view))
  expect(loaderMessage(view.snapshot as never)).toBe(message)
}

/** Spec sections 2 and 4: the global loading overlay. */
export const loaderStates = stateChecks(loaderMachine, {
  // Hidden: no request pending (the last one just finished, or none started).
  idle: ({ context, event, before, snapshot }) => {
    expect(context.pending).toBe(0)
    expect(loaderMessage(snapshot as never)).toBeUndefined()
    if (event.type === 'request.finished') expect(before.context.pending).toBeLessThanOrEqual(1)
  },
  // Shown at once: 'Please wait while loading . . .'; a new burst starts from this message again.
  'visible.loading': (view) => {
    showing('Please wait while loading . . .')(view)
    expect(view.event.type).not.toMatch(/^xstate\.after\./)
    if (view.event.type === 'request.started' && view.before.matches('idle'))
      expect(view.context.pending).toBe(1)
  },
  // After 3 s.
  'visible.preparing': (view) => {
    showing("We're preparing your content . . .")(view)
    if (view.event.type.startsWith('xstate.after.'))
      expect(view.before.matches({ visible: 'loading' })).toBe(true)
  },
  // After 6 s, until the last request ends.
  'visible.almostThere': (view) => {
    showing('Almost there, thanks for your patience !')(view)
    if (view.event.type.startsWith('xstate.after.'))
      expect(view.before.matches({ visible: 'preparing' })).toBe(true)
  },
})
