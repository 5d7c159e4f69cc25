import type { ReactNode } from 'react'
import {
  co2eText,
  type EmissionFactors,
  factorText,
  legTitle,
  massText,
  methodText,
  type ShipmentEmissions,
} from '../../../contract/emissions'
import { groupedNumber } from '../../../contract/text'
import * as styles from './charges.css'
import { quantity } from './emissions.css'
import * as panel from './price.css'

/**
 * A shipment's emissions leg by leg (the Quotation Preview and the booking page): each leg's
 * distance and mass, its factor and its kg CO2e well-to-wheel with tank-to-wheel beside it, the total, and the
 * method, factors and data quality named. On a phone each leg is two lines, as a price's charges are.
 */
export function EmissionsTable({
  figure,
  factors,
  children,
}: {
  figure: ShipmentEmissions
  factors: EmissionFactors
  /** Below the total: when a booking's figure was counted, and what it replaced. */
  children?: ReactNode
}) {
  return (
    <section className={panel.section} aria-labelledby="emissions-title">
      <h2 id="emissions-title">Emissions</h2>
      <table className={styles.table}>
        <thead className={styles.head}>
          <tr>
            <th className={styles.headCell} scope="col">
              Leg
            </th>
            <th className={styles.headCell} scope="col">
              Distance × mass
            </th>
            <th className={styles.headMoney} scope="col">
              Factor (WTW per t·km)
            </th>
            <th className={styles.headMoney} scope="col">
              Tank-to-wheel
            </th>
            <th className={styles.headMoney} scope="col">
              Well-to-wheel
            </th>
          </tr>
        </thead>
        <tbody className={styles.body}>
          {figure.legs.map((leg) => (
            <tr key={`${leg.kind}-${leg.from}-${leg.to}`} className={styles.row} data-testid="emission-leg">
              <td className={styles.name}>
                {legTitle(leg)}
                <br />
                <span className={styles.muted}>{factors.factors[leg.factor].label}</span>
              </td>
              <td className={styles.detailText}>
                <span className={quantity}>{groupedNumber(leg.distanceKm)} km</span> ×{' '}
                <span className={quantity}>{massText(figure.mass.kg)}</span>
              </td>
              <td className={styles.detail} data-part="unit">
                {factorText(factors.factors[leg.factor].wtwGPerTkm)}
              </td>
              <td className={styles.detail}>
                TTW <span className={quantity}>{co2eText(leg.ttwGrams)}</span>
              </td>
              <td className={styles.usd}>
                <span className={quantity}>{co2eText(leg.wtwGrams)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.total} data-testid="emissions-total" aria-live="polite">
        {co2eText(figure.wtwGrams)}{' '}
        <span className={styles.muted}>well-to-wheel ({co2eText(figure.ttwGrams)} tank-to-wheel)</span>
      </p>
      {children}
      <p className={panel.muted}>{methodText(figure, factors)}</p>
    </section>
  )
}
