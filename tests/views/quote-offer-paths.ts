import type { AnyMachineSnapshot } from 'xstate'
import { DEFAULT_EMISSION_FACTORS } from '../../contract/emissions'
import { sailingFor } from '../../contract/pricing/schedule'
import { noServices } from '../../contract/pricing/types'
import { confirmMessages, type QuoteDetail } from '../../contract/quotes'
import { previewPrice } from '../../machines/quote-offer'
import { quoteOfferMachine } from '../../machines/quote-offer.machine'
import { defaultTariff, fclSgToIn, fx, sgTariff } from '../contract/pricing-fixtures'
import { pathsOf, withoutPrefixes } from '../machines/model'
import type { Event } from './model-replay'

// The offer chart's paths for quote-offer-model.test.tsx: graph-level stand-ins for the answers, each named by
// its variant (the test serves each variant from the priced quote below).

export const bookingNumber = 'ESB-2026000042'
const failedMessage = 'Our systems are busy. Please try again.'
const request = {
  mode: 'FCL' as const,
  origin: 'SGSIN',
  destination: 'INNSA',
  readyDate: '2026-11-05',
  commodity: 'Furniture',
  containers: [{ type: '40HC' as const, count: 1 }],
  cargoValue: 2_500_000,
}
const place = (code: string, name: string, country_code: string, country_name: string) =>
  ({ code, kind: 'port', name, city: name, country_code, country_name, time_zone: null }) as const

/** A priced FCL quote, Singapore to Nhava Sheva, one 40HC and a cargo value (so insurance has a price). */
export const quote: QuoteDetail = {
  number: 'ESQ-2026000001',
  status: 'Active',
  kind: 'priced',
  mode: 'FCL',
  origin: place('SGSIN', 'Singapore', 'SG', 'Singapore'),
  destination: place('INNSA', 'Nhava Sheva', 'IN', 'India'),
  request,
  services: noServices,
  chosenOptionId: null,
  options: [
    {
      id: 1,
      carrier: fclSgToIn.carrier,
      service: fclSgToIn.service,
      transitDays: fclSgToIn.transitDays,
      validTo: fclSgToIn.validTo,
      totalUsd: 150_000,
      lane: fclSgToIn,
      sailing: sailingFor(fclSgToIn, request.readyDate),
      carriage: [{ mode: 'SEA', from: 'SGSIN', to: 'INNSA', distanceKm: 4736 }],
    },
  ],
  fx,
  serviceTariffs: { origin: sgTariff, destination: defaultTariff },
  emissionFactors: DEFAULT_EMISSION_FACTORS,
  firstLclEligible: false,
  validTo: fclSgToIn.validTo,
  createdAt: '2026-11-05T01:00:00Z',
  booking: null,
  requotedFrom: null,
  notes: null,
  salesDesk: null,
  madeBy: 'Tan Wei Ming',
  pricedBy: null,
}
export const optionId = 1
/** The server's price of the option with insurance: the "new price" of a 409 (it prices as the page previews). */
export const insured = previewPrice(quote, optionId, { ...noServices, insurance: true })
/** The quote a requote makes. */
export const requoted: QuoteDetail = { ...quote, number: 'ESQ-2026000002', requotedFrom: quote.number }

const standIn = {
  number: quote.number,
  kind: 'priced',
  status: 'Active',
  booking: null,
  options: [{ id: 1 }],
  // As the quote above: FCL, one 40HC (whose gross weight the confirm form asks).
  request: { cargoValue: 2_500_000, mode: 'FCL', containers: [{ type: '40HC', count: 1 }] },
  services: null,
} as unknown as QuoteDetail
const standInPrice = { totalUsd: 1, lines: [] }

export const fill: [field: string, label: string, value: string | boolean | string[]][] = [
  ['shipperName', 'Shipper company name', 'Lion City Exports Pte Ltd'],
  ['shipperAddress', 'Shipper address', '10 Anson Road, #20-01, Singapore 079903'],
  ['consigneeName', 'Consignee company name', 'Mumbai Imports Pvt Ltd'],
  ['consigneeAddress', 'Consignee address', 'Plot 4, JNPT Road, Navi Mumbai 400707'],
  ['cargoDescription', 'Cargo description', 'Teak furniture, 40 cartons'],
  // The chart takes every container's weight at once; the page has one input per container (one here).
  ['containerWeights', 'Container 1 (40HC) gross weight, kg', ['18400']],
  ['acceptTerms', 'I accept the terms and conditions', true],
]

const events: Event[] = [
  { type: 'xstate.done.actor.getQuote', output: standIn, variant: 'priced' },
  {
    type: 'xstate.done.actor.getQuote',
    output: { ...standIn, kind: 'requested', status: 'Requested', options: [] },
    variant: 'requested',
  },
  {
    type: 'xstate.done.actor.getQuote',
    output: { ...standIn, status: 'Booked', booking: { number: bookingNumber, status: 'RECEIVED' } },
    variant: 'booked',
  },
  { type: 'xstate.done.actor.getQuote', output: { ...standIn, status: 'Expired' }, variant: 'expired' },
  { type: 'xstate.error.actor.getQuote', error: { status: 404, message: confirmMessages.notFound } },
  { type: 'service.changed', service: 'insurance', value: true },
  { type: 'service.changed', service: 'insurance', value: false },
  { type: 'xstate.done.actor.priceQuoteServices', output: { price: standInPrice }, variant: 'price' },
  { type: 'xstate.error.actor.priceQuoteServices', error: { status: 500, message: failedMessage } },
  ...fill.map(([field, , value]) => ({ type: 'field.changed', field, value })),
  {
    type: 'xstate.done.actor.confirmQuote',
    output: { booking: { number: bookingNumber, status: 'RECEIVED' } },
  },
  {
    type: 'xstate.error.actor.confirmQuote',
    error: { status: 409, message: confirmMessages.priceChanged, price: standInPrice },
    variant: 'priceChanged',
  },
  { type: 'xstate.error.actor.confirmQuote', error: { status: 410, message: confirmMessages.expired } },
  { type: 'xstate.done.actor.requoteQuote', output: { quote: standIn }, variant: 'requoted' },
  { type: 'xstate.done.actor.requoteQuote', output: { quote: null } },
  { type: 'xstate.error.actor.requoteQuote', error: { status: 500, message: failedMessage } },
]

/** One vertex per screen: the state, how many fields are invalid, the message, insurance, a changed price. */
const serializeState = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context
  return JSON.stringify([
    snapshot.value,
    Object.keys(c.errors).length,
    c.message,
    c.services.insurance,
    c.changedPrice !== null,
  ])
}

export type Path = ReturnType<typeof pathsOf>[number]

/** Whether the page shows the chart's message in a dialog (as src/features/quotes/offer-page.tsx does). */
export function inDialog(snapshot: AnyMachineSnapshot) {
  const { message } = snapshot.context
  return (
    message !== null &&
    message !== confirmMessages.priceChanged &&
    !['failed', 'expired', 'requoting'].some((top) => snapshot.matches(top))
  )
}

/** The shortest path to every screen, leaving out a path another one goes through (it checks it on the way). */
export function offerPaths(step: 'services' | 'confirm'): Path[] {
  const paths = pathsOf(quoteOfferMachine, {
    // One path per screen: the chart's tests replay every answer from every state.
    answersApart: false,
    // The customer's company: the confirm form starts from it.
    input: { number: standIn.number, optionId: 1, step, company: 'Lion City Exports Pte Ltd' },
    events,
    serializeState,
    // Blurs come with the user's moves; a second service change before the save is the machine tests' job.
    filterEvents: (snapshot, event) =>
      event.type !== 'field.blurred' &&
      !(snapshot.matches({ services: 'waiting' }) && event.type === 'service.changed') &&
      // While the choice is saved the loading overlay covers the page.
      !(snapshot.matches({ services: 'saving' }) && !event.type.startsWith('xstate.')) &&
      // A dialog over the page takes only its OK; the other messages are shown in the page.
      (!inDialog(snapshot) || event.type === 'dialog.acknowledged' || event.type.startsWith('xstate.')) &&
      !(event.type === 'dialog.acknowledged' && !inDialog(snapshot)) &&
      // A box is checked or unchecked only when it is not so already.
      !(
        event.type === 'service.changed' &&
        snapshot.context.services[String((event as Event).service)] === (event as Event).value
      ) &&
      // The confirmation page shares the load's outcomes and the requote with /user/getquote: its paths
      // start from a priced quote, and end at an expiry found on confirming.
      !(
        step === 'confirm' &&
        (event.type === 'user.requote' ||
          event.type === 'xstate.error.actor.getQuote' ||
          (event.type === 'xstate.done.actor.getQuote' && (event as Event).variant !== 'priced'))
      ),
  })
  return withoutPrefixes(paths, (event) => /^xstate\.(done|error)\.actor\./.test(event.type))
}

/** The path's events, each answer with its variant: "getQuote (expired) → user.requote → …". */
export const title = (path: Path) =>
  path.steps
    .filter((s) => s.event.type !== 'xstate.init')
    .map(({ event }) => {
      const name = event.type
        .replace(/^xstate\.(done|error)\.actor\./, '$1 ')
        .replace(/^xstate\.after\..*/, 'after save')
      const { variant, field, service, value } = event as Event
      const detail = variant ?? field ?? (service ? `${service} ${value ? 'on' : 'off'}` : undefined)
      return detail ? `${name} (${detail})` : name
    })
    .join(' → ')
