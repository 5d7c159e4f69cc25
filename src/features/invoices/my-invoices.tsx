import { Link, useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { singaporeDateOf } from '../../../contract/dates'
import type { InvoiceSummary } from '../../../contract/finance/invoice-wire'
import {
  type DocumentKind,
  documentKinds,
  type InvoiceState,
  invoiceStateNames,
  invoiceStates,
} from '../../../contract/finance/invoices'
import { moneyText } from '../../../contract/pricing/money'
import {
  type InvoicePeriod,
  invoicePeriodNames,
  invoicePeriods,
  invoicesPageMachine,
  isFiltered,
} from '../../../machines/invoices-page.machine'
import { listPendingCharges } from '../../api/charges'
import { listInvoices } from '../../api/invoices'
import { formatDay } from '../../app/datetime'
import type { PageInfo } from '../../app/pages'
import { useApp } from '../../app/use-app'
import { ChargeList } from '../../components/charges/charge-card'
import * as own from '../../components/statement/statement.css'
import { Button } from '../../components/ui/button'
import { SelectField } from '../../components/ui/select-field'
import { TextField } from '../../components/ui/text-field'
import { visuallyHidden } from '../../styles/visually-hidden.css'
import { filtersOf, searchOf } from './filters'
import * as styles from './invoices.css'
import { MyStatement } from './my-statement'
import type { InvoicesSearch } from './search'
import { DocumentStateBadge, documentKindNames } from './state-badge'

/** A filter's choices by name, with All for none. */
const ALL = 'All'
const choices = <Value extends string>(values: readonly Value[], names: Record<Value, string>) => ({
  labels: [ALL, ...values.map((value) => names[value])],
  label: (value: Value | '') => (value === '' ? ALL : names[value]),
  value: (label: string) => values.find((value) => names[value] === label) ?? '',
})
const kinds = choices<DocumentKind>(documentKinds, documentKindNames)
const states = choices<InvoiceState>(invoiceStates, invoiceStateNames)
const periods = choices<InvoicePeriod>(invoicePeriods, invoicePeriodNames)

const columns = ['Document', 'Booking', 'Date', 'Due', 'Total', 'Balance', 'State'] as const

/**
 * /user/invoices: the company's invoices and credit notes, filtered by kind, state and period and searched by
 * number, a page at a time; above them the change requests waiting for the company's answer. A row opens the
 * document (/user/invoices/$number). Its second tab (?view=statement) is the company's statement of account
 * (my-statement.tsx).
 */
export function MyInvoices({ info, search }: { info: PageInfo; search: InvoicesSearch }) {
  const statement = search.view === 'statement'
  return (
    <article>
      <h1>{info.heading}</h1>
      <nav aria-label="Invoices or statement" className={own.tabs}>
        <Link
          to="/user/invoices"
          search={{ view: undefined }}
          activeOptions={{ explicitUndefined: true }}
          className={own.tab}
        >
          Invoices
        </Link>
        <Link
          to="/user/invoices"
          search={{ view: 'statement' }}
          className={own.tab}
          data-testid="statement-tab"
        >
          Statement of account
        </Link>
      </nav>
      {statement ? <MyStatement /> : <InvoiceList search={search} />}
    </article>
  )
}

function InvoiceList({ search }: { search: InvoicesSearch }) {
  const { api, inspect } = useApp()
  const navigate = useNavigate()
  const actor = useActorRef(
    invoicesPageMachine.provide({
      actors: {
        listInvoices: fromPromise(({ input }) => listInvoices(api, input)),
        listPendingCharges: fromPromise(() => listPendingCharges(api)),
      },
      actions: {
        filtersChanged: (_, filters) => {
          navigate({ to: '/user/invoices', search: searchOf(filters), replace: true })
        },
      },
    }),
    {
      input: { filters: filtersOf(search), today: singaporeDateOf(new Date()) },
      ...(inspect ? { inspect } : {}),
    },
  )
  const snapshot = useSelector(actor, (s) => s)
  const { filters, invoices, next, message, moreMessage, pending, pendingMessage } = snapshot.context
  const loading = snapshot.matches({ list: 'loading' }) || snapshot.matches({ list: 'typing' })
  const ready = snapshot.matches({ list: 'ready' })
  const loadingMore = snapshot.matches({ list: { ready: 'loadingMore' } })

  return (
    <>
      {pendingMessage ? (
        <div className={styles.alert} role="alert">
          <p>The changes waiting for your approval could not be loaded. {pendingMessage}</p>
          <Button onPress={() => actor.send({ type: 'pending.retry' })}>Try again</Button>
        </div>
      ) : null}
      {pending.length > 0 ? (
        <section className={styles.section} aria-labelledby="pending-title" data-testid="pending-charges">
          <h2 id="pending-title">Charges waiting for your approval</h2>
          <p className={styles.muted}>
            Added to a booking after you booked it. Amounts exclude GST; only approved charges are invoiced.
          </p>
          <ChargeList
            charges={pending}
            showBooking
            onChanged={() => actor.send({ type: 'pending.reload' })}
          />
        </section>
      ) : null}
      <search className={styles.grid} aria-label="Filter invoices">
        <SelectField
          label="Kind"
          options={kinds.labels}
          value={kinds.label(filters.kind)}
          onChange={(label) =>
            actor.send({ type: 'filter.changed', filter: 'kind', value: kinds.value(label) })
          }
        />
        <SelectField
          label="State"
          options={states.labels}
          value={states.label(filters.state)}
          onChange={(label) =>
            actor.send({ type: 'filter.changed', filter: 'state', value: states.value(label) })
          }
        />
        <SelectField
          label="Period"
          options={periods.labels}
          value={periods.label(filters.period)}
          onChange={(label) =>
            actor.send({ type: 'filter.changed', filter: 'period', value: periods.value(label) })
          }
        />
        <TextField
          label="Search"
          type="search"
          value={filters.q}
          maxLength={40}
          placeholder="Invoice or booking number"
          onChange={(q) => actor.send({ type: 'search.changed', q })}
        />
      </search>
      {snapshot.matches({ list: 'failed' }) ? (
        <div className={styles.alert} role="alert">
          <p>{message}</p>
          <Button onPress={() => actor.send({ type: 'user.retry' })}>Try again</Button>
        </div>
      ) : null}
      <p className={styles.muted} role="status">
        {loading
          ? 'Loading…'
          : ready
            ? `${invoices.length} ${invoices.length === 1 ? 'document' : 'documents'}${next ? ' shown' : ''}`
            : ''}
      </p>
      {ready && invoices.length === 0 ? (
        <div className={styles.notice} data-testid="invoices-empty">
          {isFiltered(filters) ? (
            <p>No invoices or credit notes match these filters.</p>
          ) : (
            <p>You have no invoices yet. We invoice a booking’s approved charges once it is confirmed.</p>
          )}
        </div>
      ) : null}
      {invoices.length > 0 ? (
        <InvoiceTable
          invoices={invoices}
          onOpen={(number) => navigate({ to: '/user/invoices/$number', params: { number } })}
        />
      ) : null}
      {ready && next !== null ? (
        <div className={styles.pager}>
          <Button tone="secondary" isDisabled={loadingMore} onPress={() => actor.send({ type: 'user.more' })}>
            {loadingMore ? 'Loading…' : moreMessage ? 'Try again' : 'Show more'}
          </Button>
          {moreMessage ? (
            <p role="alert" className={styles.alert}>
              {moreMessage}
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  )
}

function InvoiceTable({
  invoices,
  onOpen,
}: {
  invoices: InvoiceSummary[]
  onOpen: (number: string) => void
}) {
  return (
    <table className={styles.table}>
      <caption className={visuallyHidden}>Your invoices and credit notes, newest first</caption>
      <thead className={styles.head}>
        <tr>
          {columns.map((column) => (
            <th
              key={column}
              className={column === 'Total' || column === 'Balance' ? styles.headMoney : styles.headCell}
              scope="col"
            >
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={styles.body}>
        {invoices.map((invoice) => (
          <tr
            key={invoice.number}
            className={styles.tableRow}
            data-testid="invoice-row"
            // The document number is the row's link for keyboards and screen readers; a click anywhere on
            // the row does the same for a mouse or a finger.
            onClick={(event) => {
              if ((event.target as HTMLElement).closest('a')) return
              onOpen(invoice.number)
            }}
          >
            <td className={styles.cell} data-label="Document">
              <Link
                to="/user/invoices/$number"
                params={{ number: invoice.number }}
                className={`${styles.link} ${styles.reference}`}
              >
                {invoice.number}
              </Link>
              <span className={styles.small}>
                {documentKindNames[invoice.kind]}
                {invoice.creditsNumber ? ` of ${invoice.creditsNumber}` : ''}
              </span>
            </td>
            <td className={styles.cell} data-label="Booking">
              <Link
                to="/user/bookings/$number"
                params={{ number: invoice.bookingNumber }}
                className={`${styles.link} ${styles.reference}`}
              >
                {invoice.bookingNumber}
              </Link>
            </td>
            <td className={styles.cell} data-label="Date">
              {formatDay(invoice.issueDay)}
            </td>
            <td className={styles.cell} data-label="Due">
              {invoice.dueDay ? formatDay(invoice.dueDay) : '—'}
            </td>
            <td className={styles.money} data-label="Total">
              {moneyText(invoice.total, invoice.currency)}
            </td>
            <td className={styles.money} data-label="Balance">
              {invoice.kind === 'invoice' ? moneyText(invoice.balance, invoice.currency) : '—'}
            </td>
            <td className={styles.cell} data-label="State">
              <DocumentStateBadge kind={invoice.kind} state={invoice.state} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
