import type { ReactNode } from 'react'
import { moneyText } from '../../../contract/pricing/money'
import { percentText } from '../../../contract/pricing/reference'
import type { RateFileReport, ReferencePrice, ReportSheet } from '../../../contract/rate-files'
import * as styles from './rates.css'

/** Rows a part of the report shows; the rest are counted. */
const SHOWN = 200

const usd = (cents: number | null) => (cents === null ? '—' : moneyText(cents, 'USD'))
export const reference = (price: ReferencePrice | null) =>
  price ? `${price.label}: ${moneyText(price.totalUsd, 'USD')}` : 'Not priced'
export const laneName = (s: ReportSheet) => `${s.mode} ${s.origin} → ${s.destination}`

/** One part of a report: a table of sheets, at most SHOWN rows, with its columns. */
function ReportTable<T extends ReportSheet>({
  title,
  rows,
  columns,
}: {
  title: string
  rows: T[]
  columns: { name: string; cell: (row: T) => ReactNode }[]
}) {
  if (rows.length === 0) return null
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>
        {title} ({rows.length}){rows.length > SHOWN ? `, the first ${SHOWN} shown` : ''}
      </caption>
      <thead className={styles.head}>
        <tr>
          {['Lane', 'Carrier and service', 'Valid', ...columns.map((c) => c.name)].map((name) => (
            <th key={name} scope="col" className={styles.headCell}>
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={styles.body}>
        {rows.slice(0, SHOWN).map((row) => (
          <tr
            key={`${laneName(row)} ${row.carrier} ${row.service} ${row.validFrom}`}
            className={styles.tableRow}
          >
            <th scope="row" className={styles.titleCell}>
              {laneName(row)}
            </th>
            <td className={styles.cell} data-label="Carrier and service">
              {row.carrier} / {row.service}
            </td>
            <td className={styles.cell} data-label="Valid">
              {row.validFrom} to {row.validTo}
            </td>
            {columns.map((c) => (
              <td key={c.name} className={styles.cell} data-label={c.name}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** A rate file's dry run: what it refuses, changes, adds and removes, each sheet with its reference price. */
export function Report({ report }: { report: RateFileReport }) {
  return (
    <div data-testid="rate-report">
      <ul className={styles.summary} aria-label="What the file changes">
        <li>{report.refused.length} refused</li>
        <li>{report.added.length} added</li>
        <li>{report.changed.length} changed</li>
        <li>{report.removed.length} removed</li>
        <li>{report.unchanged} unchanged</li>
      </ul>
      <p className={styles.note}>
        {report.file.name}: {report.sheets} sheets, {report.charges} charge lines,{' '}
        {report.file.bytes.toLocaleString('en-US')} bytes; compared on {report.today} (Singapore).
        {report.tariffs.length > 0
          ? ` It replaces the tariffs of ${report.tariffs.map((t) => `${t.mode} ${t.carrier}`).join('; ')}.`
          : ''}
      </p>
      {report.refused.length > 0 ? (
        <table className={styles.table}>
          <caption className={styles.caption}>Refused rows ({report.refused.length})</caption>
          <thead className={styles.head}>
            <tr>
              <th scope="col" className={styles.headCell}>
                Row
              </th>
              <th scope="col" className={styles.headCell}>
                Reason
              </th>
            </tr>
          </thead>
          <tbody className={styles.body}>
            {report.refused.slice(0, SHOWN).map((row) => (
              <tr key={`${row.row} ${row.reason}`} className={styles.tableRow}>
                <th scope="row" className={styles.titleCell}>
                  Row {row.row}
                </th>
                <td className={styles.cell} data-label="Reason">
                  {row.reason}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <ReportTable
        title="Changed"
        rows={report.changed}
        columns={[
          { name: 'Priced for', cell: (s) => s.referenceLabel },
          { name: 'Before', cell: (s) => usd(s.beforeUsd) },
          { name: 'After', cell: (s) => usd(s.afterUsd) },
          {
            name: 'Change',
            cell: (s) =>
              s.changePercent === null ? (
                '—'
              ) : (
                <span
                  className={
                    s.changePercent > 0 ? styles.dearer : s.changePercent < 0 ? styles.cheaper : undefined
                  }
                >
                  {percentText(s.changePercent)}{' '}
                  {s.changePercent > 0 ? 'dearer' : s.changePercent < 0 ? 'cheaper' : ''}
                </span>
              ),
          },
        ]}
      />
      <ReportTable
        title="Added"
        rows={report.added}
        columns={[{ name: 'Reference price', cell: (s) => reference(s.reference) }]}
      />
      <ReportTable
        title="Removed"
        rows={report.removed}
        columns={[
          {
            name: 'What happens',
            cell: (s) => (s.outcome === 'ended' ? `Ends ${s.endsOn}` : 'Deleted (not begun)'),
          },
          { name: 'Reference price', cell: (s) => reference(s.reference) },
        ]}
      />
    </div>
  )
}
