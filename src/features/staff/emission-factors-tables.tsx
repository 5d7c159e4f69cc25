import type { ReactNode } from 'react'
import type {
  EmissionFactorsHistory,
  FactorsDryRun,
  FactorsVersion,
} from '../../../contract/emission-factors'
import { co2eText, type EmissionFactors, emissionFactorKeys, factorText } from '../../../contract/emissions'
import { percentText } from '../../../contract/pricing/reference'
import { formatAccountTime } from '../../app/datetime'
import * as styles from './emission-factors-page.css'

/** The tables of the Emission factors page: the table in force, a version's dry run, the versions. */

const when = (version: FactorsVersion, now: Date) =>
  version.appliedAt ? (
    <time dateTime={version.appliedAt}>{formatAccountTime(version.appliedAt, now)}</time>
  ) : (
    'Built in'
  )

const by = (version: FactorsVersion) =>
  version.builtIn ? 'The method’s defaults' : (version.appliedBy?.name ?? 'A former staff member')

/** A change in percent, in words beside the sign: more, less or no change, not by colour alone. */
function Change({ percent }: { percent: number | null }) {
  if (percent === null) return <>—</>
  if (percent === 0) return <>No change</>
  return (
    <span className={percent > 0 ? styles.dearer : styles.cheaper}>
      {percentText(percent)} {percent > 0 ? 'more' : 'less'}
    </span>
  )
}

function Head({ names }: { names: string[] }) {
  return (
    <thead className={styles.head}>
      <tr>
        {names.map((name) => (
          <th key={name} scope="col" className={styles.headCell}>
            {name}
          </th>
        ))}
      </tr>
    </thead>
  )
}

function Cell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td className={styles.cell} data-label={label}>
      <div className={styles.cellValue}>{children}</div>
    </td>
  )
}

/** The factors of a table: name, WTW, TTW and source. */
export function FactorsTable({ table, caption }: { table: EmissionFactors; caption: ReactNode }) {
  return (
    <table className={styles.table} data-testid="factors-in-force">
      <caption className={styles.caption}>{caption}</caption>
      <Head names={['Factor', 'WTW g CO2e/t·km', 'TTW g CO2e/t·km', 'Source']} />
      <tbody className={styles.body}>
        {emissionFactorKeys.map((key) => {
          const factor = table.factors[key]
          return (
            <tr key={key} className={styles.tableRow}>
              <th scope="row" className={styles.titleCell}>
                {factor.label}
              </th>
              <Cell label="WTW g CO2e/t·km">{factorText(factor.wtwGPerTkm)}</Cell>
              <Cell label="TTW g CO2e/t·km">{factorText(factor.ttwGPerTkm)}</Cell>
              <Cell label="Source">{factor.source}</Cell>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}

/** What the version checked changes: each factor, then each reference shipment, before and after. */
export function DryRunReport({ dryRun }: { dryRun: FactorsDryRun }) {
  const changed = dryRun.factors.filter((f) => f.changed)
  return (
    <div data-testid="factors-dry-run">
      <p>
        Compared with {dryRun.current.version}:{' '}
        {changed.length === 0
          ? 'no factor changes'
          : changed.length === 1
            ? '1 factor changes'
            : `${changed.length} factors change`}
        .
      </p>
      <table className={styles.table}>
        <caption className={styles.caption}>Factors, g CO2e per tonne-km</caption>
        <Head names={['Factor', 'WTW before → after', 'WTW change', 'TTW before → after', 'TTW change']} />
        <tbody className={styles.body}>
          {dryRun.factors.map((f) => (
            <tr key={f.key} className={styles.tableRow}>
              <th scope="row" className={styles.titleCell}>
                {f.after.label}
                {f.after.source !== f.before.source ? (
                  <div className={styles.muted}>New source: {f.after.source}</div>
                ) : null}
              </th>
              <Cell label="WTW before → after">
                {factorText(f.before.wtwGPerTkm)} → {factorText(f.after.wtwGPerTkm)}
              </Cell>
              <Cell label="WTW change">
                <Change percent={f.wtwChangePercent} />
              </Cell>
              <Cell label="TTW before → after">
                {factorText(f.before.ttwGPerTkm)} → {factorText(f.after.ttwGPerTkm)}
              </Cell>
              <Cell label="TTW change">
                <Change percent={f.ttwChangePercent} />
              </Cell>
            </tr>
          ))}
        </tbody>
      </table>
      <table className={styles.table}>
        <caption className={styles.caption}>Reference shipments, WTW (TTW after)</caption>
        <Head names={['Shipment', 'Carriage', 'Before', 'After', 'Change']} />
        <tbody className={styles.body}>
          {dryRun.references.map((r) => (
            <tr key={r.id} className={styles.tableRow} data-testid="reference-figure">
              <th scope="row" className={styles.titleCell}>
                {r.shipment}
              </th>
              <Cell label="Carriage">{r.carriage}</Cell>
              <Cell label="Before">{co2eText(r.before.wtwGrams)}</Cell>
              <Cell label="After">
                {co2eText(r.after.wtwGrams)}
                <div className={styles.muted}>TTW {co2eText(r.after.ttwGrams)}</div>
              </Cell>
              <Cell label="Change">
                <Change percent={r.wtwChangePercent} />
              </Cell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** Every version, newest first: the one in force first, the built-in defaults last. */
export function VersionsTable({ history, now }: { history: EmissionFactorsHistory; now: Date }) {
  return (
    <table className={styles.table} data-testid="factors-versions">
      <caption className={styles.caption}>
        {history.versions.length === 1 ? '1 version' : `${history.versions.length} versions`}, newest first
      </caption>
      <Head names={['Version', 'Applied', 'By', 'Source', 'Note']} />
      <tbody className={styles.body}>
        {history.versions.map((version, index) => (
          <tr key={version.table.version} className={styles.tableRow} data-testid="factors-version">
            <th scope="row" className={styles.titleCell}>
              {version.table.version}
              {index === 0 ? <div className={styles.muted}>In force</div> : null}
            </th>
            <Cell label="Applied">{when(version, now)}</Cell>
            <Cell label="By">{by(version)}</Cell>
            <Cell label="Source">{version.table.source}</Cell>
            <Cell label="Note">{version.note ?? '—'}</Cell>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
