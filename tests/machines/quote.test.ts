import { describe, expect, it, vi } from 'vitest'
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  type EventObject,
  SimulatedClock,
} from 'xstate'
import { quoteMessages } from '../../contract/pricing/rules'
import { confirmMessages, isPriceChanged, type QuoteDetail, type QuoteSummary } from '../../contract/quotes'
import type { Place } from '../../contract/wire'
import {
  centsOf,
  emptyQuoteForm,
  quoteFormErrors,
  resolvePlace,
  sortedOptions,
  toQuoteRequest,
  valuesFromRequest,
} from '../../machines/quote-form'
import { quoteFormMachine } from '../../machines/quote-form.machine'
import { quoteListMachine } from '../../machines/quote-list.machine'
import { previewPrice } from '../../machines/quote-offer'
import { quoteOfferMachine } from '../../machines/quote-offer.machine'
import { defaultTariff, fclSgToIn, fx, noServices, sgTariff } from '../contract/pricing-fixtures'
import { controllablePromises } from './model'
import { allChecks, formChecks, type ModelSuiteOptions, modelSuite } from './model-suite'

const today = '2026-11-05'
const shownTotal = (input: unknown) =>
  (input as { body?: { shownTotalUsd?: number } } | undefined)?.body?.shownTotalUsd
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

const port = (code: string, name: string, country_code: string, country_name: string): Place => ({
  code,
  kind: 'port',
  name,
  city: name,
  country_code,
  country_name,
  time_zone: null,
})
const sgsin = port('SGSIN', 'Singapore', 'SG', 'Singapore')
const innsa = port('INNSA', 'Nhava Sheva', 'IN', 'India')
const nhavaSheva: Place = { ...innsa, name: 'Jawaharlal Nehru (Nhava Sheva)', city: 'Mumbai' }
const mumbai: Place = { ...innsa, code: 'INBOM', name: 'Mumbai', city: 'Mumbai' }

const fclRequest = {
  mode: 'FCL' as const,
  origin: 'SGSIN',
  destination: 'INNSA',
  readyDate: today,
  commodity: 'Furniture',
  containers: [{ type: '40HC' as const, count: 1 }],
  cargoValue: 2_500_000,
}

const baseQuote: QuoteDetail = {
  number: 'ESQ-2026000001',
  status: 'Active',
  kind: 'priced',
  mode: 'FCL',
  origin: sgsin,
  destination: innsa,
  request: fclRequest,
  services: noServices,
  chosenOptionId: null,
  options: [
    {
      id: 1,
      carrier: fclSgToIn.carrier,
      service: fclSgToIn.service,
      transitDays: 9,
      validTo: fclSgToIn.validTo,
      totalUsd: 150_000,
      lane: fclSgToIn,
    },
    {
      id: 2,
      carrier: 'Fast Lines',
      service: 'Express',
      transitDays: 6,
      validTo: fclSgToIn.validTo,
      totalUsd: 190_000,
      lane: { ...fclSgToIn, id: 2, carrier: 'Fast Lines', transitDays: 6 },
    },
  ],
  fx,
  serviceTariffs: { origin: sgTariff, destination: defaultTariff },
  firstLclEligible: false,
  validTo: fclSgToIn.validTo,
  createdAt: '2026-11-05T01:00:00Z',
  booking: null,
  requotedFrom: null,
  notes: null,
}
const noValueQuote: QuoteDetail = {
  ...baseQuote,
  number: 'ESQ-2026000002',
  request: { ...fclRequest, cargoValue: undefined },
}
const requestedQuote: QuoteDetail = {
  ...baseQuote,
  number: 'ESQ-2026000003',
  kind: 'requested',
  status: 'Requested',
  options: [],
  validTo: null,
}
const bookedQuote: QuoteDetail = {
  ...baseQuote,
  status: 'Booked',
  booking: { number: 'ESB-2026000001', status: 'RECEIVED' },
}
const expiredQuote: QuoteDetail = { ...baseQuote, status: 'Expired' }

const priceOf = (services = noServices) => {
  const price = previewPrice(baseQuote, 1, services)
  if (!price) throw new Error('no price')
  return price
}

/** Vertices by state, count of invalid fields, messages and what was loaded: contexts hold free text. */
const serializer = (
  snapshot: AnyMachineSnapshot,
  event: EventObject | undefined,
  previous?: AnyMachineSnapshot,
) => {
  const c = snapshot.context
  return JSON.stringify([
    previous?.value,
    event?.type,
    snapshot.value,
    Object.keys(c.errors ?? {}).length,
    c.message,
    c.serviceMessage,
    c.services ? Object.values(c.services).filter(Boolean).length : undefined,
    c.quote?.number,
    c.filters?.q,
  ])
}

function quoteSuite(
  name: string,
  machine: AnyStateMachine,
  promises: readonly string[],
  events: ({ type: string } & Record<string, unknown>)[],
  inputs: unknown[],
  starts: NonNullable<ModelSuiteOptions['starts']> = [],
  check?: ModelSuiteOptions['check'],
) {
  modelSuite(name, machine, {
    promises,
    events,
    inputs,
    serializeState: serializer,
    starts,
    ...(check ? { check } : {}),
  })
}

quoteSuite(
  'quote form',
  quoteFormMachine,
  ['searchPlaces', 'createQuote', 'requestManualQuote'],
  [
    { type: 'place.typed', end: 'origin', text: 'Sing' },
    { type: 'place.typed', end: 'origin', text: 'S' },
    { type: 'xstate.done.actor.searchPlaces', output: [sgsin] },
    { type: 'xstate.done.actor.searchPlaces', output: [] },
    { type: 'xstate.error.actor.searchPlaces', error: { status: 0 } },
    { type: 'place.chosen', end: 'origin', place: sgsin },
    { type: 'place.chosen', end: 'destination', place: innsa },
    { type: 'field.changed', field: 'commodity', value: 'Furniture' },
    { type: 'field.changed', field: 'mode', value: 'AIR' },
    { type: 'field.changed', field: 'hazardous', value: true },
    { type: 'field.blurred', field: 'commodity' },
    { type: 'sort.changed', by: 'transit' },
    { type: 'option.chosen', optionId: 2 },
    { type: 'xstate.done.actor.createQuote', output: { quote: baseQuote } },
    { type: 'xstate.done.actor.createQuote', output: { quote: null } },
    {
      type: 'xstate.error.actor.createQuote',
      error: {
        status: 422,
        message: confirmMessages.readyDatePast,
        errors: { readyDate: [confirmMessages.readyDatePast] },
      },
    },
    { type: 'xstate.error.actor.createQuote', error: { status: 500 } },
    { type: 'xstate.done.actor.requestManualQuote', output: { quote: requestedQuote } },
    { type: 'xstate.error.actor.requestManualQuote', error: { status: 500, message: 'Down' } },
  ],
  [{ today }],
  // The home strip's texts, looked up at the start (both, the origin only, the destination only): their
  // paths end once the lookups settled (the rest of the form is the same as without them).
  [
    { today, originText: 'Singapore', destinationText: 'Nhava Sheva' },
    { today, originText: 'Singapore' },
    { today, destinationText: 'INNSA' },
  ].map((input) => ({
    input,
    stopWhen: (snapshot: AnyMachineSnapshot) => snapshot.matches({ lookup: 'idle' }),
    filterEvents: (_: AnyMachineSnapshot, event: EventObject) =>
      event.type.startsWith('xstate.') || event.type.startsWith('place.'),
  })),
  formChecks(['createQuote', 'requestManualQuote']),
)

const fill = [
  ['shipperName', 'Lion City Exports'],
  ['shipperAddress', '10 Anson Road, #20-01, Singapore'],
  ['consigneeName', 'Mumbai Imports'],
  ['consigneeAddress', 'Plot 4, JNPT Road, Navi Mumbai'],
  ['cargoDescription', 'Teak furniture'],
  ['acceptTerms', true],
] as const

quoteSuite(
  'quote offer',
  quoteOfferMachine,
  ['getQuote', 'priceQuoteServices', 'confirmQuote', 'requoteQuote'],
  [
    { type: 'xstate.done.actor.getQuote', output: baseQuote },
    { type: 'xstate.done.actor.getQuote', output: noValueQuote },
    { type: 'xstate.done.actor.getQuote', output: requestedQuote },
    { type: 'xstate.done.actor.getQuote', output: bookedQuote },
    { type: 'xstate.done.actor.getQuote', output: expiredQuote },
    { type: 'xstate.error.actor.getQuote', error: { status: 404, message: confirmMessages.notFound } },
    { type: 'service.changed', service: 'insurance', value: true },
    { type: 'service.changed', service: 'pickup', value: 'A' },
    {
      type: 'xstate.done.actor.priceQuoteServices',
      output: { price: priceOf(), validTo: fclSgToIn.validTo },
    },
    {
      type: 'xstate.done.actor.priceQuoteServices',
      output: { price: { ...priceOf(), totalUsd: 1 }, validTo: fclSgToIn.validTo },
    },
    { type: 'xstate.error.actor.priceQuoteServices', error: { status: 500 } },
    ...fill.map(([field, value]) => ({ type: 'field.changed', field, value })),
    { type: 'field.changed', field: 'cargoDescription', value: '' },
    { type: 'field.blurred', field: 'shipperName' },
    {
      type: 'xstate.done.actor.confirmQuote',
      output: { booking: { number: 'ESB-2026000001', status: 'RECEIVED' } },
    },
    {
      type: 'xstate.error.actor.confirmQuote',
      error: {
        status: 409,
        message: confirmMessages.priceChanged,
        price: { ...priceOf(), totalUsd: 160_000 },
      },
    },
    { type: 'xstate.error.actor.confirmQuote', error: { status: 410, message: confirmMessages.expired } },
    { type: 'xstate.error.actor.confirmQuote', error: { status: 500 } },
    { type: 'xstate.done.actor.requoteQuote', output: { quote: { ...baseQuote, number: 'ESQ-2026000009' } } },
    { type: 'xstate.done.actor.requoteQuote', output: { quote: null } },
    { type: 'xstate.error.actor.requoteQuote', error: { status: 500 } },
  ],
  [
    { number: baseQuote.number, optionId: 1, step: 'services' },
    { number: baseQuote.number, optionId: null, step: 'confirm' },
  ],
  [],
  allChecks(formChecks(['confirmQuote']), (actor, step, before, answered) => {
    const after = actor.getSnapshot() as AnyMachineSnapshot
    const { type } = step.event
    // The server's price is taken only for the services shown, and a failed save keeps the choices.
    if (type === 'xstate.done.actor.priceQuoteServices') {
      expect(answered?.input).toMatchObject({ services: after.context.services })
    }
    if (type === 'xstate.error.actor.priceQuoteServices') {
      expect(after.context.services).toEqual(before.context.services)
      expect(after.context.message).toBeTruthy()
    }
    // Insurance is never chosen without a cargo value to insure.
    if (after.context.services.insurance) expect(after.context.quote?.request.cargoValue).toBeGreaterThan(0)
  }),
)

const summary: QuoteSummary = {
  number: baseQuote.number,
  status: 'Expired',
  mode: 'FCL',
  origin: { code: 'SGSIN', name: 'Singapore', country_code: 'SG' },
  destination: { code: 'INNSA', name: 'Nhava Sheva', country_code: 'IN' },
  totalUsd: 150_000,
  carrier: 'Oceanic Lines',
  validTo: '2026-11-01',
  createdAt: '2026-10-20T01:00:00Z',
  bookingNumber: null,
}

quoteSuite(
  'my quotes',
  quoteListMachine,
  ['listQuotes', 'requoteQuote', 'getQuote'],
  [
    { type: 'xstate.done.actor.listQuotes', output: [summary] },
    { type: 'xstate.error.actor.listQuotes', error: { status: 500 } },
    { type: 'filter.changed', filter: 'status', value: 'Expired' },
    { type: 'search.changed', q: 'INNSA' },
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

describe('quote form rules', () => {
  it('refuses hazardous cargo without a UN number, with its message under the field', () => {
    const values = { ...emptyQuoteForm(today), origin: 'SGSIN', destination: 'INNSA', commodity: 'Paint' }
    expect(quoteFormErrors(values)).toEqual({})
    const errors = quoteFormErrors({ ...values, hazardous: true, dgClass: '3', packingGroup: 'II' })
    expect(errors.unNumber).toEqual([quoteMessages.unNumber])
  })

  it('shows field messages only after submit or blur, and sends nothing while invalid', () => {
    const { actors, pending } = controllablePromises(['searchPlaces', 'createQuote', 'requestManualQuote'])
    const actor = createActor(quoteFormMachine.provide({ actors }), { input: { today } }).start()
    expect(actor.getSnapshot().context.shown).toEqual({})
    actor.send({ type: 'field.blurred', field: 'commodity' })
    expect(actor.getSnapshot().context.shown).toEqual({ commodity: true })
    actor.send({ type: 'user.submit' })
    expect(pending.size).toBe(0)
    expect(actor.getSnapshot().context.shown.origin).toBe(true)
    expect(actor.getSnapshot().context.errors.origin).toEqual([quoteMessages.originRequired])
  })

  it('parses cents and round-trips a request through the form', () => {
    expect(centsOf('25,000.5')).toBe(2_500_050)
    expect(centsOf('1.234')).toBeNaN()
    expect(toQuoteRequest(valuesFromRequest(fclRequest, today))).toEqual(fclRequest)
  })

  it('sorts options by price and by transit time', () => {
    expect(sortedOptions(baseQuote, 'price').map((o) => o.id)).toEqual([1, 2])
    expect(sortedOptions(baseQuote, 'transit').map((o) => o.id)).toEqual([2, 1])
  })

  it('clears the chosen places when switching between sea and air', () => {
    const actor = createActor(quoteFormMachine, {
      input: {
        today,
        places: { origin: sgsin, destination: innsa },
        prefill: { origin: 'SGSIN', destination: 'INNSA' },
      },
    }).start()
    actor.send({ type: 'field.changed', field: 'mode', value: 'LCL' })
    expect(actor.getSnapshot().context.values.origin).toBe('SGSIN')
    actor.send({ type: 'field.changed', field: 'mode', value: 'AIR' })
    expect(actor.getSnapshot().context.values.origin).toBe('')
    expect(actor.getSnapshot().context.places.origin).toBeNull()
  })
})

describe('quote offer', () => {
  async function loaded(quote: QuoteDetail, step: 'services' | 'confirm', clock = new SimulatedClock()) {
    const names = ['getQuote', 'priceQuoteServices', 'confirmQuote', 'requoteQuote'] as const
    const { actors, pending } = controllablePromises(names)
    const goToConfirm = vi.fn()
    const actor = createActor(quoteOfferMachine.provide({ actors, actions: { goToConfirm } }), {
      clock,
      input: { number: quote.number, optionId: 1, step },
    }).start()
    pending.get('getQuote')?.resolve(quote)
    await flush()
    return { actor, pending, clock, goToConfirm }
  }

  it('previews insurance at once, returns to the same total when removed, and saves once after the pause', async () => {
    const { actor, pending, clock } = await loaded(baseQuote, 'services')
    const before = actor.getSnapshot().context.price?.totalUsd ?? 0
    expect(before).toBe(priceOf().totalUsd)
    actor.send({ type: 'service.changed', service: 'insurance', value: true })
    const withInsurance = actor.getSnapshot().context.price?.totalUsd ?? 0
    expect(withInsurance).toBeGreaterThan(before)
    expect(actor.getSnapshot().context.price?.lines.some((l) => l.kind === 'service')).toBe(true)
    actor.send({ type: 'service.changed', service: 'insurance', value: false })
    expect(actor.getSnapshot().context.price?.totalUsd).toBe(before)
    expect(pending.has('priceQuoteServices')).toBe(false)
    clock.increment(500)
    expect(pending.get('priceQuoteServices')?.input).toEqual({
      number: baseQuote.number,
      optionId: 1,
      services: noServices,
    })
  })

  it('refuses insurance without a cargo value', async () => {
    const { actor } = await loaded(noValueQuote, 'services')
    actor.send({ type: 'service.changed', service: 'insurance', value: true })
    expect(actor.getSnapshot().context.services.insurance).toBe(false)
    expect(actor.getSnapshot().context.serviceMessage).toBe(quoteMessages.insuranceNeedsValue)
  })

  it('sends one confirmation for two clicks, and confirms again at a changed price', async () => {
    const { actor, pending } = await loaded(baseQuote, 'confirm')
    for (const [field, value] of fill) actor.send({ type: 'field.changed', field, value })
    actor.send({ type: 'user.submit' })
    const first = pending.get('confirmQuote')
    actor.send({ type: 'user.submit' })
    expect(pending.get('confirmQuote')).toBe(first)
    expect(shownTotal(first?.input)).toBe(priceOf().totalUsd)
    first?.reject({
      status: 409,
      message: confirmMessages.priceChanged,
      price: { ...priceOf(), totalUsd: 160_000 },
    })
    await flush()
    expect(actor.getSnapshot().matches({ confirm: 'priceChanged' })).toBe(true)
    expect(actor.getSnapshot().context.shownTotalUsd).toBe(160_000)
    actor.send({ type: 'user.submit' })
    expect(shownTotal(pending.get('confirmQuote')?.input)).toBe(160_000)
    pending.get('confirmQuote')?.resolve({ booking: { number: 'ESB-2026000001', status: 'RECEIVED' } })
    await flush()
    expect(actor.getSnapshot().value).toBe('booked')
    expect(actor.getSnapshot().context.booking?.number).toBe('ESB-2026000001')
  })

  it('requires the pickup address when door pickup is chosen', async () => {
    const { actor } = await loaded({ ...baseQuote, services: { ...noServices, pickup: 'A' } }, 'confirm')
    expect(actor.getSnapshot().context.errors.pickupAddress).toEqual([confirmMessages.pickupAddress])
    expect(actor.getSnapshot().context.errors.deliveryAddress).toBeUndefined()
  })
})

describe("the home strip's places", () => {
  it('resolves a text naming one place by code, name, bracketed alias or city, and nothing ambiguous', () => {
    expect(resolvePlace('sgsin', [sgsin, nhavaSheva])).toBe(sgsin)
    expect(resolvePlace(' Singapore ', [sgsin, nhavaSheva])).toBe(sgsin)
    expect(resolvePlace('Nhava Sheva', [mumbai, nhavaSheva])).toBe(nhavaSheva)
    // Both are in Mumbai; by name only one is.
    expect(resolvePlace('Mumbai', [nhavaSheva, mumbai])).toBe(mumbai)
    expect(resolvePlace('mumbai', [nhavaSheva, { ...mumbai, name: 'Mumbai Port' }])).toBeNull()
    expect(resolvePlace('Jebel Ali, UAE', [sgsin, mumbai])).toBeNull()
    expect(resolvePlace('Nhava', [nhavaSheva])).toBe(nhavaSheva)
    expect(resolvePlace('', [sgsin])).toBeNull()
    expect(resolvePlace('Singapore', [])).toBeNull()
  })

  it("looks the strip's texts up at the start: a match becomes the chosen place, else its results are offered", async () => {
    const { actors, pending } = controllablePromises(['searchPlaces', 'createQuote', 'requestManualQuote'])
    const actor = createActor(quoteFormMachine.provide({ actors }), {
      input: { today, originText: 'Singapore', destinationText: 'Mumbai', prefill: { hazardous: true } },
    }).start()
    expect(actor.getSnapshot().context.values.hazardous).toBe(true)
    expect(pending.get('searchPlaces')?.input).toEqual({ q: 'Singapore', mode: 'FCL' })
    pending.get('searchPlaces')?.resolve([sgsin])
    await flush()
    expect(actor.getSnapshot().context.values.origin).toBe('SGSIN')
    expect(actor.getSnapshot().context.text.origin).toBe('Singapore, Singapore (SGSIN)')
    expect(pending.get('searchPlaces')?.input).toEqual({ q: 'Mumbai', mode: 'FCL' })
    pending.get('searchPlaces')?.resolve([nhavaSheva, { ...mumbai, name: 'Mumbai Port' }])
    await flush()
    const { context } = actor.getSnapshot()
    expect(context.values.destination).toBe('')
    expect(context.text.destination).toBe('Mumbai')
    expect(context.lookupEnd).toBe('destination')
    expect(context.suggestions.map((p) => p.code)).toEqual(['INNSA', 'INBOM'])
    expect(actor.getSnapshot().matches({ lookup: 'idle' })).toBe(true)
  })

  it('does not overwrite a place the user chose while the start was looked up', async () => {
    const { actors, pending } = controllablePromises(['searchPlaces', 'createQuote', 'requestManualQuote'])
    const actor = createActor(quoteFormMachine.provide({ actors }), {
      input: { today, originText: 'Singapore' },
    }).start()
    const lookup = pending.get('searchPlaces')
    actor.send({ type: 'place.chosen', end: 'origin', place: nhavaSheva })
    lookup?.resolve([sgsin])
    await flush()
    expect(actor.getSnapshot().context.values.origin).toBe('INNSA')
  })
})

describe('a changed price at confirmation', () => {
  it("knows a 409 with the server's price from one without (a requested quote)", () => {
    expect(isPriceChanged({ status: 409, message: confirmMessages.priceChanged, price: priceOf() })).toBe(
      true,
    )
    expect(isPriceChanged({ status: 409, message: confirmMessages.requested })).toBe(false)
    expect(isPriceChanged({ status: 409, price: { totalUsd: '1' } })).toBe(false)
    expect(isPriceChanged({ status: 422, price: priceOf() })).toBe(false)
  })

  it("shows the server's total from the 409 at once, with no other request, and confirms against it", async () => {
    const names = ['getQuote', 'priceQuoteServices', 'confirmQuote', 'requoteQuote'] as const
    const { actors, pending } = controllablePromises(names)
    const actor = createActor(quoteOfferMachine.provide({ actors }), {
      input: { number: baseQuote.number, optionId: 1, step: 'confirm' },
    }).start()
    pending.get('getQuote')?.resolve(baseQuote)
    await flush()
    for (const [field, value] of fill) actor.send({ type: 'field.changed', field, value })
    actor.send({ type: 'user.submit' })
    const serverPrice = priceOf({ ...noServices, exportCustoms: true })
    pending
      .get('confirmQuote')
      ?.reject({ status: 409, message: confirmMessages.priceChanged, price: serverPrice })
    await flush()
    const { context } = actor.getSnapshot()
    expect(actor.getSnapshot().matches({ confirm: 'priceChanged' })).toBe(true)
    expect(context.price).toEqual(serverPrice)
    expect(context.shownTotalUsd).toBe(serverPrice.totalUsd)
    expect(context.message).toBe(confirmMessages.priceChanged)
    expect(pending.has('priceQuoteServices')).toBe(false)
    actor.send({ type: 'user.submit' })
    expect(shownTotal(pending.get('confirmQuote')?.input)).toBe(serverPrice.totalUsd)
  })

  it('shows a 409 without a price as a message and stays at the form', async () => {
    const names = ['getQuote', 'priceQuoteServices', 'confirmQuote', 'requoteQuote'] as const
    const { actors, pending } = controllablePromises(names)
    const actor = createActor(quoteOfferMachine.provide({ actors }), {
      input: { number: baseQuote.number, optionId: 1, step: 'confirm' },
    }).start()
    pending.get('getQuote')?.resolve(baseQuote)
    await flush()
    for (const [field, value] of fill) actor.send({ type: 'field.changed', field, value })
    actor.send({ type: 'user.submit' })
    pending.get('confirmQuote')?.reject({ status: 409, message: confirmMessages.requested })
    await flush()
    expect(actor.getSnapshot().matches({ confirm: 'editing' })).toBe(true)
    expect(actor.getSnapshot().context.message).toBe(confirmMessages.requested)
    expect(actor.getSnapshot().context.changedPrice).toBeNull()
  })
})
