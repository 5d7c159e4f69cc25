import { useActorRef, useSelector } from '@xstate/react'
import { Form } from 'react-aria-components'
import { fromPromise } from 'xstate'
import { resetPasswordMachine } from '../../../machines/reset-password.machine'
import { staffSetPassword } from '../../api/staff-auth'
import * as card from '../../components/layout/auth-card.css'
import { Button } from '../../components/ui/button'
import { ErrorDialog } from '../../components/ui/dialog'
import { TextField } from '../../components/ui/text-field'
import { Link } from '../../staff/link'
import { staffConsole } from './console'
import * as styles from './console.css'
import { ConsoleBrand } from './console-shell'

/**
 * /staff/set-password?token=…: the page of the invitation mail's link. The customers' reset chart: the same
 * rules (contract/rules.ts newPasswordFields) and the same steps, another endpoint.
 */
export function StaffSetPasswordPage({ token }: { token: string }) {
  const { api } = staffConsole()
  const actor = useActorRef(
    resetPasswordMachine.provide({
      actors: {
        resetPassword: fromPromise(({ input }) => staffSetPassword(api, input)),
      },
    }),
    { input: { token } },
  )
  const state = useSelector(actor, (s) => s)
  const { values, errors, shown, dialogMessage, doneMessage } = state.context
  const errorOf = (field: 'esus_password' | 'password_confirmation') =>
    shown[field] ? errors[field]?.[0] : undefined
  return (
    <>
      <header className={styles.topBar}>
        <ConsoleBrand />
      </header>
      <main className={card.page}>
        <section className={card.card} aria-labelledby="staff-password">
          <h1 id="staff-password">Set your password</h1>
          {state.matches('invalidLink') ? (
            <p role="alert">
              This link is incomplete. Use the link from your invitation mail, or ask an admin for a new one.
            </p>
          ) : state.matches('done') ? (
            <>
              <p className={card.notice} role="status">
                {doneMessage}
              </p>
              <Link to="/staff/login">Go to staff sign-in</Link>
            </>
          ) : (
            <Form
              validationBehavior="aria"
              onSubmit={(event) => {
                event.preventDefault()
                actor.send({ type: 'user.submit' })
              }}
            >
              <p className={card.lead}>
                8 to 100 characters with at least one uppercase letter, one digit and one special character. A
                password manager’s long random one is best.
              </p>
              <TextField
                label="New password"
                name="esus_password"
                type="password"
                autoComplete="new-password"
                value={values.esus_password}
                onChange={(value) => actor.send({ type: 'field.changed', field: 'esus_password', value })}
                onBlur={() => actor.send({ type: 'field.blurred', field: 'esus_password' })}
                error={errorOf('esus_password')}
              />
              <TextField
                label="Confirm password"
                name="password_confirmation"
                type="password"
                autoComplete="new-password"
                value={values.password_confirmation}
                onChange={(value) =>
                  actor.send({ type: 'field.changed', field: 'password_confirmation', value })
                }
                onBlur={() => actor.send({ type: 'field.blurred', field: 'password_confirmation' })}
                error={errorOf('password_confirmation')}
              />
              <Button type="submit" block isDisabled={state.matches('submitting')}>
                Set password
              </Button>
            </Form>
          )}
        </section>
        <ErrorDialog message={dialogMessage} onClose={() => actor.send({ type: 'dialog.acknowledged' })} />
      </main>
    </>
  )
}
