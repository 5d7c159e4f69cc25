import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { chargeBasisWords, chargeSideWords } from '../../../contract/charge-words'
import { moneyText } from '../../../contract/pricing/money'
import { departureDaysText, freeTimeText } from '../../../contract/pricing/schedule'
import type { ChargeLine } from '../../../contract/pricing/types'
import type { RateSheetDetail } from '../../../contract/rate-files'
import { calendarDay } from '../../../contract/times'
import { rateSheetMachine } from '../../../machines/rate-sheet.machine'
import { getRateSheet } from '../../api/rate-files'
import { Button } from '../../components/ui/button'
import { Link } from '../../staff/link'
import { staffConsole } from './console'
import * as consoleStyles from './console.css'
import { Fact } from './desk-parts'
import * as styles from './rates.css'
import { laneName, reference } from './rates-report'

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`)

/** A line's rate as the carrier's file gives it: per its basis, by weight break, or a percentage. */
function rateText(line: ChargeLine): string {
  if (line.basis === 'percent') return `${(line.amount / 100).toFixed(2)} %`
  if (line.basis === 'kg' && line.breaks) {
    return Object.entries(line.breaks)
      .map(([from, amount]) => `${from} kg: ${moneyText(amount ?? 0, line.currency)}`)
      .join('; ')
  }
  return moneyText(line.amount, line.currency)
}

/** The sheet's facts: its lane, validity, schedule and what it refuses. */
function SheetFacts({ detail }: { detail: RateSheetDetail }) {
  const { sheet, schedule } = detail
  const facts: [string, string][] = [
    ['Carrier and service', `${sheet.carrier} / ${sheet.service}`],
    ['Valid', `${calendarDay(sheet.validFrom)} to ${calendarDay(sheet.validTo)}`],
    ['Currency', sheet.currency],
    ['Reference price', reference(sheet.reference)],
    ['Transit', days(sheet.transitDays)],
    [
      'Departs',
      schedule.departureDays.length > 0 ? departureDaysText(schedule.departureDays) : 'No schedule published',
    ],
    ['Cargo cut-off', `${days(schedule.cargoCutoffDays)} before departure`],
    ['Documents cut-off', `${days(schedule.docCutoffDays)} before departure`],
    ['Free time', freeTimeText(sheet.mode, schedule.freeDays) ?? 'Not stated'],
    [
      'Dangerous goods refused',
      detail.refusedDgClasses.length > 0 ? `Classes ${detail.refusedDgClasses.join(', ')}` : 'None',
    ],
  ]
  return (
    <dl className={styles.facts}>
      {facts.map(([name, value]) => (
        <Fact key={name} name={name}>
          {value}
        </Fact>
      ))}
    </dl>
  )
}

function ChargeLines({ charges }: { charges: ChargeLine[] }) {
  if (charges.length === 0) return <p>This sheet has no charge lines.</p>
  return (
    <table className={styles.table} data-testid="rate-sheet-lines">
      <caption className={styles.caption}>Charge lines ({charges.length}), in the file’s order</caption>
      <thead className={styles.head}>
        <tr>
          {['Charge', 'Category', 'Counted', 'Rate', 'Minimum', 'Applies to'].map((name) => (
            <th key={name} scope="col" className={styles.headCell}>
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={styles.body}>
        {charges.map((line, index) => (
          // Lines have no id of their own: their position in the file is theirs.
          // biome-ignore lint/suspicious/noArrayIndexKey: the file's order is the line's identity
          <tr key={index} className={styles.tableRow} data-testid="rate-sheet-line">
            <th scope="row" className={styles.titleCell}>
              {line.name} <span className={styles.muted}>({line.code})</span>
            </th>
            <td className={styles.cell} data-label="Category">
              <div className={styles.cellValue}>{chargeSideWords[line.side]}</div>
            </td>
            <td className={styles.cell} data-label="Counted">
              <div className={styles.cellValue}>
                {chargeBasisWords[line.basis]}
                {line.containerType ? ` (${line.containerType})` : ''}
              </div>
            </td>
            <td className={styles.cell} data-label="Rate">
              <div className={styles.cellValue}>{rateText(line)}</div>
            </td>
            <td className={styles.cell} data-label="Minimum">
              <div className={styles.cellValue}>
                {line.minimum > 0 ? moneyText(line.minimum, line.currency) : 'None'}
              </div>
            </td>
            <td className={styles.cell} data-label="Applies to">
              <div className={styles.cellValue}>
                {line.hazardousOnly
                  ? `Dangerous goods${line.packingGroups ? `, packing group ${line.packingGroups.join(', ')}` : ''}`
                  : 'All cargo'}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** /staff/rates/$id (Pricing, Admin): one rate sheet with its lines, read-only. */
export function RateSheetPage({ id }: { id: string }) {
  const { api } = staffConsole()
  const actor = useActorRef(
    rateSheetMachine.provide({
      actors: { loadSheet: fromPromise(({ input }) => getRateSheet(api, input.id)) },
    }),
    { input: { id } },
  )
  const state = useSelector(actor, (s) => s)
  const { detail, message } = state.context
  return (
    <div className={styles.page}>
      <p>
        <Link to="/staff/rates" className={styles.link}>
          Pricing desk
        </Link>
      </p>
      <h1>{detail ? `Rate sheet ${laneName(detail.sheet)}` : 'Rate sheet'}</h1>
      {state.matches('loading') ? <p role="status">Loading the sheet…</p> : null}
      {state.matches('notFound') ? <p role="alert">No such rate sheet.</p> : null}
      {state.matches('failed') ? (
        <div role="alert" className={consoleStyles.error}>
          <p>{message}</p>
          <Button tone="secondary" onPress={() => actor.send({ type: 'user.retry' })}>
            Try again
          </Button>
        </div>
      ) : null}
      {detail ? (
        <>
          <p className={consoleStyles.lead}>
            {detail.sheet.status === 'upcoming'
              ? 'Upcoming: '
              : detail.sheet.status === 'expired'
                ? 'Ended: '
                : 'In force: '}
            read-only. A rate file changes it (validity judged on {calendarDay(detail.today)}, Singapore).
          </p>
          <section aria-labelledby="sheet-facts" className={styles.section}>
            <h2 id="sheet-facts">Lane and schedule</h2>
            <SheetFacts detail={detail} />
          </section>
          <section aria-labelledby="sheet-lines" className={styles.section}>
            <h2 id="sheet-lines">Charges</h2>
            <ChargeLines charges={detail.charges} />
          </section>
          <section aria-labelledby="sheet-lane" className={styles.section}>
            <h2 id="sheet-lane">Other sheets of this lane</h2>
            {detail.laneSheets.length === 0 ? (
              <p>None in force or upcoming.</p>
            ) : (
              <ul>
                {detail.laneSheets.map((other) => (
                  <li key={other.id}>
                    <Link to="/staff/rates/$id" params={{ id: String(other.id) }} className={styles.link}>
                      {calendarDay(other.validFrom)} to {calendarDay(other.validTo)}
                    </Link>{' '}
                    ({other.status === 'upcoming' ? 'upcoming' : 'in force'})
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      ) : null}
    </div>
  )
}
