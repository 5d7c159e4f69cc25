import type { Milestone } from '../../../contract/bookings'
import { formatDateTime } from '../../app/datetime'
import * as styles from './shipment.css'

export type MilestoneState = 'done' | 'current' | 'next'

/**
 * Each milestone's state: done once it has an actual time; the first one not done after the last done one
 * is current (the shipment is on its way to it); the rest are next.
 */
export function milestoneStates(milestones: readonly Milestone[]): MilestoneState[] {
  let lastDone = -1
  milestones.forEach((m, index) => {
    if (m.actual) lastDone = index
  })
  return milestones.map((m, index) => (m.actual ? 'done' : index === lastDone + 1 ? 'current' : 'next'))
}

const stateText: Record<MilestoneState, string> = { done: 'Done', current: 'Next up', next: 'Planned' }

function transport(m: Milestone) {
  if (m.flight) return `Flight ${m.flight}`
  if (m.vesselName) return `${m.vesselName}${m.voyage ? `, voyage ${m.voyage}` : ''}`
  return null
}

/** The milestones of a shipment, in order, each time in its place's time zone. */
export function MilestoneTimeline({ milestones }: { milestones: readonly Milestone[] }) {
  if (milestones.length === 0) return <p>No milestones yet.</p>
  const states = milestoneStates(milestones)
  return (
    <ol className={styles.timeline} data-testid="milestones">
      {milestones.map((m, index) => {
        const state = states[index] ?? 'next'
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
                <span className={styles.stateTag[state]}>{stateText[state]}</span>
              </p>
              <dl className={styles.times}>
                {m.actual ? (
                  <>
                    <dt>Actual</dt>
                    <dd>{formatDateTime(m.actual, zone)}</dd>
                  </>
                ) : null}
                {m.estimated && !m.actual ? (
                  <>
                    <dt>Estimated</dt>
                    <dd>{formatDateTime(m.estimated, zone)}</dd>
                  </>
                ) : null}
                {m.planned ? (
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
