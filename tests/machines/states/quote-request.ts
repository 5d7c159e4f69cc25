import { expect } from 'vitest'
import type { DeskState } from '../../../contract/quote-desk'
import { type QuoteRequestEventType, quoteRequestMachine } from '../../../machines/quote-request.machine'
import { type StateView, stateChecks } from '../model'

const changes: QuoteRequestEventType[] = [
  'sales.assign',
  'sales.sendOffer',
  'customer.accept',
  'customer.decline',
  'offer.expire',
]

/** The changes the consoles and My Quotes offer in this state. */
const offered = ({ snapshot }: StateView) => changes.filter((type) => snapshot.can({ type }))

/** Issue 22: what may be done to a request in each state, and the change that brought it there, from where. */
function expectIssue(
  view: StateView,
  offers: QuoteRequestEventType[],
  from: [DeskState, QuoteRequestEventType][],
) {
  expect(offered(view)).toEqual(offers)
  if (view.event.type !== 'xstate.init') expect(from).toContainEqual([view.before.value, view.event.type])
}

/** The sales desk's lifecycle of a quote request (issue 22), as the server accepts its changes. */
export const quoteRequestStates = stateChecks(quoteRequestMachine, {
  // New: only taking it (assigning it) is possible.
  Requested: (view) => {
    expect(view.event.type).toBe('xstate.init')
    expectIssue(view, ['sales.assign'], [])
  },
  // Taken, or passed to a colleague: the first offer can be sent.
  'In progress': (view) =>
    expectIssue(
      view,
      ['sales.assign', 'sales.sendOffer'],
      [
        ['Requested', 'sales.assign'],
        ['In progress', 'sales.assign'],
      ],
    ),
  // An offer is with the customer: accept, decline, a revised offer, or it expires.
  'Offer sent': (view) =>
    expectIssue(
      view,
      ['sales.sendOffer', 'customer.accept', 'customer.decline', 'offer.expire'],
      [
        ['In progress', 'sales.sendOffer'],
        ['Offer sent', 'sales.sendOffer'],
        ['Declined', 'sales.sendOffer'],
        ['Expired', 'sales.sendOffer'],
      ],
    ),
  // The customer declined: only a revised offer.
  Declined: (view) => expectIssue(view, ['sales.sendOffer'], [['Offer sent', 'customer.decline']]),
  // The offer's validity passed: only a revised offer.
  Expired: (view) => expectIssue(view, ['sales.sendOffer'], [['Offer sent', 'offer.expire']]),
  // Accepted is final: nothing more is possible.
  Accepted: (view) => {
    expectIssue(view, [], [['Offer sent', 'customer.accept']])
    expect(view.snapshot.status).toBe('done')
  },
})
