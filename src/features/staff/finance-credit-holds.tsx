import { useActorRef, useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { fromPromise } from 'xstate'
import type { HeldBooking } from '../../../contract/finance/credit'
import { moneyText } from '../../../contract/pricing/money'
import { creditHoldsMachine } from '../../../machines/credit-holds.machine'
import { listCreditHolds, releaseCreditHold } from '../../api/credit'
import { formatAccountTime } from '../../app/datetime'
import { Button } from '../../components/ui/button'
import { Link } from '../../staff/link'
import { staffConsole, staffStream } from './console'
import * as consoleStyles from './console.css'
import * as styles from './finance.css'

/** What keeps it now: an overdue invoice, the limit, or nothing any more (finance may release it). */
function whyText(hold: HeldBooking): string {
  const why = [
    hold.oldestOverdueDays > 0 ? `An invoice ${hold.oldestOverdueDays} days overdue` : null,
    hold.openBalance + hold.bookingValue > hold.creditLimit ? 'Over the credit limit' : null,
  ].filter((one) => one !== null)
  return why.length > 0 ? why.join('; ') : 'Nothing now: settled since it was held'
}

/**
 * The finance desk's "Waiting for credit release" (docs/payments.md "Credit control"): bookings held because
 * they would take their company over its credit limit or came while an invoice was overdue, with what the
 * company owes; Release lets operations confirm one (audited, the booker mailed).
 */
export function CreditHolds() {
  const { api } = staffConsole()
  const actor = useActorRef(
    creditHoldsMachine.provide({
      actors: {
        loadHolds: fromPromise(() => listCreditHolds(api)),
        releaseHold: fromPromise(({ input }) => releaseCreditHold(api, input.bookingNumber)),
      },
    }),
  )
  // A booking changed anywhere (held, released, confirmed, cancelled): read the list again.
  useEffect(() => staffStream().subscribe({ booking: () => actor.send({ type: 'holds.changed' }) }), [actor])
  const state = useSelector(actor, (s) => s)
  const { holds, releasing, notice, message } = state.context
  const busy = !state.matches({ ready: 'idle' })
  const now = new Date()
  return (
    <section className={styles.section} aria-labelledby="credit-holds-title">
      <h2 id="credit-holds-title">Waiting for credit release</h2>
      <p role="status" className={styles.note} data-testid="credit-holds-status">
        {state.matches('loading') ? 'Loading the held bookings…' : (notice ?? '')}
      </p>
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
      {state.matches('ready') && holds.length === 0 ? <p>No booking waits for a credit release.</p> : null}
      {holds.length > 0 ? (
        <table className={styles.table}>
          <caption className={styles.caption}>
            {holds.length === 1 ? '1 booking' : `${holds.length} bookings`} waiting, the longest first
          </caption>
          <thead className={styles.head}>
            <tr>
              {[
                'Booking',
                'Customer',
                'Why',
                'Booking value',
                'Open balance / limit',
                'Held since',
                'Actions',
              ].map((name) => (
                <th key={name} className={styles.headCell} scope="col">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={styles.body}>
            {holds.map((hold) => (
              <tr key={hold.bookingNumber} className={styles.tableRow} data-testid="credit-hold-row">
                <th scope="row" className={styles.titleCell}>
                  <Link
                    to="/staff/bookings/$number"
                    params={{ number: hold.bookingNumber }}
                    className={styles.link}
                  >
                    {hold.bookingNumber}
                  </Link>
                </th>
                <td className={styles.cell} data-label="Customer">
                  <Link
                    to="/staff/customers/$id"
                    params={{ id: String(hold.customerId) }}
                    className={styles.link}
                  >
                    {hold.customerName}
                  </Link>{' '}
                  · {hold.bookedBy}
                </td>
                <td className={styles.cell} data-label="Why">
                  {whyText(hold)}
                </td>
                <td className={styles.cell} data-label="Booking value">
                  <span className={styles.amount}>{moneyText(hold.bookingValue, hold.currency)}</span>
                </td>
                <td className={styles.cell} data-label="Open balance / limit">
                  <span className={styles.amount}>
                    {moneyText(hold.openBalance, hold.currency)} /{' '}
                    {moneyText(hold.creditLimit, hold.currency)}
                  </span>
                </td>
                <td className={styles.cell} data-label="Held since">
                  {formatAccountTime(hold.since, now)}
                </td>
                <td className={styles.actionCell}>
                  <Button
                    tone="secondary"
                    isDisabled={busy}
                    aria-label={`Release ${hold.bookingNumber}`}
                    onPress={() => actor.send({ type: 'hold.release', bookingNumber: hold.bookingNumber })}
                  >
                    {releasing === hold.bookingNumber ? 'Releasing…' : 'Release'}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  )
}
