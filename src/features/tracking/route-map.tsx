import type { TrackingView } from '../../../contract/bookings'
import { linePath, mapSize, project } from './projection'
import * as styles from './tracking.css'

const roleText = { origin: 'Origin', transshipment: 'Transshipment', destination: 'Destination' } as const

/** Where the cargo is, in words: the text alternative of the map. */
export function mapDescription(view: TrackingView): string {
  const places = view.map.places.map((p) => `${roleText[p.role]}: ${p.name} (${p.code})`).join('; ')
  const position = view.map.position ? ` Current position: ${view.map.position.description}.` : ''
  return `${places}.${position}`
}

/**
 * The route on the home page's world map: legs as lines (sea solid, air dashed), the places as dots and
 * the present position as a ring, all with the map's own projection.
 */
export function RouteMap({ view }: { view: TrackingView }) {
  const { width, height } = mapSize
  const position = view.map.position ? project(view.map.position.at) : null
  return (
    <figure className={styles.figure}>
      <svg
        className={styles.map}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby="route-map-title route-map-desc"
        data-testid="route-map"
      >
        <title id="route-map-title">
          Route map of {view.hbl}: {view.origin.name} to {view.destination.name}
        </title>
        <desc id="route-map-desc">{mapDescription(view)}</desc>
        <image href="/world-map.svg" x={0} y={0} width={width} height={height} />
        {view.map.legs.map((leg, index) => (
          <path
            // biome-ignore lint/suspicious/noArrayIndexKey: legs are in route order and never reordered
            key={index}
            d={linePath(leg.points)}
            className={leg.mode === 'AIR' ? styles.airLeg : styles.seaLeg}
            data-testid="map-leg"
          />
        ))}
        {view.map.places.map((place) => {
          const [x, y] = project(place.at)
          return (
            <g key={`${place.code}-${place.role}`} data-testid="map-place" data-code={place.code}>
              <circle
                cx={x}
                cy={y}
                r={place.role === 'transshipment' ? 4 : 5.5}
                className={styles.place[place.role]}
              />
              <text x={x + 8} y={y - 8} className={styles.placeLabel}>
                {place.code}
              </text>
            </g>
          )
        })}
        {position ? (
          <g data-testid="map-position">
            <circle cx={position[0]} cy={position[1]} r={9} className={styles.positionHalo} />
            <circle cx={position[0]} cy={position[1]} r={4} className={styles.position} />
          </g>
        ) : null}
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
