import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { co2eText, emissionFactorKeys, factorText } from '../../../contract/emissions'
import {
  type EmissionsPeriod,
  type EmissionsReport,
  emissionsModeNames,
  kgText,
  massBasisNames,
  monthText,
  notCountedText,
  periodText,
  type ReportSum,
} from '../../../contract/emissions-report'
import { countText, groupedNumber } from '../../../contract/text'
import type { emissionsReportMachine } from '../../../machines/emissions-report.machine'
import { formatDay } from '../../app/datetime'
import { Button } from '../../components/ui/button'
import { visuallyHidden } from '../../styles/visually-hidden.css'
import * as styles from './emissions.css'

export type EmissionsActor = ActorRefFrom<typeof emissionsReportMachine>

/** Whole grams as "1,234.5" kg CO2e, as the tables write them. */
const kg = (grams: number) => kgText(grams / 1000)

/**
 * The report shown: the totals with the method, factors and data quality under them and the downloads; the
 * sums by mode and by month; each booking (its number opens it). An empty period says so instead of tables.
 */
export function ReportView({
  actor,
  report,
  shownPeriod,
}: {
  actor: EmissionsActor
  report: EmissionsReport
  shownPeriod: EmissionsPeriod
}) {
  const idle = useSelector(actor, (s) => s.matches({ ready: 'idle' }))
  const format = useSelector(actor, (s) => s.context.format)
  const { totals } = report
  const notCounted = notCountedText(totals)
  const empty = report.bookings.length === 0
  return (
    <>
      <section aria-labelledby="emissions-totals-title" className={styles.section}>
        <h2 id="emissions-totals-title">Total, {periodText(report.period)}</h2>
        {empty ? (
          <p data-testid="emissions-empty">
            No booking was made from {formatDay(report.period.firstDay)} to {formatDay(report.period.lastDay)}
            : there are no emissions to report for this period.
          </p>
        ) : (
          <div className={styles.totals}>
            <p className={styles.total} data-testid="emissions-total">
              {co2eText(totals.wtwGrams)}
              <span className={styles.muted}> well-to-wheel (WTW)</span>
            </p>
            <p className={styles.beside} data-testid="emissions-total-ttw">
              {co2eText(totals.ttwGrams)} <span className={styles.muted}>tank-to-wheel (TTW)</span>
            </p>
          </div>
        )}
        {!empty ? (
          <p className={styles.muted}>
            {countText(totals.bookings, 'booking')}, {groupedNumber(totals.counted)} counted. Cancelled
            bookings are left out.
          </p>
        ) : null}
        {notCounted ? <p role="note">{notCounted}</p> : null}
        <div className={styles.notes}>
          <h3>Method</h3>
          <p>{report.method}</p>
          <h3>Factors</h3>
          {report.factors.length === 0 ? (
            <p>No booking of the period has a figure: no factors were used.</p>
          ) : (
            report.factors.map((version) => <FactorsOf key={version.version} version={version} />)
          )}
          <h3>Data quality</h3>
          <p>{report.dataQuality}</p>
        </div>
        <div className={styles.downloads}>
          <Button
            tone="secondary"
            isDisabled={!idle}
            onPress={() => actor.send({ type: 'report.download', format: 'csv' })}
          >
            {format === 'csv' ? 'Downloading…' : 'Download CSV'}
          </Button>
          <Button
            tone="secondary"
            isDisabled={!idle}
            onPress={() => actor.send({ type: 'report.download', format: 'pdf' })}
          >
            {format === 'pdf' ? 'Downloading…' : 'Download PDF'}
          </Button>
        </div>
        <p className={styles.muted}>The files are of {periodText(shownPeriod)}, as shown here.</p>
      </section>
      {!empty ? (
        <>
          <Sums
            id="emissions-by-mode"
            title="By mode"
            column="Mode"
            rows={report.byMode.map((sum) => ({ key: sum.mode, name: emissionsModeNames[sum.mode], sum }))}
          />
          <Sums
            id="emissions-by-month"
            title="By month"
            column="Month"
            rows={report.byMonth.map((sum) => ({ key: sum.month, name: monthText(sum.month), sum }))}
          />
          <Bookings report={report} />
        </>
      ) : null}
    </>
  )
}

/** A factors version: its name and source, then each factor's WTW and TTW intensities and source. */
function FactorsOf({ version }: { version: EmissionsReport['factors'][number] }) {
  return (
    <>
      <p>
        <strong>{version.version}</strong>: {version.source}.
      </p>
      <ul>
        {emissionFactorKeys
          .map((key) => version.factors[key])
          .map((f) => (
            <li key={f.label}>
              {f.label}: {factorText(f.wtwGPerTkm)} WTW, {factorText(f.ttwGPerTkm)} TTW per tonne-km (
              {f.source})
            </li>
          ))}
      </ul>
    </>
  )
}

const sumColumns = ['Bookings', 'Not counted', 'WTW kg CO2e', 'TTW kg CO2e'] as const

/** The sums of a grouping (by mode, by month), with their total. */
function Sums({
  id,
  title,
  column,
  rows,
}: {
  id: string
  title: string
  column: string
  rows: { key: string; name: string; sum: ReportSum }[]
}) {
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <table className={styles.sumTable} data-testid={id}>
        <caption className={visuallyHidden}>Emissions {title.toLowerCase()}, kg CO2e</caption>
        <thead className={styles.sumHead}>
          <tr>
            <th scope="col" className={styles.headCell}>
              {column}
            </th>
            {sumColumns.map((name) => (
              <th key={name} scope="col" className={styles.headMoney}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={styles.sumBody}>
          {rows.map(({ key, name, sum }) => (
            <tr key={key} className={styles.sumRow}>
              <th scope="row" className={styles.sumTitle}>
                {name}
              </th>
              <td className={styles.sumCell} data-label="Bookings">
                {groupedNumber(sum.bookings)}
              </td>
              <td className={styles.sumCell} data-label="Not counted">
                {groupedNumber(sum.notCounted)}
              </td>
              <td className={styles.sumCell} data-label="WTW kg CO2e">
                {kg(sum.wtwGrams)}
              </td>
              <td className={styles.sumCell} data-label="TTW kg CO2e">
                {kg(sum.ttwGrams)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

const bookingColumns = [
  'Booked',
  'Mode',
  'Route',
  'Carrier',
  'Mass',
  'Distance',
  'WTW kg CO2e',
  'TTW kg CO2e',
  'Counted, factors',
] as const

/** Each booking of the period: its number opens it; one not counted says so. */
function Bookings({ report }: { report: EmissionsReport }) {
  return (
    <section aria-labelledby="emissions-bookings-title">
      <h2 id="emissions-bookings-title">Bookings</h2>
      <table className={styles.table}>
        <caption className={visuallyHidden}>
          The period’s bookings, oldest first, with their emissions
        </caption>
        <thead className={styles.head}>
          <tr>
            <th scope="col" className={styles.headCell}>
              Booking
            </th>
            {bookingColumns.map((name) => (
              <th key={name} scope="col" className={name.includes('kg') ? styles.headMoney : styles.headCell}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={styles.body}>
          {report.bookings.map((b) => {
            const f = b.figure
            return (
              <tr key={b.number} className={styles.row} data-testid="emissions-booking">
                <th scope="row" className={styles.title}>
                  <Link
                    to="/user/bookings/$number"
                    params={{ number: b.number }}
                    className={`${styles.link} ${styles.reference}`}
                  >
                    {b.number}
                  </Link>
                </th>
                <td className={styles.cell} data-label="Booked">
                  {formatDay(b.bookedOn)}
                </td>
                <td className={styles.cell} data-label="Mode">
                  {b.mode}
                </td>
                <td className={styles.cell} data-label="Route">
                  {`${b.origin.code} to ${b.destination.code}`}
                </td>
                <td className={styles.cell} data-label="Carrier">
                  {b.carrier}
                </td>
                <td className={styles.cell} data-label="Mass">
                  {f ? (
                    <span>
                      {kgText(f.massKg)} kg
                      <span className={styles.small}>{massBasisNames[f.massBasis]}</span>
                    </span>
                  ) : (
                    '–'
                  )}
                </td>
                <td className={styles.cell} data-label="Distance">
                  {f ? `${groupedNumber(f.distanceKm)} km` : '–'}
                </td>
                <td className={styles.number} data-label="WTW kg CO2e">
                  {f ? kg(f.wtwGrams) : 'Not counted'}
                </td>
                <td className={styles.number} data-label="TTW kg CO2e">
                  {f ? kg(f.ttwGrams) : '–'}
                </td>
                <td className={styles.cell} data-label="Counted, factors">
                  {f ? (
                    <span>
                      {`${f.countedText[0]?.toUpperCase()}${f.countedText.slice(1)}`}
                      <span className={styles.small}>{f.factorsVersion}</span>
                    </span>
                  ) : (
                    'Not counted: a place of its route has no known position'
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}
