import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { Form } from 'react-aria-components'
import { fromPromise } from 'xstate'
import { type ChargeItem, chargeMessages, chargeSourceNames } from '../../../contract/finance/charges'
import { moneyText } from '../../../contract/pricing/money'
import { addChargeMachine } from '../../../machines/add-charge.machine'
import { bookingChargesMachine, currencyOf, mayWithdraw } from '../../../machines/finance-charges.machine'
import {
  addBookingCharge,
  downloadStaffChargeAttachment,
  listStaffBookingCharges,
  withdrawBookingCharge,
} from '../../api/staff-charges'
import { formatAccountTime } from '../../app/datetime'
import { Button } from '../../components/ui/button'
import { Dialog } from '../../components/ui/dialog'
import { TextField } from '../../components/ui/text-field'
import { type AddChargeActor, AddChargeForm } from './charges-add-form'
import { staffConsole, staffStream } from './console'
import * as styles from './finance.css'
import { ChargeStatusBadge } from './finance-parts'

type PanelActor = ReturnType<typeof useChargesPanel>

function useChargesPanel(bookingNumber: string) {
  const { api } = staffConsole()
  return useActorRef(
    bookingChargesMachine.provide({
      actors: {
        loadCharges: fromPromise(({ input }) => listStaffBookingCharges(api, input.bookingNumber)),
        withdrawCharge: fromPromise(({ input }) => withdrawBookingCharge(api, input.id, input.reason)),
        downloadAttachment: fromPromise(({ input }) =>
          downloadStaffChargeAttachment(api, input.id, input.name),
        ),
        addCharge: addChargeMachine.provide({
          actors: {
            addCharge: fromPromise(({ input }) =>
              addBookingCharge(api, input.bookingNumber, input.body, input.file),
            ),
          },
        }),
      },
    }),
    { input: { bookingNumber } },
  )
}

/**
 * The Charges panel of a booking (operations and finance): its charges with their approval and invoice, a
 * charge added after booking (a change request the customer approves), a pending one withdrawn.
 */
export function ChargesPanel({ bookingNumber }: { bookingNumber: string }) {
  const actor = useChargesPanel(bookingNumber)
  // The booking changed anywhere (the customer answered a change request): read its charges again.
  useEffect(
    () =>
      staffStream().subscribe({
        booking: (change) => {
          if (change.number === bookingNumber) actor.send({ type: 'charges.changed' })
        },
      }),
    [actor, bookingNumber],
  )
  const state = useSelector(actor, (s) => s)
  const { charges, notice, message } = state.context
  const adding = state.matches({ ready: 'adding' })
  const form = state.children.addCharge as AddChargeActor | undefined
  const idle = state.matches({ ready: 'idle' })
  const currency = currencyOf(charges)

  // The form closed: the focus goes back to the button that opened it.
  const wasAdding = useRef(false)
  useEffect(() => {
    if (wasAdding.current && !adding) document.getElementById('charge-add-open')?.focus()
    wasAdding.current = adding
  }, [adding])

  return (
    <section className={styles.panel} aria-labelledby="charges-title">
      <h2 id="charges-title">Charges</h2>
      <p role="status" className={styles.note} data-testid="charges-status">
        {state.matches('loading') ? 'Loading the charges…' : (notice ?? '')}
      </p>
      {message ? (
        <div role="alert">
          <p className={styles.rowMessage}>{message}</p>
          {state.matches('failed') ? (
            <Button tone="secondary" onPress={() => actor.send({ type: 'user.retry' })}>
              Try again
            </Button>
          ) : null}
        </div>
      ) : null}
      {state.matches('ready') ? (
        charges.length === 0 ? (
          <p>{chargeMessages.bookingNotConfirmed}</p>
        ) : (
          <ul className={styles.list}>
            {charges.map((charge) => (
              <ChargeRow key={charge.id} charge={charge} actor={actor} idle={idle} />
            ))}
          </ul>
        )
      ) : null}
      {currency && !adding ? (
        <div className={styles.actions}>
          <Button
            id="charge-add-open"
            tone="secondary"
            isDisabled={!idle}
            onPress={() => actor.send({ type: 'add.open' })}
          >
            Add a charge
          </Button>
        </div>
      ) : null}
      {form ? <AddChargeForm actor={form} /> : null}
      <WithdrawDialog actor={actor} />
    </section>
  )
}

function ChargeRow({ charge, actor, idle }: { charge: ChargeItem; actor: PanelActor; idle: boolean }) {
  const now = new Date()
  return (
    <li className={styles.item} data-testid="booking-charge">
      <strong>
        {charge.code} · {charge.description}
      </strong>{' '}
      <ChargeStatusBadge status={charge.status} />
      <div>
        <span className={styles.amount}>{moneyText(charge.amount, charge.currency)}</span> ·{' '}
        {charge.quantityText} · GST {charge.gstCode}
      </div>
      <div className={styles.muted}>
        {chargeSourceNames[charge.source]}
        {charge.requestedBy ? ` by ${charge.requestedBy}` : ''} · {formatAccountTime(charge.requestedAt, now)}
        {charge.invoiceNumber ? ` · invoiced on ${charge.invoiceNumber}` : ''}
      </div>
      {charge.reason ? <div>Why: {charge.reason}</div> : null}
      {charge.decisionReason ? (
        <div>
          {charge.status === 'withdrawn' ? 'Withdrawn' : 'Declined'}: {charge.decisionReason}
        </div>
      ) : null}
      <div className={styles.itemActions}>
        {charge.attachment ? (
          <Button
            tone="quiet"
            isDisabled={!idle}
            aria-label={`Download ${charge.attachment.name}`}
            onPress={() => actor.send({ type: 'attachment.download', id: charge.id })}
          >
            {charge.attachment.name}
          </Button>
        ) : null}
        {mayWithdraw(charge) ? (
          <Button
            tone="secondary"
            isDisabled={!idle}
            aria-label={`Withdraw ${charge.code} ${charge.description}`}
            onPress={() => actor.send({ type: 'charge.withdraw', id: charge.id })}
          >
            Withdraw
          </Button>
        ) : null}
      </div>
    </li>
  )
}

function WithdrawDialog({ actor }: { actor: PanelActor }) {
  const state = useSelector(actor, (s) => s)
  const { withdraw, charges } = state.context
  const withdrawing = state.matches({ ready: 'withdrawing' })
  const open = state.matches({ ready: 'asking' }) || withdrawing
  const charge = charges.find((one) => one.id === withdraw?.id)
  return (
    <Dialog
      isOpen={open}
      title={`Withdraw ${charge ? `${charge.code} ${charge.description}` : 'the charge'}?`}
      width={500}
      role="dialog"
      onClose={() => actor.send({ type: 'withdraw.dismissed' })}
      actions={
        <>
          <Button
            tone="secondary"
            isDisabled={withdrawing}
            onPress={() => actor.send({ type: 'withdraw.dismissed' })}
          >
            Keep it
          </Button>
          <Button isDisabled={withdrawing} onPress={() => actor.send({ type: 'withdraw.confirmed' })}>
            {withdrawing ? 'Withdrawing…' : 'Withdraw'}
          </Button>
        </>
      }
    >
      <p>The customer is no longer asked to approve it, and reads your reason.</p>
      <Form
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault()
          actor.send({ type: 'withdraw.confirmed' })
        }}
      >
        <TextField
          label="Reason"
          autoFocus
          value={withdraw?.reason ?? ''}
          isDisabled={withdrawing}
          onChange={(value) => actor.send({ type: 'reason.changed', value })}
          error={withdraw?.error ?? undefined}
        />
      </Form>
    </Dialog>
  )
}
