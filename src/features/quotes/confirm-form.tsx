import { Link } from '@tanstack/react-router'
import { Form } from 'react-aria-components'
import type { PartyRole } from '../../../contract/parties'
import type { ContainerType } from '../../../contract/pricing/types'
import { confirmMessages, type Party } from '../../../contract/quotes'
import type { ConfirmValues } from '../../../machines/quote-offer'
import { Button } from '../../components/ui/button'
import { CheckboxField } from '../../components/ui/select-field'
import { TextField } from '../../components/ui/text-field'
import { ManageAddressBook, PartyPicker, useAddressBook } from './address-book'
import { usd } from './money'
import * as styles from './quotes.css'

/**
 * Confirm Your Quotation's form: the parties (each with its pick from the company's address book), the door
 * addresses when door services are chosen, the cargo description, each container's gross weight (FCL), the
 * terms; the values and messages are the offer chart's (machines/quote-offer.machine.ts).
 */
export function ConfirmForm({
  values,
  errors,
  pickup,
  delivery,
  submitting,
  priceChanged,
  total,
  onChange,
  onBlur,
  onSubmit,
  containers,
  onPick,
}: {
  values: ConfirmValues
  errors: Record<string, string>
  pickup: boolean
  delivery: boolean
  submitting: boolean
  priceChanged: boolean
  total: number
  onChange: (field: keyof ConfirmValues, value: unknown) => void
  onBlur: (field: string) => void
  onSubmit: () => void
  /** FCL: the quote's containers one by one, each asked its gross weight (the VGM). */
  containers: ContainerType[]
  onPick: (role: PartyRole, party: Party) => void
}) {
  const book = useAddressBook((role, { name, address, contact }) =>
    onPick(role, { name, address, ...(contact ? { contact } : {}) }),
  )
  const text = (field: keyof ConfirmValues & string, label: string) => (
    <TextField
      label={label}
      value={String(values[field])}
      onChange={(value) => onChange(field, value)}
      onBlur={() => onBlur(field)}
      error={errors[field]}
    />
  )
  return (
    <Form
      className={styles.section}
      aria-label="Confirm your quotation"
      validationBehavior="aria"
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      <ManageAddressBook book={book} />
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Shipper</legend>
        <PartyPicker book={book} party="shipper" />
        {text('shipperName', 'Shipper company name')}
        {text('shipperAddress', 'Shipper address')}
        {text('shipperContact', 'Shipper contact (optional)')}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Consignee</legend>
        <PartyPicker book={book} party="consignee" />
        {text('consigneeName', 'Consignee company name')}
        {text('consigneeAddress', 'Consignee address')}
        {text('consigneeContact', 'Consignee contact (optional)')}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Notify party (optional)</legend>
        <PartyPicker book={book} party="notify" />
        {text('notifyName', 'Notify party name')}
        {text('notifyAddress', 'Notify party address')}
      </fieldset>
      {pickup ? text('pickupAddress', 'Pickup address') : null}
      {delivery ? text('deliveryAddress', 'Delivery address') : null}
      {text('cargoDescription', 'Cargo description')}
      {containers.length > 0 ? (
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Gross weight per container (VGM)</legend>
          <p className={styles.muted}>
            The weight of the cargo with its packing in each container, in kg, without the container's own
            tare: the verified gross mass (SOLAS) the carrier needs before loading.
          </p>
          {containers.map((type, index) => (
            <TextField
              // The containers of a quote never change order: the index is the container.
              // biome-ignore lint/suspicious/noArrayIndexKey: one input per container, in the request's order
              key={index}
              label={`Container ${index + 1} (${type}) gross weight, kg`}
              value={values.containerWeights[index] ?? ''}
              inputMode="numeric"
              onChange={(value) =>
                onChange(
                  'containerWeights',
                  values.containerWeights.map((typed, at) => (at === index ? value : typed)),
                )
              }
              onBlur={() => onBlur(`containerWeightsKg.${index}`)}
              error={errors[`containerWeightsKg.${index}`]}
            />
          ))}
        </fieldset>
      ) : null}
      <CheckboxField
        isSelected={values.acceptTerms}
        onChange={(value) => onChange('acceptTerms', value)}
        error={errors.acceptTerms}
      >
        I accept the{' '}
        <Link to="/info/terms-conditions" target="_blank" className={styles.link}>
          terms and conditions
        </Link>
      </CheckboxField>
      {priceChanged ? (
        <p className={styles.notice} role="alert">
          {confirmMessages.priceChanged} New total: {usd(total)}.
        </p>
      ) : null}
      <Button type="submit" isDisabled={submitting}>
        {priceChanged ? `Confirm at ${usd(total)}` : 'Confirm'}
      </Button>
    </Form>
  )
}
