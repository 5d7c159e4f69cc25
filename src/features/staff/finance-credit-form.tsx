import { useSelector } from '@xstate/react'
import { TextField as AriaTextField, Form, Label, Text, TextArea } from 'react-aria-components'
import type { ActorRefFrom } from 'xstate'
import { GST_RATE_BPS } from '../../../contract/finance/charges'
import { moneyText } from '../../../contract/pricing/money'
import { type creditNoteMachine, leftOf, lineField } from '../../../machines/credit-note.machine'
import { Button } from '../../components/ui/button'
import { CheckboxField } from '../../components/ui/select-field'
import { TextField } from '../../components/ui/text-field'
import * as ui from '../../components/ui/ui.css'
import * as styles from './finance.css'
import { Totals } from './finance-parts'

export type CreditNoteActor = ActorRefFrom<typeof creditNoteMachine>

/**
 * The credit note of an invoice: per line how much to credit (what is left of it beside), the reason, and
 * whether the charges credited in full are billed again; the credit note's totals as they would be issued.
 */
export function CreditNoteForm({ actor }: { actor: CreditNoteActor }) {
  const state = useSelector(actor, (s) => s)
  const { invoice, amounts, reason, rebill, errors, submitted, outcome, message } = state.context
  const sending = state.matches('sending')
  const money = (amount: number) => moneyText(amount, invoice.currency)
  // A line's refusal shows as soon as something is typed in it; the rest once submitted.
  const lineError = (lineNo: number) =>
    submitted || (amounts[lineNo] ?? '').trim() !== '' ? errors[lineField(lineNo)]?.[0] : undefined
  const creditable = invoice.lines.filter((line) => line.amount > 0)
  return (
    <section className={styles.panel} aria-labelledby="credit-title">
      <h2 id="credit-title">Credit note for {invoice.number}</h2>
      <Form
        validationBehavior="aria"
        aria-labelledby="credit-title"
        onSubmit={(event) => {
          event.preventDefault()
          actor.send({ type: 'user.submit' })
        }}
      >
        <ul className={styles.list}>
          {creditable.map((line, index) => {
            const left = leftOf(invoice, line.lineNo)
            return (
              <li key={line.lineNo} className={styles.item} data-testid="credit-line">
                <div className={styles.creditLine}>
                  <TextField
                    label={`Credit on line ${line.lineNo}, ${line.code} ${line.description} (${invoice.currency})`}
                    autoFocus={index === 0}
                    value={amounts[line.lineNo] ?? ''}
                    isDisabled={sending || left === 0}
                    onChange={(value) => actor.send({ type: 'line.changed', lineNo: line.lineNo, value })}
                    error={lineError(line.lineNo)}
                  />
                  <div>
                    <p className={styles.muted}>
                      {line.gstCode} · invoiced {money(line.amount)} · left {money(left)}
                    </p>
                    {left > 0 ? (
                      <Button
                        tone="quiet"
                        isDisabled={sending}
                        aria-label={`Credit all that is left of line ${line.lineNo}`}
                        onPress={() => actor.send({ type: 'line.whole', lineNo: line.lineNo })}
                      >
                        Credit all that is left
                      </Button>
                    ) : null}
                  </div>
                </div>
              </li>
            )
          })}
        </ul>
        <AriaTextField
          className={ui.field}
          value={reason}
          isDisabled={sending}
          isInvalid={Boolean(submitted && errors.reason)}
          onChange={(value) => actor.send({ type: 'reason.changed', value })}
        >
          <Label className={ui.label}>Reason (printed on the credit note)</Label>
          <TextArea className={[ui.input, styles.textArea].join(' ')} rows={3} />
          {submitted && errors.reason ? (
            <Text slot="errorMessage" className={ui.fieldError}>
              {errors.reason[0]}
            </Text>
          ) : null}
        </AriaTextField>
        <CheckboxField
          isSelected={rebill}
          isDisabled={sending}
          onChange={(value) => actor.send({ type: 'rebill.changed', value })}
        >
          Bill the credited charges again (a corrected invoice follows); otherwise they are waived
        </CheckboxField>
        <h3 className={styles.smallHeading}>The credit note</h3>
        {outcome?.ok ? (
          <Totals
            totals={outcome.totals}
            currency={invoice.currency}
            gstRateBps={GST_RATE_BPS}
            label="The credit note's totals"
          />
        ) : (
          <p className={styles.muted}>Type an amount on at least one line.</p>
        )}
        {(submitted || outcome !== null) && errors.form ? (
          <p role="alert" className={styles.rowMessage}>
            {errors.form[0]}
          </p>
        ) : null}
        {message ? (
          <p role="alert" className={styles.rowMessage}>
            {message}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" isDisabled={sending}>
            {sending ? 'Issuing…' : 'Issue the credit note'}
          </Button>
          <Button tone="secondary" isDisabled={sending} onPress={() => actor.send({ type: 'user.cancel' })}>
            Cancel
          </Button>
        </div>
      </Form>
    </section>
  )
}
