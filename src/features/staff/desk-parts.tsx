import type { DeskQueueItem } from '../../../contract/quote-desk'
import type { ServiceLevel } from '../../../contract/working-hours'
import { formatAccountTime } from '../../app/datetime'
import * as styles from './sales-desk.css'

/** One fact of a desk's record (a booking, a request, a rate sheet): its name above its value, in a `<dl>`. */
export function Fact({ name, children }: { name: string; children: React.ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt className={styles.factName}>{name}</dt>
      <dd className={styles.factValue}>{children}</dd>
    </div>
  )
}

/** How each service level reads: words and an icon, never colour alone; due soon and overdue stand out. */
const levels: Record<ServiceLevel, { text: string; icon: string; tone: keyof typeof styles.badge }> = {
  'on time': { text: 'On time', icon: '○', tone: 'neutral' },
  'due soon': { text: 'Due soon', icon: '⚠', tone: 'warning' },
  overdue: { text: 'Overdue', icon: '‼', tone: 'danger' },
  answered: { text: 'Answered', icon: '✓', tone: 'success' },
}

/** "Overdue (due 24 Nov, 12:00 SGT)" as a badge. */
export function ServiceLevelBadge({ level, dueAt }: DeskQueueItem['serviceLevel']) {
  const shown = levels[level]
  return (
    // The due time may wrap under the badge on a narrow screen; the badge itself stays on one line.
    <span data-testid="service-level">
      <span className={styles.badge[shown.tone]}>
        <span aria-hidden="true">{shown.icon} </span>
        <strong>{shown.text}</strong>
      </span>
      {level === 'answered' ? null : <span> · due {formatAccountTime(dueAt)}</span>}
    </span>
  )
}

/** "45 min", "3 h 20 min", "2 days": how long ago a request was made. */
export function ageText(requestedAt: string, now: Date = new Date()): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(requestedAt).getTime()) / 60_000))
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`
  return `${Math.floor(hours / 24)} days`
}

/** "Singapore (SGSIN) to Santos (BRSSZ)". */
export const laneText = (item: Pick<DeskQueueItem, 'origin' | 'destination'>) =>
  `${item.origin.name} (${item.origin.code}) to ${item.destination.name} (${item.destination.code})`
