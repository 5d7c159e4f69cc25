/**
 * Books the demo customer's shipments (server/demo/shipments.ts) as a customer and the operations team would:
 * each is priced on today's sheets by the quote code, stored as a quote and a booking, confirmed by the
 * operations code and given its events through the same checks as the operations endpoint. Idempotent: a
 * shipment already booked (found by its key) is left as it is.
 */
import type { Kysely } from 'kysely'
import { priceQuote } from '../../contract/pricing/price'
import type { QuoteRequest } from '../../contract/pricing/types'
import { singaporeDate } from '../../contract/quotes'
import { applyEvents } from '../bookings/apply-events'
import { confirmBooking } from '../bookings/service'
import { transshipmentPort } from '../bookings/transshipment'
import type { Database } from '../db/schema'
import type { PlaceIndex } from '../locations/locations'
import type { Mailer } from '../mail/index'
import { priceRequest } from '../quotes/price-request'
import { insertBooking, insertQuote, nextNumber, saveChoice } from '../quotes/queries'
import { lanesFrom } from '../rates/rate-sheets'
import type { ReferenceRates } from '../rates/reference-rates'
import type { DocumentStorage } from '../storage/index'
import { parsePostedEvents } from '../tracking/dcsa-input'
import { seedDemoDocuments } from './documents'
import { type DemoShipment, demoShipments, type OpsEvent, planShipment, type ShipmentPlan } from './shipments'

/** What the seed needs of the operations code: the functions the operations endpoints use. */
interface DemoOperations {
  confirm(
    db: Kysely<Database>,
    bookingNumber: string,
    confirm: NonNullable<ShipmentPlan['confirm']>,
  ): Promise<void>
  /** Applies a batch as the operations endpoint does; throws with the reasons when it is refused. */
  postEvents(db: Kysely<Database>, events: OpsEvent[], receivedAt: Date): Promise<void>
}

/**
 * The operations code as the seed uses it: at the times of the plan, and without mail (a seeded history is
 * not news: the demo customer's inbox does not fill with last month's departures).
 */
function demoOperations(places: PlaceIndex): DemoOperations {
  const mailer: Mailer = { appUrl: '', queue: async () => 0 }
  return {
    async confirm(db, bookingNumber, plan) {
      const outcome = await confirmBooking({ db, now: () => plan.at, mailer, places }, bookingNumber, {
        etd: plan.etd.toISOString(),
        eta: plan.eta.toISOString(),
        vesselName: plan.vesselName,
        vesselIMONumber: plan.vesselIMONumber,
        voyage: plan.voyage,
        flight: plan.flight,
        transshipment: plan.via,
      })
      if (outcome.status !== 200) throw new Error(`demo: ${bookingNumber} not confirmed (${outcome.status})`)
    },
    async postEvents(db, events, receivedAt) {
      const outcome = await applyEvents(
        { db, now: () => receivedAt, mailer, places },
        parsePostedEvents(events),
      )
      if (outcome.status !== 200) throw new Error(`demo: events refused: ${JSON.stringify(outcome.errors)}`)
    },
  }
}

export async function ensureDemoShipments(
  db: Kysely<Database>,
  { places, reference, storage }: { places: PlaceIndex; reference: ReferenceRates; storage: DocumentStorage },
  customer: { customerId: number; userId: number },
  now = new Date(),
): Promise<number> {
  const deps = { places, reference, storage, operations: demoOperations(places) }
  const existing = await db
    .selectFrom('bookings')
    .select((eb) => eb.ref('details', '->>').key('demoKey').as('key'))
    .where('customer_id', '=', customer.customerId)
    .execute()
  const booked = new Set(existing.map((row) => row.key))
  let made = 0
  for (const shipment of demoShipments) {
    if (booked.has(shipment.key)) continue
    await bookShipment(db, deps, customer, shipment, now)
    made += 1
  }
  return made
}

async function bookShipment(
  db: Kysely<Database>,
  {
    places,
    reference,
    storage,
    operations,
  }: { places: PlaceIndex; reference: ReferenceRates; storage: DocumentStorage; operations: DemoOperations },
  { customerId, userId }: { customerId: number; userId: number },
  shipment: DemoShipment,
  now: Date,
) {
  const request: QuoteRequest = {
    mode: shipment.mode,
    origin: shipment.origin,
    destination: shipment.destination,
    readyDate: singaporeDate(now),
    commodity: shipment.commodity,
    ...(shipment.containers ? { containers: shipment.containers } : {}),
    ...(shipment.cargo ? { cargo: shipment.cargo } : {}),
    ...(shipment.hazardous ? { hazardous: shipment.hazardous } : {}),
    cargoValue: shipment.cargoValueUsd * 100,
  }
  // Priced on today's sheets (the demo's past shipments are dated in the past, their rates are today's).
  const priced = await priceRequest({ db, places, reference, lanes: lanesFrom(db) }, request, customerId)
  const option = shipment.via
    ? (priced.options.find((o) => o.lane.service.startsWith('Via')) ?? priced.options[0])
    : priced.options[0]
  if (!option)
    throw new Error(
      `demo shipment ${shipment.key}: no sheet prices ${shipment.origin}-${shipment.destination}`,
    )
  // The route the booking is confirmed on: the shipment's own transshipment port, else the one the sheet's
  // service names ("Via Port Klang"), so that its events report the call there.
  const via = shipment.via ?? (await transshipmentPort(places, option.lane.service, shipment.mode))
  const routed = via ? { ...shipment, via } : shipment
  const plan = planShipment(routed, option.lane, 'ESB-PENDING', now)
  const bookedAt = plan.bookedAt
  const quotedAt = new Date(bookedAt.getTime() - 3 * 3_600_000)
  const [origin, destination] = await Promise.all([
    places.get(request.origin),
    places.get(request.destination),
  ])
  const bookingNumber = await db.transaction().execute(async (trx) => {
    const quote = await insertQuote(trx, {
      customerId,
      userId,
      kind: 'priced',
      request: { ...request, readyDate: singaporeDate(bookedAt) },
      services: shipment.services,
      firstLclEligible: priced.eligible,
      fx: priced.fx,
      serviceTariffs: priced.tariffs,
      requotedFrom: null,
      notes: null,
      createdAt: quotedAt,
      options: priced.options,
    })
    const optionId = quote.optionIds[priced.options.indexOf(option)]
    if (optionId === undefined) throw new Error('demo: option not stored')
    const price = priceQuote({
      lane: option.lane,
      request,
      services: shipment.services,
      originServices: priced.tariffs.origin,
      destinationServices: priced.tariffs.destination,
      fx: priced.fx,
      firstLclEligible: priced.eligible,
      originCountry: origin?.country_code ?? '',
      destinationCountry: destination?.country_code ?? '',
    })
    const number = await nextNumber(trx, 'ESB', bookedAt.getUTCFullYear())
    await insertBooking(trx, {
      number,
      customerId,
      userId,
      quoteId: quote.id,
      optionId,
      mode: shipment.mode,
      carrier: option.lane.carrier,
      origin: shipment.origin,
      destination: shipment.destination,
      details: {
        demoKey: shipment.key,
        shipper: shipment.shipper,
        consignee: shipment.consignee,
        cargoDescription: shipment.cargoDescription,
        services: shipment.services,
        carrier: option.lane.carrier,
        service: option.lane.service,
      },
      price,
      createdAt: bookedAt,
    })
    await saveChoice(trx, quote.id, optionId, shipment.services)
    return number
  })
  // The plan again, now with the booking's number in its events' references.
  const final = planShipment(routed, option.lane, bookingNumber, now)
  if (final.confirm) await operations.confirm(db, bookingNumber, final.confirm)
  for (const event of final.events) {
    await operations.postEvents(db, [event], new Date(event.eventCreatedDateTime))
  }
  if (final.confirm) {
    const { id } = await db
      .selectFrom('bookings')
      .select('id')
      .where('number', '=', bookingNumber)
      .executeTakeFirstOrThrow()
    await seedDemoDocuments(db, storage, {
      id,
      number: bookingNumber,
      customerId,
      userId,
      mode: shipment.mode,
      hazardous: shipment.hazardous !== undefined,
      target: shipment.target,
      etd: final.confirm.etd,
    })
  }
}
