import type { Kysely } from 'kysely'
import { laneOffers } from '../../contract/pricing/lanes'
import { priceQuote } from '../../contract/pricing/price'
import { noServices, type QuoteRequest } from '../../contract/pricing/types'
import type { Database } from '../db/schema'
import type { PlaceIndex } from '../locations/locations'
import type { LaneSource } from '../rates/rate-sheets'
import type { ReferenceRates } from '../rates/reference-rates'
import { firstLclEligible } from './queries'

export interface PricingDeps {
  db: Kysely<Database>
  places: PlaceIndex
  reference: ReferenceRates
  /** The sheets in force for a lane: RateSheets in the server, lanesFrom(db) elsewhere. */
  lanes: LaneSource
}

/**
 * Prices a request on every sheet in force that can carry it, cheapest first, with the exchange rates,
 * services tariffs and first-LCL eligibility it was priced with (what a quote stores).
 */
export async function priceRequest(
  { db, places, reference, lanes: sheets }: PricingDeps,
  request: QuoteRequest,
  customerId: number,
) {
  const [origin, destination] = await Promise.all([
    places.get(request.origin),
    places.get(request.destination),
  ])
  const originCountry = origin?.country_code ?? ''
  const destinationCountry = destination?.country_code ?? ''
  const [lanes, { fx, tariff }, eligible] = await Promise.all([
    sheets.find({
      mode: request.mode,
      origin: request.origin,
      destination: request.destination,
      date: request.readyDate,
    }),
    reference.get(),
    request.mode === 'LCL' ? firstLclEligible(db, customerId) : Promise.resolve(false),
  ])
  const originServices = tariff(originCountry)
  const destinationServices = tariff(destinationCountry)
  const options = lanes
    .filter((lane) => laneOffers(lane, request).ok)
    .map((lane) => {
      const price = priceQuote({
        lane,
        request,
        services: noServices,
        originServices,
        destinationServices,
        fx,
        firstLclEligible: eligible,
        originCountry,
        destinationCountry,
      })
      return { lane, totalUsd: price.totalUsd }
    })
    .sort((a, b) => a.totalUsd - b.totalUsd)
  return { options, fx, tariffs: { origin: originServices, destination: destinationServices }, eligible }
}
