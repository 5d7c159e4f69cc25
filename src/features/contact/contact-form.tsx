import { useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { fromPromise } from 'xstate'
import { contactModes, contactSources, limits } from '../../../contract/rules'
import { type ContactValues, contactMachine } from '../../../machines/contact.machine'
import { loadCountries } from '../../api/countries'
import { sendEnquiry } from '../../api/register'
import { onCloseAllDialogs } from '../../app/dialogs'
import { useAppLater } from '../../app/use-app'
import { Button } from '../../components/ui/button'
import { DiallingCodeSelect } from '../../components/ui/country-field'
import { ErrorDialog } from '../../components/ui/dialog'
import { SelectField } from '../../components/ui/select-field'
import { Snackbar } from '../../components/ui/snackbar'
import { Field, TextField } from '../../components/ui/text-field'
import * as ui from '../../components/ui/ui.css'
import * as styles from './contact.css'

/** The Get in Touch enquiry, on the /contact-us page and in the footer: one chart, two places. */
export function ContactForm({ idPrefix, tone = 'light' }: { idPrefix: string; tone?: 'light' | 'dark' }) {
  // /contact-us hydrates before the actors exist; the chart reaches them when it loads or sends.
  const app = useAppLater()
  const inspect = app.current()?.inspect
  const navigate = useNavigate()
  const actor = useActorRef(
    contactMachine.provide({
      actors: {
        loadCountries: fromPromise(async () => loadCountries((await app.ready()).api, window.localStorage)),
        sendEnquiry: fromPromise(async ({ input }) => sendEnquiry((await app.ready()).api, input)),
      },
      actions: {
        goToThankYou: () => {
          navigate({ to: '/contact-us/thank-you' })
        },
      },
    }),
    inspect ? { inspect } : undefined,
  )
  useEffect(() => onCloseAllDialogs(() => actor.send({ type: 'dialog.acknowledged' })), [actor])
  const values = useSelector(actor, (s) => s.context.values)
  const countries = useSelector(actor, (s) => s.context.countries)
  const codeCountryId = useSelector(actor, (s) => s.context.codeCountryId)
  const toast = useSelector(actor, (s) => s.context.toast)
  const dialogMessage = useSelector(actor, (s) => s.context.dialogMessage)
  const sending = useSelector(actor, (s) => s.matches({ flow: 'sending' }))
  // Clicks wait while the countries load (src/app/early-input.ts): the chart cannot act on them yet.
  const pending = useSelector(actor, (s) => s.matches({ flow: 'loadingCountries' }))
  const change = <Field extends keyof ContactValues>(field: Field, value: ContactValues[Field]) =>
    actor.send({ type: 'field.changed', field, value } as never)
  const labelClass = tone === 'dark' ? styles.onDark : undefined

  return (
    <>
      <form
        className={styles.form}
        aria-label="Get in Touch"
        noValidate
        data-pending={pending || undefined}
        onSubmit={(event) => {
          event.preventDefault()
          actor.send({ type: 'user.submit' })
        }}
      >
        <div className={labelClass}>
          <TextField
            label="Name"
            id={`${idPrefix}-name`}
            autoComplete="name"
            maxLength={limits.nameMax}
            value={values.name}
            onChange={(value) => change('name', value)}
          />
        </div>
        <div className={labelClass}>
          <TextField
            label="Company"
            id={`${idPrefix}-company`}
            autoComplete="organization"
            maxLength={limits.nameMax}
            value={values.company}
            onChange={(value) => change('company', value)}
          />
        </div>
        <div className={labelClass}>
          <TextField
            label="Email"
            id={`${idPrefix}-mail`}
            type="email"
            autoComplete="email"
            maxLength={limits.emailMax}
            value={values.mail}
            onChange={(value) => change('mail', value)}
          />
        </div>
        <div className={[styles.phoneRow, labelClass].filter(Boolean).join(' ')}>
          <DiallingCodeSelect
            label="Code"
            countries={countries}
            selectedId={codeCountryId}
            onChange={(countryId) => actor.send({ type: 'country.chosen', countryId })}
          />
          <TextField
            label="Phone"
            id={`${idPrefix}-phone`}
            type="tel"
            autoComplete="tel-national"
            maxLength={limits.contactPhoneMax}
            digitsOnly
            value={values.phone}
            onChange={(value) => change('phone', value)}
          />
        </div>
        <div className={labelClass}>
          <SelectField
            label="How did you hear about us?"
            options={contactSources}
            value={values.source}
            onChange={(value) => change('source', value)}
          />
        </div>
        <div className={labelClass}>
          <SelectField
            label="Mode"
            options={contactModes}
            value={values.mode}
            onChange={(value) => change('mode', value)}
          />
        </div>
        <Field
          label="Message"
          error={undefined}
          inputId={`${idPrefix}-message`}
          className={[styles.wide, labelClass].filter(Boolean).join(' ')}
        >
          {(ids) => (
            <textarea
              id={ids.input}
              className={[ui.input, styles.textarea].join(' ')}
              value={values.message}
              onChange={(event) => change('message', event.currentTarget.value)}
              maxLength={limits.contactMessageMax}
            />
          )}
        </Field>
        <div className={styles.wide}>
          <Button type="submit" isDisabled={sending}>
            {sending ? 'Sending…' : 'Enquire Now'}
          </Button>
        </div>
      </form>
      <Snackbar message={toast} onDismiss={() => actor.send({ type: 'toast.dismissed' })} />
      <ErrorDialog message={dialogMessage} onClose={() => actor.send({ type: 'dialog.acknowledged' })} />
    </>
  )
}
