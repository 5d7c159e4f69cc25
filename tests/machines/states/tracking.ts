import { expect } from 'vitest'
import { trackingMessages } from '../../../contract/bookings'
import { messages } from '../../../contract/messages'
import { trackingMachine } from '../../../machines/tracking.machine'
import { type StateView, stateChecks } from '../model'

/** An HBL number as typed, looked up without spaces in upper case: `ESHBL` + year + 6 digits. */
const asLookedUp = (text: string) => text.replace(/\s+/g, '').toUpperCase()
const isHbl = (text: string) => /^ESHBL\d{10}$/.test(asLookedUp(text))

const failedWith = ({ event }: StateView) => (event.error ?? {}) as { status?: number; message?: string }

/**
 * The field, whatever the page shows: typing clears its message; Track with a number of the wrong form says
 * so with the example and asks nothing; the number looked up is the one typed, written to the address.
 */
const field = ({ context, event, actions, requests, before }: StateView) => {
  if (event.type === 'field.changed') expect([context.text, context.error]).toEqual([event.value, null])
  if (event.type === 'user.submit' && !isHbl(context.text)) {
    expect(context.error).toBe('Enter an HBL number such as ESHBL2026000123.')
    expect(requests).toEqual(before.children.trackShipment ? { trackShipment: { hbl: context.hbl } } : {})
  }
  const submitted = event.type === 'user.submit' && isHbl(context.text)
  if (submitted) expect(context.hbl).toBe(asLookedUp(context.text))
  // An address opened or followed already names the number: only Track writes it.
  expect(actions.includes('hblChanged')).toBe(submitted)
}

/** HBL Tracking (/user/tracking): a house bill number looked up, its shipment shown and kept up to date. */
export const trackingStates = stateChecks(trackingMachine, {
  // The form: nothing looked up or shown; an address of the wrong form is refused like a typed one.
  idle: (view) => {
    const { context, event } = view
    field(view)
    expect([view.requests, context.hbl, context.view]).toEqual([{}, null, null])
    if (['xstate.init', 'url.changed'].includes(event.type))
      expect(context.error).toBe(context.text.trim() === '' ? null : trackingMessages.badNumber)
  },
  // "Looking up ESHBL…": the number asked for is a well-formed HBL; Try again asks for the same one.
  loading: (view) => {
    const { context } = view
    field(view)
    expect(view.requests).toEqual({ trackShipment: { hbl: context.hbl } })
    expect(isHbl(context.hbl)).toBe(true)
    if (view.event.type === 'user.retry') expect(context.hbl).toBe(view.before.context.hbl)
    if (['xstate.init', 'url.changed'].includes(view.event.type))
      expect(context.hbl).toBe(asLookedUp(context.text))
  },
  // The shipment answered for the number asked; a failed read again keeps it shown.
  found: (view) => {
    const { context, event, before } = view
    field(view)
    expect(view.requests).toEqual({})
    if (event.type === 'xstate.done.actor.trackShipment') {
      expect(view.answered?.input).toEqual({ hbl: context.hbl })
      expect(context.view).toBe(event.output)
    } else expect(context.view).toBe(before.context.view)
    expect(context.view).not.toBeNull()
    expect(context.message).toBeNull()
  },
  // The shipment changed elsewhere: read again by its number, the view staying shown.
  refreshing: (view) => {
    field(view)
    expect(view.requests).toEqual({ trackShipment: { hbl: view.context.hbl } })
    expect(view.context.view).toBe(view.before.context.view)
    expect(view.context.view).not.toBeNull()
  },
  // 404 (also another company's number): "No shipment with this HBL number."
  notFound: (view) => {
    field(view)
    if (view.event.type.startsWith('xstate.error.')) expect(failedWith(view).status).toBe(404)
    expect(view.context.message).toBe('No shipment with this HBL number.')
    expect([view.requests, view.context.view]).toEqual([{}, null])
  },
  // Another failure with Try again: a 422 in the form's own words, else the server's message or the generic one.
  failed: (view) => {
    field(view)
    if (view.event.type.startsWith('xstate.error.')) {
      const { status, message } = failedWith(view)
      expect(status).not.toBe(404)
      expect(view.context.message).toBe(
        status === 422 ? trackingMessages.badNumber : (message ?? messages.generic),
      )
    }
    expect(view.context.message).toBeTruthy()
    expect([view.requests, view.context.view]).toEqual([{}, null])
  },
})
