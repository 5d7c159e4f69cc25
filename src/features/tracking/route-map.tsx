import { type GeoPermissibleObjects, type GeoProjection, geoNaturalEarth1, geoPath } from 'd3-geo'
import { type RefObject, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { TrackingView } from '../../../contract/bookings'
import * as styles from './tracking.css'

type Point = [number, number]
type MapView = TrackingView['map']

const roleText = { origin: 'Origin', transshipment: 'Transshipment', destination: 'Destination' } as const

/** Where the cargo is, in words: the text alternative of the map. */
export function mapDescription(view: TrackingView): string {
  const places = view.map.places.map((p) => `${roleText[p.role]}: ${p.name} (${p.code})`).join('; ')
  const position = view.map.position ? ` Current position: ${view.map.position.description}.` : ''
  return `${places}.${position}`
}

/** The map's width (CSS px) until the page has laid it out (and in jsdom, which lays nothing out). */
const DEFAULT_MAP_WIDTH = 640

/** The map's height for its width: wider than tall, a little taller for its width on a phone. */
const mapHeight = (width: number) => Math.round(Math.min(460, Math.max(240, width * 0.6)))

/** The least longitude (degrees) a map shows across: two ports close together are not a blur of coast. */
const MIN_SPAN = 10

/** The labels' font size, CSS px (tracking.css.ts's placeLabel); one user unit of the map is one CSS px. */
const LABEL_PX = 13
/** A generous width of an upper-case letter of the bold label font, in ems. */
const LABEL_EM = 0.72

const wrap = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180

/** The middle of the shortest span of longitude that holds all of `lons` (it may cross the date line). */
function middleLongitude(lons: number[]): number {
  const sorted = [...new Set(lons.map(wrap))].sort((a, b) => a - b)
  if (sorted.length === 0) return 0
  // The widest gap between neighbours (round the globe) is what the map leaves out.
  let gap = -1
  let gapEnd = 0
  sorted.forEach((lon, i) => {
    const next = sorted[i + 1] ?? (sorted[0] as number) + 360
    if (next - lon > gap) {
      gap = next - lon
      gapEnd = next
    }
  })
  return wrap(gapEnd + (360 - gap) / 2)
}

/**
 * The projection of a route's map: d3's Natural Earth (the home map's) turned to the middle of the route's
 * longitudes, so that no route crosses the map's edge (a Pacific crossing is drawn whole, in the middle),
 * and fitted to the lines, places and position with a margin, showing at least MIN_SPAN degrees across.
 */
function routeProjection(map: MapView, width: number, height: number): GeoProjection {
  const points: Point[] = [
    ...map.legs.flatMap((leg) => leg.points),
    ...map.places.map((place) => place.at),
    ...(map.position ? [map.position.at] : []),
  ]
  const projection = geoNaturalEarth1()
  const margin = Math.round(Math.min(48, Math.max(20, width * 0.06)))
  const extent: [Point, Point] = [
    [margin, margin],
    [width - margin, height - margin],
  ]
  if (points.length === 0) return projection.fitExtent(extent, { type: 'Sphere' })
  const middle = middleLongitude(points.map(([lon]) => lon))
  const lats = points.map(([, lat]) => lat)
  const midLat = (Math.min(...lats) + Math.max(...lats)) / 2
  const shape: GeoPermissibleObjects = {
    type: 'GeometryCollection',
    geometries: [
      ...map.legs
        .filter((leg) => leg.points.length > 1)
        .map((leg) => ({ type: 'LineString' as const, coordinates: leg.points })),
      { type: 'MultiPoint', coordinates: points },
      // The least span, round the route's middle.
      {
        type: 'MultiPoint',
        coordinates: [
          [middle - MIN_SPAN / 2, midLat],
          [middle + MIN_SPAN / 2, midLat],
        ],
      },
    ],
  }
  // Cut to the map: a zoomed map's land is a few hundred bytes of path, not the world's 60 kB.
  return projection
    .rotate([-middle, 0])
    .fitExtent(extent, shape)
    .clipExtent([
      [-8, -8],
      [width + 8, height + 8],
    ])
}

interface Box {
  left: number
  top: number
  right: number
  bottom: number
}

interface Label {
  x: number
  y: number
  anchor: 'start' | 'middle' | 'end'
}

/** The box a label's text takes (a little more than it does), its baseline at y. */
function labelBox({ x, y, anchor }: Label, text: string): Box {
  const width = text.length * LABEL_PX * LABEL_EM
  const left = anchor === 'start' ? x : anchor === 'end' ? x - width : x - width / 2
  return {
    left: left - 2,
    right: left + width + 2,
    top: y - LABEL_PX * 0.8 - 2,
    bottom: y + LABEL_PX * 0.25 + 2,
  }
}

const overlap = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
  Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top))

/** Where a label may go round its marker: a direction, and the label's anchor point and alignment. */
const sides: { dir: Point; dx: number; dy: number; anchor: Label['anchor'] }[] = [
  { dir: [1, 0], dx: 9, dy: 4.5, anchor: 'start' },
  { dir: [-1, 0], dx: -9, dy: 4.5, anchor: 'end' },
  { dir: [0, -1], dx: 0, dy: -10, anchor: 'middle' },
  { dir: [0, 1], dx: 0, dy: 19, anchor: 'middle' },
  { dir: [0.7, -0.7], dx: 8, dy: -8, anchor: 'start' },
  { dir: [0.7, 0.7], dx: 8, dy: 17, anchor: 'start' },
  { dir: [-0.7, -0.7], dx: -8, dy: -8, anchor: 'end' },
  { dir: [-0.7, 0.7], dx: -8, dy: 17, anchor: 'end' },
]

/** A marker's box on the map: a place's dot, or the position's ring. */
const markerBox = ([x, y]: Point, r: number): Box => ({
  left: x - r,
  right: x + r,
  top: y - r,
  bottom: y + r,
})

/** Whether the segment a–b passes through a box (Liang–Barsky). */
function crosses(a: Point, b: Point, box: Box): boolean {
  const dx = b[0] - a[0]
  const dy = b[1] - a[1]
  let t0 = 0
  let t1 = 1
  for (const [p, q] of [
    [-dx, a[0] - box.left],
    [dx, box.right - a[0]],
    [-dy, a[1] - box.top],
    [dy, box.bottom - a[1]],
  ] as const) {
    if (p === 0) {
      if (q < 0) return false
    } else if (p < 0) {
      t0 = Math.max(t0, q / p)
    } else {
      t1 = Math.min(t1, q / p)
    }
    if (t0 > t1) return false
  }
  return true
}

/** Whether cost `a` is less than `b`, compared item by item. */
function before(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (a[i] as number) < (b[i] as number)
  return false
}

/**
 * Each place's label, one after another, round its marker: of the eight sides (and those moved a line down
 * or up at a time, stacked, when none is clear), the one on the map, clear of the labels placed and of the
 * other markers, the least stacked, on the fewest steps of the lines, and of those the side most away from
 * the nearest other place. From the map's coordinates alone, so the same route always has the same labels.
 */
function placeLabels(input: {
  marks: { at: Point; text: string }[]
  position: Point | null
  lines: Point[][]
  width: number
  height: number
}): Label[] {
  const { marks, position, lines, width, height } = input
  const placed: Box[] = []
  return marks.map(({ at: [x, y], text }, index) => {
    let away: Point = [1, 0]
    let nearest = Number.POSITIVE_INFINITY
    marks.forEach(({ at: [ox, oy] }, other) => {
      const d = Math.hypot(x - ox, y - oy)
      if (other !== index && d < nearest && d > 0) {
        nearest = d
        away = [(x - ox) / d, (y - oy) / d]
      }
    })
    const markers = [
      ...marks.filter((_, other) => other !== index).map((mark) => markerBox(mark.at, 6)),
      ...(position ? [markerBox(position, 10)] : []),
    ]
    const ordered = sides
      .map((side, order) => ({ side, order, score: side.dir[0] * away[0] + side.dir[1] * away[1] }))
      .sort((a, b) => b.score - a.score || a.order - b.order)
    // What a place for the label costs, compared in order: how far it is off the map, then how much of the
    // labels placed and the markers it covers, then how far it is stacked away from its marker, then how many
    // steps of the lines it lies on; then the order of the sides.
    const cost = (label: Label, shift: number) => {
      const box = labelBox(label, text)
      const off =
        Math.max(0, -box.left) +
        Math.max(0, box.right - width) +
        Math.max(0, -box.top) +
        Math.max(0, box.bottom - height)
      const covered = [...placed, ...markers].reduce((sum, other) => sum + overlap(box, other), 0)
      const crossed = lines.reduce(
        (sum, line) => sum + line.slice(1).filter((b, i) => crosses(line[i] as Point, b, box)).length,
        0,
      )
      return [Math.ceil(off), Math.ceil(covered), Math.abs(shift), crossed]
    }
    let best: { label: Label; cost: number[] } | undefined
    for (const shift of [0, 1, -1, 2, -2, 3, -3]) {
      for (const { side } of ordered) {
        const label: Label = { x: x + side.dx, y: y + side.dy + shift * (LABEL_PX + 4), anchor: side.anchor }
        const c = cost(label, shift)
        if (!best || before(c, best.cost)) best = { label, cost: c }
      }
    }
    const label = (best as { label: Label }).label
    placed.push(labelBox(label, text))
    return label
  })
}

type Land = GeoPermissibleObjects
let land: Promise<Land | null> | undefined

/** The world's land (Natural Earth 1:110m, 55 kB), fetched once, when a map is first shown. */
function loadLand(): Promise<Land | null> {
  land ??= Promise.all([import('topojson-client'), import('world-atlas/land-110m.json')])
    .then(([{ feature }, { default: topology }]) => {
      const world = topology as unknown as Parameters<typeof feature>[0]
      return feature(world, world.objects.land as Parameters<typeof feature>[1]) as Land
    })
    .catch(() => null)
  return land
}

/** The width of the map's box, in CSS px, kept up to date. */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(DEFAULT_MAP_WIDTH)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () => {
      const measured = Math.round(element.clientWidth)
      if (measured > 0) setWidth(measured)
    }
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref])
  return width
}

/**
 * The route on a world map fitted to it: land, the legs as lines (sea solid, air dashed), the places as dots
 * with their codes, and the present position as a ring. The drawing is as wide as its box in CSS px (one
 * user unit is one px), so the labels keep their size on a phone, and the map is fitted to that box.
 */
export function RouteMap({ view }: { view: TrackingView }) {
  const box = useRef<HTMLElement>(null)
  const width = useWidth(box)
  const height = mapHeight(width)
  const [world, setWorld] = useState<Land | null>(null)
  useEffect(() => {
    let current = true
    loadLand().then((loaded) => {
      if (current) setWorld(loaded)
    })
    return () => {
      current = false
    }
  }, [])
  const drawing = useMemo(() => {
    const projection = routeProjection(view.map, width, height)
    const path = geoPath(projection).digits(1)
    const at = (point: Point) => (projection(point) ?? [-100, -100]) as Point
    const places = view.map.places.map((place) => ({ ...place, xy: at(place.at) }))
    const position = view.map.position ? at(view.map.position.at) : null
    const labels = placeLabels({
      marks: places.map((place) => ({ at: place.xy, text: place.code })),
      position,
      lines: view.map.legs.map((leg) => leg.points.map(at)),
      width,
      height,
    })
    const legs = view.map.legs.map((leg) => ({
      mode: leg.mode,
      d: leg.points.length > 1 ? (path({ type: 'LineString', coordinates: leg.points }) ?? '') : '',
    }))
    return { path, places, position, labels, legs }
  }, [view.map, width, height])
  const landPath = useMemo(() => (world ? (drawing.path(world) ?? '') : ''), [world, drawing])
  const { places, position, labels, legs } = drawing
  return (
    <figure className={styles.figure} ref={box}>
      <svg
        className={styles.map}
        width="100%"
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby="route-map-title route-map-desc"
        data-testid="route-map"
      >
        <title id="route-map-title">
          Route map of {view.hbl}: {view.origin.name} to {view.destination.name}
        </title>
        <desc id="route-map-desc">{mapDescription(view)}</desc>
        {landPath ? <path d={landPath} className={styles.land} data-testid="map-land" /> : null}
        {legs.map((leg, index) => (
          <path
            // biome-ignore lint/suspicious/noArrayIndexKey: legs are in route order and never reordered
            key={index}
            d={leg.d}
            className={leg.mode === 'AIR' ? styles.airLeg : styles.seaLeg}
            data-testid="map-leg"
          />
        ))}
        {places.map((place) => (
          <circle
            key={`${place.code}-${place.role}`}
            cx={place.xy[0]}
            cy={place.xy[1]}
            r={place.role === 'transshipment' ? 4 : 5.5}
            className={styles.place[place.role]}
            data-testid="map-place"
            data-code={place.code}
          />
        ))}
        {position ? (
          <g data-testid="map-position">
            <circle cx={position[0]} cy={position[1]} r={9} className={styles.positionHalo} />
            <circle cx={position[0]} cy={position[1]} r={4} className={styles.position} />
          </g>
        ) : null}
        {places.map((place, index) => {
          const label = labels[index] as Label
          return (
            <text
              key={`${place.code}-${place.role}`}
              x={label.x}
              y={label.y}
              textAnchor={label.anchor}
              className={styles.placeLabel}
              data-testid="map-label"
              data-code={place.code}
            >
              {place.code}
            </text>
          )
        })}
      </svg>
      <figcaption>
        <ul className={styles.mapLegend}>
          {view.map.places.map((place) => (
            <li key={`${place.code}-${place.role}`}>
              {roleText[place.role]}: {place.name} ({place.code})
            </li>
          ))}
          <li>Current position: {view.map.position ? view.map.position.description : 'not reported yet'}</li>
        </ul>
      </figcaption>
    </figure>
  )
}
