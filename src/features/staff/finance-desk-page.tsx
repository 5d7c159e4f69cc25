import { useActorRef, useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components'
import { fromPromise } from 'xstate'
import { moneyText } from '../../../contract/pricing/money'
import { type FinanceView, filterQuery, financeDeskMachine } from '../../../machines/finance-desk.machine'
import {
  exportInvoiceJournal,
  listStaffInvoices,
  listUninvoicedBookings,
  listWaitingCharges,
} from '../../api/finance'
import { formatAccountTime, formatDay } from '../../app/datetime'
import { Button } from '../../components/ui/button'
import { Link } from '../../staff/link'
import { staffConsole, staffStream } from './console'
import * as consoleStyles from './console.css'
import { ageText } from './desk-parts'
import * as styles from './finance.css'
import { CreditHolds } from './finance-credit-holds'
import { DocumentFiltersForm, type FinanceDeskActor, Journal } from './finance-desk-forms'
import { InvoiceStateBadge } from './finance-parts'

type DeskActor = FinanceDeskActor

const views: { id: FinanceView; label: string }[] = [
  { id: 'uninvoiced', label: 'To invoice' },
  { id: 'waiting', label: 'Waiting on customers' },
  { id: 'documents', label: 'Invoices and credit notes' },
]

function useFinanceDesk() {
  const { api } = staffConsole()
  return useActorRef(
    financeDeskMachine.provide({
      actors: {
        loadView: fromPromise(async ({ input }) => {
          if (input.view === 'uninvoiced') return { uninvoiced: await listUninvoicedBookings(api) }
          if (input.view === 'waiting') return { waiting: await listWaitingCharges(api) }
          const page = await listStaffInvoices(api, {
            ...filterQuery(input.filters),
            ...(input.after ? { after: input.after } : {}),
          })
          return { documents: page.invoices, next: page.next }
        }),
        downloadJournal: fromPromise(({ input }) => exportInvoiceJournal(api, input)),
      },
    }),
    { input: {} },
  )
}

/** /staff/finance (finance): what to invoice, what waits on customers, the documents issued, the journal. */
export function FinanceDeskPage() {
  const actor = useFinanceDesk()
  // Charges and documents changed anywhere (approved, issued): read the shown list again.
  useEffect(
    () =>
      staffStream().subscribe({
        booking: () => actor.send({ type: 'desk.changed' }),
        ready: () => actor.send({ type: 'desk.changed' }),
      }),
    [actor],
  )
  const state = useSelector(actor, (s) => s)
  const { view, notice, message } = state.context
  const loading = state.matches({ list: 'loading' })
  return (
    <div className={styles.page}>
      <h1>Finance desk</h1>
      <p className={consoleStyles.lead}>
        Bookings with approved charges to invoice, change requests waiting on customers, and the tax invoices
        and credit notes issued.
      </p>
      <p>
        <Link to="/staff/finance/payments" className={styles.link}>
          Payments
        </Link>{' '}
        ·{' '}
        <Link to="/staff/finance/bank" className={styles.link}>
          Bank statements
        </Link>
      </p>
      <p role="status" className={styles.note}>
        {notice ?? (state.matches({ list: { ready: 'refreshing' } }) ? 'Updating…' : '')}
      </p>
      <Tabs
        selectedKey={view}
        onSelectionChange={(key) => actor.send({ type: 'view.changed', view: String(key) as FinanceView })}
      >
        <TabList aria-label="Lists" className={styles.tabList}>
          {views.map((one) => (
            <Tab key={one.id} id={one.id} className={styles.tab}>
              {one.label}
            </Tab>
          ))}
        </TabList>
        {views.map((one) => (
          <TabPanel key={one.id} id={one.id}>
            {one.id === 'documents' ? <DocumentFiltersForm actor={actor} /> : null}
            {loading ? <p>Loading…</p> : null}
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
            {state.matches({ list: 'ready' }) && view === one.id ? <ViewTable actor={actor} /> : null}
          </TabPanel>
        ))}
      </Tabs>
      <CreditHolds />
      <Journal actor={actor} />
    </div>
  )
}

function ViewTable({ actor }: { actor: DeskActor }) {
  const view = useSelector(actor, (s) => s.context.view)
  if (view === 'uninvoiced') return <UninvoicedTable actor={actor} />
  if (view === 'waiting') return <WaitingTable actor={actor} />
  return <DocumentsTable actor={actor} />
}

function Head({ names }: { names: string[] }) {
  return (
    <thead className={styles.head}>
      <tr>
        {names.map((name) => (
          <th key={name} className={styles.headCell} scope="col">
            {name}
          </th>
        ))}
      </tr>
    </thead>
  )
}

function UninvoicedTable({ actor }: { actor: DeskActor }) {
  const rows = useSelector(actor, (s) => s.context.uninvoiced)
  if (rows.length === 0) return <p>No approved charges wait to be invoiced.</p>
  const now = new Date()
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>
        {rows.length === 1 ? '1 booking' : `${rows.length} bookings`} with approved charges not invoiced,
        oldest first
      </caption>
      <Head names={['Booking', 'Customer', 'Charges', 'Amount excluding GST', 'Approved since', 'Actions']} />
      <tbody className={styles.body}>
        {rows.map((row) => (
          <tr key={row.bookingNumber} className={styles.tableRow} data-testid="uninvoiced-row">
            <th scope="row" className={styles.titleCell}>
              {row.bookingNumber}
            </th>
            <td className={styles.cell} data-label="Customer">
              <div className={styles.cellValue}>
                <span>{row.customerName}</span>
                {row.billingAddressMissing ? (
                  <p className={styles.warning}>
                    <span aria-hidden="true">⚠ </span>No billing address yet:{' '}
                    <Link
                      to="/staff/customers/$id"
                      params={{ id: String(row.customerId) }}
                      className={styles.link}
                    >
                      add it in the customer directory
                    </Link>{' '}
                    before invoicing.
                  </p>
                ) : null}
              </div>
            </td>
            <td className={styles.cell} data-label="Charges">
              {row.charges}
            </td>
            <td className={styles.cell} data-label="Amount excluding GST">
              <span className={styles.amount}>{moneyText(row.amount, row.currency)}</span>
            </td>
            <td className={styles.cell} data-label="Approved since">
              {formatAccountTime(row.since, now)}
            </td>
            <td className={styles.actionCell}>
              <Link
                to="/staff/finance/bookings/$number"
                params={{ number: row.bookingNumber }}
                className={styles.link}
                aria-label={`Invoice ${row.bookingNumber}`}
              >
                Invoice…
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function WaitingTable({ actor }: { actor: DeskActor }) {
  const rows = useSelector(actor, (s) => s.context.waiting)
  if (rows.length === 0) return <p>No change requests wait on customers.</p>
  const now = new Date()
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>
        {rows.length === 1 ? '1 change request' : `${rows.length} change requests`} waiting on customers,
        oldest first
      </caption>
      <Head names={['Charge', 'Booking', 'Customer', 'Amount', 'Requested', 'Waiting for']} />
      <tbody className={styles.body}>
        {rows.map((row) => (
          <tr key={row.id} className={styles.tableRow} data-testid="waiting-row">
            <th scope="row" className={styles.titleCell}>
              {row.code} · {row.description}
            </th>
            <td className={styles.cell} data-label="Booking">
              <Link
                to="/staff/finance/bookings/$number"
                params={{ number: row.bookingNumber }}
                className={styles.link}
              >
                {row.bookingNumber}
              </Link>
            </td>
            <td className={styles.cell} data-label="Customer">
              {row.customerName}
            </td>
            <td className={styles.cell} data-label="Amount">
              <span className={styles.amount}>{moneyText(row.amount, row.currency)}</span>
            </td>
            <td className={styles.cell} data-label="Requested">
              {formatAccountTime(row.requestedAt, now)}
              {row.requestedBy ? <div className={styles.muted}>by {row.requestedBy}</div> : null}
            </td>
            <td className={styles.cell} data-label="Waiting for" data-testid="waiting-age">
              {ageText(row.requestedAt, now)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function DocumentsTable({ actor }: { actor: DeskActor }) {
  const rows = useSelector(actor, (s) => s.context.documents)
  const next = useSelector(actor, (s) => s.context.next)
  const more = useSelector(actor, (s) => s.matches({ list: { ready: 'more' } }))
  if (rows.length === 0) return <p>No documents match.</p>
  return (
    <>
      <table className={styles.table}>
        <caption className={styles.caption}>
          {rows.length === 1 ? '1 document' : `${rows.length} documents`}, newest first
        </caption>
        <Head names={['Number', 'Customer', 'Issued', 'Due', 'Total', 'Balance', 'State']} />
        <tbody className={styles.body}>
          {rows.map((row) => (
            <tr key={row.number} className={styles.tableRow} data-testid="document-row">
              <th scope="row" className={styles.titleCell}>
                <Link
                  to="/staff/finance/invoices/$number"
                  params={{ number: row.number }}
                  className={styles.link}
                >
                  {row.number}
                </Link>
                <div className={styles.muted}>
                  {row.bookingNumber}
                  {row.creditsNumber ? ` · credits ${row.creditsNumber}` : ''}
                </div>
              </th>
              <td className={styles.cell} data-label="Customer">
                <Link
                  to="/staff/finance/customers/$id/statement"
                  params={{ id: String(row.customerId) }}
                  className={styles.link}
                  aria-label={`${row.customerName}: statement of account`}
                >
                  {row.customerName}
                </Link>
              </td>
              <td className={styles.cell} data-label="Issued">
                {formatDay(row.issueDay)}
              </td>
              <td className={styles.cell} data-label="Due">
                {row.dueDay ? formatDay(row.dueDay) : '—'}
              </td>
              <td className={styles.cell} data-label="Total">
                <span className={styles.amount}>{moneyText(row.total, row.currency)}</span>
              </td>
              <td className={styles.cell} data-label="Balance">
                <span className={styles.amount}>{moneyText(row.balance, row.currency)}</span>
              </td>
              <td className={styles.cell} data-label="State">
                <div className={styles.cellValue}>
                  <InvoiceStateBadge state={row.state} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {next ? (
        <p>
          <Button tone="secondary" isDisabled={more} onPress={() => actor.send({ type: 'page.more' })}>
            {more ? 'Loading…' : 'Show more'}
          </Button>
        </p>
      ) : null}
    </>
  )
}
