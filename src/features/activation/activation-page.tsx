import { Link } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { Form } from 'react-aria-components'
import { fromPromise } from 'xstate'
import { activationMachine } from '../../../machines/activation.machine'
import { activate, resendActivation } from '../../api/register'
import { useApp } from '../../app/use-app'
import * as styles from '../../components/layout/auth-card.css'
import { Button } from '../../components/ui/button'
import { TextField } from '../../components/ui/text-field'

export function ActivationPage({ token }: { token: string }) {
  const { api, inspect } = useApp()
  const actor = useActorRef(
    activationMachine.provide({
      actors: {
        activate: fromPromise(({ input }) => activate(api, input.token)),
        resend: fromPromise(({ input }) => resendActivation(api, input.email)),
      },
    }),
    { input: { token }, ...(inspect ? { inspect } : {}) },
  )
  const state = useSelector(actor, (s) => s)
  const { message, resendMessage, values, errors, shown } = state.context
  const failed = state.matches('failed')
  return (
    <div className={styles.page}>
      <section
        className={styles.card}
        aria-labelledby="activation-heading"
        aria-busy={state.matches('activating')}
      >
        <h1 id="activation-heading">Account Activation</h1>
        {state.matches('activating') || state.matches('checking') ? <p>Activating your account…</p> : null}
        {state.matches('activated') ? (
          <p className={styles.notice} role="status">
            {message}
          </p>
        ) : null}
        {failed ? (
          <p role="alert">
            {message ?? 'This activation link is incomplete. Please use the link from your email.'}
          </p>
        ) : null}
        {failed && !state.matches({ failed: 'resent' }) ? (
          <Form
            validationBehavior="aria"
            onSubmit={(event) => {
              event.preventDefault()
              actor.send({ type: 'user.resend' })
            }}
          >
            <p className={styles.lead}>
              Account not active yet? Ask for a new activation link (links last 24 hours).
            </p>
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              value={values.email}
              onChange={(value) => actor.send({ type: 'field.changed', field: 'email', value })}
              error={shown.email ? errors.email?.[0] : undefined}
            />
            <Button type="submit" tone="secondary" isDisabled={state.matches({ failed: 'resending' })}>
              Send a new link
            </Button>
          </Form>
        ) : null}
        {resendMessage ? (
          <p className={styles.notice} role="status">
            {resendMessage}
          </p>
        ) : null}
        {state.matches('activated') || failed ? (
          <p className={styles.footnote}>
            <Link to="/login">Go to Member Login</Link>
          </p>
        ) : null}
      </section>
    </div>
  )
}
