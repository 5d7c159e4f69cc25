import { useActorRef, useSelector } from '@xstate/react'
import { TextField as AriaTextField, Form, Input, Label, Text, TextArea } from 'react-aria-components'
import { fromPromise } from 'xstate'
import type { CustomerBilling } from '../../../contract/finance/invoice-wire'
import { billingCurrencies, paymentTermsDays, paymentTermsText } from '../../../contract/finance/invoices'
import { moneyText } from '../../../contract/pricing/money'
import { type BillingField, customerBillingMachine } from '../../../machines/customer-billing.machine'
import { siteConfig } from '../../../site.config'
import { getCustomerBilling, updateCustomerBilling } from '../../api/finance'
import { Button } from '../../components/ui/button'
import * as ui from '../../components/ui/ui.css'
import { staffConsole } from './console'
import { Fact } from './desk-parts'
import * as styles from './finance.css'
import { NativeSelect } from './ops-booking-parts'

const defaultLimit = siteConfig.billing.creditControl.defaultLimit

/** The limit in force, and whether it is the default (docs/payments.md "Credit control"). */
const limitText = (billing: CustomerBilling) =>
  billing.creditLimit === null
    ? `${moneyText(defaultLimit, billing.currency)} (the default)`
    : moneyText(billing.creditLimit, billing.currency)

/**
 * A company's billing details on its page of the customer directory: finance edits the payment terms, the
 * billing currency, the billing address its invoices print and the credit limit (with what the company owes
 * now beside it); an admin reads them.
 */
export function BillingDetails({ customerId, mayEdit }: { customerId: number; mayEdit: boolean }) {
  const { api } = staffConsole()
  const actor = useActorRef(
    customerBillingMachine.provide({
      actors: {
        loadBilling: fromPromise(({ input }) => getCustomerBilling(api, input.customerId)),
        saveBilling: fromPromise(({ input }) => updateCustomerBilling(api, input.customerId, input.body)),
      },
    }),
    { input: { customerId, mayEdit } },
  )
  const state = useSelector(actor, (s) => s)
  const { billing, values, errors, shown, notice, message } = state.context
  const saving = state.matches({ ready: 'saving' })
  const errorOf = (field: BillingField) => (shown[field] ? errors[field]?.[0] : undefined)
  const set = (field: BillingField) => (value: string) => actor.send({ type: 'field.changed', field, value })
  const blur = (field: BillingField) => () => actor.send({ type: 'field.blurred', field })
  return (
    <section className={styles.section} aria-labelledby="billing-title">
      <h2 id="billing-title">Billing details</h2>
      <p role="status" className={styles.note} data-testid="billing-status">
        {state.matches('loading') ? 'Loading the billing details…' : (notice ?? '')}
      </p>
      {message ? (
        <div role="alert">
          <p className={styles.rowMessage}>{message}</p>
          {state.matches('failed') ? (
            <Button tone="secondary" onPress={() => actor.send({ type: 'user.retry' })}>
              Try again
            </Button>
          ) : null}
        </div>
      ) : null}
      {billing && !mayEdit ? (
        <dl className={styles.facts}>
          <Fact name="Payment terms">{paymentTermsText(billing.paymentTermsDays)}</Fact>
          <Fact name="Currency">{billing.currency}</Fact>
          <Fact name="Billing address">
            {billing.address ? <span style={{ whiteSpace: 'pre-line' }}>{billing.address}</span> : 'None yet'}
          </Fact>
          <Fact name="Credit limit">{limitText(billing)}</Fact>
          <Fact name="Open balance">{moneyText(billing.openBalance, billing.currency)}</Fact>
        </dl>
      ) : null}
      {billing && mayEdit ? (
        <Form
          validationBehavior="aria"
          aria-labelledby="billing-title"
          onSubmit={(event) => {
            event.preventDefault()
            actor.send({ type: 'user.save' })
          }}
        >
          <div className={styles.formGrid}>
            <NativeSelect
              id="billing-terms"
              label="Payment terms"
              value={values.paymentTermsDays}
              options={paymentTermsDays.map((days) => ({
                value: String(days),
                label: paymentTermsText(days),
              }))}
              error={errorOf('paymentTermsDays')}
              onChange={set('paymentTermsDays')}
            />
            <NativeSelect
              id="billing-currency"
              label="Currency"
              value={values.currency}
              options={billingCurrencies.map((currency) => ({ value: currency, label: currency }))}
              error={errorOf('currency')}
              onChange={set('currency')}
            />
            <div className={styles.wide}>
              <AriaTextField
                className={ui.field}
                value={values.address}
                isDisabled={saving}
                isInvalid={Boolean(errorOf('address'))}
                onChange={set('address')}
                onBlur={blur('address')}
              >
                <Label className={ui.label}>Billing address (printed on invoices)</Label>
                <TextArea className={[ui.input, styles.textArea].join(' ')} rows={4} />
                {errorOf('address') ? (
                  <Text slot="errorMessage" className={ui.fieldError}>
                    {errorOf('address')}
                  </Text>
                ) : null}
              </AriaTextField>
            </div>
            <AriaTextField
              className={ui.field}
              value={values.creditLimit}
              isDisabled={saving}
              isInvalid={Boolean(errorOf('creditLimit'))}
              onChange={set('creditLimit')}
              onBlur={blur('creditLimit')}
            >
              <Label className={ui.label}>Credit limit ({values.currency})</Label>
              <Input className={ui.input} inputMode="decimal" placeholder={`${defaultLimit / 100}`} />
              <Text slot="description" className={styles.note}>
                Empty: the default, {moneyText(defaultLimit, values.currency)}. Open balance now:{' '}
                <span data-testid="open-balance">{moneyText(billing.openBalance, billing.currency)}</span>.
              </Text>
              {errorOf('creditLimit') ? (
                <Text slot="errorMessage" className={ui.fieldError}>
                  {errorOf('creditLimit')}
                </Text>
              ) : null}
            </AriaTextField>
          </div>
          <div className={styles.actions}>
            <Button type="submit" isDisabled={saving}>
              {saving ? 'Saving…' : 'Save the billing details'}
            </Button>
          </div>
        </Form>
      ) : null}
    </section>
  )
}
