import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { fromPromise } from 'xstate'
import { isQuoteRequest } from '../../../contract/customer-directory'
import { mayCall } from '../../../contract/permissions'
import { companyRoleNames } from '../../../contract/team'
import {
  customerDetailMachine,
  mayDeactivate,
  mayReactivate,
  mayResendActivation,
} from '../../../machines/customer-directory.machine'
import {
  deactivateCustomerUser,
  getCustomer,
  reactivateCustomerUser,
  resendCustomerActivation,
} from '../../api/customer-directory'
import { formatAccountTime, formatDay } from '../../app/datetime'
import { usd } from '../../components/shipment/money'
import { Button } from '../../components/ui/button'
import { Link } from '../../staff/link'
import { ConfirmDialog } from './confirm-dialog'
import { staffConsole } from './console'
import * as consoleStyles from './console.css'
import * as styles from './customers.css'

/**
 * /staff/customers/$id (admin, sales, operations): one company as its users see it, read-only, and the actions
 * on its users the person's roles allow (resend activation: admin and sales; deactivate, reactivate: admin).
 */
export function CustomerPage({ id }: { id: number }) {
  const { api, session } = staffConsole()
  const roles = useSelector(session, (s) => s.context.staff?.roles ?? [])
  const actor = useActorRef(
    customerDetailMachine.provide({
      actors: {
        getCustomer: fromPromise(({ input }) => getCustomer(api, input.id)),
        deactivateUser: fromPromise(({ input }) => deactivateCustomerUser(api, input.id)),
        reactivateUser: fromPromise(({ input }) => reactivateCustomerUser(api, input.id)),
        resendActivation: fromPromise(({ input }) => resendCustomerActivation(api, input.id)),
      },
    }),
    { input: { id } },
  )
  const state = useSelector(actor, (s) => s)
  const { detail, userId, userMessage, notice, message } = state.context
  const idle = state.matches({ ready: 'idle' })
  const confirming = state.matches({ ready: 'confirming' })
  const deactivating = state.matches({ ready: 'deactivating' })
  const dialogOpen = confirming || deactivating
  const confirmed = detail?.users.find((user) => user.id === userId)
  const may = {
    resend: mayCall(roles, 'resendCustomerActivation'),
    deactivate: mayCall(roles, 'deactivateCustomerUser'),
    reactivate: mayCall(roles, 'reactivateCustomerUser'),
    quote: mayCall(roles, 'getQuoteRequest'),
    // A booking's console page is the operations desk's.
    booking: mayCall(roles, 'getOpsBooking'),
  }
  const now = new Date()

  // After the confirmation closes, the focus goes to the user's row (its button may be gone).
  const lastAsked = useRef<number | null>(null)
  useEffect(() => {
    if (dialogOpen) {
      lastAsked.current = userId
      return
    }
    if (lastAsked.current === null) return
    document.getElementById(`customer-user-${lastAsked.current}`)?.focus()
    lastAsked.current = null
  }, [dialogOpen, userId])

  return (
    <div className={styles.page}>
      <p>
        <Link to="/staff/customers" className={styles.link}>
          ← Customers
        </Link>
      </p>
      <h1>{detail?.company.name ?? 'Customer'}</h1>
      <p role="status" className={styles.note}>
        {state.matches('loading') ? 'Loading the customer…' : (notice ?? '')}
      </p>
      {state.matches('failed') ? (
        <>
          <p role="alert" className={consoleStyles.error}>
            {message}
          </p>
          <Button onPress={() => actor.send({ type: 'user.retry' })}>Try again</Button>
        </>
      ) : null}

      {detail ? (
        <>
          <dl className={styles.facts}>
            <div className={styles.fact}>
              <dt className={styles.factLabel}>Registration number</dt>
              <dd>{detail.company.regnNo}</dd>
            </div>
            <div className={styles.fact}>
              <dt className={styles.factLabel}>Country</dt>
              <dd>{detail.company.country.name}</dd>
            </div>
            <div className={styles.fact}>
              <dt className={styles.factLabel}>Customer since</dt>
              <dd>{formatAccountTime(detail.company.createdAt, now)}</dd>
            </div>
            <div className={styles.fact}>
              <dt className={styles.factLabel}>Last activity</dt>
              <dd>
                {detail.company.lastActivity
                  ? formatAccountTime(detail.company.lastActivity, now)
                  : 'None yet'}
              </dd>
            </div>
          </dl>

          <section className={styles.section} aria-labelledby="customer-users">
            <h2 id="customer-users">Users</h2>
            <table className={styles.table}>
              <caption className={styles.caption}>
                {detail.users.length === 1 ? '1 user' : `${detail.users.length} users`}
              </caption>
              <thead className={styles.head}>
                <tr>
                  <th className={styles.headCell} scope="col">
                    Name
                  </th>
                  <th className={styles.headCell} scope="col">
                    Email
                  </th>
                  <th className={styles.headCell} scope="col">
                    Role
                  </th>
                  <th className={styles.headCell} scope="col">
                    Activated
                  </th>
                  <th className={styles.headCell} scope="col">
                    Status
                  </th>
                  <th className={styles.headCell} scope="col">
                    Last login
                  </th>
                  <th className={styles.headCell} scope="col">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody className={styles.body}>
                {detail.users.map((user) => {
                  const said = userMessage?.id === user.id ? userMessage.text : null
                  return (
                    <tr
                      key={user.id}
                      className={[styles.tableRow, user.active ? '' : styles.inactiveRow].join(' ')}
                      data-testid="customer-user-row"
                    >
                      <th
                        scope="row"
                        id={`customer-user-${user.id}`}
                        tabIndex={-1}
                        className={styles.titleCell}
                      >
                        {user.name}
                      </th>
                      <td className={styles.cell} data-label="Email">
                        {user.email}
                      </td>
                      <td className={styles.cell} data-label="Role">
                        {companyRoleNames[user.role]}
                      </td>
                      <td className={styles.cell} data-label="Activated">
                        {user.activated ? 'Yes' : 'Not yet'}
                      </td>
                      <td className={styles.cell} data-label="Status">
                        {user.active
                          ? 'Active'
                          : `Deactivated${user.deactivatedAt ? ` ${formatAccountTime(user.deactivatedAt, now)}` : ''}`}
                      </td>
                      <td className={styles.cell} data-label="Last login">
                        {user.lastLogin ? formatAccountTime(user.lastLogin, now) : 'Never'}
                      </td>
                      <td className={styles.actionCell}>
                        <div className={styles.rowActions}>
                          {may.resend && mayResendActivation(user) ? (
                            <Button
                              tone="secondary"
                              isDisabled={!idle}
                              aria-label={`Resend activation link to ${user.name}`}
                              onPress={() => actor.send({ type: 'user.resendActivation', id: user.id })}
                            >
                              Resend activation link
                            </Button>
                          ) : null}
                          {may.deactivate && mayDeactivate(user) ? (
                            <Button
                              tone="secondary"
                              isDisabled={!idle}
                              aria-label={`Deactivate ${user.name}`}
                              onPress={() => actor.send({ type: 'user.deactivate', id: user.id })}
                            >
                              Deactivate
                            </Button>
                          ) : null}
                          {may.reactivate && mayReactivate(user) ? (
                            <Button
                              tone="secondary"
                              isDisabled={!idle}
                              aria-label={`Reactivate ${user.name}`}
                              onPress={() => actor.send({ type: 'user.reactivate', id: user.id })}
                            >
                              Reactivate
                            </Button>
                          ) : null}
                        </div>
                        {said ? (
                          <p role="alert" className={styles.rowMessage}>
                            {said}
                          </p>
                        ) : null}
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </section>

          <section className={styles.section} aria-labelledby="customer-bookings">
            <h2 id="customer-bookings">Bookings</h2>
            {detail.bookings.length === 0 ? (
              <p>No bookings yet.</p>
            ) : (
              <table className={styles.table}>
                <caption className={styles.caption}>As My Bookings shows them, newest first</caption>
                <thead className={styles.head}>
                  <tr>
                    <th className={styles.headCell} scope="col">
                      Booking
                    </th>
                    <th className={styles.headCell} scope="col">
                      Status
                    </th>
                    <th className={styles.headCell} scope="col">
                      HBL
                    </th>
                    <th className={styles.headCell} scope="col">
                      Lane
                    </th>
                    <th className={styles.headCell} scope="col">
                      Documents
                    </th>
                  </tr>
                </thead>
                <tbody className={styles.body}>
                  {detail.bookings.map((booking) => (
                    <tr key={booking.number} className={styles.tableRow} data-testid="customer-booking-row">
                      <th scope="row" className={styles.titleCell}>
                        {may.booking ? (
                          <Link
                            to="/staff/bookings/$number"
                            params={{ number: booking.number }}
                            className={styles.link}
                          >
                            {booking.number}
                          </Link>
                        ) : (
                          booking.number
                        )}
                      </th>
                      <td className={styles.cell} data-label="Status">
                        {booking.status}
                      </td>
                      <td className={styles.cell} data-label="HBL">
                        {booking.hbl ?? 'Not issued'}
                      </td>
                      <td className={styles.cell} data-label="Lane">
                        {booking.mode} · {booking.origin.name} ({booking.origin.code}) →{' '}
                        {booking.destination.name} ({booking.destination.code})
                      </td>
                      <td className={styles.cell} data-label="Documents">
                        <ul className={styles.documentList} aria-label={`Documents of ${booking.number}`}>
                          {booking.documents.map((item) => (
                            <li key={item.kind}>
                              {item.name}: {item.status}
                              {item.overdue ? ' (overdue)' : ''}
                              {item.dueDate && item.status !== 'Accepted'
                                ? `, due ${formatDay(item.dueDate)}`
                                : ''}
                              {item.reason ? ` (${item.reason})` : ''}
                              {item.files.length > 0
                                ? ` · ${item.files.map((file) => `${file.name} (${file.status})`).join(', ')}`
                                : ''}
                            </li>
                          ))}
                        </ul>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>

          <section className={styles.section} aria-labelledby="customer-quotes">
            <h2 id="customer-quotes">Quotes</h2>
            {detail.quotes.length === 0 ? (
              <p>No quotes yet.</p>
            ) : (
              <table className={styles.table}>
                <caption className={styles.caption}>As My Quotes shows them, newest first</caption>
                <thead className={styles.head}>
                  <tr>
                    <th className={styles.headCell} scope="col">
                      Quote
                    </th>
                    <th className={styles.headCell} scope="col">
                      Status
                    </th>
                    <th className={styles.headCell} scope="col">
                      Lane
                    </th>
                    <th className={styles.headCell} scope="col">
                      Total
                    </th>
                    <th className={styles.headCell} scope="col">
                      Made
                    </th>
                  </tr>
                </thead>
                <tbody className={styles.body}>
                  {detail.quotes.map((quote) => (
                    <tr key={quote.number} className={styles.tableRow}>
                      <th scope="row" className={styles.titleCell}>
                        {may.quote && isQuoteRequest(quote) ? (
                          <Link
                            to="/staff/quotes/$number"
                            params={{ number: quote.number }}
                            className={styles.link}
                          >
                            {quote.number}
                          </Link>
                        ) : (
                          quote.number
                        )}
                      </th>
                      <td className={styles.cell} data-label="Status">
                        {quote.status}
                        {quote.pricedBySales ? ' (priced by sales)' : ''}
                        {quote.bookingNumber ? ` · ${quote.bookingNumber}` : ''}
                      </td>
                      <td className={styles.cell} data-label="Lane">
                        {quote.mode} · {quote.origin.name} ({quote.origin.code}) → {quote.destination.name} (
                        {quote.destination.code})
                      </td>
                      <td className={styles.cell} data-label="Total">
                        {quote.totalUsd === null ? '—' : usd(quote.totalUsd)}
                      </td>
                      <td className={styles.cell} data-label="Made">
                        {formatAccountTime(quote.createdAt, now)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>

          <section className={styles.section} aria-labelledby="customer-conversations">
            <h2 id="customer-conversations">Conversations</h2>
            {detail.conversations.length === 0 ? <p>No messages yet.</p> : null}
            {detail.conversations.map((conversation) => (
              <article
                key={`${conversation.subject.type}:${conversation.subject.number}`}
                className={styles.conversation}
                aria-label={`Conversation about ${conversation.subject.type} ${conversation.subject.number}`}
              >
                <h3>
                  {conversation.subject.type === 'quote' ? 'Quote' : 'Booking'} {conversation.subject.number}
                </h3>
                <ol className={styles.messageList}>
                  {conversation.messages.map((item) => (
                    <li key={item.id}>
                      <p className={styles.messageMeta}>
                        {item.author.name}
                        {item.author.kind === 'staff' ? ' (eShip)' : ''} · {formatAccountTime(item.at, now)}
                      </p>
                      <p className={styles.messageBody}>{item.body}</p>
                    </li>
                  ))}
                </ol>
              </article>
            ))}
          </section>

          <ConfirmDialog
            isOpen={dialogOpen}
            title={`Deactivate ${confirmed?.name ?? 'this user'}?`}
            busy={deactivating}
            confirmLabel={'Deactivate'}
            busyLabel={'Deactivating…'}
            onCancel={() => actor.send({ type: 'user.cancel' })}
            onConfirm={() => actor.send({ type: 'user.confirm' })}
          >
            <p>
              {confirmed?.name ?? 'They'} ({confirmed?.email}) will be logged out at once and can no longer
              log in until an admin reactivates them. The company’s records stay as they are.
            </p>
          </ConfirmDialog>
        </>
      ) : null}
    </div>
  )
}
