/**
 * A company's quotes as My Quotes and the quote page show them (issue 24: the whole company's, or one
 * person's): the list with its filters and search, and a quote's detail with its options, its planned
 * sailings and the sales desk's view of its request.
 */
import type { Kysely } from 'kysely'
import { plannedSailingFor } from '../../contract/pricing/planned-sailing'
import type { Mode } from '../../contract/pricing/types'
import {
  type QuoteDeskView,
  type QuoteDetail,
  type QuoteStatus,
  type QuoteSummary,
  quoteStatus,
  singaporeDate,
} from '../../contract/quotes'
import type { Place } from '../../contract/wire'
import { sailingPlanAt } from '../bookings/sailing-plan'
import type { Database, LocationRow } from '../db/schema'
import { laneCarriage } from '../emissions/carriage'
import { currentFactors } from '../emissions/factors'
import { type PlaceIndex, placeOf } from '../locations/locations'
import { deskViewOf } from './offers'
import { findQuote, firstLclEligible, listQuotes, placeNames, type StoredQuote } from './queries'

/** My Quotes' filters as listQuotes' query carries them. */
export interface QuoteListQuery {
  status?: QuoteStatus | undefined
  mode?: Mode | undefined
  q?: string | undefined
}

/** A stored quote's place, or its bare code when the place is no longer in the data packages. */
function toPlace(row: LocationRow | undefined, code: string): Place {
  return row
    ? placeOf(row)
    : { code, kind: 'port', name: code, city: '', country_code: '', country_name: '', time_zone: null }
}

/** The total My Quotes shows and what it is (QuoteSummary's totalUsd and totalOf). */
function totalOf(row: {
  booking_total: number | string | null
  chosen_total: number | string | null
  cheapest_total: number | string | null
}): Pick<QuoteSummary, 'totalUsd' | 'totalOf'> {
  if (row.booking_total != null) return { totalUsd: Number(row.booking_total), totalOf: 'booking' }
  const quoted = row.chosen_total ?? row.cheapest_total
  return quoted != null ? { totalUsd: Number(quoted), totalOf: 'quote' } : { totalUsd: null, totalOf: null }
}

/** The reading half of the quote service (service.ts): the detail and list it answers with. */
export function quoteViews({
  db,
  now,
  places,
}: {
  db: Kysely<Database>
  now: () => Date
  places: PlaceIndex
}) {
  async function detail(customerId: number, number: string): Promise<QuoteDetail | undefined> {
    const stored = await findQuote(db, customerId, number)
    if (!stored) return undefined
    const [eligible, desk, maker] = await Promise.all([
      stored.quote.mode === 'LCL' ? firstLclEligible(db, customerId) : false,
      deskViewOf(db, stored.quote.id, singaporeDate(now())),
      // Who in the company made it (issue 24): the quote page's alone, so not in findQuote.
      db.selectFrom('users').select('esus_name').where('id', '=', stored.quote.user_id).executeTakeFirst(),
    ])
    return toDetail({ ...stored, madeBy: maker?.esus_name ?? '' }, eligible, desk)
  }

  async function toDetail(
    stored: {
      quote: Pick<
        StoredQuote['quote'],
        | 'number'
        | 'kind'
        | 'mode'
        | 'origin'
        | 'destination'
        | 'request'
        | 'services'
        | 'chosen_option_id'
        | 'fx'
        | 'service_tariffs'
        | 'created_at'
        | 'notes'
      >
      options: Pick<
        StoredQuote['options'][number],
        'id' | 'carrier' | 'lane' | 'transit_days' | 'valid_to' | 'total_usd'
      >[]
      booking: StoredQuote['booking']
      requotedFromNumber: string | null
      /** The name of the person who made it. */
      madeBy: string
    },
    eligible: boolean,
    salesDesk: QuoteDeskView | null = null,
  ): Promise<QuoteDetail> {
    const { quote, options, booking, requotedFromNumber, madeBy } = stored
    const [origin, destination, carriages, emissionFactors] = await Promise.all([
      places.get(quote.origin),
      places.get(quote.destination),
      Promise.all(options.map((o) => laneCarriage(places, o.lane))),
      currentFactors(db),
    ])
    const chosen = options.find((o) => o.id === quote.chosen_option_id)
    const at = now()
    const today = singaporeDate(at)
    const plan = sailingPlanAt(at)
    const validTo =
      quote.kind === 'requested'
        ? null
        : (chosen?.valid_to ??
          options
            .map((o) => o.valid_to)
            .sort()
            .at(-1) ??
          null)
    return {
      number: quote.number,
      status: quoteStatus({ kind: quote.kind, booked: Boolean(booking), validTo }, today),
      kind: quote.kind,
      mode: quote.mode,
      origin: toPlace(origin, quote.origin),
      destination: toPlace(destination, quote.destination),
      request: quote.request,
      services: quote.services,
      chosenOptionId: quote.chosen_option_id,
      options: options.map((o, i) => ({
        id: o.id,
        carrier: o.carrier,
        service: o.lane.service,
        transitDays: o.transit_days,
        validTo: o.valid_to,
        totalUsd: Number(o.total_usd),
        lane: o.lane,
        // Computed, not stored: the sailing a booking made now would plan (contract/pricing/planned-sailing.ts).
        sailing: plannedSailingFor(o.lane, quote.request.readyDate, at, plan),
        carriage: carriages[i] ?? null,
      })),
      fx: quote.fx,
      serviceTariffs: quote.service_tariffs,
      emissionFactors,
      firstLclEligible: eligible,
      validTo,
      createdAt: quote.created_at.toISOString(),
      booking: booking ?? null,
      requotedFrom: requotedFromNumber,
      notes: quote.notes,
      salesDesk,
      madeBy,
      pricedBy: salesDesk?.offers.find((offer) => !offer.superseded)?.sentBy ?? null,
    }
  }

  /**
   * listQuotes: the company's quotes, newest first, filtered by status and mode and searched; with `mineOf`,
   * only that person's (Mine).
   */
  async function list(
    customerId: number,
    { status, mode, q }: QuoteListQuery,
    mineOf?: number,
  ): Promise<QuoteSummary[]> {
    const rows = await listQuotes(db, customerId, mineOf)
    const names = await placeNames(
      db,
      rows.flatMap((r) => [r.origin, r.destination]),
    )
    const today = singaporeDate(now())
    const place = (code: string) => names.get(code) ?? { code, name: code, country_code: '' }
    const needle = q?.toLowerCase()
    return rows
      .map((row) => {
        const validTo = row.kind === 'requested' ? null : (row.chosen_valid_to ?? row.latest_valid_to ?? null)
        return {
          number: row.number,
          status: quoteStatus({ kind: row.kind, booked: Boolean(row.booking_number), validTo }, today),
          mode: row.mode,
          origin: place(row.origin),
          destination: place(row.destination),
          // A booked quote's total is its booking's (freight and services as booked), the one the booking shows.
          ...totalOf(row),
          carrier: row.chosen_carrier ?? row.cheapest_carrier ?? null,
          validTo,
          createdAt: row.created_at.toISOString(),
          bookingNumber: row.booking_number ?? null,
          pricedBySales: Boolean(row.priced_by_sales),
          madeBy: row.made_by,
          pricedBy: row.priced_by ?? null,
        }
      })
      .filter((quote) => (!status || quote.status === status) && (!mode || quote.mode === mode))
      .filter(
        (quote) =>
          !needle ||
          [
            quote.number,
            quote.origin.code,
            quote.origin.name,
            quote.destination.code,
            quote.destination.name,
            quote.bookingNumber ?? '',
          ]
            .join(' ')
            .toLowerCase()
            .includes(needle),
      )
  }

  return { detail, toDetail, list }
}
