/**
 * The home page's world map projection without d3 in the browser: scripts/world-map.ts draws
 * /world-map.svg with d3-geo's `geoNaturalEarth1()` fitted to 960×500 with a 4 px margin
 * (`fitExtent([[4, 4], [956, 496]], { type: 'Sphere' })`), which comes to the scale and translation below.
 * The raw projection is d3-geo's Natural Earth I polynomial; tests/views/tracking.test.tsx checks both
 * against d3-geo itself and against the home map's pins.
 */
export const mapSize = { width: 960, height: 500 } as const

/** d3's `projection.scale()` and `projection.translate()` after the fit. */
export const SCALE = 172.94828588629844
export const TRANSLATE: readonly [number, number] = [480, 250]

const radians = Math.PI / 180

export function naturalEarth1Raw(lambda: number, phi: number): [number, number] {
  const phi2 = phi * phi
  const phi4 = phi2 * phi2
  return [
    lambda * (0.8707 - 0.131979 * phi2 + phi4 * (-0.013791 + phi4 * (0.003971 * phi2 - 0.001529 * phi4))),
    phi * (1.007226 + phi2 * (0.015085 + phi4 * (-0.044475 + 0.028874 * phi2 - 0.005916 * phi4))),
  ]
}

/** [longitude, latitude] in degrees → [x, y] on the 960×500 map. */
export function project([lon, lat]: readonly [number, number]): [number, number] {
  const wrapped = lon > 180 ? lon - 360 : lon < -180 ? lon + 360 : lon
  const [x, y] = naturalEarth1Raw(wrapped * radians, lat * radians)
  return [TRANSLATE[0] + SCALE * x, TRANSLATE[1] - SCALE * y]
}

/**
 * A line of [lon, lat] points as map paths: a step of more than 180° of longitude goes the short way
 * round, over the date line, so it is cut there into a piece ending at one edge and one starting at the
 * other (a Pacific crossing does not cross the whole map).
 */
export function lineSegments(points: readonly (readonly [number, number])[]): [number, number][][] {
  const segments: [number, number][][] = []
  let current: [number, number][] = []
  points.forEach((point, index) => {
    const previous = points[index - 1]
    if (previous && Math.abs(point[0] - previous[0]) > 180) {
      const east = previous[0] > 0
      const edge = east ? 180 : -180
      const span = 360 - Math.abs(point[0] - previous[0])
      const toEdge = Math.abs(edge - previous[0])
      const lat = previous[1] + (span === 0 ? 0 : (toEdge / span) * (point[1] - previous[1]))
      current.push([edge, lat])
      segments.push(current)
      current = [[-edge, lat]]
    }
    current.push([point[0], point[1]])
  })
  if (current.length > 0) segments.push(current)
  return segments.filter((segment) => segment.length > 1)
}

/** An SVG path's `d` for a line of [lon, lat] points. */
export function linePath(points: readonly (readonly [number, number])[]): string {
  return lineSegments(points)
    .map((segment) =>
      segment
        .map((point, index) => {
          const [x, y] = project(point)
          return `${index === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`
        })
        .join(''),
    )
    .join('')
}
