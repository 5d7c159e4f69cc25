import { useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import type { ActorRefFrom } from 'xstate'
import { ageBucketNames, ageBuckets, type OpenItemKind } from '../../../contract/finance/ageing'
import { type BillingCurrency, billingCurrencies, paymentTermsText } from '../../../contract/finance/invoices'
import {
  activityKindNames,
  type StatementPeriodChoice,
  statementPeriodNames,
  statementPeriods,
} from '../../../contract/finance/statement-account'
import type { StatementOfAccount } from '../../../contract/finance/statement-wire'
import { moneyText } from '../../../contract/pricing/money'
import type { statementMachine } from '../../../machines/statement.machine'
import { formatDay } from '../../app/datetime'
import { Button } from '../../components/ui/button'
import { ErrorDialog } from '../../components/ui/dialog'
import { SelectField } from '../../components/ui/select-field'
import { visuallyHidden } from '../../styles/visually-hidden.css'
import * as styles from './statement.css'

export type StatementActor = ActorRefFrom<typeof statementMachine>

const itemKindNames: Record<OpenItemKind, string> = {
  invoice: 'Invoice',
  credit_note: 'Credit note',
  payment: 'Unallocated payment',
}

const periodLabels = statementPeriods.map((period) => statementPeriodNames[period])
const periodOfLabel = (label: string) =>
  statementPeriods.find((period) => statementPeriodNames[period] === label) ??
  ('90d' as StatementPeriodChoice)

/**
 * A company's statement of account as the customer (My Invoices) and finance (its page) see it: the balance
 * and the company's terms and limit, the period and currency, Download PDF, the five ageing buckets, the open
 * items and the period's activity with its running balance. `documentLink` links a document number where the
 * reader can open it.
 */
export function StatementView({
  actor,
  headingLevel = 2,
  documentLink,
}: {
  actor: StatementActor
  headingLevel?: 2 | 3
  documentLink: (number: string) => ReactNode
}) {
  const snapshot = useSelector(actor, (s) => s)
  const { statement, message, dialog, period, currency } = snapshot.context
  const loading = snapshot.matches('loading')
  const downloading = snapshot.matches({ ready: 'downloading' })
  const Heading = headingLevel === 2 ? 'h2' : 'h3'

  return (
    <section aria-labelledby="statement-title" data-testid="statement">
      <Heading id="statement-title">Statement of account</Heading>
      <p className={styles.muted} role="status">
        {loading
          ? 'Loading…'
          : statement
            ? `As of ${formatDay(statement.asOf)}, in ${statement.currency}`
            : ''}
      </p>
      {snapshot.matches('failed') ? (
        <div className={styles.alert} role="alert">
          <p>{message}</p>
          <Button onPress={() => actor.send({ type: 'user.retry' })}>Try again</Button>
        </div>
      ) : null}
      {snapshot.matches('notFound') ? (
        <p className={styles.alert} role="alert">
          {message}
        </p>
      ) : null}
      {!snapshot.matches('notFound') ? (
        <div className={styles.controls}>
          <SelectField
            label="Period"
            options={periodLabels}
            value={statementPeriodNames[period]}
            onChange={(label) => actor.send({ type: 'period.changed', period: periodOfLabel(label) })}
          />
          <SelectField<BillingCurrency>
            label="Currency"
            options={billingCurrencies}
            value={currency ?? ''}
            onChange={(value) => actor.send({ type: 'currency.changed', currency: value })}
          />
          <Button
            tone="secondary"
            isDisabled={!snapshot.matches({ ready: 'idle' })}
            onPress={() => actor.send({ type: 'pdf.download' })}
          >
            {downloading ? 'Downloading…' : 'Download PDF'}
          </Button>
        </div>
      ) : null}
      {statement ? <Figures statement={statement} Heading={Heading} documentLink={documentLink} /> : null}
      <ErrorDialog message={dialog} onClose={() => actor.send({ type: 'dialog.acknowledged' })} />
    </section>
  )
}

function Figures({
  statement,
  Heading,
  documentLink,
}: {
  statement: StatementOfAccount
  Heading: 'h2' | 'h3'
  documentLink: (number: string) => ReactNode
}) {
  const money = (amount: number) => moneyText(amount, statement.currency)
  const Sub = Heading === 'h2' ? 'h3' : 'h4'
  const { company, period } = statement
  const reference = (kind: string, text: string) =>
    kind === 'invoice' || kind === 'credit_note' ? (
      documentLink(text)
    ) : (
      <span className={styles.reference}>{text}</span>
    )
  return (
    <>
      <p className={styles.muted}>{statement.balance < 0 ? 'In credit' : 'Balance due'}</p>
      <p className={styles.balance} data-testid="statement-balance">
        {money(statement.balance)}
      </p>
      <p className={styles.muted}>
        {company.name}: terms {paymentTermsText(company.paymentTermsDays).toLowerCase()}, credit limit{' '}
        {moneyText(company.creditLimit, company.currency)}
      </p>
      <Sub>Ageing</Sub>
      <dl className={styles.buckets} data-testid="statement-buckets">
        {ageBuckets.map((bucket) => (
          <div key={bucket} className={styles.bucket}>
            <dt className={styles.bucketName}>{ageBucketNames[bucket]}</dt>
            <dd className={styles.bucketAmount}>{money(statement.buckets[bucket])}</dd>
          </div>
        ))}
      </dl>
      <Sub>Open items</Sub>
      {statement.items.length === 0 ? (
        <p>Nothing is open: no invoice owes and no credit waits.</p>
      ) : (
        <table className={styles.table}>
          <caption className={visuallyHidden}>Open items, oldest first</caption>
          <thead className={styles.head}>
            <tr>
              {['Reference', 'Item', 'Due or dated', 'Age'].map((name) => (
                <th key={name} scope="col" className={styles.headCell}>
                  {name}
                </th>
              ))}
              <th scope="col" className={styles.headMoney}>
                Amount
              </th>
            </tr>
          </thead>
          <tbody className={styles.body}>
            {statement.items.map((item) => (
              <tr key={`${item.kind}-${item.reference}`} data-testid="open-item">
                <td className={styles.cell} data-label="Reference">
                  {reference(item.kind, item.reference)}
                </td>
                <td className={styles.cell} data-label="Item">
                  {itemKindNames[item.kind]}
                </td>
                <td className={styles.cell} data-label="Due or dated">
                  {formatDay(item.day)}
                </td>
                <td className={styles.cell} data-label="Age">
                  {ageBucketNames[item.bucket]}
                </td>
                <td className={styles.money} data-label="Amount">
                  {money(item.signed)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Sub>
        Activity, {formatDay(period.from)} to {formatDay(period.to)}
      </Sub>
      <table className={styles.table}>
        <caption className={visuallyHidden}>
          The period’s activity in date order, with the running balance
        </caption>
        <thead className={styles.head}>
          <tr>
            {['Date', 'Entry', 'Details'].map((name) => (
              <th key={name} scope="col" className={styles.headCell}>
                {name}
              </th>
            ))}
            <th scope="col" className={styles.headMoney}>
              Amount
            </th>
            <th scope="col" className={styles.headMoney}>
              Balance
            </th>
          </tr>
        </thead>
        <tbody className={styles.body}>
          <BalanceRow day={period.from} label="Opening balance" amount={money(statement.openingBalance)} />
          {statement.activity.map((row) => (
            <tr key={`${row.day}-${row.kind}-${row.reference}-${row.balance}`} data-testid="activity-row">
              <td className={styles.cell} data-label="Date">
                {formatDay(row.day)}
              </td>
              <td className={styles.cell} data-label="Entry">
                {activityKindNames[row.kind]} {reference(row.kind, row.reference)}
              </td>
              <td className={styles.cell} data-label="Details">
                {row.description}
              </td>
              <td className={styles.money} data-label="Amount">
                {money(row.amount)}
              </td>
              <td className={styles.money} data-label="Balance">
                {money(row.balance)}
              </td>
            </tr>
          ))}
          <BalanceRow day={period.to} label="Closing balance" amount={money(statement.closingBalance)} />
        </tbody>
      </table>
    </>
  )
}

/** The activity's first or last line: the balance on a day, across the entry's columns. */
function BalanceRow({ day, label, amount }: { day: string; label: string; amount: string }) {
  return (
    <tr>
      <td className={styles.cell} data-label="Date">
        {formatDay(day)}
      </td>
      <td className={styles.cell} data-label="Entry" colSpan={3}>
        {label}
      </td>
      <td className={styles.money} data-label="Balance">
        {amount}
      </td>
    </tr>
  )
}
