import { and, type EventObject } from 'xstate'
import { timings } from '../contract/constants'

/**
 * The session chart's core, shared by the customers' chart (session.machine.ts) and the staff console's
 * (staff-session.machine.ts), written once (issue 33). A session lives while a token is stored. One restored
 * from storage keeps only the idle time it has left, and is ended at once when none is left; 15 minutes without
 * activity (timings.idleTimeoutMs) end it through the server's logout, called with the session's token.
 * Activity in this tab restarts the idle timer and is stored for the other tabs; activity in another tab restarts
 * it without being stored again. A sign-in here is stored; one in another tab is followed.
 *
 * Each chart adds what differs on purpose: its signed-in person (`user`, `staff`), its storage and its way out
 * (effects it names and the app provides), its notices. The customers' chart also has the spec's first-load
 * ping, the tokens responses carry, My Profile's user, its two dialogs and the 'Error' snackbar; the console's
 * follows a newer sign-in of another tab.
 *
 * A chart built on the core names, in its setup: the guard `hasToken` (a session is stored), the actor `logout`,
 * the actions `startSession` (takes a `session.started` or `storage.started`), `forget`, and the effects
 * `persistSession`, `persistActivity`, `clearStorage`.
 */

const IDLE = timings.idleTimeoutMs

/** What the browser had stored when the app started, besides the signed-in person. */
export interface StoredSession {
  token: string | null
  lastActivity: number | null
  /** The time the app started, for the idle time already spent. */
  now: number
}

/** What every session chart holds besides the signed-in person. */
export interface SessionClock {
  token: string | null
  lastActivity: number | null
  /** How long the idle timer runs from its last (re)start. */
  idleRemaining: number
}

/** Activity in this tab, or stored by another. */
export type ActivityEvent = { type: 'user.activity'; at: number } | { type: 'storage.activity'; at: number }

/** A session restored from storage, with the idle time it has left. */
export const restored = ({ token, lastActivity, now }: StoredSession): SessionClock => ({
  token,
  lastActivity,
  idleRemaining: lastActivity === null ? IDLE : Math.max(0, Math.min(IDLE, IDLE - (now - lastActivity))),
})

/** The idle timer (re)started at `at`: a sign-in, a new token, activity here or in another tab. */
export const activeAt = (at: number) => ({ lastActivity: at, idleRemaining: IDLE })

/** At `at`, the session had been idle for the whole timeout (another tab's end of it was an expiry). */
export const wasIdleAt = ({ lastActivity }: SessionClock, at: number) =>
  lastActivity !== null && at - lastActivity >= IDLE

/** A session ended: nothing of it is kept. */
export const ended = { token: null, lastActivity: null, idleRemaining: IDLE }

/**
 * What both charts' setups are extended with (`setup(…).extend(sessionSetup)`): the idle timer's delay, which
 * runs for the idle time left, and the guard of a session with none left.
 */
export const sessionSetup = {
  delays: {
    idleTimeout: ({ context }: { context: SessionClock }) => context.idleRemaining,
  },
  guards: {
    isIdleSpent: ({ context }: { context: SessionClock }) => context.idleRemaining <= 0,
  },
}

/**
 * The assignment of `recordActivity` (`assign(recordActivity)` in both charts' setups): activity here or in
 * another tab restarts the idle timer at its time. Only `counting` below runs it, on the two activity events.
 */
export const recordActivity = ({ event }: { event: EventObject }) => activeAt((event as ActivityEvent).at)

/** The server's logout, called with the session's token (the idle timer ran out, or the person signs out). */
export const callLogout = {
  id: 'logout',
  src: 'logout',
  input: ({ context }: { context: SessionClock }) => ({ token: context.token }),
} as const

/**
 * The states both charts have, for the chart `chart` (its id) whose signed-in state is `signedIn`: where it
 * starts (`restoring`, which runs `restoredWithout` when no session is stored), `signedOut`, and the idle timer
 * of the signed-in state (`counting`), which leaves for the chart's `expiring`.
 */
export function sessionStates<const Chart extends string, const SignedIn extends string>(
  chart: Chart,
  signedIn: SignedIn,
  restoredWithout: readonly ('forget' | 'clearStorage')[] = [],
) {
  return {
    restoring: {
      always: [
        { guard: and(['hasToken', 'isIdleSpent']), target: 'expiring' },
        { guard: 'hasToken', target: signedIn },
        { target: 'signedOut', actions: restoredWithout },
      ],
    },
    signedOut: {
      on: {
        'session.started': { target: signedIn, actions: ['startSession', 'persistSession'] },
        'storage.started': { target: signedIn, actions: 'startSession' },
      },
    },
    counting: {
      after: { idleTimeout: { target: `#${chart}.auth.expiring` } },
      on: {
        'user.activity': {
          target: 'counting',
          reenter: true,
          actions: ['recordActivity', 'persistActivity'],
        },
        'storage.activity': { target: 'counting', reenter: true, actions: 'recordActivity' },
      },
    },
  } as const
}
