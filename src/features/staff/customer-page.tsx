import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { fromPromise } from 'xstate'
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
import { formatAccountTime } from '../../app/datetime'
import { Button } from '../../components/ui/button'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { Link } from '../../staff/link'
import { BillingDetails } from './billing-form'
import { staffConsole } from './console'
import * as consoleStyles from './console.css'
import { CustomerBookings, CustomerConversations, CustomerQuotes } from './customer-records'
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
    billing: mayCall(roles, 'getCustomerBilling'),
    editBilling: mayCall(roles, 'updateCustomerBilling'),
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

          {may.billing ? <BillingDetails customerId={id} mayEdit={may.editBilling} /> : null}
          <CustomerBookings bookings={detail.bookings} linked={may.booking} />
          <CustomerQuotes quotes={detail.quotes} linked={may.quote} now={now} />
          <CustomerConversations conversations={detail.conversations} now={now} />

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
