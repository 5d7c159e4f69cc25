import { Link, useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { fromPromise } from 'xstate'
import { loginMachine } from '../../../machines/login.machine'
import { login, requestSessionRelease } from '../../api/auth'
import type { PageInfo } from '../../app/pages'
import { useAppLater } from '../../app/use-app'
import * as styles from '../../components/layout/auth-card.css'
import { Button } from '../../components/ui/button'
import { Dialog, ErrorDialog } from '../../components/ui/dialog'
import { PasswordField, TextField } from '../../components/ui/text-field'
import { ForgotPassword } from './forgot-password'

export function LoginPage({
  info,
  openForgotPassword = false,
}: {
  info: PageInfo
  openForgotPassword?: boolean
}) {
  // The page hydrates before the actors exist; the chart reaches them when it logs in.
  const app = useAppLater()
  const inspect = app.current()?.inspect
  const navigate = useNavigate()
  const actor = useActorRef(
    loginMachine.provide({
      actors: {
        login: fromPromise(async ({ input }) => login((await app.ready()).api, input)),
        requestRelease: fromPromise(async ({ input }) =>
          requestSessionRelease((await app.ready()).api, input),
        ),
      },
      actions: {
        startSession: (_, output) => {
          // The actors exist: the login that returned this went through their API client.
          if (output.token && output.user) {
            app.current()?.session.send({
              type: 'session.started',
              token: output.token,
              user: output.user,
              at: Date.now(),
            })
          }
        },
        goToUserHome: () => {
          navigate({ to: '/user/home' })
        },
      },
    }),
    inspect ? { inspect } : undefined,
  )
  const values = useSelector(actor, (s) => s.context.values)
  const errors = useSelector(actor, (s) => s.context.errors)
  const shown = useSelector(actor, (s) => s.context.shown)
  const dialogMessage = useSelector(actor, (s) => s.context.dialogMessage)
  const elsewhere = useSelector(actor, (s) =>
    s.matches('elsewhere')
      ? { ...s.context.release, requesting: s.matches({ elsewhere: 'requesting' }) }
      : null,
  )
  const busy = useSelector(actor, (s) => s.matches('submitting') || s.matches('redirecting'))
  const errorOf = (field: keyof typeof values) => (shown[field] ? errors[field]?.[0] : undefined)
  // Arriving at /login, the email field has the focus, unless the visitor already put it somewhere (a field
  // clicked before the page hydrated, the forgot-password dialog).
  // Leaving the field the page focused, untouched, is not a visit: its "required" message would push the
  // page down under a pointer on its way to Forgot Password? or Create an account, and the click was lost.
  const email = useRef<HTMLInputElement>(null)
  const focusedByPage = useRef(false)
  useEffect(() => {
    if (document.activeElement !== document.body && document.activeElement !== null) return
    focusedByPage.current = true
    email.current?.focus()
  }, [])

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="login-heading">
        <h1 id="login-heading">{info.heading}</h1>
        <p className={styles.lead}>Log in to get instant quotes, book and track your shipments.</p>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            actor.send({ type: 'user.submit' })
          }}
        >
          <TextField
            label="Email"
            inputRef={email}
            name="email"
            type="email"
            autoComplete="username"
            value={values.email}
            onChange={(value) => {
              focusedByPage.current = false
              actor.send({ type: 'field.changed', field: 'email', value })
            }}
            onBlur={() => {
              const untouched = focusedByPage.current && values.email === ''
              focusedByPage.current = false
              if (!untouched) actor.send({ type: 'field.blurred', field: 'email' })
            }}
            error={errorOf('email')}
          />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            value={values.password}
            onChange={(value) => actor.send({ type: 'field.changed', field: 'password', value })}
            onBlur={() => actor.send({ type: 'field.blurred', field: 'password' })}
            error={errorOf('password')}
          />
          <div className={styles.row}>
            <ForgotPassword openAtStart={openForgotPassword} />
          </div>
          <Button type="submit" block isDisabled={busy}>
            {busy ? 'Logging in…' : 'Login'}
          </Button>
        </form>
        <p className={styles.footnote}>
          New to eShip? <Link to="/register">Create an account</Link>
        </p>
      </section>
      {elsewhere ? (
        <ElsewhereDialog
          message={dialogMessage ?? ''}
          state={elsewhere}
          onRequest={() => actor.send({ type: 'release.requested' })}
          onClose={() => actor.send({ type: 'dialog.acknowledged' })}
        />
      ) : (
        <ErrorDialog message={dialogMessage} onClose={() => actor.send({ type: 'dialog.acknowledged' })} />
      )}
    </div>
  )
}

/**
 * Another device holds the session: the spec's message, and the way out. A link mailed to the account ends
 * that session (a tab closed without logging out, a lost phone); then this device logs in.
 */
function ElsewhereDialog({
  message,
  state,
  onRequest,
  onClose,
}: {
  message: string
  state: { sent: string | null; error: string | null; requesting: boolean }
  onRequest: () => void
  onClose: () => void
}) {
  return (
    <Dialog
      isOpen
      title="Error"
      width={500}
      onClose={onClose}
      actions={
        state.sent ? (
          <Button autoFocus onPress={onClose}>
            OK
          </Button>
        ) : (
          <>
            <Button tone="quiet" onPress={onClose} isDisabled={state.requesting}>
              OK
            </Button>
            <Button autoFocus onPress={onRequest} isDisabled={state.requesting}>
              {state.requesting ? 'Sending…' : 'Email me a link'}
            </Button>
          </>
        )
      }
    >
      <p>{message}</p>
      {state.sent ? (
        <p role="status">{state.sent}</p>
      ) : (
        <p>
          Closed a tab without logging out, or lost the other device? We can email you a link that ends the
          other session. Then log in here again.
        </p>
      )}
      {state.error ? <p role="alert">{state.error}</p> : null}
    </Dialog>
  )
}
