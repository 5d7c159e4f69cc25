/**
 * One charge of a booking as the customer reads it, with its decision while it waits (issue 35): the line,
 * its amount, GST code and reason, why it was added and by whom, its attachment, and for an Admin or Member
 * Approve and Decline (a decline asks why, checked as typed by the contract's rule; a refusal keeps what was
 * typed). A Viewer reads it. The booking page, the dashboard and /user/invoices all show a charge with this.
 * Its flow is machines/charge-decision.machine.ts.
 */
import { Link } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useId, useRef } from 'react'
import { TextField as AriaTextField, Form, Label, Text, TextArea } from 'react-aria-components'
import { fromPromise } from 'xstate'
import {
  type ChargeItem,
  type ChargeStatus,
  chargeStatusNames,
  gstCodeNames,
  type PendingChargeItem,
} from '../../../contract/finance/charges'
import { moneyText } from '../../../contract/pricing/money'
import { mayChange } from '../../../contract/team'
import { chargeDecisionMachine } from '../../../machines/charge-decision.machine'
import { canDecide } from '../../../machines/charge-request.machine'
import { decideCharge, downloadChargeAttachment } from '../../api/charges'
import { formatAccountTime } from '../../app/datetime'
import { useApp } from '../../app/use-app'
import { useCompanyRole } from '../../app/use-company-role'
import { badge } from '../ui/badge.css'
import { Button } from '../ui/button'
import * as ui from '../ui/ui.css'
import * as styles from './charges.css'

/** What every place that shows a charge has (the dashboard's answer has only this); the rest when known. */
export type ChargeView = Pick<
  ChargeItem,
  'id' | 'bookingNumber' | 'description' | 'currency' | 'amount' | 'requestedAt'
> &
  Partial<
    Omit<PendingChargeItem, 'id' | 'bookingNumber' | 'description' | 'currency' | 'amount' | 'requestedAt'>
  >

const statusTone: Record<ChargeStatus, keyof typeof badge> = {
  pending: 'warning',
  approved: 'success',
  declined: 'danger',
  withdrawn: 'neutral',
}

export interface ChargeCardProps {
  charge: ChargeView
  /** Name the booking with a link to it (the dashboard and /user/invoices; not the booking's own page). */
  showBooking?: boolean
  /** The charge was decided or withdrawn by someone else meanwhile: read the charges again. */
  onChanged?: () => void
}

/** A charge; a list keys it on its id, so a charge read again keeps its chart (and what it said). */
export function ChargeCard({ charge, showBooking = false, onChanged }: ChargeCardProps) {
  const { api, inspect } = useApp()
  const changes = mayChange(useCompanyRole())
  const actor = useActorRef(
    chargeDecisionMachine.provide({
      actors: {
        decideCharge: fromPromise(({ input }) => decideCharge(api, input.id, input.input)),
        downloadAttachment: fromPromise(({ input }) => downloadChargeAttachment(api, input.id, input.name)),
      },
      actions: { chargeChanged: () => onChanged?.() },
    }),
    {
      input: {
        id: charge.id,
        status: charge.status ?? 'pending',
        attachmentName: charge.attachment?.name ?? null,
      },
      ...(inspect ? { inspect } : {}),
    },
  )
  const snapshot = useSelector(actor, (s) => s)
  const { values, errors, shown, message, notice, attachmentMessage, decided } = snapshot.context
  // The charge as this page decided it until the charge read again catches up.
  const shownCharge: ChargeView = decided && charge.status !== decided.status ? decided : charge
  const status = snapshot.context.status
  const deciding =
    snapshot.matches({ decision: 'approving' }) || snapshot.matches({ decision: { declining: 'sending' } })
  const declining = snapshot.matches({ decision: 'declining' })
  const open = canDecide(status) && !snapshot.matches({ decision: 'stale' })
  const downloading = snapshot.matches({ attachment: 'downloading' })
  // Read again with another status (someone else decided it, or staff withdrew it): the chart closes it.
  useEffect(() => {
    if (charge.status) actor.send({ type: 'charge.read', status: charge.status })
  }, [actor, charge.status])
  const titleId = useId()
  // The focus never falls to the page: a decision made goes to what it said, a closed form back to Decline.
  const said = useRef<HTMLParagraphElement>(null)
  const actions = useRef<HTMLDivElement>(null)
  const wasDeclining = useRef(false)
  useEffect(() => {
    if (decided) said.current?.focus()
  }, [decided])
  useEffect(() => {
    if (wasDeclining.current && !declining && open)
      actions.current?.querySelector<HTMLElement>('[data-action="decline"]')?.focus()
    wasDeclining.current = declining
  }, [declining, open])
  const reasonError = shown.reason ? errors.reason?.[0] : undefined

  return (
    <article
      className={styles.charge}
      aria-labelledby={titleId}
      data-testid="charge-card"
      data-status={status}
    >
      <div className={styles.chargeHead}>
        <h3 id={titleId} className={styles.chargeTitle}>
          {shownCharge.description}
          {shownCharge.code ? <span className={styles.small}>{shownCharge.code}</span> : null}
        </h3>
        <span className={styles.chargeAmount} data-testid="charge-amount">
          {moneyText(shownCharge.amount, shownCharge.currency)}
        </span>
      </div>
      <p className={styles.row}>
        <span className={badge[statusTone[status]]}>{chargeStatusNames[status]}</span>
        {showBooking ? (
          <span>
            Booking{' '}
            <Link
              to="/user/bookings/$number"
              params={{ number: shownCharge.bookingNumber }}
              className={styles.link}
            >
              {shownCharge.bookingNumber}
            </Link>
            {shownCharge.route ? <span className={styles.muted}> · {shownCharge.route}</span> : null}
          </span>
        ) : null}
      </p>
      <dl className={styles.chargeFacts}>
        {shownCharge.quantityText ? (
          <>
            <dt className={styles.term}>Quantity</dt>
            <dd className={styles.detail}>{shownCharge.quantityText}</dd>
          </>
        ) : null}
        {shownCharge.gstCode ? (
          <>
            <dt className={styles.term}>GST</dt>
            <dd className={styles.detail}>
              {shownCharge.gstCode}: {gstCodeNames[shownCharge.gstCode]}, excluded from the amount
              {shownCharge.gstReason ? <span className={styles.small}>{shownCharge.gstReason}</span> : null}
            </dd>
          </>
        ) : null}
        {shownCharge.reason ? (
          <>
            <dt className={styles.term}>Why</dt>
            <dd className={styles.detail}>{shownCharge.reason}</dd>
          </>
        ) : null}
        <dt className={styles.term}>Added</dt>
        <dd className={styles.detail}>
          {formatAccountTime(shownCharge.requestedAt)}
          {shownCharge.requestedBy ? ` by ${shownCharge.requestedBy}` : ''}
        </dd>
        {shownCharge.decisionReason ? (
          <>
            <dt className={styles.term}>{status === 'withdrawn' ? 'Withdrawn' : 'Declined'}</dt>
            <dd className={styles.detail}>{shownCharge.decisionReason}</dd>
          </>
        ) : null}
        {shownCharge.invoiceNumber ? (
          <>
            <dt className={styles.term}>Invoice</dt>
            <dd className={styles.detail}>
              <Link
                to="/user/invoices/$number"
                params={{ number: shownCharge.invoiceNumber }}
                className={styles.link}
              >
                {shownCharge.invoiceNumber}
              </Link>
            </dd>
          </>
        ) : null}
      </dl>
      {shownCharge.attachment ? (
        <p>
          <Button
            tone="quiet"
            isDisabled={downloading}
            onPress={() => actor.send({ type: 'attachment.download' })}
          >
            {downloading ? 'Downloading…' : `Download ${shownCharge.attachment.name}`}
          </Button>
        </p>
      ) : null}
      {attachmentMessage ? (
        <p className={styles.alert} role="alert">
          {attachmentMessage}
        </p>
      ) : null}
      <p ref={said} role="status" tabIndex={-1} className={notice ? styles.notice : undefined}>
        {notice}
      </p>
      {message ? (
        <p className={styles.alert} role="alert">
          {message}
        </p>
      ) : null}
      {open && !changes ? (
        <p className={styles.muted}>Your company’s Admins and Members approve or decline changes.</p>
      ) : null}
      {open && changes && !declining ? (
        <div ref={actions} className={styles.actions}>
          <Button
            isDisabled={deciding}
            aria-label={`Approve ${shownCharge.description}, ${moneyText(shownCharge.amount, shownCharge.currency)}`}
            onPress={() => actor.send({ type: 'user.approve' })}
          >
            {snapshot.matches({ decision: 'approving' }) ? 'Approving…' : 'Approve'}
          </Button>
          <Button
            data-action="decline"
            tone="secondary"
            isDisabled={deciding}
            aria-label={`Decline ${shownCharge.description}`}
            onPress={() => actor.send({ type: 'user.decline' })}
          >
            Decline
          </Button>
        </div>
      ) : null}
      {open && changes && declining ? (
        <Form
          className={styles.declineForm}
          validationBehavior="aria"
          aria-label={`Decline ${shownCharge.description}`}
          onSubmit={(event) => {
            event.preventDefault()
            actor.send({ type: 'user.submit' })
          }}
        >
          <AriaTextField
            className={ui.field}
            value={values.reason}
            onChange={(value) => actor.send({ type: 'field.changed', field: 'reason', value })}
            isInvalid={Boolean(reasonError)}
            isDisabled={deciding}
            autoFocus
          >
            <Label className={ui.label}>Why do you decline this charge?</Label>
            <TextArea className={ui.input} rows={3} maxLength={1000} />
            {reasonError ? (
              <Text slot="errorMessage" className={ui.fieldError}>
                {reasonError}
              </Text>
            ) : null}
          </AriaTextField>
          <div className={styles.actions}>
            <Button type="submit" isDisabled={deciding}>
              {deciding ? 'Declining…' : 'Decline charge'}
            </Button>
            <Button
              tone="secondary"
              isDisabled={deciding}
              onPress={() => actor.send({ type: 'user.cancel' })}
            >
              Keep it open
            </Button>
          </div>
        </Form>
      ) : null}
    </article>
  )
}

/** Charges one under the other, each with its decision. */
export function ChargeList({
  charges,
  showBooking = false,
  onChanged,
}: {
  charges: readonly ChargeView[]
  showBooking?: boolean
  onChanged?: () => void
}) {
  return (
    <ul className={styles.chargeList}>
      {charges.map((charge) => (
        <li key={charge.id}>
          <ChargeCard charge={charge} showBooking={showBooking} {...(onChanged ? { onChanged } : {})} />
        </li>
      ))}
    </ul>
  )
}
