import { expect } from 'vitest'
import { staffSessionMachine } from '../../../machines/staff-session.machine'
import { stateChecks } from '../model'

/** 15 minutes without activity end a session (docs/staff.md "Sessions": the customers' rules). */
const IDLE_MS = 15 * 60 * 1000

/** The notice's own events (the chart raises `notice.expired`; the paths also send it as it is): no auth change. */
const noticeOnly = (type: string) => type === 'notice.expired' || type === 'dialog.acknowledged'

/** docs/staff.md "Sessions": the console's session, its way out (/staff/login) and its Session Expired notice. */
export const staffSessionStates = stateChecks(staffSessionMachine, {
  // No session: nothing kept in this tab; the way out was taken (storage cleared unless another tab did it).
  'auth.signedOut': ({ context, event, actions, requests }) => {
    expect([context.token, context.staff]).toEqual([null, null])
    expect(requests).toEqual({})
    if (event.type === 'xstate.init') expect(actions).toContain('clearStorage')
    else if (event.type === 'storage.ended') expect(actions).toEqual(['goToSignIn'])
    else if (!noticeOnly(event.type)) {
      expect(actions).toEqual(expect.arrayContaining(['clearStorage', 'goToSignIn']))
    }
  },
  // Signed in: the person and token held, at most 15 minutes left; activity here is stored for the other tabs,
  // activity or a newer sign-in of another tab is followed without writing it again.
  'auth.signedIn.counting': ({ context, event, actions, requests }) => {
    expect(context.token && context.staff).toBeTruthy()
    expect(requests).toEqual({})
    expect(context.idleRemaining).toBeGreaterThan(0)
    expect(context.idleRemaining).toBeLessThanOrEqual(IDLE_MS)
    if (event.type === 'session.started') expect(actions).toContain('persistSession')
    if (event.type === 'user.activity') expect(actions).toContain('persistActivity')
    if (event.type.startsWith('storage.'))
      expect(actions.filter((name) => name.startsWith('persist'))).toEqual([])
    if (event.type.endsWith('.started'))
      expect([context.token, context.staff]).toEqual([event.token, event.staff])
    if (event.type.endsWith('.activity'))
      expect([context.lastActivity, context.idleRemaining]).toEqual([event.at, IDLE_MS])
  },
  // Idle too long (the 15 minutes passed, or a restored session already past them): the server is told with
  // the session's token, and the notice says why.
  'auth.expiring': ({ context, event, snapshot, requests }) => {
    expect(requests).toEqual({ logout: { token: context.token } })
    expect(context.token).toBeTruthy()
    const idled = event.type === 'xstate.init' || event.type.startsWith('xstate.after.')
    expect(idled || noticeOnly(event.type)).toBe(true)
    if (idled) expect(snapshot.matches({ notice: 'expired' })).toBe(true)
  },
  // Sign out asked for: the server ends the session with its token; the tab leaves once it answered.
  'auth.signingOut': ({ context, event, actions, requests }) => {
    expect(requests).toEqual({ logout: { token: context.token } })
    expect(context.token).toBeTruthy()
    expect(event.type === 'user.logout' || noticeOnly(event.type)).toBe(true)
    expect(actions).not.toContain('goToSignIn')
  },
  // No notice: this step did not end the session for idleness or a refused token (or the notice was read).
  'notice.none': ({ snapshot, before, event }) => {
    if (event.type === 'dialog.acknowledged') expect(before.matches({ notice: 'expired' })).toBe(true)
    else expect(snapshot.matches({ auth: 'expiring' })).toBe(false)
    expect(event.type === 'api.unauthenticated' && before.matches({ auth: 'signedIn' })).toBe(false)
  },
  // Session Expired: the session just ran out or the server refused its token (401), or the notice is still
  // unread; a 401 clears this tab's session and goes to the sign-in.
  'notice.expired': ({ snapshot, before, event, actions, context }) => {
    const refused = event.type === 'api.unauthenticated' && before.matches({ auth: 'signedIn' })
    const stillShown = event.type !== 'xstate.init' && before.matches({ notice: 'expired' })
    const raised = event.type === 'notice.expired'
    expect(refused || raised || snapshot.matches({ auth: 'expiring' }) || stillShown).toBe(true)
    expect(event.type).not.toBe('dialog.acknowledged')
    if (refused) {
      expect(actions).toEqual(expect.arrayContaining(['clearStorage', 'goToSignIn']))
      expect(context.token).toBeNull()
    }
  },
})
