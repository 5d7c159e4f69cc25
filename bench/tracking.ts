import { sql } from 'kysely'
import type { RouteLeg } from '../contract/bookings'
import { type DatabaseHandle, openPGlite, openPostgres } from '../server/db/client'
import { planShipment } from '../server/demo/shipments'
import { TRACKING_LOAD } from './config'
import { type LoadStats, serverTimedLoad } from './load'
import { QUOTE_DB_DIR, type QuoteDatabase } from './quotes'
import { log } from './util'

export interface TrackingLoadReport {
  database: string
  bookings: number
  events: number
  connections: number
  durationSeconds: number
  trackShipment: LoadStats
}

const DAY = 86_400_000

/**
 * Adds TRACKING_LOAD.bookings confirmed bookings to the bench customer's company (each from one of its
 * quotes, made here when the load test left too few), with the event history of a shipment under way, until
 * the database holds TRACKING_LOAD.events events. Returns the HBL to track.
 */
export async function prepareTrackingData(
  databaseUrl: string | undefined,
): Promise<{ hbl: string; bookings: number; events: number }> {
  const handle: DatabaseHandle = databaseUrl ? openPostgres(databaseUrl) : await openPGlite(QUOTE_DB_DIR)
  try {
    const db = handle.db
    const user = await db
      .selectFrom('users')
      .select(['id', 'customer_id'])
      .where('esus_email_id', '=', 'bench@eship.example')
      .executeTakeFirstOrThrow()
    const template = await db
      .selectFrom('quotes')
      .innerJoin('quote_options', 'quote_options.quote_id', 'quotes.id')
      .select(['quotes.id as quoteId', 'quote_options.carrier', 'quote_options.transit_days'])
      .where('quotes.customer_id', '=', user.customer_id)
      .where('quotes.mode', '=', 'FCL')
      .orderBy('quotes.id')
      .limit(1)
      .executeTakeFirstOrThrow()
    const wanted = TRACKING_LOAD.bookings
    // One quote per booking: copies of the template quote, numbered BENCHQ-….
    await sql`
      insert into quotes (number, customer_id, user_id, kind, mode, origin, destination, request, services,
        chosen_option_id, first_lcl_eligible, fx, service_tariffs, valid_to, requoted_from, notes, created_at)
      select 'BENCHQ-' || g, customer_id, user_id, kind, mode, origin, destination, request, services, null,
        first_lcl_eligible, fx, service_tariffs, valid_to, null, null, created_at
      from quotes, generate_series(1, ${wanted}) g where id = ${template.quoteId}`.execute(db)
    await sql`
      insert into quote_options (quote_id, lane, carrier, transit_days, valid_to, total_usd)
      select q.id, o.lane, o.carrier, o.transit_days, o.valid_to, o.total_usd
      from quotes q, quote_options o
      where q.number like 'BENCHQ-%' and o.id = (select min(id) from quote_options where quote_id = ${template.quoteId})`.execute(
      db,
    )
    const now = new Date()
    const year = now.getUTCFullYear()
    const plan = (n: number) =>
      planShipment(
        {
          key: `bench-${n}`,
          mode: 'FCL',
          origin: 'SGSIN',
          destination: 'INNSA',
          commodity: 'Machine parts',
          cargoDescription: 'Machine parts in crates',
          containers: [{ type: '40HC', count: 2 }],
          cargoValueUsd: 50_000,
          services: {
            exportCustoms: false,
            importCustoms: false,
            insurance: false,
            pickup: null,
            delivery: null,
          },
          shipper: { name: 'Bench Trading Pte Ltd', address: '1 Bench Road, Singapore' },
          consignee: { name: 'Bench Imports Pvt Ltd', address: '2 Bench Marg, Mumbai' },
          target: n % 3 === 0 ? 'Delivered' : n % 3 === 1 ? 'Departed' : 'Arrived',
          ...(n % 3 === 1 ? { etaMovedHours: 30 } : {}),
        },
        { carrier: template.carrier, transitDays: template.transit_days },
        `BENCHB-${n}`,
        new Date(now.getTime() - (n % 20) * DAY),
      )
    const legs = (etd: Date, eta: Date): RouteLeg[] => [
      {
        mode: 'SEA',
        from: { code: 'SGSIN', name: 'Singapore', country_code: 'SG', time_zone: 'Asia/Singapore' },
        to: {
          code: 'INNSA',
          name: 'Jawaharlal Nehru (Nhava Sheva)',
          country_code: 'IN',
          time_zone: 'Asia/Kolkata',
        },
        vesselName: 'Maersk Seletar',
        voyage: '045W',
        etd: etd.toISOString(),
        eta: eta.toISOString(),
      },
    ]

    const batch = 500
    for (let start = 1; start <= wanted; start += batch) {
      const rows = []
      const eventRows = []
      for (let n = start; n < Math.min(start + batch, wanted + 1); n += 1) {
        const p = plan(n)
        const confirm = p.confirm
        if (!confirm) throw new Error('bench shipments are all confirmed')
        const status = n % 3 === 0 ? 'Delivered' : n % 3 === 1 ? 'Departed' : 'Arrived'
        rows.push({
          n,
          hbl: `ESHBL${year}${String(900_000 + n).padStart(6, '0')}`,
          status,
          legs: legs(confirm.etd, confirm.eta),
          etd: confirm.etd.toISOString(),
          eta: confirm.eta.toISOString(),
          created: p.bookedAt.toISOString(),
          confirmed: confirm.at.toISOString(),
        })
        for (const e of p.events) {
          eventRows.push({
            n,
            event_id: e.eventID,
            event_type: e.eventType,
            classifier: e.eventClassifierCode,
            code: e.shipmentEventTypeCode ?? e.transportEventTypeCode ?? e.equipmentEventTypeCode,
            at: e.eventDateTime,
            created: e.eventCreatedDateTime,
            location:
              'UNLocationCode' in e.eventLocation ? e.eventLocation.UNLocationCode : e.eventLocation.IATACode,
            vessel_name: e.transportCall?.vessel?.vesselName ?? null,
            vessel_imo: e.transportCall?.vessel?.vesselIMONumber ?? null,
            voyage: e.transportCall?.exportVoyageNumber ?? null,
            equipment: e.equipmentReference ?? null,
            empty: e.emptyIndicatorCode ?? null,
          })
        }
      }
      await sql`
        insert into bookings (number, customer_id, user_id, quote_id, option_id, mode, status, details, price,
          total_usd, created_at, hbl, carrier, origin, destination, legs, etd, eta, original_eta, confirmed_at, updated_at)
        select 'BENCHB-' || r.n, q.customer_id, q.user_id, q.id, o.id, 'FCL', r.status,
          jsonb_build_object('cargoDescription', 'Machine parts in crates',
            'shipper', jsonb_build_object('name', 'Bench Trading Pte Ltd', 'address', '1 Bench Road, Singapore'),
            'consignee', jsonb_build_object('name', 'Bench Imports Pvt Ltd', 'address', '2 Bench Marg, Mumbai'),
            'services', q.services, 'carrier', o.carrier),
          jsonb_build_object('totalUsd', o.total_usd, 'lines', '[]'::jsonb), o.total_usd, r.created::timestamptz,
          r.hbl, o.carrier, q.origin, q.destination, r.legs, r.etd::timestamptz, r.eta::timestamptz,
          r.eta::timestamptz, r.confirmed::timestamptz, now()
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as r(n int, hbl text, status text, legs jsonb, etd text, eta text, created text, confirmed text)
        join quotes q on q.number = 'BENCHQ-' || r.n
        join quote_options o on o.quote_id = q.id`.execute(db)
      await sql`
        insert into tracking_events (event_id, booking_id, event_type, classifier, code, event_date_time,
          event_created_date_time, location, vessel_name, vessel_imo, voyage, flight, equipment_reference,
          empty_indicator, reason, received_at)
        select e.event_id, b.id, e.event_type, e.classifier, e.code, e.at::timestamptz, e.created::timestamptz,
          e.location, e.vessel_name, e.vessel_imo, e.voyage, null, e.equipment, e.empty, null, now()
        from jsonb_to_recordset(${JSON.stringify(eventRows)}::jsonb)
          as e(n int, event_id text, event_type text, classifier text, code text, at text, created text,
            location text, vessel_name text, vessel_imo text, voyage text, equipment text, empty text)
        join bookings b on b.number = 'BENCHB-' || e.n`.execute(db)
    }
    // Filler history until the table holds TRACKING_LOAD.events: other shipments' past events.
    const total = async () =>
      Number(
        (
          await db
            .selectFrom('tracking_events')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    let stored = await total()
    if (stored < TRACKING_LOAD.events) {
      await sql`
        insert into tracking_events (event_id, booking_id, event_type, classifier, code, event_date_time,
          event_created_date_time, location, vessel_name, vessel_imo, voyage, flight, equipment_reference,
          empty_indicator, reason, received_at)
        select gen_random_uuid()::text, b.id, 'EQUIPMENT', 'ACT', 'INSP', b.created_at + (g || ' minutes')::interval,
          b.created_at + (g || ' minutes')::interval, 'SGSIN', null, null, null, null, null, null, null, now()
        from (select id, created_at, row_number() over (order by id) as k from bookings where number like 'BENCHB-%') b,
          generate_series(1, ${Math.ceil((TRACKING_LOAD.events - stored) / wanted)}) g`.execute(db)
      stored = await total()
    }
    // After the bulk load (and the quote load before it), the vacuum, statistics and checkpoint that
    // PostgreSQL would otherwise make at some moment of the next measures: they measure the API, not those.
    await sql`vacuum analyze`.execute(db)
    await sql`checkpoint`.execute(db)
    const measured = `ESHBL${year}${String(900_000 + 1).padStart(6, '0')}`
    log(`tracking: ${wanted} bookings, ${stored} events; tracking ${measured}`)
    return { hbl: measured, bookings: wanted, events: stored }
  } finally {
    await handle.close()
  }
}

/** trackShipment (GET /api/tracking/{hbl}) at TRACKING_LOAD.connections with the bench customer's token. */
export async function measureTracking(
  origin: string,
  database: QuoteDatabase,
  data: { hbl: string; bookings: number; events: number },
  token: string,
  durationSeconds: number,
): Promise<TrackingLoadReport> {
  const url = `${origin}/api/tracking/${data.hbl}`
  const headers = { authorization: `Bearer ${token}` }
  const probe = await fetch(url, { headers })
  if (probe.status !== 200) throw new Error(`trackShipment answered ${probe.status}: ${await probe.text()}`)
  log(`tracking: trackShipment with ${TRACKING_LOAD.connections} connections for ${durationSeconds} s`)
  const stats = await serverTimedLoad({
    url,
    headers,
    connections: TRACKING_LOAD.connections,
    duration: durationSeconds,
  })
  return {
    database: database.database,
    bookings: data.bookings,
    events: data.events,
    connections: TRACKING_LOAD.connections,
    durationSeconds,
    trackShipment: stats,
  }
}
