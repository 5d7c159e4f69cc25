import { expect } from 'vitest'
import type { SessionUser } from '../../../contract/wire'
import { sessionMachine } from '../../../machines/session.machine'
import { type StateView, stateChecks } from '../model'

/** Spec section 9: the idle timeout. */
const IDLE_MS = 15 * 60 * 1000
const LOGGED_OUT = 'Logged out successfully'

/**
 * Which dialog spec sections 4 and 8 open on this step, null when the step is one that must open none,
 * undefined when it is none of those steps: an idle logout answered 'Logged out successfully' → Session
 * Expired (a logout error: /home only); a 401 → Session Expired; another tab ending a session idle 15 minutes →
 * Session Expired; a manual logout not answered 'Logged out successfully', or failing with a message → the
 * logout-failed dialog.
 */
function dialogOpened({ event, before }: StateView): 'sessionExpired' | 'logoutFailed' | null | undefined {
  const said = ((event.output ?? event.error ?? {}) as { message?: string }).message
  const answered = event.type.startsWith('xstate.done.actor.logout')
  const failed = event.type.startsWith('xstate.error.actor.logout')
  if (before.matches({ auth: 'expiring' })) {
    if (answered) return said === LOGGED_OUT ? 'sessionExpired' : null
    if (failed) return null
    if (event.type === 'storage.ended') return 'sessionExpired'
  }
  if (before.matches({ auth: 'loggingOut' })) {
    if (answered) return said === LOGGED_OUT ? null : 'logoutFailed'
    if (failed) return said ? 'logoutFailed' : null
  }
  if (before.matches({ auth: 'authenticated' })) {
    if (event.type === 'api.unauthenticated') return 'sessionExpired'
    if (event.type === 'storage.ended') {
      return (event.at as number) - before.context.lastActivity >= IDLE_MS ? 'sessionExpired' : null
    }
  }
  return undefined
}

/** An open dialog: the step opened it, or it was open and OK was not pressed; opening one goes to /home. */
const dialogOpen = (name: 'sessionExpired' | 'logoutFailed') => (view: StateView) => {
  const opened = dialogOpened(view)
  if (opened) {
    expect(opened).toBe(name)
    expect(view.actions).toContain('goHome')
  } else expect(view.before.matches({ dialog: name })).toBe(true)
  expect(view.event.type).not.toBe('dialog.acknowledged')
}

/** Spec section 4 "Session": logged in while a token is stored, the 15-minute idle logout, 401s, other tabs. */
export const sessionStates = stateChecks(sessionMachine, {
  // Signed out: nothing of the account kept, nothing in flight; leaving the session went to /home and cleared
  // the storage (unless another tab ended it and cleared it), a 401 also closed every dialog.
  'auth.signedOut': (view) => {
    const { context, event, before, actions } = view
    expect([context.token, context.user, view.requests]).toEqual([null, null, {}])
    if (!before.matches({ auth: 'signedOut' })) {
      expect(actions).toContain('goHome')
      expect(actions.includes('clearStorage')).toBe(event.type !== 'storage.ended')
    }
    if (event.type === 'api.unauthenticated') expect(actions).toContain('closeAllDialogs')
  },
  // Signed in with a token; at most 15 minutes left; what an event brings (token, user, activity time) is taken,
  // and stored for the other tabs only when it happened in this one.
  'auth.authenticated.idle.counting': ({ context, event, before, actions, requests }) => {
    expect(context.token).toBeTruthy()
    expect(requests).not.toHaveProperty('logout')
    expect(context.idleRemaining > 0 && context.idleRemaining <= IDLE_MS).toBe(true)
    if ('token' in event) expect(context.token).toBe(event.token)
    if ('user' in event) expect(context.user).toEqual(event.user)
    if ('at' in event) expect([context.lastActivity, context.idleRemaining]).toEqual([event.at, IDLE_MS])
    const checked = (event.output as { user?: SessionUser } | undefined)?.user
    const changed = checked !== undefined && JSON.stringify(checked) !== JSON.stringify(before.context.user)
    const stores =
      {
        'session.started': ['persistSession'],
        'user.activity': ['persistActivity'],
        'api.token': ['persistToken'],
        'user.updated': ['persistUser'],
      }[event.type] ?? (changed ? ['persistUser'] : [])
    expect(actions.filter((name) => name.startsWith('persist'))).toEqual(stores)
  },
  // The auth check of a session restored in a new browser session, with the stored token.
  'auth.authenticated.check.pinging': ({ context, event, requests }) => {
    expect(requests.ping).toEqual({ token: expect.any(String) })
    if (event.type === 'xstate.init') expect(requests.ping).toEqual({ token: context.token })
    expect(context.pinged).toBe(false)
  },
  // Checked once in this browser session (hasPingedLaravel); the check's user, when it differs, shows.
  'auth.authenticated.check.checked': ({ context, event, actions, requests }) => {
    expect(requests).not.toHaveProperty('ping')
    expect(context.pinged).toBe(true)
    if (event.type === 'xstate.done.actor.ping') {
      expect(actions).toContain('markPinged')
      const checked = (event.output as { user?: SessionUser } | undefined)?.user
      if (checked) expect(context.user).toEqual(checked)
    }
  },
  // The check failed: nothing marked, so the next browser session checks again.
  'auth.authenticated.check.unchecked': ({ context, actions, requests }) => {
    expect(requests).not.toHaveProperty('ping')
    expect(context.pinged).toBe(false)
    expect(actions).not.toContain('markPinged')
  },
  // 15 minutes without activity (or a stored activity older than that): logout is called with the token;
  // nowhere to go yet.
  'auth.expiring': ({ context, event, before, actions, requests }) => {
    expect(requests).toEqual({ logout: { token: context.token } })
    expect(context.token).toBeTruthy()
    expect(actions).not.toContain('goHome')
    if (event.type === 'xstate.init') expect(context.idleRemaining).toBe(0)
    else if (!before.matches({ auth: 'expiring' }))
      expect(event.type).toMatch(/^xstate\.after\.idleTimeout\./)
  },
  // Logout from the top bar: called with the token; /home once it is answered.
  'auth.loggingOut': ({ context, event, before, actions, requests }) => {
    expect(requests).toEqual({ logout: { token: context.token } })
    expect(context.token).toBeTruthy()
    expect(actions).not.toContain('goHome')
    if (!before.matches({ auth: 'loggingOut' })) expect(event.type).toBe('user.logout')
  },
  // No dialog: the step opened none by the rules, and an open one closes only on OK.
  'dialog.closed': (view) => {
    expect(dialogOpened(view) ?? null).toBeNull()
    if (!view.before.matches({ dialog: 'closed' })) expect(view.event.type).toBe('dialog.acknowledged')
  },
  // Session Expired: after the idle logout's 'Logged out successfully', a 401, or another tab's idle end.
  'dialog.sessionExpired': dialogOpen('sessionExpired'),
  // The generic dialog of a failed manual logout.
  'dialog.logoutFailed': dialogOpen('logoutFailed'),
  // No snackbar: no 401 now; one shown goes after its 3 s or when dismissed.
  'snackbar.hidden': ({ event, before }) => {
    expect(event.type).not.toBe('api.unauthenticated')
    if (before.matches({ snackbar: 'error' })) {
      expect(event.type).toMatch(/^(snackbar\.dismissed|xstate\.after\.snackbar\.)/)
    }
  },
  // The 'Error' snackbar of a 401 (storage already cleared), for 3 s unless dismissed.
  'snackbar.error': ({ context, event, before }) => {
    if (event.type === 'api.unauthenticated') expect(context.token).toBeNull()
    else expect(before.matches({ snackbar: 'error' })).toBe(true)
    expect(event.type).not.toMatch(/^(snackbar\.dismissed|xstate\.after\.snackbar\.)/)
  },
})
