import type { CountryServed } from '../../content/types'
import * as styles from './home.css'
import { mapPins, mapSize } from './world-map.gen'

/**
 * The countries served on a world map: land from Natural Earth drawn once into /world-map.svg (see
 * scripts/world-map.ts), pins placed with the same projection, each pin named for assistive technology.
 */
export function WorldMap({ countries, label }: { countries: CountryServed[]; label: string }) {
  const pins = countries.flatMap((country) => mapPins.filter((pin) => pin.name === country.name))
  return (
    <figure className={styles.map}>
      <div className={styles.mapCanvas} style={{ aspectRatio: `${mapSize.width} / ${mapSize.height}` }}>
        <img
          className={styles.mapImage}
          src="/world-map.svg"
          alt=""
          width={mapSize.width}
          height={mapSize.height}
          loading="lazy"
          decoding="async"
        />
        {/* biome-ignore lint/a11y/useSemanticElements: an SVG group of named pins, not a form group */}
        <svg
          className={styles.mapPins}
          viewBox={`0 0 ${mapSize.width} ${mapSize.height}`}
          role="group"
          aria-label={label}
        >
          {pins.map((pin) => (
            // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: each pin is an image named by its country
            <g key={pin.name} role="img" aria-label={pin.name} transform={`translate(${pin.x} ${pin.y})`}>
              <title>{pin.name}</title>
              <circle r="9" className={styles.pinHalo} />
              <circle r="4.5" className={styles.pin} />
            </g>
          ))}
        </svg>
      </div>
      <figcaption>
        <ul className={styles.countryList}>
          {countries.map((country) => (
            <li key={country.name}>{country.name}</li>
          ))}
        </ul>
      </figcaption>
    </figure>
  )
}
