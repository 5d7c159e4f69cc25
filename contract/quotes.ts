/**
 * Quotes and bookings as the API returns them and the SPA shows them, the rules of the confirmation form,
 * and the quote statuses of My Quotes. Plain TypeScript and zod: shared by server and browser.
 */
import { z } from 'zod'
import { addDays, singaporeDateOf } from './dates'
import type { CarriageLeg, EmissionFactors } from './emissions'
import { serviceSelectionSchema } from './pricing/rules'
import type { Sailing } from './pricing/schedule'
import type {
  ContainerType,
  FxRates,
  HazardousDetails,
  Mode,
  QuotePrice,
  QuoteRequest,
  RateLane,
  ServiceSelection,
  ServiceTariff,
} from './pricing/types'
import type { DeskState, OfferVersion } from './quote-desk'
import { groupedNumber, INT32_MAX, safeString } from './text'
import type { ApiFailure, Place } from './wire'

export const quoteStatuses = ['Active', 'Expiring soon', 'Expired', 'Booked', 'Requested'] as const
export type QuoteStatus = (typeof quoteStatuses)[number]

/** A quote expires at the end of its valid-to day; it is "expiring soon" within its last 3 days. */
export const EXPIRING_SOON_DAYS = 3

/** The status My Quotes shows, from what the quote is and the business day (Singapore) `today`. */
export function quoteStatus(
  quote: { kind: 'priced' | 'requested'; booked: boolean; validTo: string | null },
  today: string,
): QuoteStatus {
  if (quote.booked) return 'Booked'
  if (quote.kind === 'requested' || !quote.validTo) return 'Requested'
  if (quote.validTo < today) return 'Expired'
  if (quote.validTo <= addDays(today, EXPIRING_SOON_DAYS - 1)) return 'Expiring soon'
  return 'Active'
}

/** The business day in Singapore (UTC+8, no daylight saving) at `now`, as YYYY-MM-DD. */
export function singaporeDate(now: Date): string {
  return singaporeDateOf(now)
}

/** One carrier's offer for the quote; its rate sheet comes along so the browser prices services itself. */
export interface QuoteOption {
  id: number
  carrier: string
  service: string
  transitDays: number
  validTo: string
  /** All-in total without additional services, minor units of USD. */
  totalUsd: number
  lane: RateLane
  /** The sailing or flight for the request's ready date (sailingFor); null when the sheet has no schedule. */
  sailing: Sailing | null
  /**
   * The main carriage's legs and distances for its emissions (contract/emissions.ts), by the port its service
   * names; null when a place has no coordinates (no figure is shown then).
   */
  carriage: CarriageLeg[] | null
}

export interface QuoteDetail {
  number: string
  status: QuoteStatus
  kind: 'priced' | 'requested'
  mode: Mode
  origin: Place
  destination: Place
  request: QuoteRequest
  services: ServiceSelection
  chosenOptionId: number | null
  options: QuoteOption[]
  fx: FxRates
  serviceTariffs: { origin: ServiceTariff; destination: ServiceTariff }
  /** The emission factors in force, which the options' figures are counted with. */
  emissionFactors: EmissionFactors
  firstLclEligible: boolean
  /** The earliest valid-to of the chosen option's lines, else the latest of the options; null when requested. */
  validTo: string | null
  createdAt: string
  booking: { number: string; status: string } | null
  requotedFrom: string | null
  notes: string | null
  /** A request our sales team priced (or is pricing): where it stands and every offer version; else null. */
  salesDesk: QuoteDeskView | null
  /** Who in the company made it (issue 24): "Quoted by …" for an instant quote, "Requested by …" else. */
  madeBy: string
  /** Who of our sales team sent the offer in force (madeByLine), or null. */
  pricedBy: string | null
}

/** What the customer sees of their request on the sales desk. */
export interface QuoteDeskView {
  state: DeskState
  declineReason: string | null
  /** Newest first. */
  offers: OfferVersion[]
}

export interface QuoteSummary {
  number: string
  status: QuoteStatus
  mode: Mode
  origin: Pick<Place, 'code' | 'name' | 'country_code'>
  destination: Pick<Place, 'code' | 'name' | 'country_code'>
  /**
   * A booked quote's booking total (freight and the services booked, as the booking shows it); else the chosen
   * option's freight total, else the cheapest option's; null when requested. `totalOf` says which.
   */
  totalUsd: number | null
  totalOf: 'booking' | 'quote' | null
  carrier: string | null
  validTo: string | null
  createdAt: string
  bookingNumber: string | null
  /** An offer our sales team priced (My Quotes says so). */
  pricedBySales: boolean
  /** Who in the company made it (issue 24). */
  madeBy: string
  /** Who of our sales team sent the offer in force, or null. */
  pricedBy: string | null
}

export interface QuotesResponse {
  quotes: QuoteSummary[]
}

/**
 * POST /api/quotes: the quote made, or none when no sheet has an instant rate for the lane; `reopened` when the
 * same search made it a moment ago (SAME_SEARCH_REOPENS_MINUTES) and it is that quote again.
 */
export interface CreateQuoteResponse {
  quote: QuoteDetail | null
  reopened?: true
}

export interface PriceResponse {
  price: QuotePrice
  validTo: string
}

export interface BookingCreated {
  number: string
  status: string
}

export const confirmMessages = {
  partyName: 'Enter the company name.',
  partyAddress: 'Enter the full address (at least 10 characters).',
  pickupAddress: 'Enter the pickup address (at least 10 characters).',
  deliveryAddress: 'Enter the delivery address (at least 10 characters).',
  cargoDescription: 'Describe the cargo (at least 3 characters).',
  terms: 'Accept the terms and conditions to confirm.',
  optionRequired: 'Choose a carrier option.',
  expired: 'This quote has expired. Requote it at current rates.',
  priceChanged: 'The price has changed since you saw it. Please check the new total before confirming.',
  requested: 'This quote is being priced by our team and cannot be confirmed yet.',
  notFound: 'Quote not found.',
  noInstantRate: 'No instant rate for this lane. Request a quote and our team will price it for you.',
  choosePort: 'Choose a port from the list.',
  chooseAirport: 'Choose an airport from the list.',
  readyDatePast: 'The ready date cannot be in the past.',
  containerWeightRequired: '*Gross weight is required.',
  containerWeightInvalid: 'Gross weight must be a whole number of kg above 0.',
  containerWeightCount: 'Enter one gross weight for each container of the quote.',
} as const

/**
 * The most a container of each type may weigh with its cargo (kg, cargo and packing, without the container's
 * tare): the bound on the gross weights of the confirmation form (the VGM of SOLAS), against typing errors.
 * The carrier still checks each box against its own CSC plate. Sources: the container tables of
 * freightutils.com/containers (payload at 30,480 kg maximum gross, the ISO 668 rating most boxes carry:
 * 20' standard 28,180 kg, 20' reefer 27,400 kg, 40' standard 26,730 kg, 40' high cube 26,540 kg, 45' high
 * cube 25,660 kg, 40' reefer 25,680 kg) and Hapag-Lloyd's container specification (30,480 kg maximum gross
 * for most of its 20' boxes); the newer 40' and 45' boxes rated 32,500 kg (34,000 kg for high-cube reefers)
 * carry up to about 28,700 kg, so every 40' and 45' type is bounded at 29,000 kg.
 */
export const containerPayloadMaxKg: Record<ContainerType, number> = {
  '20GP': 28_200,
  '20RF': 27_500,
  '40GP': 29_000,
  '40HC': 29_000,
  '45HC': 29_000,
  '40RF': 29_000,
}

/** "Maximum 29,000 kg is allowed for a 40HC." (in the manner of spec section 5's "Maximum 100 Characters…"). */
export const containerWeightMaxMessage = (type: ContainerType) =>
  `Maximum ${groupedNumber(containerPayloadMaxKg[type])} kg is allowed for a ${type}.`

/** The containers of an FCL request one by one, in the request's order (2 × 40HC → ['40HC', '40HC']). */
export function containersOf(
  request: Pick<QuoteRequest, 'mode' | 'containers'> | undefined,
): ContainerType[] {
  if (request?.mode !== 'FCL') return []
  return (request.containers ?? []).flatMap(({ type, count }) => Array<ContainerType>(count).fill(type))
}

/** "18,400 kg and 17,950 kg gross": the confirmed gross weights of a booking's containers, as shown. */
export function grossWeightsText(weights: readonly number[]): string {
  const kg = weights.map((w) => `${groupedNumber(w)} kg`)
  if (kg.length === 0) return ''
  const last = kg.pop() as string
  return `${kg.length > 0 ? `${kg.join(', ')} and ${last}` : last} gross`
}

/** One container's gross weight in kg, at most `max`. */
const grossWeightKg = (max: number, maxMessage: string) =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? confirmMessages.containerWeightRequired
          : confirmMessages.containerWeightInvalid,
    })
    .int(confirmMessages.containerWeightInvalid)
    .positive(confirmMessages.containerWeightInvalid)
    .max(max, maxMessage)

/** The most containers a request has (quoteLimits: 50 of each of the 6 types). */
const CONTAINERS_MAX = 300

/** The gross weights of an FCL quote's containers: one per container, in order, each within its type's bound. */
export function containerWeightsSchema(types: readonly ContainerType[]) {
  return z.tuple(
    types.map((type) => grossWeightKg(containerPayloadMaxKg[type], containerWeightMaxMessage(type))) as [
      ReturnType<typeof grossWeightKg>,
    ],
    { error: confirmMessages.containerWeightCount },
  )
}

/** What any container may weigh: the body's shape before the server knows the quote's containers. */
const anyContainerWeightsKg = z
  .array(
    grossWeightKg(
      Math.max(...Object.values(containerPayloadMaxKg)),
      `Maximum ${groupedNumber(Math.max(...Object.values(containerPayloadMaxKg)))} kg is allowed for a container.`,
    ),
    { error: confirmMessages.containerWeightCount },
  )
  .max(CONTAINERS_MAX, confirmMessages.containerWeightCount)

/** A cargo-ready date before today (the Singapore date) is refused: by the quote form and by the server. */
export function readyDateProblem(readyDate: string, today: string): string | null {
  return readyDate !== '' && readyDate < today ? confirmMessages.readyDatePast : null
}

const text = (max: number, message: string, min = 1) =>
  safeString({ error: message }).trim().min(min, message).max(max, message)

export const partySchema = z.object({
  name: text(100, confirmMessages.partyName),
  address: text(500, confirmMessages.partyAddress, 10),
  contact: safeString().trim().max(200).optional(),
})
export type Party = z.infer<typeof partySchema>

/** A quote option's id (an integer column). */
export const optionIdSchema = z
  .int(confirmMessages.optionRequired)
  .positive(confirmMessages.optionRequired)
  .max(INT32_MAX, confirmMessages.optionRequired)

/**
 * The confirmation form; addresses are required exactly when door pickup or delivery is chosen, and the
 * gross weight of each container (`containers`, from containersOf) when the quote is FCL.
 */
export function confirmSchema(
  services: Pick<ServiceSelection, 'pickup' | 'delivery'>,
  containers: readonly ContainerType[] = [],
) {
  return z.object({
    optionId: optionIdSchema,
    shipper: partySchema,
    consignee: partySchema,
    notifyParty: partySchema.optional(),
    pickupAddress: services.pickup
      ? text(500, confirmMessages.pickupAddress, 10)
      : safeString().trim().max(500).optional(),
    deliveryAddress: services.delivery
      ? text(500, confirmMessages.deliveryAddress, 10)
      : safeString().trim().max(500).optional(),
    cargoDescription: text(500, confirmMessages.cargoDescription, 3),
    /** FCL: each container's gross weight, kg (cargo and packing, without the tare), in the request's order. */
    containerWeightsKg:
      containers.length > 0
        ? (containerWeightsSchema(containers) as unknown as typeof anyContainerWeightsKg)
        : anyContainerWeightsKg.optional(),
    acceptTerms: z.literal(true, confirmMessages.terms),
    /** The total the customer saw, minor units of USD: a different price on the server is not confirmed. */
    shownTotalUsd: z.int().nonnegative(),
  })
}
export type ConfirmInput = z.infer<ReturnType<typeof confirmSchema>>

const isAddress = (value: unknown) =>
  typeof value === 'string' && value.trim().length >= 10 && value.trim().length <= 500
const servicesOf = (payload: { value: unknown }) =>
  (payload.value as { services?: Partial<ServiceSelection> } | undefined)?.services

/**
 * POST /api/quotes/{number}/confirm: the confirmation form with the services it was priced with. The door
 * addresses are required exactly when the services have pickup or delivery (checked even while other fields
 * are invalid, so every message comes at once).
 */
export const confirmBodySchema = confirmSchema({ pickup: null, delivery: null })
  .extend({ services: serviceSelectionSchema })
  .refine((body) => !body.services.pickup || isAddress(body.pickupAddress), {
    error: confirmMessages.pickupAddress,
    path: ['pickupAddress'],
    when: (payload) => Boolean(servicesOf(payload)?.pickup),
  })
  .refine((body) => !body.services.delivery || isAddress(body.deliveryAddress), {
    error: confirmMessages.deliveryAddress,
    path: ['deliveryAddress'],
    when: (payload) => Boolean(servicesOf(payload)?.delivery),
  })

export type { HazardousDetails }

// ---- Wire shapes of the quote API the client sends and reads -------------------------------------------

export type ConfirmBody = Omit<ConfirmInput, 'pickupAddress' | 'deliveryAddress' | 'containerWeightsKg'> & {
  pickupAddress?: string
  deliveryAddress?: string
  /** FCL: required, one per container (containersOf the quote's request); the server checks each type's bound. */
  containerWeightsKg?: number[]
  services: ServiceSelection
}

/** confirmQuote's 409 "price changed": the server's current price travels with it (its answer's body). */
export interface PriceChangedFailure extends ApiFailure {
  status: 409
  message: string
  price: QuotePrice
}

/** Whether a failure is a 409 carrying the server's new price (a 409 for a requested quote has none). */
export function isPriceChanged(error: unknown): error is PriceChangedFailure {
  const candidate = error as Partial<PriceChangedFailure> | null | undefined
  const price = candidate?.price as Partial<QuotePrice> | undefined
  return (
    candidate?.status === 409 &&
    typeof price === 'object' &&
    price !== null &&
    typeof price.totalUsd === 'number' &&
    Array.isArray(price.lines)
  )
}

/** My Quotes' filters, as listQuotes takes them. */
export interface QuoteFilters {
  status: QuoteStatus | ''
  mode: Mode | ''
  q: string
  /** Only the quotes the signed-in user made (Mine), or the company's (Everyone). */
  mine: boolean
}

/**
 * Mine / Everyone on My Quotes and My Bookings (issue 24): `mine=true` lists only what the signed-in user made;
 * absent or `false`, the company's. The same values and message for listQuotes' and listBookings' query;
 * anything else answers 422.
 */
export const mineMessage = 'mine must be true or false.'
export const mineValues = ['true', 'false'] as const

/**
 * Who made a quote and who priced it, in the same words on My Quotes and the quote page: an instant quote was
 * quoted by the customer ("Quoted by Priya Tan"), a request for our sales team requested ("Requested by Priya
 * Tan") and, once an offer is sent, priced by the person who sent it ("Requested by Priya Tan, priced by Tan
 * Wei Ming of our sales team").
 */
export function madeByLine(quote: { requested: boolean; madeBy: string; pricedBy: string | null }): string {
  if (quote.pricedBy) return `Requested by ${quote.madeBy}, priced by ${quote.pricedBy} of our sales team`
  return `${quote.requested ? 'Requested' : 'Quoted'} by ${quote.madeBy}`
}

/**
 * How long an identical search reopens the open quote instead of storing another (docs/customer-area.md, "The
 * same search twice"): the same company, mode, places, ready date, commodity, cargo, dangerous goods and value,
 * within this many minutes of the quote's making, while it is neither booked nor expired.
 */
export const SAME_SEARCH_REOPENS_MINUTES = 30
