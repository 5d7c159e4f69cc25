/**
 * The main carriage of a quote option or a booking as the emissions count it (contract/emissions.ts): its
 * legs port to port or airport to airport and their distances, sea as sailed over the sea-route network
 * (tracking/sea-network.ts, the network the maps draw), air as the great circle plus 95 km.
 */
import { airLegKm, type CarriageLeg } from '../../contract/emissions'
import type { Mode } from '../../contract/pricing/types'
import { transshipmentPort } from '../bookings/transshipment'
import type { PlaceIndex } from '../locations/locations'
import { distance, networkRoute, type Point } from '../tracking/sea-network'

/** The Earth's mean radius (IUGG), km. */
const EARTH_KM = 6371.0088

export const greatCircleKm = (from: Point, to: Point): number => distance(from, to) * EARTH_KM

const sailed = new Map<string, number>()

/** The distance sailed between two ports along the sea-route network, km; the great circle if it has none. */
export function seaDistanceKm(from: Point, to: Point): number {
  const key = `${from.join(',')}>${to.join(',')}`
  const known = sailed.get(key)
  if (known !== undefined) return known
  const route = networkRoute(from, to)
  let km = 0
  if (route)
    for (let i = 1; i < route.length; i++) km += greatCircleKm(route[i - 1] as Point, route[i] as Point)
  else km = greatCircleKm(from, to)
  sailed.set(key, km)
  return km
}

/** One leg between two places with coordinates, in whole km. */
export function carriageLeg(
  mode: 'SEA' | 'AIR',
  from: { code: string; at: Point },
  to: { code: string; at: Point },
): CarriageLeg {
  const distanceKm =
    mode === 'AIR' ? airLegKm(greatCircleKm(from.at, to.at)) : Math.round(seaDistanceKm(from.at, to.at))
  return { mode, from: from.code, to: to.code, distanceKm }
}

/** A place's coordinates from the index, or null when it has none. */
async function located(places: PlaceIndex, code: string): Promise<{ code: string; at: Point } | null> {
  const row = await places.get(code)
  return row && row.longitude !== null && row.latitude !== null
    ? { code: row.code, at: [row.longitude, row.latitude] }
    : null
}

/**
 * The legs of a route through the places given, in order (origin, any transshipment ports, destination);
 * null when a place has no coordinates (the figure is then not shown, never guessed).
 */
export async function carriageThrough(
  places: PlaceIndex,
  mode: Mode,
  codes: readonly string[],
): Promise<CarriageLeg[] | null> {
  const stops = await Promise.all(codes.map((code) => located(places, code)))
  if (stops.some((stop) => stop === null)) return null
  const legMode = mode === 'AIR' ? 'AIR' : 'SEA'
  const legs: CarriageLeg[] = []
  for (let i = 1; i < stops.length; i++) legs.push(carriageLeg(legMode, stops[i - 1]!, stops[i]!))
  return legs
}

/** A rate sheet's carriage: origin to destination, by the port its service names ("Via Colombo") if any. */
export async function laneCarriage(
  places: PlaceIndex,
  lane: { mode: Mode; origin: string; destination: string; service: string },
): Promise<CarriageLeg[] | null> {
  const via = await transshipmentPort(places, lane.service, lane.mode)
  const codes =
    via && via !== lane.origin && via !== lane.destination
      ? [lane.origin, via, lane.destination]
      : [lane.origin, lane.destination]
  return carriageThrough(places, lane.mode, codes)
}
