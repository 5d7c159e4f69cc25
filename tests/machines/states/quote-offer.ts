import { expect } from 'vitest'
import { quoteMessages } from '../../../contract/pricing/rules'
import type { QuotePrice } from '../../../contract/pricing/types'
import { confirmMessages, type QuoteDetail } from '../../../contract/quotes'
import { previewPrice, toConfirmInput } from '../../../machines/quote-offer'
import { quoteOfferMachine } from '../../../machines/quote-offer.machine'
import { type StateView, stateChecks } from '../model'

/** What a failed call said. */
const failure = ({ event }: StateView) =>
  (event.error ?? {}) as { status?: number; message?: string; price?: QuotePrice }

/** The quote the step loaded, when it answered getQuote. */
const loaded = ({ event }: StateView) =>
  event.type === 'xstate.done.actor.getQuote' ? (event.output as QuoteDetail) : undefined

/** A quote that can still be chosen and confirmed: priced, not booked, not expired. */
const expectOpen = (quote: QuoteDetail) =>
  expect([quote.kind, quote.booking, quote.status === 'Expired']).toEqual(['priced', null, false])

/** Services, and the save of what is chosen, for this quote and option. */
const save = ({ context }: StateView) => ({
  number: context.number,
  optionId: context.optionId,
  services: context.services,
})

/**
 * Shown on the services page: insurance only with a cargo value, and the total shown is the price shown. A
 * service toggled shows as toggled, but insurance without a cargo value is refused, with the reason.
 */
function expectServices({ context, event }: StateView) {
  if (context.services.insurance) expect(context.quote.request.cargoValue).toBeGreaterThan(0)
  expect(context.shownTotalUsd).toBe(context.price?.totalUsd)
  if (event.type !== 'service.changed') return
  if (event.service === 'insurance' && event.value === true && !(context.quote.request.cargoValue > 0)) {
    expect([context.services.insurance, context.serviceMessage]).toEqual([
      false,
      quoteMessages.insuranceNeedsValue,
    ])
  } else
    expect([context.services[event.service as string], context.serviceMessage]).toEqual([event.value, null])
}

/** A failure said once: the server's message, or a generic one. */
const expectSaid = (view: StateView) =>
  expect(view.context.message).toEqual(failure(view).message || expect.any(String))

/** docs/pricing.md "The offer": /user/getquote (services) and /user/confirm-quote (confirm). */
export const quoteOfferStates = stateChecks(quoteOfferMachine, {
  // The quote of the address is asked for.
  loading: ({ context, requests }) => {
    expect(requests).toEqual({ getQuote: { number: context.number } })
    expect(context.message).toBeNull()
  },
  // It could not be loaded: why, and Try again.
  failed: (view) => {
    expect([view.event.type, view.requests]).toEqual(['xstate.error.actor.getQuote', {}])
    expectSaid(view)
    expect(view.snapshot.can({ type: 'user.retry' })).toBe(true)
  },
  // A request our team prices: nothing to choose or confirm.
  requested: (view) => {
    expect(loaded(view)?.kind).toBe('requested')
    expect([view.context.quote, view.requests]).toEqual([loaded(view), {}])
    expect(view.snapshot.can({ type: 'user.submit' })).toBe(false)
  },
  // The services page, nothing being saved: the price of the chosen option with the services chosen (the
  // server's when it answered otherwise); insurance refused without a cargo value; a failed save says why.
  'services.saved': (view) => {
    const { context, event } = view
    expect(view.requests).toEqual({})
    expectServices(view)
    const quote = loaded(view)
    if (quote) {
      expectOpen(quote)
      expect(context.step).toBe('services')
      expect(context.price).toEqual(previewPrice(quote, context.optionId, quote.services))
    }
    if (event.type === 'xstate.done.actor.priceQuoteServices') {
      expect(context.shownTotalUsd).toBe((event.output as { price: QuotePrice }).price.totalUsd)
    }
    if (event.type.startsWith('xstate.error.actor.')) expectSaid(view)
    // Only a refused service leaves nothing to save.
    if (event.type === 'service.changed')
      expect(context.serviceMessage).toBe(quoteMessages.insuranceNeedsValue)
  },
  // A service toggled: the new total shows at once, the save waits for the pause.
  'services.waiting': (view) => {
    const { context } = view
    expect(view.requests).toEqual({})
    expectServices(view)
    expect(context.price).toEqual(previewPrice(context.quote, context.optionId, context.services))
  },
  // After the pause the services chosen are saved.
  'services.saving': (view) => {
    expect(view.requests).toEqual({ priceQuoteServices: save(view) })
    expectServices(view)
  },
  // Continue saves what is chosen before the confirmation opens.
  leaving: (view) => {
    expect(view.requests).toEqual({ priceQuoteServices: save(view) })
    expect(view.event.type).toBe('user.continue')
  },
  // Saved: on to /user/confirm-quote.
  left: ({ actions, event, requests }) => {
    expect([event.type, requests]).toEqual(['xstate.done.actor.priceQuoteServices', {}])
    expect(actions).toEqual(['goToConfirm'])
  },
  // The confirmation form: the customer's company as shipper and the commodity as cargo to start from; nothing
  // sent; a refused Confirm shows every message; a failure says why and keeps what was typed.
  'confirm.editing': (view) => {
    const { context, event } = view
    expect(view.requests).toEqual({})
    const quote = loaded(view)
    if (quote) {
      expectOpen(quote)
      expect(context.step).toBe('confirm')
      expect([context.values.shipperName, context.values.cargoDescription]).toEqual([
        context.company,
        quote.request.commodity,
      ])
    }
    if (event.type === 'user.submit') {
      expect(Object.keys(context.errors).filter((field) => !context.shown[field])).toEqual([])
    }
    if (event.type === 'xstate.error.actor.confirmQuote') {
      expect(failure(view).status === 410 || failure(view).price !== undefined).toBe(false)
      expectSaid(view)
    }
    if (event.type === 'party.picked' && event.role === 'consignee') {
      const party = event.party as { name: string; address: string }
      expect([context.values.consigneeName, context.values.consigneeAddress]).toEqual([
        party.name,
        party.address,
      ])
    }
  },
  // Confirm sends the form, the services and the total shown; a second click sends nothing more.
  'confirm.submitting': (view) => {
    const { context, event, requests } = view
    const { number, body } = requests.confirmQuote as { number: string; body: Record<string, unknown> }
    expect(Object.keys(requests)).toEqual(['confirmQuote'])
    expect([number, body.shownTotalUsd, body.acceptTerms]).toEqual([
      context.number,
      context.shownTotalUsd,
      true,
    ])
    if (event.type === 'user.submit') {
      expect(context.errors).toEqual({})
      expect(body).toEqual(
        toConfirmInput(context.values, context.optionId, context.services, context.shownTotalUsd),
      )
    }
  },
  // The price changed (409 with the server's price): the new total shows at once and the next Confirm is at it;
  // no other request.
  'confirm.priceChanged': (view) => {
    const { context, event } = view
    expect(view.requests).toEqual({})
    expect(context.shownTotalUsd).toBe(context.changedPrice?.totalUsd)
    if (event.type === 'xstate.error.actor.confirmQuote') {
      expect(failure(view).status).toBe(409)
      expect([context.price, context.message]).toEqual([failure(view).price, confirmMessages.priceChanged])
    }
  },
  // Expired (on load, or a 410 at Confirm): the spec's words and Requote; a requote without rates or failing
  // says so.
  expired: (view) => {
    const { context, event } = view
    expect(view.requests).toEqual({})
    expect(view.snapshot.can({ type: 'user.requote' })).toBe(true)
    if (loaded(view))
      expect([loaded(view)?.status, context.message]).toEqual(['Expired', confirmMessages.expired])
    if (event.type === 'xstate.error.actor.confirmQuote') {
      expect([failure(view).status, context.message]).toEqual([410, confirmMessages.expired])
    }
    if (event.type === 'xstate.done.actor.requoteQuote') {
      expect([event.output, context.message]).toEqual([{ quote: null }, confirmMessages.noInstantRate])
    }
    if (event.type === 'xstate.error.actor.requoteQuote') expectSaid(view)
  },
  // Requote asks for this quote at current rates.
  requoting: ({ context, event, requests }) => {
    expect([event.type, requests]).toEqual(['user.requote', { requoteQuote: { number: context.number } }])
  },
  // The new quote opens.
  requoted: ({ actions, event, requests }) => {
    expect(event.type).toBe('xstate.done.actor.requoteQuote')
    expect((event.output as { quote: QuoteDetail | null }).quote).not.toBeNull()
    expect([actions, requests]).toEqual([['goToQuote'], {}])
  },
  // Booked: its ESB number; a confirmation just made opens the booking's own page, at the total shown.
  booked: (view) => {
    const { context, event, actions, answered } = view
    expect(view.requests).toEqual({})
    expect(context.booking?.number).toMatch(/^ESB-\d{10}$/)
    if (loaded(view)) expect(context.booking).toEqual(loaded(view)?.booking)
    if (event.type === 'xstate.done.actor.confirmQuote') {
      expect(context.booking).toEqual((event.output as { booking: unknown }).booking)
      expect(actions).toContain('goToBookingConfirmed')
      expect(answered?.input).toMatchObject({ body: { shownTotalUsd: context.shownTotalUsd } })
    }
  },
})
