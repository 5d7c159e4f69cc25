/**
 * A booking's emissions (docs/emissions.md): counted when it is booked, on the route its option quoted, and
 * again when operations confirm a route through other ports (a transshipment, a changed destination). Each
 * count is a row of its own with the factors it used: the newest is the booking's figure, the earlier ones
 * stay as what was shown before. Applying new factors counts nothing again.
 */
import type { Kysely } from 'kysely'
import type { RouteLeg } from '../../contract/bookings'
import {
  type BookingEmissions,
  type CarriageLeg,
  type EmissionsReason,
  shipmentEmissions,
} from '../../contract/emissions'
import type { QuoteRequest, ServiceSelection } from '../../contract/pricing/types'
import type { Database } from '../db/schema'
import type { PlaceIndex } from '../locations/locations'
import { carriageThrough, laneCarriage } from './carriage'
import { currentFactors } from './factors'

function bookingForEmissions(db: Kysely<Database>, bookingId: number) {
  return db
    .selectFrom('bookings as b')
    .innerJoin('quotes as q', 'q.id', 'b.quote_id')
    .select(['b.id', 'b.mode', 'b.origin', 'b.destination', 'b.details', 'b.legs', 'q.request'])
    .where('b.id', '=', bookingId)
    .executeTakeFirst()
}

/** The ports or airports a booking calls at: its confirmed legs, else the origin, the quoted hub, the destination. */
async function carriageOf(
  places: PlaceIndex,
  booking: { mode: 'FCL' | 'LCL' | 'AIR'; origin: string; destination: string; legs: RouteLeg[] },
  service: string,
) {
  if (booking.legs.length > 0) {
    const codes = [booking.legs[0]?.from.code as string, ...booking.legs.map((leg) => leg.to.code)]
    return carriageThrough(places, booking.mode, codes)
  }
  return laneCarriage(places, { ...booking, service })
}

/** The same legs (jsonb keeps an object's keys in an order of its own, so not compared as text). */
const sameCarriage = (a: readonly CarriageLeg[], b: readonly CarriageLeg[]) =>
  a.length === b.length &&
  a.every(
    (leg, i) =>
      leg.mode === b[i]?.mode &&
      leg.from === b[i]?.from &&
      leg.to === b[i]?.to &&
      leg.distanceKm === b[i]?.distanceKm,
  )

/**
 * Counts a booking's emissions and keeps the figure when it is its first, or when the carriage or the mass
 * differ from the figure in force; true when a figure was kept. A place without coordinates counts nothing.
 */
export async function countBookingEmissions(
  db: Kysely<Database>,
  places: PlaceIndex,
  bookingId: number,
  reason: EmissionsReason,
  at: Date,
): Promise<boolean> {
  const booking = await bookingForEmissions(db, bookingId)
  if (!booking) return false
  const details = booking.details as {
    service?: string
    services?: Pick<ServiceSelection, 'pickup' | 'delivery'>
    containerWeightsKg?: number[]
  }
  const carriage = await carriageOf(places, booking, details.service ?? '')
  if (!carriage) return false
  const factors = await currentFactors(db)
  const figure = shipmentEmissions({
    request: booking.request as QuoteRequest,
    carriage,
    services: details.services ?? { pickup: null, delivery: null },
    factors,
    containerWeightsKg: details.containerWeightsKg,
  })
  const latest = await db
    .selectFrom('booking_emissions')
    .select(['carriage', 'figure'])
    .where('booking_id', '=', bookingId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (latest && sameCarriage(latest.carriage, carriage) && latest.figure.mass.kg === figure.mass.kg)
    return false
  await db
    .insertInto('booking_emissions')
    .values({
      booking_id: bookingId,
      reason,
      carriage: JSON.stringify(carriage),
      figure: JSON.stringify(figure),
      factors: JSON.stringify(factors),
      wtw_grams: figure.wtwGrams,
      ttw_grams: figure.ttwGrams,
      counted_at: at,
    })
    .execute()
  return true
}

/** Bookings made before emissions were counted (and the demo's) get their figure once, at start-up. */
export async function ensureBookingEmissions(db: Kysely<Database>, places: PlaceIndex, at: Date) {
  const waiting = await db
    .selectFrom('bookings as b')
    .select('b.id')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('booking_emissions as e').select('e.id').whereRef('e.booking_id', '=', 'b.id'))),
    )
    .execute()
  let counted = 0
  for (const { id } of waiting)
    if (await countBookingEmissions(db, places, id, 'counted later', at)) counted++
  return counted
}

/** A booking's figure in force and the ones before it, newest first; null when none was counted. */
export async function bookingEmissions(
  db: Kysely<Database>,
  bookingId: number,
): Promise<BookingEmissions | null> {
  const rows = await db
    .selectFrom('booking_emissions')
    .select(['reason', 'figure', 'factors', 'wtw_grams', 'counted_at'])
    .where('booking_id', '=', bookingId)
    .orderBy('id', 'desc')
    .execute()
  const [current, ...earlier] = rows
  if (!current) return null
  return {
    figure: current.figure,
    factors: current.factors,
    reason: current.reason,
    countedAt: current.counted_at.toISOString(),
    earlier: earlier.map((row) => ({
      reason: row.reason,
      countedAt: row.counted_at.toISOString(),
      wtwGrams: Number(row.wtw_grams),
      factorsVersion: row.factors.version,
    })),
  }
}
