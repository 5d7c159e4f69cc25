import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { type ActorRefFrom, fromPromise } from 'xstate'
import { singaporeDateOf } from '../../../contract/dates'
import type { PaymentSummary } from '../../../contract/finance/payment-wire'
import { paymentMethodNames } from '../../../contract/finance/payments'
import { paymentListMachine, paymentQuery } from '../../../machines/payment-list.machine'
import { listPayments } from '../../api/payments'
import { formatDay } from '../../app/datetime'
import { Button } from '../../components/ui/button'
import { CheckboxField } from '../../components/ui/select-field'
import { Link } from '../../staff/link'
import { staffConsole } from './console'
import * as consoleStyles from './console.css'
import { paymentRecordWith } from './payment-effects'
import { Money, PaymentSaid } from './payment-form-parts'
import { type PaymentRecordActor, PaymentRecordForm } from './payment-record-form'
import * as styles from './payments.css'

type ListActor = ActorRefFrom<typeof paymentListMachine>

/** /staff/finance/payments (finance): the payments received, filtered and paged, and Record a payment. */
export function PaymentListPage() {
  const { api } = staffConsole()
  const actor = useActorRef(
    paymentListMachine.provide({
      actors: {
        loadPayments: fromPromise(({ input }) => listPayments(api, paymentQuery(input))),
        record: paymentRecordWith(api),
      },
    }),
    { input: { today: singaporeDateOf(new Date()) } },
  )
  const state = useSelector(actor, (s) => s)
  const { filters, recorded, message } = state.context
  const record = state.children.record as PaymentRecordActor | undefined
  const recording = state.matches({ record: 'open' })

  // The form closed: the focus goes back to the button that opened it.
  const wasRecording = useRef(false)
  useEffect(() => {
    if (wasRecording.current && !recording) document.getElementById('record-open')?.focus()
    wasRecording.current = recording
  }, [recording])

  return (
    <div className={styles.page}>
      <p>
        <Link to="/staff/finance" className={styles.link}>
          Finance desk
        </Link>
      </p>
      <h1>Payments</h1>
      <p className={consoleStyles.lead}>
        Payments received, their allocations to invoices and what is left as credit on the customer's account.
        Bank statements are matched on the{' '}
        <Link to="/staff/finance/bank" className={styles.link}>
          bank page
        </Link>
        .
      </p>
      <p role="status" className={styles.note} data-testid="payments-status">
        {recorded ? <PaymentSaid answer={recorded} /> : state.matches({ list: 'loading' }) ? 'Loading…' : ''}
      </p>
      {record ? (
        <PaymentRecordForm actor={record} title="Record a payment" />
      ) : (
        <div className={styles.actions}>
          <Button id="record-open" onPress={() => actor.send({ type: 'record.open' })}>
            Record a payment
          </Button>
        </div>
      )}
      <section className={styles.section} aria-labelledby="payments-list">
        <h2 id="payments-list">Received</h2>
        <div className={styles.actions}>
          <CheckboxField
            isSelected={filters.unallocated}
            onChange={(value) => actor.send({ type: 'filter.unallocated', value })}
          >
            Only payments with something left to allocate
          </CheckboxField>
          {filters.customer ? (
            <Button tone="quiet" onPress={() => actor.send({ type: 'filter.customer', customer: null })}>
              Show every customer (now {filters.customer.name} only)
            </Button>
          ) : null}
        </div>
        {message ? (
          <div role="alert" className={consoleStyles.error}>
            <p>{message}</p>
            {state.matches({ list: 'failed' }) ? (
              <Button tone="secondary" onPress={() => actor.send({ type: 'user.retry' })}>
                Try again
              </Button>
            ) : null}
          </div>
        ) : null}
        {state.matches({ list: 'ready' }) || state.matches({ list: 'loadingMore' }) ? (
          <PaymentTable actor={actor} />
        ) : null}
      </section>
    </div>
  )
}

const columns = ['Payment', 'Customer', 'Received', 'Method', 'Amount', 'Left to allocate', 'Reference']

function PaymentTable({ actor }: { actor: ListActor }) {
  const payments = useSelector(actor, (s) => s.context.payments)
  const next = useSelector(actor, (s) => s.context.next)
  const more = useSelector(actor, (s) => s.matches({ list: 'loadingMore' }))
  if (payments.length === 0) return <p data-testid="payments-empty">No payments.</p>
  return (
    <>
      <table className={styles.table}>
        <caption className={styles.caption}>
          {payments.length === 1 ? '1 payment' : `${payments.length} payments`}, newest first
        </caption>
        <thead className={styles.head}>
          <tr>
            {columns.map((name) => (
              <th key={name} className={styles.headCell} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={styles.body}>
          {payments.map((payment) => (
            <PaymentRow key={payment.id} payment={payment} actor={actor} />
          ))}
        </tbody>
      </table>
      {next ? (
        <Button tone="secondary" isDisabled={more} onPress={() => actor.send({ type: 'list.more' })}>
          {more ? 'Loading…' : 'More payments'}
        </Button>
      ) : null}
    </>
  )
}

function PaymentRow({ payment, actor }: { payment: PaymentSummary; actor: ListActor }) {
  return (
    <tr className={styles.tableRow} data-testid="payment-row">
      <th scope="row" className={styles.titleCell}>
        <Link to="/staff/finance/payments/$id" params={{ id: String(payment.id) }} className={styles.link}>
          Payment {payment.id}
        </Link>
        {payment.reversed ? ' (reversed)' : ''}
      </th>
      <td className={styles.cell} data-label="Customer">
        <Button
          tone="quiet"
          aria-label={`Only ${payment.customerName}'s payments`}
          onPress={() =>
            actor.send({
              type: 'filter.customer',
              customer: { id: payment.customerId, name: payment.customerName },
            })
          }
        >
          {payment.customerName}
        </Button>
      </td>
      <td className={styles.cell} data-label="Received">
        {formatDay(payment.receivedDay)}
      </td>
      <td className={styles.cell} data-label="Method">
        {paymentMethodNames[payment.method]}
      </td>
      <td className={styles.cell} data-label="Amount">
        <Money amount={payment.amount} currency={payment.currency} />
      </td>
      <td className={styles.cell} data-label="Left to allocate">
        <Money amount={payment.unallocated} currency={payment.currency} />
      </td>
      <td className={styles.cell} data-label="Reference">
        {payment.payerReference || '—'}
      </td>
    </tr>
  )
}
