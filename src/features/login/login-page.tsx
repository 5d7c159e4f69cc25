import { Link, useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { Form } from 'react-aria-components'
import { fromPromise } from 'xstate'
import { loginMachine } from '../../../machines/login.machine'
import { login } from '../../api/auth'
import type { PageInfo } from '../../app/pages'
import { useApp } from '../../app/use-app'
import * as styles from '../../components/layout/auth-card.css'
import { Button } from '../../components/ui/button'
import { ErrorDialog } from '../../components/ui/dialog'
import { PasswordField, TextField } from '../../components/ui/text-field'
import { ForgotPassword } from './forgot-password'

export function LoginPage({
  info,
  openForgotPassword = false,
}: {
  info: PageInfo
  openForgotPassword?: boolean
}) {
  const { api, session, inspect } = useApp()
  const navigate = useNavigate()
  const actor = useActorRef(
    loginMachine.provide({
      actors: { login: fromPromise(({ input }) => login(api, input)) },
      actions: {
        startSession: (_, output) => {
          if (output.token && output.user) {
            session.send({ type: 'session.started', token: output.token, user: output.user, at: Date.now() })
          }
        },
        reportElsewhere: () => session.send({ type: 'login.elsewhere' }),
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
  const busy = useSelector(actor, (s) => s.matches('submitting') || s.matches('redirecting'))
  const errorOf = (field: keyof typeof values) => (shown[field] ? errors[field]?.[0] : undefined)

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="login-heading">
        <h1 id="login-heading">{info.heading}</h1>
        <p className={styles.lead}>Log in to get instant quotes, book and track your shipments.</p>
        <Form
          validationBehavior="aria"
          onSubmit={(event) => {
            event.preventDefault()
            actor.send({ type: 'user.submit' })
          }}
        >
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="username"
            value={values.email}
            onChange={(value) => actor.send({ type: 'field.changed', field: 'email', value })}
            onBlur={() => actor.send({ type: 'field.blurred', field: 'email' })}
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
        </Form>
        <p className={styles.footnote}>
          New to eShip? <Link to="/register">Create an account</Link>
        </p>
      </section>
      <ErrorDialog message={dialogMessage} onClose={() => actor.send({ type: 'dialog.acknowledged' })} />
    </div>
  )
}
