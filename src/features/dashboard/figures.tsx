/**
 * The company's figures: three counts, and this year's spend by mode drawn as bars for the eye and given as
 * a table for everyone (the drawing is hidden from assistive technology; the table carries the numbers).
 */
import type { Dashboard } from '../../../contract/dashboard'
import * as styles from './dashboard.css'
import { usd } from './sections'

type Figures = Dashboard['figures']
type Spend = Figures['spendThisYear']

export const figureLabels = {
  quotesThisMonth: 'Quotes this month',
  bookingsInProgress: 'Bookings in progress',
  deliveredThisYear: 'Shipments delivered this year',
} as const satisfies Record<Exclude<keyof Figures, 'spendThisYear'>, string>

// The drawing's own units (the viewBox): it scales to its column.
const WIDTH = 320
const ROW = 34
const LABEL = 44
const VALUE = 124
const BAR = 22

/** Bars of the spend by mode, the longest the largest; an empty year draws empty tracks. */
export function SpendChart({ spend }: { spend: Spend }) {
  const largest = Math.max(0, ...spend.map((s) => s.totalUsd))
  const room = WIDTH - LABEL - VALUE
  return (
    <svg
      className={styles.chart}
      viewBox={`0 0 ${WIDTH} ${spend.length * ROW}`}
      aria-hidden="true"
      focusable="false"
      data-testid="spend-chart"
    >
      {spend.map((s, index) => {
        const y = index * ROW
        const width = largest > 0 ? Math.max(s.totalUsd > 0 ? 2 : 0, (s.totalUsd / largest) * room) : 0
        return (
          <g key={s.mode} data-mode={s.mode}>
            <text className={styles.chartLabel} x={0} y={y + ROW / 2} dominantBaseline="middle">
              {s.mode}
            </text>
            <rect
              className={styles.chartTrack}
              x={LABEL}
              y={y + (ROW - BAR) / 2}
              width={room}
              height={BAR}
              rx={3}
            />
            <rect
              className={styles.chartBar}
              x={LABEL}
              y={y + (ROW - BAR) / 2}
              width={width}
              height={BAR}
              rx={3}
            />
            <text
              className={styles.chartValue}
              x={WIDTH}
              y={y + ROW / 2}
              dominantBaseline="middle"
              textAnchor="end"
            >
              {usd(s.totalUsd)}
            </text>
          </g>
        )
      })}
    </svg>
  )
}

export function SpendTable({ spend }: { spend: Spend }) {
  const total = spend.reduce((sum, s) => sum + s.totalUsd, 0)
  return (
    <table className={styles.table} data-testid="spend-table">
      <caption className={styles.caption}>Spend this year by mode (USD)</caption>
      <thead>
        <tr>
          <th className={styles.headCell} scope="col">
            Mode
          </th>
          <th className={styles.headMoney} scope="col">
            Spend
          </th>
        </tr>
      </thead>
      <tbody>
        {spend.map((s) => (
          <tr key={s.mode}>
            <th className={styles.rowHead} scope="row">
              {s.mode}
            </th>
            <td className={styles.money}>{usd(s.totalUsd)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className={styles.totalRow}>
          <th className={styles.rowHead} scope="row">
            Total
          </th>
          <td className={styles.money}>{usd(total)}</td>
        </tr>
      </tfoot>
    </table>
  )
}

export function Figures({ figures }: { figures: Figures }) {
  return (
    <section className={styles.section} aria-labelledby="figures" data-testid="figures">
      <h2 id="figures" className={styles.title}>
        Figures
      </h2>
      <dl className={styles.tiles}>
        {(Object.keys(figureLabels) as (keyof typeof figureLabels)[]).map((key) => (
          <div key={key} className={styles.tile} data-testid={`figure-${key}`}>
            <dt className={styles.tileLabel}>{figureLabels[key]}</dt>
            <dd className={styles.tileValue}>{figures[key]}</dd>
          </div>
        ))}
      </dl>
      <h3 className={styles.subtitle}>Spend this year</h3>
      <SpendChart spend={figures.spendThisYear} />
      <SpendTable spend={figures.spendThisYear} />
    </section>
  )
}
