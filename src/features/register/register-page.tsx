import { Link, useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import type { SyntheticEvent } from 'react'
import { fromPromise } from 'xstate'
import { messages } from '../../../contract/messages'
import { limits, registrationSources } from '../../../contract/rules'
import { type RegisterValues, registerMachine } from '../../../machines/register.machine'
import { loadCountries } from '../../api/countries'
import { register } from '../../api/register'
import type { PageInfo } from '../../app/pages'
import type { QuoteSearch } from '../../app/quote-search'
import { useAppLater } from '../../app/use-app'
import { Button } from '../../components/ui/button'
import { CountryComboBox } from '../../components/ui/country-field'
import { Dialog, ErrorDialog } from '../../components/ui/dialog'
import { CheckboxField, SelectField } from '../../components/ui/select-field'
import { PasswordField, TextField } from '../../components/ui/text-field'
import { visuallyHidden } from '../../styles/visually-hidden.css'
import * as styles from './register.css'

type TextFieldName = Exclude<keyof RegisterValues, 'esus_mcou' | 'esus_mcpy' | 'check' | 'esus_source'>

/** What the disabled Register button says is missing, field by field, as each field is labelled. */
const fieldNames: Record<keyof RegisterValues, string> = {
  esus_name: 'Name',
  esus_company_name: 'Company Name',
  esus_regn_no: 'Company Registration Number',
  esus_email_id: 'Email',
  esus_password: 'Password',
  password_confirmation: 'Confirm Password',
  esus_mcou: 'Country',
  code: 'Country',
  esus_phone: 'Phone Number',
  esus_address1: 'Address',
  esus_source: 'How did you hear about us?',
  check: 'the Terms and Conditions',
  esus_mcpy: 'Country',
}

export function RegisterPage({ info, quote = {} }: { info: PageInfo; quote?: QuoteSearch }) {
  // The page hydrates before the actors exist; the chart reaches them when it loads or sends.
  const app = useAppLater()
  const inspect = app.current()?.inspect
  const navigate = useNavigate()
  const actor = useActorRef(
    registerMachine.provide({
      actors: {
        loadCountries: fromPromise(async () => loadCountries((await app.ready()).api, window.localStorage)),
        register: fromPromise(async ({ input }) => register((await app.ready()).api, input)),
      },
      actions: {
        goToLogin: () => {
          navigate({ to: '/login' })
        },
      },
    }),
    inspect ? { inspect } : undefined,
  )
  const state = useSelector(actor, (s) => s)
  const { values, errors, shown, countries, dialogMessage } = state.context
  const errorOf = (field: keyof RegisterValues) => (shown[field] ? errors[field]?.[0] : undefined)
  const isValid = Object.keys(errors).length === 0
  // Once the person has started (a field left), the disabled Register button says what it waits for.
  const started = Object.values(shown).some(Boolean)
  const missing = started
    ? [...new Set((Object.keys(errors) as (keyof RegisterValues)[]).map((field) => fieldNames[field]))]
    : []
  const loading = !state.matches({ loading: 'idle' })
  // Clicks wait while the countries load (src/app/early-input.ts): the chart cannot act on them yet.
  const pending = state.matches({ flow: 'loadingCountries' })
  const change = <Field extends keyof RegisterValues>(field: Field, value: RegisterValues[Field]) =>
    actor.send({ type: 'field.changed', field, value } as never)
  const blur = (field: keyof RegisterValues) => actor.send({ type: 'field.blurred', field })
  const text = (
    field: TextFieldName,
    label: string,
    extra: Partial<Parameters<typeof TextField>[0]> = {},
  ) => (
    <TextField
      label={label}
      name={field}
      value={values[field]}
      onChange={(value) => change(field, value)}
      onBlur={() => blur(field)}
      error={errorOf(field)}
      {...extra}
    />
  )

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="register-heading">
        <h1 id="register-heading">{info.heading}</h1>
        <p>Register your company to get instant quotes, book shipments and track them in one place.</p>
        <QuoteSummary quote={quote} />
        <form
          noValidate
          data-pending={pending || undefined}
          onSubmit={(event) => {
            event.preventDefault()
            actor.send({ type: 'user.submit' })
          }}
        >
          <div className={styles.grid}>
            {text('esus_name', 'Name', { autoComplete: 'name', maxLength: limits.nameMax })}
            {text('esus_company_name', 'Company Name', {
              autoComplete: 'organization',
              maxLength: limits.nameMax,
            })}
            {text('esus_regn_no', 'Company Registration Number', {
              maxLength: limits.nameMax,
              inputClassName: styles.upper,
            })}
            {text('esus_email_id', 'Email (your username)', {
              type: 'email',
              autoComplete: 'email',
              maxLength: limits.emailMax,
            })}
            <PasswordField
              label="Password"
              name="esus_password"
              autoComplete="new-password"
              maxLength={limits.passwordMax}
              value={values.esus_password}
              onChange={(value) => change('esus_password', value)}
              onBlur={() => blur('esus_password')}
              error={errorOf('esus_password')}
            />
            <PasswordField
              label="Confirm Password"
              name="password_confirmation"
              autoComplete="new-password"
              maxLength={limits.passwordMax}
              value={values.password_confirmation}
              onChange={(value) => change('password_confirmation', value)}
              onBlur={() => blur('password_confirmation')}
              error={errorOf('password_confirmation')}
            />
            <CountryComboBox
              label="Country"
              name="esus_mcou"
              countries={countries}
              selectedId={values.esus_mcou}
              onChange={(countryId) => actor.send({ type: 'country.chosen', countryId })}
              onBlur={() => blur('esus_mcou')}
              error={errorOf('esus_mcou')}
            />
            <div className={styles.phoneRow}>
              {text('code', 'Code', { isReadOnly: true })}
              {text('esus_phone', 'Phone Number', {
                type: 'tel',
                autoComplete: 'tel-national',
                maxLength: limits.phoneMax,
                digitsOnly: true,
              })}
            </div>
            <div className={styles.wide}>
              {text('esus_address1', 'Address', {
                autoComplete: 'street-address',
                maxLength: limits.addressMax,
              })}
            </div>
            <SelectField
              label="How did you hear about us?"
              name="esus_source"
              options={registrationSources}
              value={values.esus_source}
              onChange={(value) => {
                change('esus_source', value)
                blur('esus_source')
              }}
              error={errorOf('esus_source')}
            />
            <div className={styles.wide}>
              <CheckboxField
                name="check"
                isSelected={values.check}
                onChange={(checked) => {
                  change('check', checked)
                  blur('check')
                }}
                error={errorOf('check')}
              >
                I agree to the <ConsentLink to="/info/terms-conditions">Terms and Conditions</ConsentLink> and
                the <ConsentLink to="/info/privacy-policy">Privacy Policy</ConsentLink>.
              </CheckboxField>
            </div>
          </div>
          <Button
            type="submit"
            block
            isDisabled={!isValid || loading}
            aria-describedby={missing.length > 0 ? 'register-missing' : undefined}
          >
            {loading ? 'Registering…' : 'Register'}
          </Button>
          {missing.length > 0 ? (
            <p id="register-missing" className={styles.footnote} data-testid="register-missing">
              To register, complete: {missing.join(', ')}.
            </p>
          ) : null}
        </form>
        <p className={styles.footnote}>
          Already registered? <Link to="/login">Member Login</Link>
        </p>
      </section>
      <Dialog
        isOpen={state.matches({ flow: 'registered' })}
        title="Registration Successful"
        width={500}
        onClose={() => actor.send({ type: 'dialog.acknowledged' })}
      >
        <p>{messages.registered}</p>
      </Dialog>
      <ErrorDialog message={dialogMessage} onClose={() => actor.send({ type: 'dialog.acknowledged' })} />
    </div>
  )
}

/**
 * The terms read from the consent line open in a new tab: following them in this one and coming back emptied
 * the form (what was typed lives in the page, not the address).
 */
const keep = (event: SyntheticEvent) => event.stopPropagation()

function ConsentLink({
  to,
  children,
}: {
  to: '/info/terms-conditions' | '/info/privacy-policy'
  children: string
}) {
  return (
    <Link
      to={to}
      target="_blank"
      rel="noopener"
      // The consent line is the checkbox's label, whose presses tick the box and whose clicks are kept from
      // their default: the link's own stay with it, so it opens and the box is left as it was.
      onClick={keep}
      onPointerDown={keep}
      onPointerUp={keep}
      onKeyDown={keep}
      onKeyUp={keep}
    >
      {children} <span className={visuallyHidden}>(opens in a new tab)</span>
    </Link>
  )
}

const cargoLabels = { general: 'General', hazardous: 'Hazardous' } as const

/** The quote started on the home page's strip, shown back while the visitor registers. */
function QuoteSummary({ quote }: { quote: QuoteSearch }) {
  const rows: [string, string][] = [
    ['Origin', quote.origin ?? ''],
    ['Destination', quote.destination ?? ''],
    ['Cargo', quote.cargo ? cargoLabels[quote.cargo] : ''],
  ].filter((row): row is [string, string] => row[1] !== '')
  if (rows.length === 0) return null
  return (
    <section className={styles.quote} aria-labelledby="register-quote">
      <h2 id="register-quote">Your quote request</h2>
      <p>Create your account and activate it from the email we send: your instant quote is one step away.</p>
      <dl className={styles.quoteList}>
        {rows.map(([term, value]) => (
          <div key={term} className={styles.quoteRow}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
