import { Link } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { sessionReleaseMachine } from '../../../machines/session-release.machine'
import { releaseSession } from '../../api/auth'
import { useApp } from '../../app/use-app'
import * as styles from '../../components/layout/auth-card.css'
import { Button } from '../../components/ui/button'

/** /release-session?token=…: ends the account's other session with the mailed link (see the chart). */
export function ReleaseSessionPage({ token }: { token: string }) {
  const { api, inspect } = useApp()
  const actor = useActorRef(
    sessionReleaseMachine.provide({
      actors: { releaseSession: fromPromise(({ input }) => releaseSession(api, input)) },
    }),
    { input: { token }, ...(inspect ? { inspect } : {}) },
  )
  const state = useSelector(actor, (s) => s)
  const { message } = state.context

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="release-heading">
        <h1 id="release-heading">End the Other Session</h1>
        {state.matches('invalidLink') ? (
          <p role="alert">
            This link is incomplete. Please use the link from your email, or log in again on the{' '}
            <Link to="/login">login page</Link> to have a new one sent.
          </p>
        ) : state.matches('released') ? (
          <>
            <p className={styles.notice} role="status">
              {message}
            </p>
            <Link to="/login">Go to login</Link>
          </>
        ) : state.matches('refused') ? (
          <>
            <p role="alert">{message}</p>
            <Link to="/login">Go to login</Link>
          </>
        ) : (
          <>
            <p className={styles.lead}>
              Your account is logged in on another device or in another tab. Ending that session logs it out
              there; then you can log in here.
            </p>
            {state.matches('failed') ? <p role="alert">{message}</p> : null}
            <Button
              block
              isDisabled={state.matches('releasing')}
              onPress={() => actor.send({ type: state.matches('failed') ? 'user.retry' : 'user.release' })}
            >
              {state.matches('failed') ? 'Try again' : 'End the other session'}
            </Button>
          </>
        )}
      </section>
    </div>
  )
}
