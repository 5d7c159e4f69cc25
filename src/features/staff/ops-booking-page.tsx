import { useActorRef, useSelector } from '@xstate/react'
import { useEffect } from 'react'
import {
  chartAllows,
  confirmWaitsForCredit,
  mayPostMilestone,
  mayRequestDocument,
} from '../../../machines/ops-booking-setup'
import { staffConversations } from '../../api/conversations'
import { ConversationPanel } from '../../components/conversation/conversation-panel'
import { MilestoneTimeline } from '../../components/shipment/milestone-timeline'
import { Button } from '../../components/ui/button'
import { Link } from '../../staff/link'
import { ChargesPanel } from './charges-panel'
import { staffConsole, staffStream } from './console'
import * as consoleStyles from './console.css'
import * as styles from './ops.css'
import { Events, ReasonDialog, StatusActions } from './ops-booking-actions'
import { opsBookingWith } from './ops-booking-effects'
import { Facts } from './ops-booking-facts'
import { ConfirmForm } from './ops-confirm-form'
import { CreditHeldConfirm } from './ops-credit-hold'
import { Documents, RequestForm } from './ops-documents-panel'
import { MilestoneForm } from './ops-milestone-form'

/** /staff/bookings/$number (operations): the booking, what the chart allows to do to it, and its conversation. */
export function OpsBookingPage({ number }: { number: string }) {
  const { api } = staffConsole()
  const actor = useActorRef(opsBookingWith(api), { input: { number } })
  useEffect(
    () => () => {
      const url = actor.getSnapshot().context.preview?.url
      if (url) URL.revokeObjectURL(url)
    },
    [actor],
  )
  // This booking changed anywhere (a colleague, the customer, the carrier's feed): read it again.
  useEffect(
    () =>
      staffStream().subscribe({
        booking: (change) => {
          if (change.number === number) actor.send({ type: 'booking.changed' })
        },
      }),
    [actor, number],
  )
  const state = useSelector(actor, (s) => s)
  const { detail, notice, message } = state.context

  return (
    <div className={styles.page}>
      <p>
        <Link to="/staff/bookings" className={styles.link}>
          Operations desk
        </Link>
      </p>
      <h1>Booking {number}</h1>
      <p role="status" aria-live="polite" className={styles.note} data-testid="desk-status">
        {notice ?? (state.matches({ ready: { work: 'reloading' } }) ? 'Updating…' : '')}
      </p>
      {state.matches('loading') ? <p>Loading the booking…</p> : null}
      {state.matches('notFound') ? <p role="alert">Booking not found.</p> : null}
      {message ? (
        <div role="alert" className={consoleStyles.error}>
          <p>{message}</p>
          {state.matches('failed') ? (
            <Button tone="secondary" onPress={() => actor.send({ type: 'user.retry' })}>
              Try again
            </Button>
          ) : null}
        </div>
      ) : null}
      <div className={styles.layout}>
        <div>
          {detail ? (
            <>
              <Facts detail={detail} />
              <StatusActions actor={actor} />
              {chartAllows(detail, 'ops.confirm') ? <ConfirmForm actor={actor} /> : null}
              {confirmWaitsForCredit(detail) ? <CreditHeldConfirm detail={detail} /> : null}
              {mayPostMilestone(detail) ? <MilestoneForm actor={actor} /> : null}
              <Events actor={actor} />
              <section className={styles.section} aria-labelledby="timeline-title">
                <h2 id="timeline-title">What the customer sees</h2>
                <MilestoneTimeline milestones={detail.booking.milestones} status={detail.booking.status} />
              </section>
              <Documents actor={actor} />
              {mayRequestDocument(detail) ? <RequestForm actor={actor} /> : null}
              <ChargesPanel bookingNumber={number} />
            </>
          ) : null}
        </div>
        <ConversationPanel
          subject={{ type: 'booking', number }}
          calls={staffConversations(api)}
          stream={staffStream()}
          other="the customer"
        />
      </div>
      <ReasonDialog actor={actor} />
    </div>
  )
}
