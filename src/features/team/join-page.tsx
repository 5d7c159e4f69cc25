import { Link, useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { Form } from 'react-aria-components'
import { fromPromise } from 'xstate'
import { limits } from '../../../contract/rules'
import { companyRoleDuties, companyRoleNames } from '../../../contract/team'
import { type AcceptValues, endingsWithLogin, invitationMachine } from '../../../machines/invitation.machine'
import { acceptInvitation, checkInvitation } from '../../api/invitations'
import { isSignedIn } from '../../app/app-context'
import type { PageInfo } from '../../app/pages'
import { useApp } from '../../app/use-app'
import { Button } from '../../components/ui/button'
import { PasswordField, TextField } from '../../components/ui/text-field'
import * as styles from './join.css'

type TypedField = 'esus_name' | 'esus_phone' | 'esus_password' | 'password_confirmation'

/** /join?token=…: an invited colleague makes their account in the inviting company and is signed in. */
export function JoinPage({ info, token }: { info: PageInfo; token: string }) {
  const { api, session, inspect } = useApp()
  const navigate = useNavigate()
  const actor = useActorRef(
    invitationMachine.provide({
      actors: {
        checkInvitation: fromPromise(({ input }) => checkInvitation(api, input.token)),
        acceptInvitation: fromPromise(({ input }) => acceptInvitation(api, input)),
      },
      actions: {
        // As the login page starts it: the session actor stores the token and the user (`eshipUser`).
        startSession: (_, output) => {
          if (output.token && output.user) {
            session.send({ type: 'session.started', token: output.token, user: output.user, at: Date.now() })
          }
        },
        goToUserHome: () => {
          navigate({ to: '/user/home' })
        },
      },
    }),
    { input: { token, signedIn: isSignedIn(session) }, ...(inspect ? { inspect } : {}) },
  )
  const state = useSelector(actor, (s) => s)
  const signedInAs = useSelector(session, (s) => s.context.user?.esus_email_id ?? null)
  const { values, errors, shown, invitation, message } = state.context
  const submitting = state.matches({ form: 'submitting' }) || state.matches('done')
  const errorOf = (field: keyof AcceptValues) => (shown[field] ? errors[field]?.[0] : undefined)
  const change = (field: TypedField, value: string) => actor.send({ type: 'field.changed', field, value })
  const blur = (field: TypedField) => actor.send({ type: 'field.blurred', field })

  return (
    <div className={styles.page}>
      <section
        className={styles.card}
        aria-labelledby="join-heading"
        aria-busy={state.matches('checking') || state.matches('opening')}
      >
        <h1 id="join-heading">{info.heading}</h1>

        {state.matches('checking') ? <p>Checking your invitation…</p> : null}

        {state.matches('signedIn') ? (
          <>
            <p role="alert">
              You are logged in{signedInAs ? ` as ${signedInAs}` : ''}. To accept this invitation, log out
              first, then open the link in your invitation mail again.
            </p>
            <div className={styles.actions}>
              <Button onPress={() => session.send({ type: 'user.logout' })}>Log out</Button>
              <Link to="/user/home">Go to your account</Link>
            </div>
          </>
        ) : null}

        {state.matches('invalid') ? (
          <>
            <p role="alert">{message}</p>
            {message && endingsWithLogin.includes(message) ? (
              <p className={styles.footnote}>
                <Link to="/login">Go to Member Login</Link>
              </p>
            ) : null}
          </>
        ) : null}

        {state.matches('unavailable') ? (
          <>
            <p role="alert">{message}</p>
            <Button onPress={() => actor.send({ type: 'user.retry' })}>Try again</Button>
          </>
        ) : null}

        {(state.matches('form') || state.matches('done')) && invitation ? (
          <>
            <p>
              Join <strong>{invitation.companyName}</strong> on eShip as{' '}
              <strong>{companyRoleNames[invitation.role]}</strong>:{' '}
              {companyRoleDuties[invitation.role].charAt(0).toLowerCase()}
              {companyRoleDuties[invitation.role].slice(1)}.
            </p>
            <p className={styles.lead}>
              Set your name, phone and password. Your password has 8 to 100 characters with at least one
              uppercase letter, one digit and one special character.
            </p>
            {message ? (
              <p role="alert" className={styles.alert}>
                {message}
              </p>
            ) : null}
            <Form
              validationBehavior="aria"
              aria-labelledby="join-heading"
              onSubmit={(event) => {
                event.preventDefault()
                actor.send({ type: 'user.submit' })
              }}
            >
              <TextField
                label="Email (your username)"
                name="email"
                type="email"
                autoComplete="username"
                value={values.email}
                isReadOnly
                error={errorOf('email')}
              />
              <TextField
                label="Name"
                name="esus_name"
                autoComplete="name"
                maxLength={limits.nameMax}
                isReadOnly={submitting}
                value={values.esus_name}
                onChange={(value) => change('esus_name', value)}
                onBlur={() => blur('esus_name')}
                error={errorOf('esus_name')}
              />
              <div className={styles.phoneRow}>
                <TextField label="Code" name="code" value={invitation.dialingCode} isReadOnly />
                <TextField
                  label="Phone Number"
                  name="esus_phone"
                  type="tel"
                  autoComplete="tel-national"
                  maxLength={limits.phoneMax}
                  digitsOnly
                  isReadOnly={submitting}
                  value={values.esus_phone}
                  onChange={(value) => change('esus_phone', value)}
                  onBlur={() => blur('esus_phone')}
                  error={errorOf('esus_phone')}
                />
              </div>
              <PasswordField
                label="Password"
                name="esus_password"
                autoComplete="new-password"
                maxLength={limits.passwordMax}
                isReadOnly={submitting}
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
                isReadOnly={submitting}
                value={values.password_confirmation}
                onChange={(value) => change('password_confirmation', value)}
                onBlur={() => blur('password_confirmation')}
                error={errorOf('password_confirmation')}
              />
              <Button type="submit" block isDisabled={submitting}>
                {submitting ? 'Joining…' : 'Join the team'}
              </Button>
            </Form>
          </>
        ) : null}
      </section>
    </div>
  )
}
