import { expect } from 'vitest'
import { confirmMessages } from '../../../contract/quotes'
import { quoteListMachine } from '../../../machines/quote-list.machine'
import { type StateView, stateChecks } from '../model'

/** What a failed call said. */
const failure = ({ event }: StateView) => (event.error ?? {}) as { status?: number; message?: string }

/** A failure said once: the server's message, or a generic one. */
const expectSaid = (view: StateView) =>
  expect(view.context.message).toEqual(failure(view).message || expect.any(String))

/** The filter a step set, as the person sees it in the filter bar. */
function expectFilters({ before, context, event }: StateView) {
  const was = before.context.filters
  if (event.type === 'filter.changed')
    expect(context.filters).toEqual({ ...was, [event.filter as string]: event.value })
  if (event.type === 'search.changed') expect(context.filters).toEqual({ ...was, q: event.q })
  if (event.type === 'whose.changed') expect(context.filters).toEqual({ ...was, mine: event.mine })
}

/** docs/pricing.md, My Quotes (/user/quotation): the company's quotes, or Mine, filtered on the server. */
export const quoteListStates = stateChecks(quoteListMachine, {
  // The quotes are asked for with the filters shown (at once for a filter or Mine / Everyone).
  loading: (view) => {
    expect(view.requests).toEqual({ listQuotes: view.context.filters })
    expectFilters(view)
    if (view.event.type === 'user.retry') expect(view.context.message).toBeNull()
  },
  // Typing a search: nothing asked until typing pauses.
  typing: (view) => {
    expect(view.requests).toEqual({})
    expect(view.context.filters.q).toBe(
      view.event.type === 'search.changed' ? view.event.q : view.before.context.filters.q,
    )
    expectFilters(view)
  },
  // The list could not be loaded: why, and Try again.
  failed: (view) => {
    expect(view.requests).toEqual({})
    expect(view.snapshot.can({ type: 'user.retry' })).toBe(true)
    if (view.event.type === 'xstate.error.actor.listQuotes') expectSaid(view)
    else expect([view.event.type, view.context.message]).toEqual(['dialog.acknowledged', null])
  },
  // The rows the server answered for the filters shown; Requote opens the new quote (or says there is no
  // instant rate), Duplicate hands the quote's request to the form; a failure says why and keeps the rows.
  list: (view) => {
    const { context, event, actions, answered } = view
    expect(view.requests).toEqual({})
    if (event.type === 'xstate.done.actor.listQuotes') {
      expect([context.quotes, answered?.input]).toEqual([event.output, context.filters])
    }
    if (event.type === 'xstate.done.actor.requoteQuote') {
      const { quote } = event.output as { quote: unknown }
      if (quote) expect(actions).toEqual(['goToQuote'])
      else
        expect([actions.includes('goToQuote'), context.message]).toEqual([
          false,
          confirmMessages.noInstantRate,
        ])
    }
    if (event.type === 'xstate.done.actor.getQuote') expect(actions).toEqual(['duplicateIntoForm'])
    if (event.type.startsWith('xstate.error.actor.')) {
      expect(context.quotes).toBe(view.before.context.quotes)
      expectSaid(view)
    }
    if (event.type === 'dialog.acknowledged') expect(context.message).toBeNull()
  },
  // Requote of the quote pressed is on its way.
  requoting: ({ event, requests }) => {
    expect(Object.keys(requests)).toEqual(['requoteQuote'])
    if (event.type === 'quote.requote') expect(requests.requoteQuote).toEqual({ number: event.number })
  },
  // The quote pressed is read, to be duplicated into the form.
  duplicating: ({ event, requests }) => {
    expect(Object.keys(requests)).toEqual(['getQuote'])
    if (event.type === 'quote.duplicate') expect(requests.getQuote).toEqual({ number: event.number })
  },
})
