import { useActorRef, useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { fromPromise } from 'xstate'
import { messages } from '../../../contract/messages'
import { forgotPasswordMachine } from '../../../machines/forgot-password.machine'
import { requestPasswordReset } from '../../api/auth'
import { useAppLater } from '../../app/use-app'
import * as styles from '../../components/layout/auth-card.css'
import { Button } from '../../components/ui/button'
import { Dialog, ErrorDialog } from '../../components/ui/dialog'
import { TextField } from '../../components/ui/text-field'

/** The Forgot Password link and its modal (spec sections 2 and 4). */
export function ForgotPassword({ openAtStart = false }: { openAtStart?: boolean }) {
  const app = useAppLater()
  const inspect = app.current()?.inspect
  const actor = useActorRef(
    forgotPasswordMachine.provide({
      actors: {
        requestReset: fromPromise(async ({ input }) => requestPasswordReset((await app.ready()).api, input)),
      },
    }),
    inspect ? { inspect } : undefined,
  )
  useEffect(() => {
    if (openAtStart) actor.send({ type: 'user.open' })
  }, [actor, openAtStart])
  const isOpen = useSelector(actor, (s) => s.matches('open'))
  const sending = useSelector(actor, (s) => s.matches({ open: 'sending' }))
  const sent = useSelector(actor, (s) => s.context.sent)
  const email = useSelector(actor, (s) => s.context.values.email)
  const error = useSelector(actor, (s) => (s.context.shown.email ? s.context.errors.email?.[0] : undefined))
  const dialogMessage = useSelector(actor, (s) => s.context.dialogMessage)

  return (
    <>
      {sent ? (
        <p className={styles.notice} role="status">
          {messages.resetLinkSent}
        </p>
      ) : null}
      <Button tone="quiet" onPress={() => actor.send({ type: 'user.open' })}>
        Forgot Password?
      </Button>
      <Dialog
        isOpen={isOpen && dialogMessage === null}
        title="Forgot Password"
        width={440}
        role="dialog"
        onClose={() => actor.send({ type: 'user.dismiss' })}
        actions={
          <>
            <Button tone="secondary" onPress={() => actor.send({ type: 'user.dismiss' })}>
              Dismiss
            </Button>
            <Button type="submit" form="forgot-password-form" isDisabled={sending}>
              {sending ? 'Sending…' : 'Send Reset Link'}
            </Button>
          </>
        }
      >
        <p>Enter the email address of your account and we will send you a link to reset your password.</p>
        <form
          id="forgot-password-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            actor.send({ type: 'user.submit' })
          }}
        >
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            autoFocus
            value={email}
            onChange={(value) => actor.send({ type: 'field.changed', field: 'email', value })}
            onBlur={() => actor.send({ type: 'field.blurred', field: 'email' })}
            error={error}
          />
        </form>
      </Dialog>
      <ErrorDialog message={dialogMessage} onClose={() => actor.send({ type: 'dialog.acknowledged' })} />
    </>
  )
}
