import type { BookingStatus, Milestone } from '../../../contract/bookings'
import { carriageText, milestoneStates, milestoneStateText } from '../../../contract/milestones'
import { formatTimeThere } from '../../app/datetime'
import * as styles from './shipment.css'

const unplaced = { name: '', time_zone: null }

/**
 * The milestones of a shipment, in order, each read as the booking's status allows (contract/milestones.ts):
 * a milestone the shipment is past shows no plan or estimate. Each time is its place's local time with the
 * GMT offset ("5 Nov, 10:00 (GMT+8)"), a day planned without a time as the day ("1 Dec"); the row's title
 * names the place, so the time does not repeat it.
 */
export function MilestoneTimeline({
  milestones,
  status,
  now = new Date(),
}: {
  milestones: readonly Milestone[]
  status: BookingStatus
  /** Times in this year leave the year out. */
  now?: Date
}) {
  if (milestones.length === 0) return <p>No milestones yet.</p>
  const states = milestoneStates(milestones, status)
  return (
    <ol className={styles.timeline} data-testid="milestones">
      {milestones.map((m, index) => {
        const state = states[index] ?? 'next'
        const ahead = state === 'current' || state === 'next'
        const when = (iso: string) => (
          <time dateTime={iso}>{formatTimeThere(iso, m.location ?? unplaced, now)}</time>
        )
        const via = carriageText(m)
        return (
          <li
            key={`${m.key}-${m.location?.code ?? ''}-${m.planned ?? m.actual ?? ''}`}
            className={styles.milestone[state]}
            data-state={state}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className={styles.dot[state]} aria-hidden="true" />
            <div>
              <p className={styles.milestoneTitle}>
                {m.label}
                {m.location ? (
                  <span className={styles.muted}>
                    {' '}
                    · {m.location.name} ({m.location.code})
                  </span>
                ) : null}{' '}
                <span className={styles.stateTag[state]}>{milestoneStateText[state]}</span>
              </p>
              <dl className={styles.times}>
                {m.actual ? (
                  <>
                    <dt>Actual</dt>
                    <dd>{when(m.actual)}</dd>
                  </>
                ) : null}
                {m.estimated && ahead ? (
                  <>
                    <dt>Estimated</dt>
                    <dd>{when(m.estimated)}</dd>
                  </>
                ) : null}
                {m.planned && (m.actual || ahead) ? (
                  <>
                    <dt>Planned</dt>
                    <dd>{when(m.planned)}</dd>
                  </>
                ) : null}
              </dl>
              {via ? <p className={styles.muted}>{via}</p> : null}
            </div>
          </li>
        )
      })}
    </ol>
  )
}
