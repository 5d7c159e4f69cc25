import { expect } from 'vitest'
import { quoteRequestSchema } from '../../../contract/pricing/rules'
import type { QuoteDetail } from '../../../contract/quotes'
import type { Place } from '../../../contract/wire'
import { toQuoteRequest } from '../../../machines/quote-form'
import { quoteFormMachine } from '../../../machines/quote-form.machine'
import { type StateView, stateChecks } from '../model'

/** What a failed call said. */
const failure = ({ event }: StateView) =>
  (event.error ?? {}) as { status?: number; message?: string; errors?: Record<string, string[]> }

/** The form's own requests in flight (the place search runs beside them). */
const sent = ({ requests }: StateView) =>
  Object.fromEntries(Object.entries(requests).filter(([name]) => name !== 'searchPlaces'))

/**
 * A request the server may price: valid by the contract's rules, ready no earlier than today, and between two
 * places chosen from the list (a typed text is never sent as a guessed code).
 */
function expectSendable(request: unknown, { context }: StateView) {
  expect(quoteRequestSchema.safeParse(request).success).toBe(true)
  const { readyDate, origin, destination } = request as {
    readyDate: string
    origin: string
    destination: string
  }
  expect(readyDate >= context.today).toBe(true)
  expect([origin, destination]).toEqual([context.places.origin?.code, context.places.destination?.code])
}

/**
 * A start's text looked up (docs/pricing.md): a single result is the place; no result leaves it typed; a place
 * the person chose meanwhile is kept.
 */
function expectResolved(view: StateView, end: 'origin' | 'destination') {
  const { before, context, event } = view
  const chosen = before.context.places[end] as Place | null
  if (chosen) expect(context.places[end]).toEqual(chosen)
  else if (event.type === 'xstate.done.actor.searchPlaces') {
    const found = event.output as Place[]
    if (found.length === 1)
      expect([context.places[end], context.values[end]]).toEqual([found[0], found[0]?.code])
    if (found.length === 0)
      expect([context.places[end], context.text[end]]).toEqual([null, before.context.text[end]])
  } else expect(context.places[end]).toBeNull()
}

/** Which end's start lookup the step answered, if it answered one. */
const resolvedEnd = ({ before, event }: StateView) =>
  event.type.startsWith('xstate.') && event.type.endsWith('.actor.searchPlaces')
    ? before.matches({ lookup: 'resolvingOrigin' })
      ? 'origin'
      : before.matches({ lookup: 'resolvingDestination' })
        ? 'destination'
        : undefined
    : undefined

/**
 * The typed text shows with no place chosen for that end, and no old results. Not when the form was elsewhere
 * (being priced, priced, no rates, requested): the chart then only goes back to the form and drops the typing
 * (reported).
 */
function expectTyped({ before, context, event }: StateView) {
  if (!before.matches({ flow: 'editing' })) return
  const end = event.end as 'origin' | 'destination'
  expect([context.text[end], context.places[end], context.values[end]]).toEqual([event.text, null, ''])
  expect(context.suggestions).toEqual([])
}

/** docs/pricing.md "The form" (/user/home): the request form, its place type-aheads and the quote it gets. */
export const quoteFormStates = stateChecks(quoteFormMachine, {
  // The form: nothing of it in flight; a refused submit shows every message; a refusal of the server shows its
  // field messages under their fields, else its message (or a generic one).
  'flow.editing': (view) => {
    const { context, event } = view
    expect(sent(view)).toEqual({})
    if (event.type === 'xstate.init') expect([context.shown, context.message]).toEqual([{}, null])
    if (event.type === 'user.submit' || event.type === 'user.requestManual') {
      expect(Object.keys(context.errors).length).toBeGreaterThan(0)
      expect(Object.keys(context.errors).filter((field) => !context.shown[field])).toEqual([])
    }
    if (event.type === 'xstate.error.actor.createQuote') {
      const { errors = {}, message } = failure(view)
      for (const [field, list] of Object.entries(errors)) expect(context.errors[field]).toEqual(list)
      expect(context.message).toEqual(Object.keys(errors).length > 0 ? null : message || expect.any(String))
      expect(Object.keys(context.errors).filter((field) => !context.shown[field])).toEqual([])
    }
  },
  // The request the form holds, valid, is priced; it is kept for a later visit.
  'flow.submitting': (view) => {
    expect(sent(view)).toEqual({ createQuote: toQuoteRequest(view.context.values) })
    expectSendable(view.requests.createQuote, view)
    if (view.event.type === 'user.submit') expect(view.actions).toContain('rememberRequest')
  },
  // Instant rates: the options of the quote the server made, sorted as asked; choosing one opens it.
  'flow.results': (view) => {
    const { context, event, answered } = view
    expect(sent(view)).toEqual({})
    expect((context.quote as QuoteDetail).options.length).toBeGreaterThan(0)
    if (event.type === 'xstate.done.actor.createQuote') {
      expect(context.quote).toEqual((event.output as { quote: QuoteDetail }).quote)
      expect(answered?.input).toEqual(toQuoteRequest(context.values))
    }
    if (event.type === 'sort.changed') expect(context.sort).toBe(event.by)
    if (event.type === 'option.chosen') expect(view.actions).toEqual(['goToOption'])
  },
  // No sheet has an instant rate for the lane: no options, and the request to our team is offered.
  'flow.noRates': (view) => {
    const { context, event } = view
    expect(sent(view)).toEqual({})
    expect(context.quote).toBeNull()
    if (event.type === 'xstate.done.actor.createQuote') expect(event.output).toEqual({ quote: null })
    if (event.type === 'xstate.error.actor.requestManualQuote') {
      expect(context.message).toEqual(failure(view).message || expect.any(String))
    }
    if (event.type === 'dialog.acknowledged') expect(context.message).toBeNull()
  },
  // The same valid request goes to the sales team.
  // A place typed meanwhile does not change what was sent (the form refuses a manual request from it later).
  'flow.requesting': (view) => {
    const { request } = view.requests.requestManualQuote as { request: unknown }
    expect(Object.keys(sent(view))).toEqual(['requestManualQuote'])
    expect(quoteRequestSchema.safeParse(request).success).toBe(true)
    if (view.event.type === 'user.requestManual') {
      expect(request).toEqual(toQuoteRequest(view.context.values))
      expectSendable(request, view)
    }
  },
  // Requested: the ESQ number the sales team will price.
  'flow.requested': (view) => {
    const { context, event } = view
    expect(sent(view)).toEqual({})
    expect(context.requestedNumber).toMatch(/^ESQ-\d{10}$/)
    if (event.type === 'xstate.done.actor.requestManualQuote') {
      const { quote } = event.output as { quote: QuoteDetail }
      expect([context.requestedNumber, quote.kind]).toEqual([quote.number, 'requested'])
    }
  },
  // The home strip's origin text is looked up once, as typed, for the mode shown; nothing offered yet.
  'lookup.resolvingOrigin': ({ context, event, requests }) => {
    expect(Object.keys(requests)).toContain('searchPlaces')
    expect(context.suggestions).toEqual([])
    if (event.type === 'xstate.init') {
      expect(requests.searchPlaces).toEqual({ q: context.text.origin.trim(), mode: context.values.mode })
      expect([context.places.origin, context.text.origin.trim() === '']).toEqual([null, false])
    }
  },
  // Then the destination's, once the origin's lookup settled.
  'lookup.resolvingDestination': (view) => {
    const { context, event, requests } = view
    expect(Object.keys(requests)).toContain('searchPlaces')
    if (resolvedEnd(view) === 'origin') expectResolved(view, 'origin')
    if (event.type === 'xstate.init' || resolvedEnd(view) === 'origin') {
      expect(requests.searchPlaces).toEqual({ q: context.text.destination.trim(), mode: context.values.mode })
      expect([context.places.destination, context.text.destination.trim() === '']).toEqual([null, false])
    }
  },
  // No search on its way: the results of the last one offered, a failed one offers none, a text shorter than
  // 2 characters is not looked up.
  'lookup.idle': (view) => {
    const { before, context, event, requests } = view
    expect(requests.searchPlaces).toBeUndefined()
    const end = resolvedEnd(view)
    if (end) expectResolved(view, end)
    if (before.matches({ lookup: 'searching' }) && event.type === 'xstate.done.actor.searchPlaces') {
      expect(context.suggestions).toEqual(event.output)
    }
    if (before.matches({ lookup: 'searching' }) && event.type === 'xstate.error.actor.searchPlaces') {
      expect(context.suggestions).toEqual([])
    }
    if (event.type === 'place.typed' && before.matches({ flow: 'editing' })) {
      expect((event.text as string).trim().length).toBeLessThan(2)
      expectTyped(view)
    }
  },
  // Typing pauses: nothing asked yet (a search overtaken by typing is dropped).
  'lookup.waiting': (view) => {
    expect(view.requests.searchPlaces).toBeUndefined()
    if (view.event.type === 'place.typed' && view.before.matches({ flow: 'editing' })) {
      expect((view.event.text as string).trim().length).toBeGreaterThanOrEqual(2)
      expectTyped(view)
    }
  },
  // After the pause, one search for what is typed in that end, for the mode shown. (A place chosen or a mode
  // switched during the pause still sends a search, for nothing typed: reported.)
  'lookup.searching': ({ context, event, requests }) => {
    expect(Object.keys(requests)).toContain('searchPlaces')
    const end = context.lookupEnd as 'origin' | 'destination' | null
    if (event.type.startsWith('xstate.after.')) {
      const q = end ? context.text[end].trim() : ''
      expect(requests.searchPlaces).toEqual({ q, mode: context.values.mode })
      if (end && q !== '') expect(q.length).toBeGreaterThanOrEqual(2)
    }
  },
})
