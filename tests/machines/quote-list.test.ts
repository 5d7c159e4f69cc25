import { expect } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { confirmMessages, type QuoteSummary } from '../../contract/quotes'
import { quoteListMachine } from '../../machines/quote-list.machine'
import { baseQuote, quoteSuite } from './quote-fixtures'
import { quoteListStates } from './states/quote-list'

const summary: QuoteSummary = {
  number: baseQuote.number,
  status: 'Expired',
  mode: 'FCL',
  origin: { code: 'SGSIN', name: 'Singapore', country_code: 'SG' },
  destination: { code: 'INNSA', name: 'Nhava Sheva', country_code: 'IN' },
  totalUsd: 150_000,
  totalOf: 'quote',
  carrier: 'Oceanic Lines',
  validTo: '2026-11-01',
  createdAt: '2026-10-20T01:00:00Z',
  bookingNumber: null,
  pricedBySales: false,
  madeBy: 'Priya Tan',
  pricedBy: null,
}

quoteSuite(
  'my quotes',
  quoteListMachine,
  quoteListStates,
  ['listQuotes', 'requoteQuote', 'getQuote'],
  [
    { type: 'xstate.done.actor.listQuotes', output: [summary] },
    { type: 'xstate.error.actor.listQuotes', error: { status: 500 } },
    { type: 'filter.changed', filter: 'status', value: 'Expired' },
    { type: 'search.changed', q: 'INNSA' },
    { type: 'whose.changed', mine: true },
    { type: 'quote.requote', number: baseQuote.number },
    { type: 'quote.duplicate', number: baseQuote.number },
    { type: 'xstate.done.actor.requoteQuote', output: { quote: baseQuote } },
    { type: 'xstate.done.actor.requoteQuote', output: { quote: null } },
    { type: 'xstate.error.actor.requoteQuote', error: { status: 500 } },
    { type: 'xstate.done.actor.getQuote', output: baseQuote },
    { type: 'xstate.error.actor.getQuote', error: { status: 404, message: confirmMessages.notFound } },
  ],
  [undefined],
  [],
  (actor, step, before, answered) => {
    const after = actor.getSnapshot() as AnyMachineSnapshot
    const { type } = step.event
    // A list is shown for the filters shown.
    if (type === 'xstate.done.actor.listQuotes') expect(answered?.input).toEqual(after.context.filters)
    // Mine / Everyone asks the server again at once, with the other filters kept.
    if (type === 'whose.changed') {
      expect(after.context.filters).toEqual({ ...before.context.filters, mine: true })
      expect(after.matches('loading')).toBe(true)
    }
    // Requote and Duplicate act on the quote pressed (the only one the paths press); when they fail, the
    // list stays and a message says why.
    if (/^xstate\.(done|error)\.actor\.(requoteQuote|getQuote)$/.test(type)) {
      expect(answered?.input).toEqual({ number: baseQuote.number })
    }
    if (/^xstate\.error\.actor\.(requoteQuote|getQuote)$/.test(type)) {
      expect(after.context.quotes).toBe(before.context.quotes)
      expect(after.context.message).toBeTruthy()
    }
  },
)
