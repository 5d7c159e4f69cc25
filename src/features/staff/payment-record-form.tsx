import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { billingCurrencies } from '../../../contract/finance/invoices'
import { paymentMethodNames, paymentMethods } from '../../../contract/finance/payments'
import type { paymentRecordMachine } from '../../../machines/payment-record.machine'
import { formatDay } from '../../app/datetime'
import { Button } from '../../components/ui/button'
import { TextField } from '../../components/ui/text-field'
import { NativeSelect } from './ops-booking-parts'
import { AllocationLines, CustomerPicker, Money, PaymentForm } from './payment-form-parts'
import * as styles from './payments.css'

export type PaymentRecordActor = ActorRefFrom<typeof paymentRecordMachine>

/**
 * The payment form: recording a payment received (every field), or matching a bank line otherwise than
 * suggested (the line's amount, currency, day and reference are the payment's; the customer, method and
 * allocations are chosen). Its chart is `paymentRecordMachine`.
 */
export function PaymentRecordForm({ actor, title }: { actor: PaymentRecordActor; title: string }) {
  const state = useSelector(actor, (s) => s)
  const { values, line, query, found, customer, draft, errors, left, submitted, message } = state.context
  const sending = state.matches('sending')
  const shown = (field: string) => (submitted ? errors[field]?.[0] : undefined)
  const set = (field: keyof typeof values) => (value: string) =>
    actor.send({ type: 'field.changed', field, value })
  const titleId = line ? `match-title-${line.id}` : 'record-title'
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <PaymentForm label={title} onSubmit={() => actor.send({ type: 'user.submit' })}>
        <CustomerPicker
          query={query}
          found={found}
          customer={customer}
          searching={state.matches({ open: 'searching' })}
          error={shown('customer')}
          disabled={sending}
          onQuery={(value) => actor.send({ type: 'customer.query', value })}
          onSearch={() => actor.send({ type: 'customer.search' })}
          onChoose={(chosen) => actor.send({ type: 'customer.chosen', customer: chosen })}
        />
        {line ? (
          <p className={styles.muted}>
            <Money amount={line.amount} currency={line.currency} /> received {formatDay(line.bookingDay)}
            {values.payerReference ? `, reference ${values.payerReference}` : ''}.
          </p>
        ) : null}
        <div className={styles.grid}>
          {line ? null : (
            <TextField
              label="Day received"
              type="date"
              value={values.receivedDay}
              isDisabled={sending}
              onChange={set('receivedDay')}
              error={shown('receivedDay')}
            />
          )}
          <NativeSelect
            id={line ? `match-method-${line.id}` : 'record-method'}
            label="Method"
            value={values.method}
            options={[
              ...(values.method === '' ? [{ value: '', label: 'Choose…' }] : []),
              ...paymentMethods.map((method) => ({ value: method, label: paymentMethodNames[method] })),
            ]}
            error={shown('method')}
            onChange={set('method')}
          />
          {line ? null : (
            <>
              <TextField
                label={`Amount (${values.currency || 'currency'})`}
                value={values.amount}
                inputMode="decimal"
                isDisabled={sending}
                onChange={set('amount')}
                error={values.amount.trim() !== '' || submitted ? errors.amount?.[0] : undefined}
              />
              <NativeSelect
                id="record-currency"
                label="Currency"
                value={values.currency}
                options={billingCurrencies.map((currency) => ({ value: currency, label: currency }))}
                error={shown('currency')}
                onChange={set('currency')}
              />
              <TextField
                label="Payer's reference"
                value={values.payerReference}
                isDisabled={sending}
                onChange={set('payerReference')}
                error={errors.payerReference?.[0]}
              />
            </>
          )}
        </div>
        {customer ? (
          <AllocationLines
            draft={draft}
            currency={values.currency}
            errors={errors}
            shown={submitted}
            left={left}
            loading={state.matches({ open: 'loadingInvoices' })}
            disabled={sending}
            onChange={(event) => actor.send(event)}
          />
        ) : null}
        {message ? (
          <p role="alert" className={styles.refusal}>
            {message}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" isDisabled={sending}>
            {sending ? 'Saving…' : line ? 'Match the line' : 'Record the payment'}
          </Button>
          <Button tone="secondary" isDisabled={sending} onPress={() => actor.send({ type: 'user.cancel' })}>
            Cancel
          </Button>
        </div>
      </PaymentForm>
    </section>
  )
}
