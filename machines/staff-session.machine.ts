import { and, assertEvent, assign, fromPromise, raise, setup } from 'xstate'
import { timings } from '../contract/constants'
import type { StaffUser } from '../contract/staff'

/**
 * The staff console's session (issue 22): the customers' rules, a chart of its own. Both end a session after
 * 15 minutes without activity (timings.idleTimeoutMs, one constant), end it at once on a 401, keep tabs in
 * step through storage, and show a Session Expired notice. The customer chart also carries what the spec's
 * clients compare (its storage keys, the first-load ping, the 'Error' snackbar, /home as the way out), which
 * the console has no use for; the console's way out is /staff/login.
 */
export interface StaffSessionInput {
  token: string | null
  staff: StaffUser | null
  lastActivity: number | null
  now: number
}

export interface StaffSessionContext {
  token: string | null
  staff: StaffUser | null
  lastActivity: number | null
  idleRemaining: number
}

export type StaffSessionEvent =
  | { type: 'session.started'; token: string; staff: StaffUser; at: number }
  | { type: 'user.activity'; at: number }
  | { type: 'user.logout' }
  | { type: 'api.unauthenticated' }
  | { type: 'storage.activity'; at: number }
  | { type: 'storage.started'; token: string; staff: StaffUser; at: number }
  | { type: 'storage.ended' }
  | { type: 'dialog.acknowledged' }
  | { type: 'notice.expired' }

const IDLE = timings.idleTimeoutMs

export const staffSessionMachine = setup({
  types: {
    input: {} as StaffSessionInput,
    context: {} as StaffSessionContext,
    events: {} as StaffSessionEvent,
  },
  actors: {
    logout: fromPromise<unknown, { token: string | null }>(async () => undefined),
  },
  delays: {
    idleTimeout: ({ context }) => context.idleRemaining,
  },
  guards: {
    hasToken: ({ context }) => context.token !== null && context.staff !== null,
    isIdleSpent: ({ context }) => context.idleRemaining <= 0,
  },
  actions: {
    // Effects, provided by the console: storage and navigation.
    persistSession: () => {},
    persistActivity: () => {},
    clearStorage: () => {},
    goToSignIn: () => {},
    start: assign(({ event }) => {
      assertEvent(event, ['session.started', 'storage.started'])
      return { token: event.token, staff: event.staff, lastActivity: event.at, idleRemaining: IDLE }
    }),
    recordActivity: assign(({ event }) => {
      assertEvent(event, ['user.activity', 'storage.activity'])
      return { lastActivity: event.at, idleRemaining: IDLE }
    }),
    forget: assign({ token: null, staff: null, lastActivity: null, idleRemaining: IDLE }),
    raiseExpired: raise({ type: 'notice.expired' } as const),
  },
}).createMachine({
  id: 'staffSession',
  type: 'parallel',
  context: ({ input }) => ({
    token: input.token,
    staff: input.staff,
    lastActivity: input.lastActivity,
    idleRemaining:
      input.lastActivity === null
        ? IDLE
        : Math.max(0, Math.min(IDLE, IDLE - (input.now - input.lastActivity))),
  }),
  states: {
    auth: {
      initial: 'restoring',
      states: {
        restoring: {
          always: [
            { guard: and(['hasToken', 'isIdleSpent']), target: 'expiring' },
            { guard: 'hasToken', target: 'signedIn' },
            { target: 'signedOut', actions: ['forget', 'clearStorage'] },
          ],
        },
        signedOut: {
          on: {
            'session.started': { target: 'signedIn', actions: ['start', 'persistSession'] },
            'storage.started': { target: 'signedIn', actions: 'start' },
          },
        },
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
            'storage.started': { target: 'signedIn', reenter: true, actions: 'start' },
          },
          states: {
            counting: {
              after: { idleTimeout: { target: '#staffSession.auth.expiring' } },
              on: {
                'user.activity': {
                  target: 'counting',
                  reenter: true,
                  actions: ['recordActivity', 'persistActivity'],
                },
                'storage.activity': { target: 'counting', reenter: true, actions: 'recordActivity' },
              },
            },
          },
        },
        expiring: {
          entry: 'raiseExpired',
          invoke: {
            id: 'logout',
            src: 'logout',
            input: ({ context }) => ({ token: context.token }),
            onDone: { target: 'signedOut', actions: ['clearStorage', 'forget', 'goToSignIn'] },
            onError: { target: 'signedOut', actions: ['clearStorage', 'forget', 'goToSignIn'] },
          },
        },
        signingOut: {
          invoke: {
            id: 'logout',
            src: 'logout',
            input: ({ context }) => ({ token: context.token }),
            onDone: { target: 'signedOut', actions: ['clearStorage', 'forget', 'goToSignIn'] },
            onError: { target: 'signedOut', actions: ['clearStorage', 'forget', 'goToSignIn'] },
          },
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
