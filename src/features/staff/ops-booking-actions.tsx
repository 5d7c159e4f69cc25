import { useSelector } from '@xstate/react'
import { Form } from 'react-aria-components'
import type { DeskEvent } from '../../../contract/operations-desk'
import { placeTime } from '../../../contract/times'
import { mayAct } from '../../../machines/ops-actions'
import { codeName, type OpsAction } from '../../../machines/ops-booking-setup'
import { Button } from '../../components/ui/button'
import { Dialog } from '../../components/ui/dialog'
import { TextField } from '../../components/ui/text-field'
import * as styles from './ops.css'
import type { OpsActor } from './ops-booking-parts'

/** The reason dialogs' words, by action. */
const dialogs: Partial<Record<OpsAction, { title: string; text: string; confirm: string }>> = {
  hold: {
    title: 'Put the booking on hold?',
    text: 'The customer sees the booking on hold with this reason until it is released.',
    confirm: 'Put on hold',
  },
  cancel: {
    title: 'Cancel the booking?',
    text: 'The booking is cancelled for good; the customer sees this reason. This cannot be undone.',
    confirm: 'Cancel booking',
  },
  retract: {
    title: 'Retract this event?',
    text: 'It leaves the customer’s timeline; the reason stays in the audit trail.',
    confirm: 'Retract event',
  },
  reject: {
    title: 'Reject this document?',
    text: 'The customer sees the reason and is asked to upload the document again.',
    confirm: 'Reject document',
  },
}

/** Hold, Release and Cancel, each offered only while the booking chart allows it. */
export function StatusActions({ actor }: { actor: OpsActor }) {
  const state = useSelector(actor, (s) => s)
  const { detail } = state.context
  const idle = state.matches({ ready: { work: 'idle' } })
  const offered = (['hold', 'release', 'cancel'] as const).filter((action) => mayAct(detail, action, null))
  if (offered.length === 0) return null
  const labels = { hold: 'Put on hold', release: 'Release hold', cancel: 'Cancel booking' }
  return (
    <div className={styles.actions}>
      {offered.map((action) => (
        <Button
          key={action}
          tone="secondary"
          isDisabled={!idle}
          onPress={() => actor.send({ type: 'action.requested', action })}
        >
          {state.matches({ ready: { work: 'acting' } }) && state.context.pending?.action === action
            ? 'Saving…'
            : labels[action]}
        </Button>
      ))}
    </div>
  )
}

function eventText(event: DeskEvent) {
  const via = event.flight
    ? `flight ${event.flight}`
    : event.vesselName
      ? `${event.vesselName}${event.voyage ? `, voyage ${event.voyage}` : ''}`
      : null
  return [via, event.container].filter(Boolean).join(' · ')
}

/** The booking's events, newest first, each with Retract. */
export function Events({ actor }: { actor: OpsActor }) {
  const state = useSelector(actor, (s) => s)
  const { detail } = state.context
  if (!detail) return null
  const idle = state.matches({ ready: { work: 'idle' } })
  const now = new Date()
  return (
    <section className={styles.section} aria-labelledby="events-title">
      <h2 id="events-title">Events, newest first</h2>
      {detail.events.length === 0 ? (
        <p>No events yet.</p>
      ) : (
        <ul className={styles.list}>
          {detail.events.map((event) => (
            <li key={event.eventID} className={styles.item} data-testid="desk-event">
              <strong>{codeName(event.code)}</strong> ({event.classifier}) ·{' '}
              {placeTime(event.eventDateTime, event.location, { now })}
              {eventText(event) ? <div>{eventText(event)}</div> : null}
              {event.reason ? <div className={styles.muted}>“{event.reason}”</div> : null}
              <div className={styles.muted}>Posted by {event.postedBy ?? 'the system'}</div>
              <div className={styles.itemActions}>
                <Button
                  tone="quiet"
                  isDisabled={!idle}
                  aria-label={`Retract ${codeName(event.code)} at ${event.location.name}`}
                  onPress={() =>
                    actor.send({ type: 'action.requested', action: 'retract', target: event.eventID })
                  }
                >
                  Retract
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** The dialog of an action with a reason: the reason, and the confirmation. */
export function ReasonDialog({ actor }: { actor: OpsActor }) {
  const state = useSelector(actor, (s) => s)
  const { pending } = state.context
  const asking = state.matches({ ready: { work: 'asking' } })
  const acting = state.matches({ ready: { work: 'acting' } })
  const words = pending ? dialogs[pending.action] : undefined
  const open = (asking || acting) && words !== undefined
  return (
    <Dialog
      isOpen={open}
      title={words?.title ?? ''}
      width={500}
      role="dialog"
      onClose={() => actor.send({ type: 'action.dismissed' })}
      actions={
        <>
          <Button
            tone="secondary"
            isDisabled={acting}
            onPress={() => actor.send({ type: 'action.dismissed' })}
          >
            Keep as it is
          </Button>
          <Button isDisabled={acting} onPress={() => actor.send({ type: 'action.confirmed' })}>
            {acting ? 'Saving…' : (words?.confirm ?? 'Confirm')}
          </Button>
        </>
      }
    >
      <p>{words?.text}</p>
      <Form
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault()
          actor.send({ type: 'action.confirmed' })
        }}
      >
        <TextField
          label="Reason"
          autoFocus
          value={pending?.reason ?? ''}
          isDisabled={acting}
          onChange={(value) => actor.send({ type: 'reason.changed', value })}
          error={pending?.error ?? undefined}
        />
      </Form>
    </Dialog>
  )
}
