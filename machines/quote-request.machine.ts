/**
 * A quote request's lifecycle on the sales desk (issue 22; pure: xstate and contract/ only):
 *
 *   Requested ─sales.assign→ In progress ─sales.sendOffer→ Offer sent ─customer.accept→ Accepted (final)
 *                                                          ├customer.decline→ Declined
 *                                                          └offer.expire→ Expired
 *
 * - `sales.assign` takes a request (or passes it to a colleague) while it is Requested or In progress.
 * - `sales.sendOffer` sends the first offer from In progress, and a revised one (a new version that supersedes
 *   the previous) from Offer sent, Declined or Expired; the previous versions are kept.
 * - Expired is reached when the offer's validity passes (the server reads it so when the day has passed).
 *
 * The server accepts or refuses every change through `nextRequestState`; the console and My Quotes draw the
 * state and offer only the actions `nextRequestState` allows.
 */
import { getNextSnapshot, setup } from 'xstate'
import type { DeskState } from '../contract/quote-desk'

export type QuoteRequestEvent =
  | { type: 'sales.assign' }
  | { type: 'sales.sendOffer' }
  | { type: 'customer.accept' }
  | { type: 'customer.decline' }
  | { type: 'offer.expire' }

export type QuoteRequestEventType = QuoteRequestEvent['type']

export const quoteRequestMachine = setup({
  types: { events: {} as QuoteRequestEvent },
}).createMachine({
  id: 'quoteRequest',
  initial: 'Requested',
  states: {
    Requested: { on: { 'sales.assign': 'In progress' } },
    'In progress': { on: { 'sales.assign': 'In progress', 'sales.sendOffer': 'Offer sent' } },
    'Offer sent': {
      on: {
        'sales.sendOffer': 'Offer sent',
        'customer.accept': 'Accepted',
        'customer.decline': 'Declined',
        'offer.expire': 'Expired',
      },
    },
    Declined: { on: { 'sales.sendOffer': 'Offer sent' } },
    Expired: { on: { 'sales.sendOffer': 'Offer sent' } },
    Accepted: { type: 'final' },
  },
})

/** Where `event` takes a request in `state`, or null when the chart refuses it. */
export function nextRequestState(state: DeskState, event: QuoteRequestEventType): DeskState | null {
  const snapshot = quoteRequestMachine.resolveState({ value: state })
  const evt = { type: event } as QuoteRequestEvent
  if (!snapshot.can(evt)) return null
  return getNextSnapshot(quoteRequestMachine, snapshot, evt).value as DeskState
}

/** Whether the request in `state` may take `event` (what the consoles offer). */
export const canRequest = (state: DeskState, event: QuoteRequestEventType) =>
  nextRequestState(state, event) !== null
