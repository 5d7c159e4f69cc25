import { and, assertEvent, assign, enqueueActions, fromPromise, raise, setup } from 'xstate'
import { timings } from '../contract/constants'
import { messages } from '../contract/messages'
import type { MessageResponse, SessionUser } from '../contract/wire'
import { actorError } from './actor-error'

/** What the browser had stored when the app started (spec section 3, storage keys). */
export interface SessionInput {
  token: string | null
  user: SessionUser | null
  lastActivity: number | null
  pinged: boolean
  /** The time the app started, for the idle time already spent. */
  now: number
}

export interface SessionContext {
  token: string | null
  user: SessionUser | null
  lastActivity: number | null
  pinged: boolean
  /** How long the idle timer runs from its last (re)start. */
  idleRemaining: number
}

/** Events are named by where they come from: the user, the API client, another tab, a dialog. */
export type SessionEvent =
  | { type: 'session.started'; token: string; user: SessionUser; at: number }
  | { type: 'user.activity'; at: number }
  | { type: 'user.logout' }
  | { type: 'api.token'; token: string; at: number }
  | { type: 'user.updated'; user: SessionUser }
  | { type: 'storage.user'; user: SessionUser }
  | { type: 'api.unauthenticated' }
  | { type: 'storage.activity'; at: number }
  | { type: 'storage.started'; token: string; user: SessionUser | null; at: number }
  | { type: 'storage.ended'; at: number }
  | { type: 'dialog.acknowledged' }
  | { type: 'snackbar.dismissed' }

type Notice =
  | { type: 'notify.expired' }
  | { type: 'notify.logoutFailed' }
  | { type: 'notify.unauthenticated' }

const IDLE = timings.idleTimeoutMs

const isIdleFor = (lastActivity: number | null, at: number) =>
  lastActivity !== null && at - lastActivity >= IDLE

/**
 * The session (spec section 4): logged in while a token is stored; 15 minutes without activity end it
 * through logout; a 401 'Unauthenticated.' ends it at once; tabs stay in step through storage events.
 * Its dialogs (Session Expired, logout failed) and the 'Error' snackbar are regions
 * of the same chart. Effects are named here and provided by the app.
 */
export const sessionMachine = setup({
  types: {
    input: {} as SessionInput,
    context: {} as SessionContext,
    events: {} as SessionEvent | Notice,
  },
  actors: {
    logout: fromPromise<MessageResponse, { token: string | null }>(async () => ({
      message: messages.loggedOut,
    })),
    ping: fromPromise<unknown, { token: string | null }>(async () => undefined),
  },
  delays: {
    idleTimeout: ({ context }) => context.idleRemaining,
    snackbar: timings.toastMs,
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    hasPinged: ({ context }) => context.pinged,
    isIdleSpent: ({ context }) => context.idleRemaining <= 0,
    isLoggedOut: (_, output: MessageResponse | undefined) => output?.message === messages.loggedOut,
    hasErrorMessage: (_, error: unknown) =>
      typeof (error as { message?: unknown } | undefined)?.message === 'string' &&
      (error as { message: string }).message !== '',
    wasIdleElsewhere: ({ context, event }) =>
      event.type === 'storage.ended' && isIdleFor(context.lastActivity, event.at),
  },
  actions: {
    // Effects, provided by the app: storage, navigation, closing dialogs of other flows.
    persistSession: () => {},
    persistToken: () => {},
    persistUser: () => {},
    persistActivity: () => {},
    clearStorage: () => {},
    markPinged: () => {},
    goHome: () => {},
    closeAllDialogs: () => {},
    startSession: assign(({ event }) => {
      assertEvent(event, ['session.started', 'storage.started'])
      return {
        token: event.token,
        user: event.user,
        lastActivity: event.at,
        idleRemaining: IDLE,
        pinged: true,
      }
    }),
    adoptToken: assign(({ event }) => {
      assertEvent(event, 'api.token')
      return { token: event.token, lastActivity: event.at, idleRemaining: IDLE }
    }),
    updateUser: assign(({ event }) => {
      assertEvent(event, ['user.updated', 'storage.user'])
      return { user: event.user }
    }),
    recordActivity: assign(({ event }) => {
      assertEvent(event, ['user.activity', 'storage.activity'])
      return { lastActivity: event.at, idleRemaining: IDLE }
    }),
    setPinged: assign({ pinged: true }),
    /**
     * The session check answers the user as the server now has them (their role, a company renamed by an
     * Admin, issue 24): when it differs from the stored one, it is taken as `user.updated` (eshipUser follows).
     */
    adoptCheckedUser: enqueueActions(({ context, event, enqueue }) => {
      const checked = (event as { output?: { user?: SessionUser } }).output?.user
      if (checked && JSON.stringify(checked) !== JSON.stringify(context.user)) {
        enqueue.raise({ type: 'user.updated', user: checked })
      }
    }),
    forget: assign({ token: null, user: null, lastActivity: null, pinged: false, idleRemaining: IDLE }),
    notifyExpired: raise({ type: 'notify.expired' } as const),
    notifyLogoutFailed: raise({ type: 'notify.logoutFailed' } as const),
    notifyUnauthenticated: raise({ type: 'notify.unauthenticated' } as const),
  },
}).createMachine({
  id: 'session',
  type: 'parallel',
  context: ({ input }) => ({
    token: input.token,
    user: input.user,
    lastActivity: input.lastActivity,
    pinged: input.pinged,
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
            { guard: 'hasToken', target: 'authenticated' },
            { target: 'signedOut' },
          ],
        },
        signedOut: {
          on: {
            'session.started': { target: 'authenticated', actions: ['startSession', 'persistSession'] },
            'storage.started': { target: 'authenticated', actions: 'startSession' },
          },
        },
        authenticated: {
          type: 'parallel',
          on: {
            'api.token': { actions: ['adoptToken', 'persistToken'] },
            // My Profile saved a new name (or company, or country): the top bar and eshipUser follow at once;
            // another tab's save arrives through storage.
            'user.updated': { actions: ['updateUser', 'persistUser'] },
            'storage.user': { actions: 'updateUser' },
            'user.logout': { target: 'loggingOut' },
            'api.unauthenticated': {
              target: 'signedOut',
              actions: [
                'closeAllDialogs',
                'clearStorage',
                'forget',
                'goHome',
                'notifyExpired',
                'notifyUnauthenticated',
              ],
            },
            'storage.ended': [
              {
                guard: 'wasIdleElsewhere',
                target: 'signedOut',
                actions: ['forget', 'goHome', 'notifyExpired'],
              },
              { target: 'signedOut', actions: ['forget', 'goHome'] },
            ],
          },
          states: {
            idle: {
              initial: 'counting',
              states: {
                counting: {
                  after: { idleTimeout: { target: '#session.auth.expiring' } },
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
            check: {
              initial: 'deciding',
              states: {
                deciding: {
                  always: [{ guard: 'hasPinged', target: 'checked' }, { target: 'pinging' }],
                },
                pinging: {
                  invoke: {
                    id: 'ping',
                    src: 'ping',
                    input: ({ context }) => ({ token: context.token }),
                    onDone: {
                      target: 'checked',
                      actions: ['setPinged', 'markPinged', 'adoptCheckedUser'],
                    },
                    onError: { target: 'unchecked' },
                  },
                },
                checked: {},
                unchecked: {},
              },
            },
          },
        },
        expiring: {
          invoke: {
            id: 'logout',
            src: 'logout',
            input: ({ context }) => ({ token: context.token }),
            onDone: [
              {
                guard: { type: 'isLoggedOut', params: ({ event }) => event.output },
                target: 'signedOut',
                actions: ['clearStorage', 'forget', 'goHome', 'notifyExpired'],
              },
              { target: 'signedOut', actions: ['clearStorage', 'forget', 'goHome'] },
            ],
            onError: { target: 'signedOut', actions: ['clearStorage', 'forget', 'goHome'] },
          },
          on: {
            'storage.ended': { target: 'signedOut', actions: ['forget', 'goHome', 'notifyExpired'] },
          },
        },
        loggingOut: {
          invoke: {
            id: 'logout',
            src: 'logout',
            input: ({ context }) => ({ token: context.token }),
            onDone: [
              {
                guard: { type: 'isLoggedOut', params: ({ event }) => event.output },
                target: 'signedOut',
                actions: ['clearStorage', 'forget', 'goHome'],
              },
              { target: 'signedOut', actions: ['clearStorage', 'forget', 'goHome', 'notifyLogoutFailed'] },
            ],
            onError: [
              {
                guard: {
                  type: 'hasErrorMessage',
                  params: actorError,
                },
                target: 'signedOut',
                actions: ['clearStorage', 'forget', 'goHome', 'notifyLogoutFailed'],
              },
              { target: 'signedOut', actions: ['clearStorage', 'forget', 'goHome'] },
            ],
          },
        },
      },
    },
    dialog: {
      initial: 'closed',
      on: {
        'notify.expired': '.sessionExpired',
        'notify.logoutFailed': '.logoutFailed',
      },
      states: {
        closed: {},
        sessionExpired: { on: { 'dialog.acknowledged': 'closed' } },
        logoutFailed: { on: { 'dialog.acknowledged': 'closed' } },
      },
    },
    snackbar: {
      initial: 'hidden',
      on: { 'notify.unauthenticated': '.error' },
      states: {
        hidden: {},
        error: {
          after: { snackbar: 'hidden' },
          on: { 'snackbar.dismissed': 'hidden' },
        },
      },
    },
  },
})
