import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { TextField as AriaTextField, Label, Text, TextArea } from 'react-aria-components'
import { type ActorRefFrom, fromPromise } from 'xstate'
import { paymentDeskMessages } from '../../../contract/finance/payment-wire'
import { paymentMethodNames } from '../../../contract/finance/payments'
import {
  checkMore,
  mayAllocate,
  mayRefund,
  mayReverse,
  paymentDetailMachine,
} from '../../../machines/payment-detail.machine'
import { allocatePayment, getPayment, refundPayment, reversePayment } from '../../api/payments'
import { formatAccountTime, formatDay } from '../../app/datetime'
import { Button } from '../../components/ui/button'
import { TextField } from '../../components/ui/text-field'
import * as ui from '../../components/ui/ui.css'
import { Link } from '../../staff/link'
import { staffConsole } from './console'
import * as consoleStyles from './console.css'
import { Fact } from './desk-parts'
import { AllocationLines, Money, PaymentForm } from './payment-form-parts'
import * as styles from './payments.css'

type DetailActor = ActorRefFrom<typeof paymentDetailMachine>

/**
 * /staff/finance/payments/$id (finance): a payment, its allocations and its credit on account; Allocate more,
 * Reverse (with the reason, then a confirm step) and Refund (no more than the credit).
 */
export function PaymentPage({ id }: { id: number }) {
  const { api } = staffConsole()
  const actor = useActorRef(
    paymentDetailMachine.provide({
      actors: {
        loadPayment: fromPromise(({ input }) => getPayment(api, input.id)),
        allocatePayment: fromPromise(({ input }) => allocatePayment(api, input.id, input.body)),
        reversePayment: fromPromise(({ input }) => reversePayment(api, input.id, input.body)),
        refundPayment: fromPromise(({ input }) => refundPayment(api, input.id, input.body)),
      },
    }),
    { input: { id } },
  )
  const state = useSelector(actor, (s) => s)
  const { payment, notice, message } = state.context
  const idle = state.matches({ ready: 'idle' })

  // A form closed (done or cancelled): the focus goes to what the page says now, above the actions.
  const wasActing = useRef(false)
  useEffect(() => {
    if (wasActing.current && idle) document.getElementById('payment-status')?.focus()
    wasActing.current = state.matches('ready') && !idle
  }, [idle, state])
  return (
    <div className={styles.page}>
      <p>
        <Link to="/staff/finance/payments" className={styles.link}>
          Payments
        </Link>
      </p>
      <h1>Payment {id}</h1>
      <p id="payment-status" role="status" tabIndex={-1} className={styles.note} data-testid="payment-status">
        {state.matches('loading') ? 'Loading…' : (notice ?? '')}
      </p>
      {state.matches('notFound') ? <p role="alert">{paymentDeskMessages.notFound}</p> : null}
      {message && (state.matches('failed') || idle) ? (
        <div role="alert" className={consoleStyles.error}>
          <p>{message}</p>
          {state.matches('failed') ? (
            <Button tone="secondary" onPress={() => actor.send({ type: 'user.retry' })}>
              Try again
            </Button>
          ) : null}
        </div>
      ) : null}
      {payment ? (
        <>
          <section className={styles.section} aria-labelledby="payment-facts">
            <h2 id="payment-facts">{payment.customerName}</h2>
            <dl className={styles.facts}>
              <Fact name="Received">{formatDay(payment.receivedDay)}</Fact>
              <Fact name="Method">{paymentMethodNames[payment.method]}</Fact>
              <Fact name="Amount">
                <Money amount={payment.amount} currency={payment.currency} />
              </Fact>
              <Fact name="Allocated">
                <Money amount={payment.allocated} currency={payment.currency} />
              </Fact>
              <Fact name="Refunded">
                <Money amount={payment.refunded} currency={payment.currency} />
              </Fact>
              <Fact name="Credit on account">
                <span data-testid="payment-credit">
                  <Money amount={payment.unallocated} currency={payment.currency} />
                </span>
              </Fact>
              <Fact name="Payer's reference">{payment.payerReference || '—'}</Fact>
              <Fact name="Recorded">
                {formatAccountTime(payment.recordedAt)}
                {payment.recordedBy ? ` by ${payment.recordedBy}` : ''}
              </Fact>
              {payment.reversed ? (
                <Fact name="Reversed">
                  <span data-testid="payment-reversed">
                    {formatAccountTime(payment.reversed.at)}
                    {payment.reversed.by ? ` by ${payment.reversed.by}` : ''}: {payment.reversed.reason}
                  </span>
                </Fact>
              ) : null}
            </dl>
          </section>
          {idle ? (
            <div className={styles.actions}>
              {mayAllocate(payment) ? (
                <Button onPress={() => actor.send({ type: 'allocate.open' })}>Allocate more</Button>
              ) : null}
              {mayRefund(payment) ? (
                <Button tone="secondary" onPress={() => actor.send({ type: 'refund.open' })}>
                  Refund…
                </Button>
              ) : null}
              {mayReverse(payment) ? (
                <Button tone="secondary" onPress={() => actor.send({ type: 'reverse.open' })}>
                  Reverse…
                </Button>
              ) : null}
            </div>
          ) : (
            <ActionForm actor={actor} />
          )}
          <section className={styles.section} aria-labelledby="payment-allocations">
            <h2 id="payment-allocations">Allocations</h2>
            {payment.allocations.length === 0 ? (
              <p>None.</p>
            ) : (
              <ul className={styles.list}>
                {payment.allocations.map((allocation) => (
                  <li
                    key={`${allocation.invoiceNumber}-${allocation.allocatedAt}`}
                    className={styles.item}
                    data-testid="payment-allocation"
                  >
                    <Link
                      to="/staff/finance/invoices/$number"
                      params={{ number: allocation.invoiceNumber }}
                      className={styles.link}
                    >
                      {allocation.invoiceNumber}
                    </Link>
                    : <Money amount={allocation.amount} currency={payment.currency} />,{' '}
                    {formatAccountTime(allocation.allocatedAt)}
                    {allocation.allocatedBy ? ` by ${allocation.allocatedBy}` : ''}
                    {payment.reversed ? ' (undone)' : ''}
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

/** The open action's form: allocate more, reverse (then confirm) or refund. */
function ActionForm({ actor }: { actor: DetailActor }) {
  const state = useSelector(actor, (s) => s)
  const { payment, draft, reason, refund, errors, submitted, message } = state.context
  if (!payment) return null
  const sending = ['allocateSending', 'reverseSending', 'refundSending'].some((name) =>
    state.matches({ ready: name as 'idle' }),
  )
  const cancel = (
    <Button tone="secondary" isDisabled={sending} onPress={() => actor.send({ type: 'user.cancel' })}>
      Cancel
    </Button>
  )
  const refusal = message ? (
    <p role="alert" className={styles.refusal}>
      {message}
    </p>
  ) : null
  const submit = () => actor.send({ type: 'user.submit' })
  if (state.matches({ ready: 'allocating' }) || state.matches({ ready: 'allocateSending' }))
    return (
      <section className={styles.panel} aria-labelledby="allocate-title">
        <h2 id="allocate-title">Allocate more of payment {payment.id}</h2>
        <PaymentForm label="Allocate more" onSubmit={submit}>
          <AllocationLines
            draft={draft}
            currency={payment.currency}
            errors={errors}
            shown={submitted}
            left={checkMore(payment, draft).left}
            loading={false}
            disabled={sending}
            onChange={(event) => actor.send(event)}
          />
          {refusal}
          <div className={styles.actions}>
            <Button type="submit" isDisabled={sending}>
              {sending ? 'Allocating…' : 'Allocate'}
            </Button>
            {cancel}
          </div>
        </PaymentForm>
      </section>
    )
  if (state.matches({ ready: 'refunding' }) || state.matches({ ready: 'refundSending' }))
    return (
      <section className={styles.panel} aria-labelledby="refund-title">
        <h2 id="refund-title">Refund from payment {payment.id}</h2>
        <PaymentForm label="Refund" onSubmit={submit}>
          <TextField
            label={`Amount to refund (${payment.currency}, at most the credit on account)`}
            value={refund}
            inputMode="decimal"
            autoFocus
            isDisabled={sending}
            onChange={(value) => actor.send({ type: 'refund.changed', value })}
            error={errors.refund?.[0]}
          />
          {refusal}
          <div className={styles.actions}>
            <Button type="submit" isDisabled={sending}>
              {sending ? 'Refunding…' : 'Record the refund'}
            </Button>
            {cancel}
          </div>
        </PaymentForm>
      </section>
    )
  const confirming =
    state.matches({ ready: 'reverseConfirming' }) || state.matches({ ready: 'reverseSending' })
  return (
    <section className={styles.panel} aria-labelledby="reverse-title">
      <h2 id="reverse-title">Reverse payment {payment.id}</h2>
      {confirming ? (
        <div role="alertdialog" aria-labelledby="reverse-confirm" aria-modal="false">
          <p id="reverse-confirm">
            Reverse <Money amount={payment.amount} currency={payment.currency} /> from {payment.customerName}?
            Its allocations are undone and the invoices owe again.
          </p>
          {refusal}
          <div className={styles.actions}>
            <Button autoFocus isDisabled={sending} onPress={() => actor.send({ type: 'user.confirm' })}>
              {sending ? 'Reversing…' : 'Yes, reverse it'}
            </Button>
            {cancel}
          </div>
        </div>
      ) : (
        <PaymentForm label="Reverse the payment" onSubmit={submit}>
          <AriaTextField
            className={ui.field}
            value={reason}
            autoFocus
            isInvalid={Boolean(submitted && errors.reason)}
            onChange={(value) => actor.send({ type: 'reason.changed', value })}
          >
            <Label className={ui.label}>Why is it reversed? (for example, the cheque bounced)</Label>
            <TextArea className={ui.input} rows={3} />
            {submitted && errors.reason ? (
              <Text slot="errorMessage" className={ui.fieldError}>
                {errors.reason[0]}
              </Text>
            ) : null}
          </AriaTextField>
          {refusal}
          <div className={styles.actions}>
            <Button type="submit">Reverse…</Button>
            {cancel}
          </div>
        </PaymentForm>
      )}
    </section>
  )
}
