/**
 * The route map of a shipment: each leg's line as [longitude, latitude] points (sea legs along the shipping
 * lane network, see sea-network.ts, air legs a great circle), the places, and where the cargo is now (the
 * latest actual event's place, or a point along the leg it is travelling, by time). A sea route is found in a
 * few milliseconds once the network is loaded (about 0.1 s, on the first); each port pair's is kept in memory
 * once found; every line has at most MAX_POINTS points, within ±180° of longitude (a Pacific crossing steps
 * from 180° to −180°: the map draws consecutive points as the short arc between them).
 */
import { geoDistance, geoInterpolate } from 'd3-geo'
import type { PlaceRef, RouteLeg, TrackingEvent, TrackingView } from '../../contract/bookings'
import { eventCode } from './dcsa'
import { networkRoute } from './sea-network'

type Point = [number, number]
export type MapView = TrackingView['map']

export const MAX_POINTS = 200
const AIR_POINTS = 64
/** The longest step of a sea line, in degrees: drawn as an arc on the sphere, it stays on its lane. */
const SEA_STEP = 2
/** How far (degrees) a simplified sea line may stray from the lanes it follows. */
const SEA_TOLERANCE = 0.02

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

/** `lon` shifted by whole turns to within 180° of `near`. */
const unwrap = (lon: number, near: number) => lon + 360 * Math.round((near - lon) / 360)
const wrap = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180

/** Douglas–Peucker on [lon, lat] as a plane: the points that keep the line within `tolerance` degrees. */
function simplify(points: Point[], tolerance: number): Point[] {
  if (points.length < 3) return points
  const keep = new Uint8Array(points.length)
  keep[0] = 1
  keep[points.length - 1] = 1
  const stack: [number, number][] = [[0, points.length - 1]]
  while (stack.length > 0) {
    const [first, last] = stack.pop() as [number, number]
    const [ax, ay] = points[first] as Point
    const [bx, by] = points[last] as Point
    const dx = bx - ax
    const dy = by - ay
    const span = Math.hypot(dx, dy)
    let far = -1
    let farthest = tolerance
    for (let i = first + 1; i < last; i++) {
      const [px, py] = points[i] as Point
      const d = span === 0 ? Math.hypot(px - ax, py - ay) : Math.abs(dx * (ay - py) - dy * (ax - px)) / span
      if (d > farthest) {
        farthest = d
        far = i
      }
    }
    if (far > 0) {
      keep[far] = 1
      stack.push([first, far], [far, last])
    }
  }
  return points.filter((_, i) => keep[i])
}

/**
 * A network route as a map line: longitudes made continuous, straight runs of lane vertices dropped, long
 * lane segments (some cross an ocean in one) cut into steps of at most SEA_STEP degrees so that drawn as
 * arcs they keep to the lane, then longitudes back within ±180° and rounded.
 */
function seaLine(route: Point[], max = MAX_POINTS): Point[] {
  const continuous: Point[] = []
  for (const [lon, lat] of route) {
    const previous = continuous.at(-1)
    continuous.push([previous ? unwrap(lon, previous[0]) : lon, lat])
  }
  const simple = simplify(continuous, SEA_TOLERANCE)
  const span = (a: Point, b: Point) => Math.max(Math.abs(b[0] - a[0]), Math.abs(b[1] - a[1]))
  const total = simple.slice(1).reduce((sum, p, i) => sum + span(simple[i] as Point, p), 0)
  const step = Math.max(SEA_STEP, total / Math.max(1, max - simple.length))
  const line: Point[] = [simple[0] as Point]
  for (let i = 1; i < simple.length; i++) {
    const a = simple[i - 1] as Point
    const b = simple[i] as Point
    const count = Math.max(1, Math.ceil(span(a, b) / step))
    for (let k = 1; k <= count; k++) {
      line.push([a[0] + ((b[0] - a[0]) * k) / count, a[1] + ((b[1] - a[1]) * k) / count])
    }
  }
  return thin(
    line.map(([lon, lat]) => round([wrap(lon), lat])),
    max,
  )
}

/**
 * The sea route between two ports (cached per pair), along the lane network the shortest way, across the
 * Pacific where that is shorter; a great circle only if the network had no route (it has one between any
 * two points, see sea-network.ts).
 */
export function seaRoute(from: Point, to: Point): Point[] {
  const key = `${from.join(',')}>${to.join(',')}`
  const cached = seaRoutes.get(key)
  if (cached) return cached
  const route = networkRoute(from, to)
  const result = route ? seaLine(route) : greatCircle(from, to)
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
