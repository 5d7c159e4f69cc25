import { assertEvent, assign, fromPromise, raise, setup } from 'xstate'
import type { StaffUser } from '../contract/staff'
import {
  type ActivityEvent,
  activeAt,
  callLogout,
  ended,
  recordActivity,
  restored,
  type SessionClock,
  type StoredSession,
  sessionSetup,
  sessionStates,
} from './session-core'

/**
 * The staff console's session (issue 22), on the core it shares with the customers' chart (session-core.ts):
 * 15 minutes without activity end it, a 401 ends it at once, tabs stay in step through storage, and a Session
 * Expired notice says so. What is the console's own: its person (`staff`), its storage keys and its way out
 * (/staff/login), provided by the console as the effects named here; a newer sign-in of another tab is followed.
 * It has none of what the spec's clients compare (the first-load ping, the 'Error' snackbar, /home).
 */
export interface StaffSessionInput extends StoredSession {
  staff: StaffUser | null
}

export interface StaffSessionContext extends SessionClock {
  staff: StaffUser | null
}

export type StaffSessionEvent =
  | { type: 'session.started'; token: string; staff: StaffUser; at: number }
  | ActivityEvent
  | { type: 'user.logout' }
  | { type: 'api.unauthenticated' }
  | { type: 'storage.started'; token: string; staff: StaffUser; at: number }
  | { type: 'storage.ended' }
  | { type: 'dialog.acknowledged' }
  | { type: 'notice.expired' }

/** A restored session without a person, or none at all, is cleared from storage. */
const core = sessionStates('staffSession', 'signedIn', ['forget', 'clearStorage'])

/** The way out, whatever the server answered the logout. */
const leave = { target: 'signedOut', actions: ['clearStorage', 'forget', 'goToSignIn'] } as const

export const staffSessionMachine = setup({
  types: {
    input: {} as StaffSessionInput,
    context: {} as StaffSessionContext,
    events: {} as StaffSessionEvent,
  },
  actors: {
    logout: fromPromise<unknown, { token: string | null }>(async () => undefined),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null && context.staff !== null,
  },
  actions: {
    // Effects, provided by the console: storage and navigation.
    persistSession: () => {},
    persistActivity: () => {},
    clearStorage: () => {},
    goToSignIn: () => {},
    startSession: assign(({ event }) => {
      assertEvent(event, ['session.started', 'storage.started'])
      return { token: event.token, staff: event.staff, ...activeAt(event.at) }
    }),
    recordActivity: assign(recordActivity),
    forget: assign({ ...ended, staff: null }),
    raiseExpired: raise({ type: 'notice.expired' } as const),
  },
})
  .extend(sessionSetup)
  .createMachine({
    id: 'staffSession',
    type: 'parallel',
    context: ({ input }) => ({ ...restored(input), staff: input.staff }),
    states: {
      auth: {
        initial: 'restoring',
        states: {
          restoring: core.restoring,
          signedOut: core.signedOut,
          signedIn: {
            initial: 'counting',
            on: {
              'user.logout': { target: 'signingOut' },
              'api.unauthenticated': {
                target: 'signedOut',
                actions: ['clearStorage', 'forget', 'goToSignIn', 'raiseExpired'],
              },
              'storage.ended': { target: 'signedOut', actions: ['forget', 'goToSignIn'] },
              // Another tab signed in afresh (a newer session of the same person): this tab follows it.
              'storage.started': { target: 'signedIn', reenter: true, actions: 'startSession' },
            },
            states: { counting: core.counting },
          },
          expiring: {
            entry: 'raiseExpired',
            invoke: { ...callLogout, onDone: leave, onError: leave },
          },
          signingOut: {
            invoke: { ...callLogout, onDone: leave, onError: leave },
          },
        },
      },
      notice: {
        initial: 'none',
        on: { 'notice.expired': '.expired' },
        states: {
          none: {},
          expired: { on: { 'dialog.acknowledged': 'none' } },
        },
      },
    },
  })
