/** A stored booking as the API answers it: summary (lists), detail (its page) and tracking view. */
import type { Kysely } from 'kysely'
import type {
  BookingDetail,
  BookingStatus,
  BookingSummary,
  PlaceRef,
  TrackingEvent,
  TrackingView,
} from '../../contract/bookings'
import { plannedSailingOf } from '../../contract/pricing/planned-sailing'
import type { Sailing } from '../../contract/pricing/schedule'
import type { QuotePrice, QuoteRequest, ServiceSelection } from '../../contract/pricing/types'
import type { Party } from '../../contract/quotes'
import { countText } from '../../contract/text'
import { asPlannedDay } from '../../contract/times'
import { canCustomerCancel } from '../../machines/booking.machine'
import type { Database } from '../db/schema'
import { bookingDocuments } from '../documents/queries'
import { bookingEmissions } from '../emissions/bookings'
import type { PlaceIndex } from '../locations/locations'
import { deriveMilestones, etaOf, legsWithTimes, plannedDays } from '../tracking/milestones'
import { routeMap } from '../tracking/route-map'
import type { BookingRow, TrackedRow } from './queries'

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/** The places of a booking from the in-memory index: no query. */
export async function placesOf(places: PlaceIndex, codes: string[]) {
  const refs = new Map<string, PlaceRef & { at: [number, number] | null }>()
  await Promise.all(
    [...new Set(codes)].map(async (code) => {
      const row = await places.get(code)
      refs.set(code, {
        code,
        name: row?.name ?? code,
        country_code: row?.country_code ?? '',
        time_zone: row?.time_zone ?? null,
        at: row && row.longitude !== null && row.latitude !== null ? [row.longitude, row.latitude] : null,
      })
    }),
  )
  const ref = (code: string): PlaceRef => {
    const found = refs.get(code)
    return found
      ? { code: found.code, name: found.name, country_code: found.country_code, time_zone: found.time_zone }
      : { code, name: code, country_code: '', time_zone: null }
  }
  return { ref, at: (code: string) => refs.get(code)?.at ?? null }
}

export function cargoSummary(request: QuoteRequest): string {
  const parts: string[] = []
  if (request.containers?.length) {
    parts.push(request.containers.map((c) => `${c.count} × ${c.type}`).join(', '))
  } else if (request.cargo?.kind === 'packages') {
    const pieces = request.cargo.packages.reduce((n, p) => n + p.count, 0)
    const cbm = request.cargo.packages.reduce(
      (sum, p) => sum + (p.count * p.lengthCm * p.widthCm * p.heightCm) / 1_000_000,
      0,
    )
    const kg = request.cargo.packages.reduce((sum, p) => sum + p.count * p.weightKg, 0)
    parts.push(`${countText(pieces, 'package')}, ${cbm.toFixed(2)} CBM, ${kg} kg`)
  } else if (request.cargo?.kind === 'totals') {
    const { pieces, volumeCbm, weightKg } = request.cargo
    parts.push(`${countText(pieces, 'package')}, ${volumeCbm} CBM, ${weightKg} kg`)
  }
  if (request.hazardous) {
    const h = request.hazardous
    parts.push(`hazardous: UN${h.unNumber}, class ${h.dgClass}, PG ${h.packingGroup}`)
  }
  return parts.join('; ')
}

type SummaryRow = Pick<
  BookingRow,
  | 'number'
  | 'hbl'
  | 'mode'
  | 'origin'
  | 'destination'
  | 'carrier'
  | 'etd'
  | 'eta'
  | 'status'
  | 'created_at'
  | 'user_name'
  | 'confirmed_at'
  | 'legs'
> & { quote_number: string } & (
    | { details: unknown }
    | { /** `details -> 'plannedSailing'` (listBookings). */ planned_sailing: unknown }
  )

/**
 * A booking's ETD and ETA as every screen and document shows them: until operations confirm, the days of
 * the sailing planned when it was booked (`plannedTimes`); then the stored times, a day planned without a
 * time as the day (contract/times.ts asPlannedDay).
 */
export function scheduleOf(
  row: Pick<SummaryRow, 'etd' | 'eta' | 'status' | 'confirmed_at' | 'legs'>,
  planned: Sailing | null,
): Pick<BookingSummary, 'etd' | 'eta' | 'plannedTimes'> {
  if (!row.confirmed_at && row.status !== 'Cancelled' && planned) {
    return { etd: planned.etd, eta: planned.eta, plannedTimes: true }
  }
  const legs = row.legs ?? []
  return {
    etd: asPlannedDay(iso(row.etd), legs[0]?.etd),
    eta: asPlannedDay(iso(row.eta), legs.at(-1)?.eta),
    plannedTimes: false,
  }
}

export function summaryOf(
  row: SummaryRow,
  ref: (code: string) => PlaceRef,
  outstanding: number,
): BookingSummary {
  const planned = plannedSailingOf('details' in row ? row.details : { plannedSailing: row.planned_sailing })
  return {
    number: row.number,
    hbl: row.hbl,
    mode: row.mode,
    origin: ref(row.origin),
    destination: ref(row.destination),
    carrier: row.carrier,
    ...scheduleOf(row, planned),
    status: row.status as BookingStatus,
    documentsOutstanding: outstanding,
    quoteNumber: row.quote_number,
    createdAt: row.created_at.toISOString(),
    bookedBy: row.user_name,
  }
}

export async function bookingDetail(
  db: Kysely<Database>,
  places: PlaceIndex,
  row: BookingRow,
  events: TrackingEvent[],
  now: Date,
): Promise<BookingDetail> {
  const { ref } = await placesOf(places, [row.origin, row.destination, ...events.map((e) => e.location)])
  const { documents, outstanding } = await bookingDocuments(
    db,
    { ...row, hazardous: Boolean((row.request as QuoteRequest).hazardous) },
    now,
  )
  const details = row.details as {
    shipper: Party
    consignee: Party
    notifyParty?: Party
    pickupAddress?: string
    deliveryAddress?: string
    cargoDescription: string
    containerWeightsKg?: number[]
    services: ServiceSelection
  }
  const request = row.request as QuoteRequest
  const origin = ref(row.origin)
  const destination = ref(row.destination)
  const shown = plannedDays(events, row.legs)
  const legs = legsWithTimes(row.legs, shown)
  return {
    ...summaryOf(row, ref, outstanding),
    shipper: details.shipper,
    consignee: details.consignee,
    notifyParty: details.notifyParty ?? null,
    pickupAddress: details.pickupAddress || null,
    deliveryAddress: details.deliveryAddress || null,
    cargoDescription: details.cargoDescription,
    cargoSummary: cargoSummary(request),
    containerWeightsKg: details.containerWeightsKg ?? null,
    hazardous: request.hazardous
      ? {
          unNumber: request.hazardous.unNumber,
          dgClass: request.hazardous.dgClass,
          packingGroup: request.hazardous.packingGroup,
        }
      : null,
    services: details.services,
    price: row.price as QuotePrice,
    plannedSailing: plannedSailingOf(row.details),
    legs,
    documents,
    milestones: deriveMilestones(shown, { origin, destination, legs }, ref),
    statusReason: row.status_reason,
    heldFrom: (row.held_from as BookingStatus | null) ?? null,
    canCancel: canCustomerCancel(row.status as BookingStatus, row.held_from),
    creditHold: row.credit_hold
      ? { reason: row.credit_hold, since: (row.credit_held_at ?? row.created_at).toISOString() }
      : null,
    emissions: await bookingEmissions(db, row.id),
  }
}

/** What the tracking view reads of a booking (server/bookings/queries.ts `trackedBooking` reads just these). */
export async function trackingView(
  places: PlaceIndex,
  row: TrackedRow,
  events: TrackingEvent[],
  now: Date,
): Promise<TrackingView> {
  const codes = [row.origin, row.destination, ...events.map((e) => e.location)]
  for (const leg of row.legs) codes.push(leg.from.code, leg.to.code)
  const { ref, at } = await placesOf(places, codes)
  const origin = ref(row.origin)
  const destination = ref(row.destination)
  const shown = plannedDays(events, row.legs)
  const legs = legsWithTimes(row.legs, shown)
  const arrival = row.legs.at(-1)?.eta
  return {
    hbl: row.hbl as string,
    bookingNumber: row.number,
    mode: row.mode,
    status: row.status as BookingStatus,
    origin,
    destination,
    legs,
    milestones: deriveMilestones(shown, { origin, destination, legs }, ref),
    eta: etaOf(shown, row.destination, {
      eta: asPlannedDay(iso(row.eta), arrival),
      originalEta: asPlannedDay(iso(row.original_eta), arrival),
    }),
    map: routeMap({ legs, origin, destination, coordinates: at, events: shown, now }),
  }
}
