import { Link } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { Form } from 'react-aria-components'
import { fromPromise } from 'xstate'
import { resetPasswordMachine } from '../../../machines/reset-password.machine'
import { resetPassword } from '../../api/auth'
import { useApp } from '../../app/use-app'
import * as styles from '../../components/layout/auth-card.css'
import { Button } from '../../components/ui/button'
import { ErrorDialog } from '../../components/ui/dialog'
import { PasswordField } from '../../components/ui/text-field'

export function ResetPasswordPage({ token }: { token: string }) {
  const { api, inspect } = useApp()
  const actor = useActorRef(
    resetPasswordMachine.provide({
      actors: { resetPassword: fromPromise(({ input }) => resetPassword(api, input)) },
    }),
    { input: { token }, ...(inspect ? { inspect } : {}) },
  )
  const state = useSelector(actor, (s) => s)
  const { values, errors, shown, dialogMessage, doneMessage } = state.context
  const errorOf = (field: 'esus_password' | 'password_confirmation') =>
    shown[field] ? errors[field]?.[0] : undefined

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="reset-heading">
        <h1 id="reset-heading">Reset Password</h1>
        {state.matches('invalidLink') ? (
          <p role="alert">
            This password reset link is incomplete. Please use the link from your email, or request a new one
            from the <Link to="/login">login page</Link>.
          </p>
        ) : state.matches('done') ? (
          <>
            <p className={styles.notice} role="status">
              {doneMessage}
            </p>
            <Link to="/login">Go to login</Link>
          </>
        ) : (
          <Form
            validationBehavior="aria"
            onSubmit={(event) => {
              event.preventDefault()
              actor.send({ type: 'user.submit' })
            }}
          >
            <p className={styles.lead}>
              Choose a new password of 8 to 100 characters with at least one uppercase letter, one digit and
              one special character. Changing it signs you out on every device.
            </p>
            <PasswordField
              label="New Password"
              name="esus_password"
              autoComplete="new-password"
              value={values.esus_password}
              onChange={(value) => actor.send({ type: 'field.changed', field: 'esus_password', value })}
              onBlur={() => actor.send({ type: 'field.blurred', field: 'esus_password' })}
              error={errorOf('esus_password')}
            />
            <PasswordField
              label="Confirm Password"
              name="password_confirmation"
              autoComplete="new-password"
              value={values.password_confirmation}
              onChange={(value) =>
                actor.send({ type: 'field.changed', field: 'password_confirmation', value })
              }
              onBlur={() => actor.send({ type: 'field.blurred', field: 'password_confirmation' })}
              error={errorOf('password_confirmation')}
            />
            <Button type="submit" block isDisabled={state.matches('submitting')}>
              Set New Password
            </Button>
          </Form>
        )}
      </section>
      <ErrorDialog message={dialogMessage} onClose={() => actor.send({ type: 'dialog.acknowledged' })} />
    </div>
  )
}
