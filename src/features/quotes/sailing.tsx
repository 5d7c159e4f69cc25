import { freeTimeText, type Sailing } from '../../../contract/pricing/schedule'
import type { Mode } from '../../../contract/pricing/types'
import { formatScheduleDay } from '../../app/datetime'
import * as styles from './quotes.css'

const daysText = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`

/** "Wed 2 Dec", never split across lines. */
function Day({ date }: { date: string }) {
  return (
    <time dateTime={date} className={styles.scheduleDay}>
      {formatScheduleDay(date)}
    </time>
  )
}

/**
 * What a buyer compares besides the price (docs/pricing.md, "Sailings and free time"): the sailing or
 * flight with its transit days, the two cut-offs, and the free time at destination. Without a schedule,
 * the transit days alone (and the free time when the sheet states it).
 */
export function SailingFacts({
  mode,
  sailing,
  transitDays,
  freeDays,
}: {
  mode: Mode
  sailing: Sailing | null
  transitDays: number
  freeDays: number | null
}) {
  const freeTime = freeTimeText(mode, sailing?.freeDays ?? freeDays)
  return (
    <span className={styles.schedule} data-testid="option-schedule">
      {sailing ? (
        <>
          <span className={styles.scheduleLine}>
            ETD <Day date={sailing.etd} /> · ETA <Day date={sailing.eta} /> · {daysText(sailing.transitDays)}
          </span>
          <span className={styles.scheduleNote}>
            Cargo cut-off <Day date={sailing.cargoCutoff} /> · Documents <Day date={sailing.docCutoff} />
          </span>
        </>
      ) : (
        <span className={styles.scheduleLine}>{daysText(transitDays)}</span>
      )}
      {freeTime ? <span className={styles.scheduleNote}>{freeTime}</span> : null}
    </span>
  )
}
