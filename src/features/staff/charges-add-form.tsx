import { useSelector } from '@xstate/react'
import { TextField as AriaTextField, Form, Label, Text, TextArea } from 'react-aria-components'
import type { ActorRefFrom } from 'xstate'
import {
  addedChargeCodes,
  addedChargeKinds,
  gstCodeNames,
  isDisbursementCode,
} from '../../../contract/finance/charges'
import { type AddChargeField, type addChargeMachine, gstOfValues } from '../../../machines/add-charge.machine'
import { Button } from '../../components/ui/button'
import { CheckboxField } from '../../components/ui/select-field'
import { TextField } from '../../components/ui/text-field'
import * as ui from '../../components/ui/ui.css'
import * as styles from './finance.css'
import { NativeSelect } from './ops-booking-parts'

export type AddChargeActor = ActorRefFrom<typeof addChargeMachine>

/** Add a charge after booking: the customer approves it before it can be invoiced. */
export function AddChargeForm({ actor }: { actor: AddChargeActor }) {
  const state = useSelector(actor, (s) => s)
  const { values, errors, shown, message, currency, file } = state.context
  const sending = state.matches('sending')
  const errorOf = (field: AddChargeField) => (shown[field] ? errors[field]?.[0] : undefined)
  const set = (field: 'code' | 'description' | 'quantityText' | 'amount' | 'reason') => (value: string) =>
    actor.send({ type: 'field.changed', field, value })
  const blur = (field: AddChargeField) => () => actor.send({ type: 'field.blurred', field })
  const gst = gstOfValues(values)
  const disbursement = isDisbursementCode(values.code)
  return (
    <section className={styles.panel} aria-labelledby="add-charge-title">
      <h3 id="add-charge-title" className={styles.smallHeading}>
        Add a charge
      </h3>
      <p className={styles.muted}>
        The customer’s Admins and Members are asked to approve it before it is invoiced.
      </p>
      <Form
        validationBehavior="aria"
        aria-labelledby="add-charge-title"
        onSubmit={(event) => {
          event.preventDefault()
          actor.send({ type: 'user.submit' })
        }}
      >
        <div className={styles.formGrid}>
          <NativeSelect
            id="charge-code"
            label="Charge"
            value={values.code}
            options={[
              { value: '', label: 'Choose…' },
              ...addedChargeCodes.map((code) => ({
                value: code,
                label: `${code} · ${addedChargeKinds[code].name}`,
              })),
            ]}
            error={errorOf('code')}
            onChange={set('code')}
          />
          <div data-testid="charge-gst" aria-live="polite">
            {gst ? (
              <p>
                <strong>GST code {gst.code}</strong> ({gstCodeNames[gst.code]})
                <br />
                <span className={styles.muted}>{gst.reason}</span>
              </p>
            ) : null}
          </div>
          {values.code === 'STO' ? (
            <div className={styles.wide}>
              <CheckboxField
                isSelected={values.inFreeTradeZone}
                isDisabled={sending}
                onChange={(value) => actor.send({ type: 'zone.changed', value })}
              >
                Stored in a free trade zone (zero-rated)
              </CheckboxField>
            </div>
          ) : null}
          <div className={styles.wide}>
            <TextField
              label="Description (the customer reads it)"
              value={values.description}
              isDisabled={sending}
              onChange={set('description')}
              onBlur={blur('description')}
              error={errorOf('description')}
            />
          </div>
          <TextField
            label={values.code ? `Quantity (${addedChargeKinds[values.code].basis})` : 'Quantity'}
            value={values.quantityText}
            isDisabled={sending}
            onChange={set('quantityText')}
            onBlur={blur('quantityText')}
            error={errorOf('quantityText')}
          />
          <TextField
            label={`Amount excluding GST (${currency})`}
            value={values.amount}
            isDisabled={sending}
            onChange={set('amount')}
            onBlur={blur('amount')}
            error={errorOf('amount')}
          />
          <div className={styles.wide}>
            <AriaTextField
              className={ui.field}
              value={values.reason}
              isDisabled={sending}
              isInvalid={Boolean(errorOf('reason'))}
              onChange={set('reason')}
              onBlur={blur('reason')}
            >
              <Label className={ui.label}>Why it is added (the customer reads it)</Label>
              <TextArea className={[ui.input, styles.textArea].join(' ')} rows={3} />
              {errorOf('reason') ? (
                <Text slot="errorMessage" className={ui.fieldError}>
                  {errorOf('reason')}
                </Text>
              ) : null}
            </AriaTextField>
          </div>
          <div className={[ui.field, styles.wide].join(' ')}>
            <label htmlFor="charge-file" className={ui.label}>
              {disbursement ? 'Receipt from Singapore Customs (required)' : 'Attachment (optional)'}
            </label>
            <input
              id="charge-file"
              type="file"
              className={styles.nativeInput}
              disabled={sending}
              aria-invalid={errorOf('file') ? true : undefined}
              aria-describedby={errorOf('file') ? 'charge-file-error' : undefined}
              onChange={(event) => actor.send({ type: 'file.chosen', file: event.target.files?.[0] ?? null })}
            />
            {file ? <span className={styles.muted}>{file.name}</span> : null}
            {errorOf('file') ? (
              <p id="charge-file-error" className={ui.fieldError}>
                {errorOf('file')}
              </p>
            ) : null}
          </div>
        </div>
        {message ? (
          <p role="alert" className={styles.rowMessage}>
            {message}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" isDisabled={sending}>
            {sending ? 'Sending…' : 'Send to the customer for approval'}
          </Button>
          <Button tone="secondary" isDisabled={sending} onPress={() => actor.send({ type: 'user.cancel' })}>
            Cancel
          </Button>
        </div>
      </Form>
    </section>
  )
}
