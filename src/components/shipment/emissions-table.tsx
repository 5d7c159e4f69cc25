import {
  co2eText,
  type EmissionFactors,
  type EmissionLeg,
  massText,
  type ShipmentEmissions,
} from '../../../contract/emissions'
import { groupedNumber } from '../../../contract/text'
import * as styles from './charges.css'
import { quantity } from './emissions.css'
import * as panel from './price.css'

const legNames: Record<EmissionLeg['kind'], string> = {
  pickup: 'Pickup by road',
  main: 'Carriage',
  delivery: 'Delivery by road',
}

const mainNames = { SEA: 'By sea', AIR: 'By air', ROAD: 'By road' } as const

/** "door" is the address the pickup starts from or the delivery ends at. */
const placeText = (code: string) => (code === 'door' ? 'door' : code)

/** "8.9 g" or "789 g": a factor as published, one decimal when it has one. */
const factorText = (g: number) => `${Number.isInteger(g) ? groupedNumber(g) : g.toFixed(1)} g`

const massBasisText: Record<ShipmentEmissions['mass']['basis'], string> = {
  declared: 'the gross weights declared',
  'default payload': 'the default payload of 10,000 kg per TEU, as no gross weight is declared yet',
  'gross weight': 'the gross weight of the cargo',
}

/**
 * A shipment's emissions leg by leg (the Quotation Preview; the booking page and its PDF to come): each leg's
 * distance and mass, its factor and its kg CO2e well-to-wheel with tank-to-wheel beside it, the total, and the
 * method, factors and data quality named. On a phone each leg is two lines, as a price's charges are.
 */
export function EmissionsTable({ figure, factors }: { figure: ShipmentEmissions; factors: EmissionFactors }) {
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
                {leg.kind === 'main' ? mainNames[leg.mode] : legNames[leg.kind]}, {placeText(leg.from)} to{' '}
                {placeText(leg.to)}
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
      <p className={panel.muted}>
        Counted by ISO 14083:2023 and the GLEC Framework v3: each leg's mass × distance × the factor of its
        mode. Sea distances as sailed on the sea-route network, air as the great circle plus 95 km, road as
        the outer bound of the trucking zone. Mass: {massBasisText[figure.mass.basis]}. Data quality: default
        factors ({figure.factorsVersion}; {factors.source}), the lowest tier of ISO 14083.
      </p>
    </section>
  )
}
