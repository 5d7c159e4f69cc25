import type { Carrier } from '../../content/types'
import * as styles from './home.css'

/** Carrier names on a strip that scrolls once every 50 s; a second, hidden copy makes the loop seamless. */
export function CarrierStrip({ carriers }: { carriers: Carrier[] }) {
  const names = () =>
    carriers.map((carrier) => (
      <li key={carrier.name} className={styles.carrier} data-mode={carrier.mode}>
        {carrier.name}
      </li>
    ))
  return (
    <div className={styles.marquee}>
      <div className={styles.marqueeTrack} data-testid="carrier-track">
        <ul className={styles.carrierList}>{names()}</ul>
        <ul className={styles.carrierList} aria-hidden="true">
          {names()}
        </ul>
      </div>
    </div>
  )
}
