import { describe, expect, it } from 'vitest'
import { deskStates } from '../../contract/quote-desk'
import {
  canRequest,
  nextRequestState,
  type QuoteRequestEventType,
  quoteRequestMachine,
} from '../../machines/quote-request.machine'
import { modelSuite } from './model-suite'
import { quoteRequestStates } from './states/quote-request'

const events: QuoteRequestEventType[] = [
  'sales.assign',
  'sales.sendOffer',
  'customer.accept',
  'customer.decline',
  'offer.expire',
]

describe('the quote request lifecycle', () => {
  it('allows exactly the changes of the issue, and nothing after Accepted', () => {
    const table = Object.fromEntries(
      deskStates.map((state) => [
        state,
        Object.fromEntries(
          events.map((event) => [event, nextRequestState(state, event)]).filter(([, next]) => next !== null),
        ),
      ]),
    )
    expect(table).toEqual({
      Requested: { 'sales.assign': 'In progress' },
      'In progress': { 'sales.assign': 'In progress', 'sales.sendOffer': 'Offer sent' },
      'Offer sent': {
        'sales.sendOffer': 'Offer sent',
        'customer.accept': 'Accepted',
        'customer.decline': 'Declined',
        'offer.expire': 'Expired',
      },
      Declined: { 'sales.sendOffer': 'Offer sent' },
      Expired: { 'sales.sendOffer': 'Offer sent' },
      Accepted: {},
    })
    expect(canRequest('Requested', 'sales.sendOffer')).toBe(false)
  })
})

// Every change of the issue from every state, and the state checks after each.
modelSuite('a quote request', quoteRequestMachine, {
  promises: [],
  events: events.map((type) => ({ type })),
  inputs: [undefined],
  serializeState: (snapshot, event, previous) =>
    JSON.stringify([previous?.value, event?.type, snapshot.value]),
  states: quoteRequestStates,
})
