import type { BookingStatus, Milestone } from '../../../contract/bookings'
import { milestoneStates, milestoneStateText } from '../../../contract/milestones'
import { formatDateTime } from '../../app/datetime'
import * as styles from './shipment.css'

function transport(m: Milestone) {
  if (m.flight) return `Flight ${m.flight}`
  if (m.vesselName) return `${m.vesselName}${m.voyage ? `, voyage ${m.voyage}` : ''}`
  return null
}

/**
 * The milestones of a shipment, in order, each time in its place's time zone, each read as the booking's
 * status allows (contract/milestones.ts): a milestone the shipment is past shows no plan or estimate.
 */
export function MilestoneTimeline({
  milestones,
  status,
}: {
  milestones: readonly Milestone[]
  status: BookingStatus
}) {
  if (milestones.length === 0) return <p>No milestones yet.</p>
  const states = milestoneStates(milestones, status)
  return (
    <ol className={styles.timeline} data-testid="milestones">
      {milestones.map((m, index) => {
        const state = states[index] ?? 'next'
        const ahead = state === 'current' || state === 'next'
        const zone = m.location?.time_zone
        const via = transport(m)
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
                    <dd>{formatDateTime(m.actual, zone)}</dd>
                  </>
                ) : null}
                {m.estimated && ahead ? (
                  <>
                    <dt>Estimated</dt>
                    <dd>{formatDateTime(m.estimated, zone)}</dd>
                  </>
                ) : null}
                {m.planned && (m.actual || ahead) ? (
                  <>
                    <dt>Planned</dt>
                    <dd>{formatDateTime(m.planned, zone)}</dd>
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
