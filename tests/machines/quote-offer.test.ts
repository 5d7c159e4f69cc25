import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { type AnyMachineSnapshot, createActor, SimulatedClock } from 'xstate'
import { quoteMessages } from '../../contract/pricing/rules'
import { truckingZones } from '../../contract/pricing/types'
import { confirmMessages, isPriceChanged, type QuoteDetail } from '../../contract/quotes'
import { previewPrice, servicePrices } from '../../machines/quote-offer'
import { quoteOfferMachine } from '../../machines/quote-offer.machine'
import { fclSgToIn, noServices } from '../contract/pricing-fixtures'
import { controllablePromises } from './model'
import { allChecks, formChecks } from './model-suite'
import { baseQuote, flush, noValueQuote, quoteSuite, requestedQuote } from './quote-fixtures'
import { quoteOfferStates } from './states/quote-offer'

const shownTotal = (input: unknown) =>
  (input as { body?: { shownTotalUsd?: number } } | undefined)?.body?.shownTotalUsd

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

const fill = [
  ['shipperName', 'Lion City Exports'],
  ['shipperAddress', '10 Anson Road, #20-01, Singapore'],
  ['consigneeName', 'Mumbai Imports'],
  ['consigneeAddress', 'Plot 4, JNPT Road, Navi Mumbai'],
  ['cargoDescription', 'Teak furniture'],
  // The gross weight of baseQuote's one 40HC (the VGM), required for FCL.
  ['containerWeights', ['18400']],
  ['acceptTerms', true],
] as const

quoteSuite(
  'quote offer',
  quoteOfferMachine,
  quoteOfferStates,
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
      type: 'party.picked',
      role: 'consignee',
      party: { name: 'Mumbai Imports', address: 'Plot 4, JNPT Road, Navi Mumbai' },
    },
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

describe('the price of each service before it is chosen', () => {
  const selections = fc.record({
    exportCustoms: fc.boolean(),
    importCustoms: fc.boolean(),
    insurance: fc.boolean(),
    pickup: fc.constantFrom(null, ...truckingZones),
    delivery: fc.constantFrom(null, ...truckingZones),
  })

  it('is what choosing it adds to the total shown, whatever else is chosen', () => {
    fc.assert(
      fc.property(selections, (services) => {
        const prices = servicePrices(baseQuote, 1, services)
        const total = (s: typeof services) => priceOf(s).totalUsd
        for (const key of ['exportCustoms', 'importCustoms', 'insurance'] as const) {
          expect(prices[key]).toBe(total({ ...services, [key]: true }) - total({ ...services, [key]: false }))
          expect(prices[key]).toBeGreaterThan(0)
        }
        for (const key of ['pickup', 'delivery'] as const) {
          for (const zone of truckingZones) {
            expect(prices[key][zone]).toBe(
              total({ ...services, [key]: zone }) - total({ ...services, [key]: null }),
            )
          }
          // Further is dearer.
          expect(prices[key].A ?? 0).toBeLessThan(prices[key].C ?? 0)
        }
      }),
    )
  })

  it('leaves insurance unpriced without a cargo value', () => {
    expect(servicePrices(noValueQuote, 1, noServices).insurance).toBeNull()
  })
})

describe('the confirm form', () => {
  it('starts from the customer’s company as the shipper and the commodity as the cargo description', async () => {
    const { actors, pending } = controllablePromises(['getQuote'])
    const actor = createActor(quoteOfferMachine.provide({ actors }), {
      input: { number: baseQuote.number, optionId: 1, step: 'confirm', company: 'Lion City Exports Pte Ltd' },
    }).start()
    pending.get('getQuote')?.resolve(baseQuote)
    await flush()
    const { values, errors } = actor.getSnapshot().context
    expect(values.shipperName).toBe('Lion City Exports Pte Ltd')
    expect(values.cargoDescription).toBe(baseQuote.request.commodity)
    expect(errors.shipperName).toBeUndefined()
    expect(errors.cargoDescription).toBeUndefined()

    const fresh = createActor(
      quoteOfferMachine.provide({ actors: controllablePromises(['getQuote']).actors }),
      {
        input: { number: baseQuote.number, optionId: 1, step: 'confirm' },
      },
    ).start()
    expect(fresh.getSnapshot().context.values.shipperName).toBe('')
  })
})
