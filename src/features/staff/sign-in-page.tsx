import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { Form } from 'react-aria-components'
import { fromPromise } from 'xstate'
import { staffSignInMachine } from '../../../machines/staff-sign-in.machine'
import { staffLogin, staffVerifyCode } from '../../api/staff-auth'
import * as card from '../../components/layout/auth-card.css'
import { Button } from '../../components/ui/button'
import { TextField } from '../../components/ui/text-field'
import { useNavigate } from '../../staff/link'
import { staffConsole } from './console'
import * as styles from './console.css'
import { ConsoleBrand, StaffSessionNotice } from './console-shell'

/** /staff/login: email and password, then the authenticator's code (enrolling it the first time). */
export function StaffSignInPage() {
  const { api, session } = staffConsole()
  const navigate = useNavigate()
  const actor = useActorRef(
    staffSignInMachine.provide({
      actors: {
        checkPassword: fromPromise(({ input }) => staffLogin(api, input)),
        verifyCode: fromPromise(({ input: { challenge, code, recovery } }) =>
          staffVerifyCode(api, recovery ? { challenge, recoveryCode: code } : { challenge, code }),
        ),
      },
      actions: {
        signIn: ({ context }) => {
          const signed = context.signedIn
          if (!signed) return
          session.send({ type: 'session.started', token: signed.token, staff: signed.staff, at: Date.now() })
          void navigate({ to: '/staff', replace: true })
        },
      },
    }),
  )
  const state = useSelector(actor, (s) => s)
  const { values, errors, shown, notice, enrolment, code, codeError, useRecovery, recoveryCodes } =
    state.context
  const heading = useRef<HTMLHeadingElement>(null)
  const step = state.matches('secondStep') ? 'second' : state.matches('recoveryCodes') ? 'codes' : 'first'
  // The recovery codes start at their heading, so a screen reader reads what they are before the list (the
  // code step starts in its field).
  useEffect(() => {
    if (step === 'codes') heading.current?.focus()
  }, [step])
  const errorOf = (field: 'email' | 'password') => (shown[field] ? errors[field]?.[0] : undefined)
  const busy = state.matches('checkingPassword')
  const verifying =
    state.matches({ secondStep: 'verifying' }) || state.matches({ secondStep: 'verifyingEnrolment' })

  return (
    <>
      <header className={styles.topBar}>
        <ConsoleBrand />
      </header>
      <main className={card.page}>
        <section className={card.card} aria-labelledby="staff-sign-in">
          {step === 'first' ? (
            <>
              <h1 id="staff-sign-in" ref={heading} tabIndex={-1}>
                Staff sign-in
              </h1>
              <p className={card.lead}>
                For the forwarder’s team. Customers log in on the <a href="/login">Member Login</a> page.
              </p>
              {notice ? (
                <p role="alert" className={styles.error}>
                  {notice}
                </p>
              ) : null}
              <Form
                validationBehavior="aria"
                onSubmit={(event) => {
                  event.preventDefault()
                  actor.send({ type: 'user.submit' })
                }}
              >
                <TextField
                  label="Work email"
                  name="email"
                  type="email"
                  autoComplete="username"
                  value={values.email}
                  onChange={(value) => actor.send({ type: 'field.changed', field: 'email', value })}
                  onBlur={() => actor.send({ type: 'field.blurred', field: 'email' })}
                  error={errorOf('email')}
                />
                <TextField
                  label="Password"
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  value={values.password}
                  onChange={(value) => actor.send({ type: 'field.changed', field: 'password', value })}
                  onBlur={() => actor.send({ type: 'field.blurred', field: 'password' })}
                  error={errorOf('password')}
                />
                <Button type="submit" block isDisabled={busy}>
                  Continue
                </Button>
              </Form>
            </>
          ) : step === 'second' ? (
            <>
              <h1 id="staff-sign-in" ref={heading} tabIndex={-1}>
                {enrolment
                  ? 'Set up your authenticator'
                  : useRecovery
                    ? 'Use a recovery code'
                    : 'Enter your code'}
              </h1>
              {enrolment ? (
                <>
                  <p className={card.lead}>
                    Scan this QR code with an authenticator app (Google Authenticator, Microsoft
                    Authenticator, 1Password…), then enter the 6-digit code it shows. Or type the key into the
                    app as a time-based key.
                  </p>
                  <div
                    className={styles.qr}
                    role="img"
                    aria-label="QR code of your authenticator key"
                    // The server drew it from the key it just made: an SVG of squares, no script.
                    // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own SVG
                    dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
                  />
                  <p>
                    Key: <span className={styles.secret}>{enrolment.secret}</span>
                  </p>
                </>
              ) : (
                <p className={card.lead}>
                  {useRecovery
                    ? 'Enter one of the ten recovery codes you kept when you set up your authenticator. Each works once.'
                    : 'Open your authenticator app and enter the 6-digit code for eShip staff.'}
                </p>
              )}
              <Form
                validationBehavior="aria"
                onSubmit={(event) => {
                  event.preventDefault()
                  actor.send({ type: 'user.verify' })
                }}
              >
                <TextField
                  label={useRecovery ? 'Recovery code' : '6-digit code'}
                  name="code"
                  autoComplete="one-time-code"
                  inputMode={useRecovery ? 'text' : 'numeric'}
                  value={code}
                  onChange={(value) => actor.send({ type: 'code.changed', value })}
                  error={codeError ?? undefined}
                  autoFocus
                />
                <Button type="submit" block isDisabled={verifying}>
                  {enrolment ? 'Confirm and sign in' : 'Sign in'}
                </Button>
              </Form>
              <div className={styles.actions}>
                {enrolment ? null : (
                  <button
                    type="button"
                    className={styles.linkButton}
                    onClick={() => actor.send({ type: useRecovery ? 'user.useCode' : 'user.useRecovery' })}
                  >
                    {useRecovery ? 'Use my authenticator instead' : 'Use a recovery code'}
                  </button>
                )}
                <button
                  type="button"
                  className={styles.linkButton}
                  onClick={() => actor.send({ type: 'user.restart' })}
                >
                  Start again
                </button>
              </div>
            </>
          ) : (
            <>
              <h1 id="staff-sign-in" ref={heading} tabIndex={-1}>
                Keep your recovery codes
              </h1>
              <p className={card.lead}>
                If you lose your phone, each of these codes signs you in once instead of the authenticator.
                Print them or keep them in your password manager now: they are not shown again.
              </p>
              <ul className={styles.codes} aria-label="Recovery codes">
                {(recoveryCodes ?? []).map((one) => (
                  <li key={one}>{one}</li>
                ))}
              </ul>
              <Button block onPress={() => actor.send({ type: 'user.continue' })}>
                I have kept them: continue
              </Button>
            </>
          )}
        </section>
      </main>
      <StaffSessionNotice />
    </>
  )
}
