/**
 * The payment form's parts, shared by recording a payment, matching a bank line otherwise than suggested and
 * allocating more of a payment: the customer found by name, and the allocation lines to its open invoices with
 * what is left to allocate (machines/payment-form.ts holds their logic).
 */
import { Form } from 'react-aria-components'
import type { PaymentAnswer } from '../../../contract/finance/payment-wire'
import { moneyText } from '../../../contract/pricing/money'
import type { FieldErrors } from '../../../contract/rules'
import {
  type AllocationDraft,
  type AllocationEvent,
  allocationField,
  invoicesIn,
} from '../../../machines/payment-form'
import type { CustomerChoice } from '../../../machines/payment-record.machine'
import { formatDay } from '../../app/datetime'
import { Button } from '../../components/ui/button'
import { CheckboxField } from '../../components/ui/select-field'
import { TextField } from '../../components/ui/text-field'
import { Link } from '../../staff/link'
import * as styles from './payments.css'

/** Money with its currency, always. */
export const Money = ({ amount, currency }: { amount: number; currency: string }) => (
  <span className={styles.amount}>{moneyText(amount, currency)}</span>
)

export function CustomerPicker({
  query,
  found,
  customer,
  searching,
  error,
  disabled,
  onQuery,
  onSearch,
  onChoose,
}: {
  query: string
  found: CustomerChoice[] | null
  customer: CustomerChoice | null
  searching: boolean
  error?: string | undefined
  disabled: boolean
  onQuery: (value: string) => void
  onSearch: () => void
  onChoose: (customer: CustomerChoice) => void
}) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Customer</legend>
      <p className={styles.chosen} data-testid="payment-customer">
        {customer ? (
          <>
            Chosen: <strong>{customer.name}</strong>
          </>
        ) : (
          'None chosen yet.'
        )}
      </p>
      <div className={styles.search}>
        <TextField
          label="Find the customer by name"
          value={query}
          isDisabled={disabled}
          onChange={onQuery}
          // A search of its own: Enter in the name finds, it does not submit the payment.
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              onSearch()
            }
          }}
          error={error}
        />
        <Button tone="secondary" isDisabled={disabled || searching} onPress={onSearch}>
          {searching ? 'Finding…' : 'Find'}
        </Button>
      </div>
      {found && found.length > 0 ? (
        <ul className={styles.choices} aria-label="Companies found">
          {found.map((one) => (
            <li key={one.id}>
              <Button
                tone={customer?.id === one.id ? 'primary' : 'quiet'}
                isDisabled={disabled}
                aria-pressed={customer?.id === one.id}
                onPress={() => onChoose(one)}
              >
                {one.name}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  )
}

/** The open invoices of the payment's currency, each ticked to allocate, its amount prefilled with its balance. */
export function AllocationLines({
  draft,
  currency,
  errors,
  shown,
  left,
  loading,
  disabled,
  onChange,
}: {
  draft: AllocationDraft
  currency: string
  errors: FieldErrors
  /** The refusal of the lines together shows once submitted, or as soon as a line is ticked. */
  shown: boolean
  left: number | null
  loading: boolean
  disabled: boolean
  onChange: (event: AllocationEvent) => void
}) {
  const invoices = invoicesIn(draft, currency)
  const ticked = invoices.some((invoice) => draft.chosen[invoice.number])
  const refusal = (shown || ticked) && errors.allocations ? errors.allocations[0] : undefined
  return (
    <fieldset className={styles.fieldset} aria-describedby="allocation-left">
      <legend className={styles.legend}>Allocate to open invoices ({currency})</legend>
      {loading ? <p className={styles.muted}>Reading the open invoices…</p> : null}
      {!loading && invoices.length === 0 ? (
        <p className={styles.muted}>No open invoice in {currency}: the whole payment is credit on account.</p>
      ) : null}
      <ul className={styles.lines}>
        {invoices.map((invoice) => {
          const chosen = Boolean(draft.chosen[invoice.number])
          const error = errors[allocationField(invoice.number)]?.[0]
          return (
            <li key={invoice.number} className={styles.line} data-testid="allocation-line">
              <CheckboxField
                isSelected={chosen}
                isDisabled={disabled}
                onChange={(value) => onChange({ type: 'allocation.chosen', number: invoice.number, value })}
              >
                Allocate to {invoice.number}
              </CheckboxField>
              <p className={styles.muted}>
                Booking {invoice.bookingNumber}, due {formatDay(invoice.dueDay)}, owes{' '}
                <Money amount={invoice.balance} currency={invoice.currency} /> of{' '}
                <Money amount={invoice.total} currency={invoice.currency} />
              </p>
              <TextField
                label={`Amount to ${invoice.number} (${currency})`}
                value={draft.amounts[invoice.number] ?? ''}
                isDisabled={disabled || !chosen}
                inputMode="decimal"
                onChange={(value) => onChange({ type: 'allocation.changed', number: invoice.number, value })}
                error={chosen ? error : undefined}
              />
            </li>
          )
        })}
      </ul>
      <p id="allocation-left" className={styles.left} data-testid="allocation-left" aria-live="polite">
        {left === null ? (
          'Enter the amount to see what is left.'
        ) : left >= 0 ? (
          <>
            Left to allocate: <Money amount={left} currency={currency} /> (credit on account)
          </>
        ) : (
          <>
            Over-allocated by <Money amount={-left} currency={currency} />
          </>
        )}
      </p>
      {refusal ? (
        <p role="alert" className={styles.refusal}>
          {refusal}
        </p>
      ) : null}
    </fieldset>
  )
}

/** A form of the payment pages: its submit is the chart's; Enter in a field submits it. */
export function PaymentForm({
  label,
  onSubmit,
  children,
}: {
  label: string
  onSubmit: () => void
  children: React.ReactNode
}) {
  return (
    <Form
      validationBehavior="aria"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      {children}
    </Form>
  )
}

/** What a recorded or matched payment says, with a link to it. */
export function PaymentSaid({ answer }: { answer: { id: number; message: string } | PaymentAnswer }) {
  const id = 'payment' in answer ? answer.payment.id : answer.id
  return (
    <>
      {answer.message}{' '}
      <Link to="/staff/finance/payments/$id" params={{ id: String(id) }} className={styles.link}>
        Open payment {id}
      </Link>
    </>
  )
}
