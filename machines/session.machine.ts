import { assertEvent, assign, type DoneActorEvent, enqueueActions, fromPromise, raise, setup } from 'xstate'
import { timings } from '../contract/constants'
import { messages } from '../contract/messages'
import type { MessageResponse, SessionUser } from '../contract/wire'
import { actorError } from './actor-error'
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
  wasIdleAt,
} from './session-core'

/** What the browser had stored when the app started (spec section 3, storage keys). */
export interface SessionInput extends StoredSession {
  user: SessionUser | null
  pinged: boolean
}

export interface SessionContext extends SessionClock {
  user: SessionUser | null
  pinged: boolean
}

/** Events are named by where they come from: the user, the API client, another tab, a dialog. */
export type SessionEvent =
  | { type: 'session.started'; token: string; user: SessionUser; at: number }
  | ActivityEvent
  | { type: 'user.logout' }
  | { type: 'api.token'; token: string; at: number }
  | { type: 'user.updated'; user: SessionUser }
  | { type: 'storage.user'; user: SessionUser }
  | { type: 'api.unauthenticated' }
  | { type: 'storage.started'; token: string; user: SessionUser | null; at: number }
  | { type: 'storage.ended'; at: number }
  | { type: 'dialog.acknowledged' }
  | { type: 'snackbar.dismissed' }

type Notice =
  | { type: 'notify.expired' }
  | { type: 'notify.logoutFailed' }
  | { type: 'notify.unauthenticated' }

const core = sessionStates('session', 'authenticated')

/** The logout was answered 'Logged out successfully'. */
const saidLoggedOut = {
  type: 'isLoggedOut',
  params: ({ event }: { event: DoneActorEvent<MessageResponse> }) => event.output,
} as const

/**
 * The session (spec section 4), on the core shared with the staff console (session-core.ts): logged in while a
 * token is stored; 15 minutes without activity end it through logout; a 401 'Unauthenticated.' ends it at once;
 * tabs stay in step through storage events. Its dialogs (Session Expired, logout failed) and the 'Error'
 * snackbar are regions of the same chart. Effects are named here and provided by the app.
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
    snackbar: timings.toastMs,
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    hasPinged: ({ context }) => context.pinged,
    isLoggedOut: (_, output: MessageResponse | undefined) => output?.message === messages.loggedOut,
    hasErrorMessage: (_, error: unknown) =>
      typeof (error as { message?: unknown } | undefined)?.message === 'string' &&
      (error as { message: string }).message !== '',
    wasIdleElsewhere: ({ context, event }) => event.type === 'storage.ended' && wasIdleAt(context, event.at),
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
      return { token: event.token, user: event.user, pinged: true, ...activeAt(event.at) }
    }),
    adoptToken: assign(({ event }) => {
      assertEvent(event, 'api.token')
      return { token: event.token, ...activeAt(event.at) }
    }),
    updateUser: assign(({ event }) => {
      assertEvent(event, ['user.updated', 'storage.user'])
      return { user: event.user }
    }),
    recordActivity: assign(recordActivity),
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
    forget: assign({ ...ended, user: null, pinged: false }),
    notifyExpired: raise({ type: 'notify.expired' } as const),
    notifyLogoutFailed: raise({ type: 'notify.logoutFailed' } as const),
    notifyUnauthenticated: raise({ type: 'notify.unauthenticated' } as const),
  },
})
  .extend(sessionSetup)
  .createMachine({
    id: 'session',
    type: 'parallel',
    context: ({ input }) => ({ ...restored(input), user: input.user, pinged: input.pinged }),
    states: {
      auth: {
        initial: 'restoring',
        states: {
          restoring: core.restoring,
          signedOut: core.signedOut,
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
                states: { counting: core.counting },
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
              ...callLogout,
              onDone: [
                {
                  guard: saidLoggedOut,
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
              ...callLogout,
              onDone: [
                {
                  guard: saidLoggedOut,
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
