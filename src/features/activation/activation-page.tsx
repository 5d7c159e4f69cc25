import { Link } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { activationMachine } from '../../../machines/activation.machine'
import { activate } from '../../api/register'
import { useApp } from '../../app/use-app'
import * as styles from '../login/login.css'

export function ActivationPage({ token }: { token: string }) {
  const { api, inspect } = useApp()
  const actor = useActorRef(
    activationMachine.provide({
      actors: { activate: fromPromise(({ input }) => activate(api, input.token)) },
    }),
    { input: { token }, ...(inspect ? { inspect } : {}) },
  )
  const state = useSelector(actor, (s) => s)
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
            {state.context.message}
          </p>
        ) : null}
        {state.matches('failed') ? (
          <p role="alert">
            {state.context.message ??
              'This activation link is incomplete. Please use the link from your email.'}
          </p>
        ) : null}
        {state.matches('activated') || state.matches('failed') ? (
          <Link to="/login">Go to Member Login</Link>
        ) : null}
      </section>
    </div>
  )
}
