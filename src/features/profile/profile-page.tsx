import { useActorRef, useSelector } from '@xstate/react'
import { Form } from 'react-aria-components'
import { fromPromise } from 'xstate'
import { messages } from '../../../contract/messages'
import { notificationKinds, notificationLabels, profileMessages } from '../../../contract/profile'
import { limits } from '../../../contract/rules'
import { mayManageTeam, teamMessages } from '../../../contract/team'
import type { PasswordValues, ProfileValues } from '../../../machines/profile'
import { profileMachine } from '../../../machines/profile.machine'
import { loadCountries } from '../../api/countries'
import { changePassword, getProfile, updateNotificationSettings, updateProfile } from '../../api/profile'
import type { PageInfo } from '../../app/pages'
import { useApp } from '../../app/use-app'
import { useCompanyRole } from '../../app/use-company-role'
import { Button } from '../../components/ui/button'
import { CountryComboBox } from '../../components/ui/country-field'
import { ErrorDialog } from '../../components/ui/dialog'
import { Snackbar } from '../../components/ui/snackbar'
import { Switch } from '../../components/ui/switch'
import { PasswordField, TextField } from '../../components/ui/text-field'
import * as styles from './profile.css'

type TextFieldName = Exclude<keyof ProfileValues, 'esus_mcou' | 'esus_mcpy'>

/** /user/profile: the user's and the company's details, the password and the notification settings. */
export function ProfilePage({ info }: { info: PageInfo }) {
  const { api, session, inspect } = useApp()
  // The company's name, country and address are its Admins' (issue 24); the rest is the person's own.
  const companyDetails = mayManageTeam(useCompanyRole())
  const actor = useActorRef(
    profileMachine.provide({
      actors: {
        loadProfile: fromPromise(async () => {
          const [profile, countries] = await Promise.all([
            getProfile(api),
            loadCountries(api, window.localStorage),
          ])
          return { profile, countries }
        }),
        saveProfile: fromPromise(({ input }) => updateProfile(api, input)),
        changePassword: fromPromise(({ input }) => changePassword(api, input)),
        saveNotifications: fromPromise(({ input }) => updateNotificationSettings(api, input)),
      },
      actions: {
        announceUser: (_, user) => session.send({ type: 'user.updated', user }),
      },
    }),
    inspect ? { inspect } : undefined,
  )
  const state = useSelector(actor, (s) => s)
  const { context } = state

  if (state.matches('loading')) {
    return (
      <article className={styles.page} aria-busy="true">
        <h1>{info.heading}</h1>
        <p className={styles.lead}>Loading your profile…</p>
      </article>
    )
  }
  if (state.matches('loadFailed')) {
    return (
      <article className={styles.page}>
        <h1>{info.heading}</h1>
        <div className={styles.failed} role="alert">
          <p>{messages.generic}</p>
          <Button onPress={() => actor.send({ type: 'user.retry' })}>Try again</Button>
        </div>
      </article>
    )
  }

  const { values, errors, shown, countries, readOnly, password, notifications } = context
  // Each save's confirmation shows under what was saved (see Snackbar's `inline`).
  const toastOf = (message: string) => (
    <Snackbar
      inline
      message={context.toast === message ? message : null}
      onDismiss={() => actor.send({ type: 'toast.dismissed' })}
    />
  )
  const saving = state.matches({ ready: { details: 'saving' } })
  const changing = state.matches({ ready: { password: 'submitting' } })
  const errorOf = (field: keyof ProfileValues) => (shown[field] ? errors[field]?.[0] : undefined)
  const passwordErrorOf = (field: keyof PasswordValues) =>
    password.shown[field] ? password.errors[field]?.[0] : undefined
  const change = <Field extends keyof ProfileValues>(field: Field, value: ProfileValues[Field]) =>
    actor.send({ type: 'field.changed', field, value } as never)
  const blur = (field: keyof ProfileValues) => actor.send({ type: 'field.blurred', field })
  const text = (
    field: TextFieldName,
    label: string,
    extra: Partial<Parameters<typeof TextField>[0]> = {},
  ) => (
    <TextField
      label={label}
      name={field}
      value={values[field]}
      isReadOnly={saving}
      onChange={(value) => change(field, value)}
      onBlur={() => blur(field)}
      error={errorOf(field)}
      {...extra}
    />
  )
  const passwordField = (field: keyof PasswordValues, label: string, autoComplete: string) => (
    <PasswordField
      label={label}
      name={field}
      autoComplete={autoComplete}
      maxLength={limits.passwordMax}
      isReadOnly={changing}
      value={password.values[field]}
      onChange={(value) => actor.send({ type: 'password.changed', field, value })}
      onBlur={() => actor.send({ type: 'password.blurred', field })}
      error={passwordErrorOf(field)}
    />
  )

  return (
    <article className={styles.page}>
      <h1>{info.heading}</h1>
      <p className={styles.lead}>Your details, your company's, your password and the mails you get.</p>

      <section className={styles.section} aria-labelledby="profile-details">
        <h2 id="profile-details" className={styles.sectionTitle}>
          Profile details
        </h2>
        <Form
          validationBehavior="aria"
          aria-labelledby="profile-details"
          onSubmit={(event) => {
            event.preventDefault()
            actor.send({ type: 'user.save' })
          }}
        >
          <p className={styles.note}>
            Your email (your login name) and the company registration number cannot be changed here.
          </p>
          <h3 className={styles.groupTitle}>Your details</h3>
          <div className={styles.grid}>
            {text('esus_name', 'Name', { autoComplete: 'name', maxLength: limits.nameMax })}
            <TextField
              label="Email (your username)"
              name="esus_email_id"
              type="email"
              value={readOnly.esus_email_id}
              isReadOnly
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
          </div>
          <h3 className={styles.groupTitle}>Company</h3>
          {companyDetails ? null : <p className={styles.note}>{teamMessages.companyDetailsManaged}</p>}
          <div className={styles.grid}>
            {text('esus_company_name', 'Company Name', {
              autoComplete: 'organization',
              maxLength: limits.nameMax,
              ...(companyDetails ? {} : { isReadOnly: true }),
            })}
            <TextField
              label="Company Registration Number"
              name="esus_regn_no"
              value={readOnly.esus_regn_no}
              isReadOnly
            />
            {companyDetails ? (
              <CountryComboBox
                label="Country"
                name="esus_mcou"
                countries={countries}
                selectedId={values.esus_mcou}
                onChange={(countryId) => actor.send({ type: 'country.chosen', countryId })}
                onBlur={() => blur('esus_mcou')}
                error={errorOf('esus_mcou')}
              />
            ) : (
              <TextField
                label="Country"
                name="esus_mcou"
                value={countries.find((country) => country.mcou_rid === values.esus_mcou)?.mcou_name ?? ''}
                isReadOnly
              />
            )}
            <div className={styles.wide}>
              {text('esus_address1', 'Address', {
                autoComplete: 'street-address',
                maxLength: limits.addressMax,
                ...(companyDetails ? {} : { isReadOnly: true }),
              })}
            </div>
          </div>
          <div className={styles.actions}>
            <Button type="submit" isDisabled={Object.keys(errors).length > 0 || saving}>
              {saving ? 'Saving…' : 'Save changes'}
            </Button>
            <Button tone="secondary" isDisabled={saving} onPress={() => actor.send({ type: 'user.discard' })}>
              Discard changes
            </Button>
          </div>
          {toastOf(profileMessages.saved)}
        </Form>
      </section>

      <section className={styles.section} aria-labelledby="profile-password">
        <h2 id="profile-password" className={styles.sectionTitle}>
          Change password
        </h2>
        <p className={styles.note}>
          Changing your password logs out every other device; this one stays logged in.
        </p>
        <Form
          validationBehavior="aria"
          aria-labelledby="profile-password"
          onSubmit={(event) => {
            event.preventDefault()
            actor.send({ type: 'password.submit' })
          }}
        >
          <div className={styles.grid}>
            <div className={styles.wide}>
              {passwordField('current_password', 'Current Password', 'current-password')}
            </div>
            {passwordField('esus_password', 'New Password', 'new-password')}
            {passwordField('password_confirmation', 'Confirm New Password', 'new-password')}
          </div>
          <div className={styles.actions}>
            <Button type="submit" isDisabled={Object.keys(password.errors).length > 0 || changing}>
              {changing ? 'Changing…' : 'Change Password'}
            </Button>
          </div>
          {toastOf(profileMessages.passwordChanged)}
        </Form>
      </section>

      <section className={styles.section} aria-labelledby="profile-notifications">
        <h2 id="profile-notifications" className={styles.sectionTitle}>
          Email notifications
        </h2>
        <p className={styles.note}>Each switch is saved as soon as you turn it on or off.</p>
        {notificationKinds.map((kind) => (
          <Switch
            key={kind}
            name={kind}
            label={notificationLabels[kind].label}
            description={notificationLabels[kind].description}
            isSelected={notifications[kind]}
            onChange={(value) => actor.send({ type: 'notification.toggled', kind, value })}
          />
        ))}
        {toastOf(profileMessages.notificationsSaved)}
      </section>

      <ErrorDialog
        message={context.dialogMessage}
        onClose={() => actor.send({ type: 'dialog.acknowledged' })}
      />
    </article>
  )
}
