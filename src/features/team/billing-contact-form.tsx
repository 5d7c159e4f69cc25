import { useActorRef, useSelector } from '@xstate/react'
import { Form } from 'react-aria-components'
import { fromPromise } from 'xstate'
import { limits } from '../../../contract/rules'
import { billingContactMachine } from '../../../machines/billing-contact.machine'
import { getBillingContact, updateBillingContact } from '../../api/billing-contact'
import { useApp } from '../../app/use-app'
import { Button } from '../../components/ui/button'
import { TextField } from '../../components/ui/text-field'
import * as styles from './team.css'

/**
 * My Team's "Billing contact" (docs/payments.md "Reminders"): the one email, besides the company's Admins, that
 * payment reminders of its invoices go to. An Admin names it or empties the field to remove it; anyone else
 * reads it.
 */
export function BillingContactForm({ mayEdit }: { mayEdit: boolean }) {
  const { api, inspect } = useApp()
  const actor = useActorRef(
    billingContactMachine.provide({
      actors: {
        loadContact: fromPromise(() => getBillingContact(api)),
        saveContact: fromPromise(({ input }) => updateBillingContact(api, input)),
      },
    }),
    { input: { mayEdit }, ...(inspect ? { inspect } : {}) },
  )
  const state = useSelector(actor, (s) => s)
  const { contact, values, errors, shown, notice, message } = state.context
  const saving = state.matches({ ready: 'saving' })
  return (
    <section className={styles.section} aria-labelledby="billing-contact-title">
      <h2 id="billing-contact-title" className={styles.sectionTitle}>
        Billing contact
      </h2>
      <p className={styles.note}>
        Payment reminders of your invoices go to your company's Admins and to this email, if there is one (an
        accounts payable mailbox, say).
      </p>
      {/* A live region of its own (aria-live, not role="status": the page's status is the team's). */}
      <p aria-live="polite" className={styles.status} data-testid="billing-contact-status">
        {state.matches('loading') ? 'Loading the billing contact…' : (notice ?? '')}
      </p>
      {message ? (
        <div role="alert" className={styles.alert}>
          <p>{message}</p>
          {state.matches('failed') ? (
            <Button tone="secondary" onPress={() => actor.send({ type: 'user.retry' })}>
              Try again
            </Button>
          ) : null}
        </div>
      ) : null}
      {contact && !mayEdit ? (
        <p>
          {contact.email
            ? `Reminders also go to ${contact.email}.`
            : 'None: reminders go to the Admins only.'}{' '}
          Admins name the billing contact.
        </p>
      ) : null}
      {contact && mayEdit ? (
        <Form
          validationBehavior="aria"
          aria-labelledby="billing-contact-title"
          onSubmit={(event) => {
            event.preventDefault()
            actor.send({ type: 'user.save' })
          }}
        >
          <TextField
            label="Billing contact's email (empty: none)"
            name="billing-contact"
            type="email"
            autoComplete="off"
            maxLength={limits.emailMax}
            isReadOnly={saving}
            value={values.email}
            onChange={(value) => actor.send({ type: 'field.changed', field: 'email', value })}
            onBlur={() => actor.send({ type: 'field.blurred', field: 'email' })}
            error={shown.email ? errors.email?.[0] : undefined}
          />
          <Button type="submit" isDisabled={saving}>
            {saving ? 'Saving…' : 'Save the billing contact'}
          </Button>
        </Form>
      ) : null}
    </section>
  )
}
