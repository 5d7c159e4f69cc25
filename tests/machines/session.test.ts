import { afterAll, describe, expect, it, vi } from 'vitest'
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate'
import { timings } from '../../contract/constants'
import { messages } from '../../contract/messages'
import type { SessionUser } from '../../contract/wire'
import { type SessionInput, sessionMachine } from '../../machines/session.machine'
import { controllablePromises, describePath, newCoverage, pathsOf, replay, uncovered } from './model'
import { sessionStates } from './states/session'

const IDLE = timings.idleTimeoutMs
const user: SessionUser = {
  esus_name: 'Tan Wei Ming',
  esus_email_id: 'ops@lioncity.example',
  esus_company_name: 'Lion City Exports',
  esus_mcou: 196,
  mcou_code: 'SG',
  company_role: 'admin',
}
const stored: SessionInput = { token: 'stored-token', user, lastActivity: 0, pinged: true, now: 0 }
const anonymous: SessionInput = { token: null, user: null, lastActivity: null, pinged: false, now: 0 }

function start(input: SessionInput = stored) {
  const clock = new SimulatedClock()
  const { actors, pending } = controllablePromises(['logout', 'ping'] as const)
  const effects = {
    persistSession: vi.fn(),
    persistToken: vi.fn(),
    persistUser: vi.fn(),
    persistActivity: vi.fn(),
    clearStorage: vi.fn(),
    markPinged: vi.fn(),
    goHome: vi.fn(),
    closeAllDialogs: vi.fn(),
  }
  const machine = sessionMachine.provide({ actors, actions: effects })
  const actor = createActor(machine, { clock, input }).start()
  const is = (value: Parameters<SnapshotFrom<typeof sessionMachine>['matches']>[0]) =>
    actor.getSnapshot().matches(value)
  const settle = async (name: 'logout' | 'ping', outcome: { output?: unknown; error?: unknown }) => {
    const run = pending.get(name)
    if (!run) throw new Error(`${name} is not running`)
    pending.delete(name)
    if ('error' in outcome) run.reject(outcome.error)
    else run.resolve(outcome.output)
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
  return { actor, clock, effects, pending, is, settle }
}

describe('session', () => {
  it('is signed in exactly when a token is stored', () => {
    expect(start(stored).is({ auth: 'authenticated' })).toBe(true)
    expect(start(anonymous).is({ auth: 'signedOut' })).toBe(true)
  })

  it('after 15 minutes without activity logs out, goes home and shows Session Expired', async () => {
    const { clock, is, pending, settle, effects } = start()
    clock.increment(IDLE - 1)
    expect(is({ auth: 'authenticated' })).toBe(true)
    clock.increment(1)
    expect(is({ auth: 'expiring' })).toBe(true)
    expect(pending.get('logout')?.input).toEqual({ token: 'stored-token' })
    await settle('logout', { output: { message: 'Logged out successfully' } })
    expect(is({ auth: 'signedOut', dialog: 'sessionExpired' })).toBe(true)
    expect(effects.goHome).toHaveBeenCalledOnce()
    expect(effects.clearStorage).toHaveBeenCalledOnce()
  })

  it('on a logout error after idling goes home only, without the dialog', async () => {
    const { clock, is, settle, effects } = start()
    clock.increment(IDLE)
    await settle('logout', { error: new Error('offline') })
    expect(is({ auth: 'signedOut', dialog: 'closed' })).toBe(true)
    expect(effects.goHome).toHaveBeenCalledOnce()
  })

  it('restarts the idle timer on activity, in this tab or another', () => {
    const { actor, clock, is, effects } = start()
    clock.increment(14 * 60_000)
    actor.send({ type: 'user.activity', at: 14 * 60_000 })
    expect(effects.persistActivity).toHaveBeenCalledOnce()
    clock.increment(14 * 60_000)
    actor.send({ type: 'storage.activity', at: 28 * 60_000 })
    expect(effects.persistActivity).toHaveBeenCalledOnce()
    clock.increment(IDLE - 1)
    expect(is({ auth: 'authenticated' })).toBe(true)
    clock.increment(1)
    expect(is({ auth: 'expiring' })).toBe(true)
  })

  it('records no activity while signed out', () => {
    const { actor, effects } = start(anonymous)
    actor.send({ type: 'user.activity', at: 5 })
    expect(effects.persistActivity).not.toHaveBeenCalled()
    expect(actor.getSnapshot().context.lastActivity).toBeNull()
  })

  it('expires at once when the stored activity is older than 15 minutes', () => {
    const { is } = start({ ...stored, lastActivity: 0, now: IDLE + 60_000 })
    expect(is({ auth: 'expiring' })).toBe(true)
  })

  it('keeps only the idle time that is left after a reload', () => {
    const { clock, is } = start({ ...stored, lastActivity: 0, now: 10 * 60_000 })
    clock.increment(5 * 60_000 - 1)
    expect(is({ auth: 'authenticated' })).toBe(true)
    clock.increment(1)
    expect(is({ auth: 'expiring' })).toBe(true)
  })

  it('on 401 closes dialogs, clears storage, goes home, shows Session Expired and an Error snackbar for 3 s', () => {
    const { actor, clock, is, effects } = start()
    actor.send({ type: 'api.unauthenticated' })
    expect(is({ auth: 'signedOut', dialog: 'sessionExpired', snackbar: 'error' })).toBe(true)
    expect(effects.closeAllDialogs).toHaveBeenCalledOnce()
    expect(effects.clearStorage).toHaveBeenCalledOnce()
    expect(effects.goHome).toHaveBeenCalledOnce()
    expect(actor.getSnapshot().context.token).toBeNull()
    clock.increment(timings.toastMs)
    expect(is({ snackbar: 'hidden', dialog: 'sessionExpired' })).toBe(true)
    actor.send({ type: 'dialog.acknowledged' })
    expect(is({ dialog: 'closed' })).toBe(true)
  })

  it('logs out from the top bar and goes home', async () => {
    const { actor, is, settle, effects } = start()
    actor.send({ type: 'user.logout' })
    await settle('logout', { output: { message: messages.loggedOut } })
    expect(is({ auth: 'signedOut', dialog: 'closed' })).toBe(true)
    expect(effects.goHome).toHaveBeenCalledOnce()
  })

  it('shows the generic dialog when logout fails with a message, and goes home either way', async () => {
    const failing = start()
    failing.actor.send({ type: 'user.logout' })
    await failing.settle('logout', { error: { message: 'Server error' } })
    expect(failing.is({ auth: 'signedOut', dialog: 'logoutFailed' })).toBe(true)
    expect(failing.effects.goHome).toHaveBeenCalledOnce()

    const silent = start()
    silent.actor.send({ type: 'user.logout' })
    await silent.settle('logout', { error: {} })
    expect(silent.is({ auth: 'signedOut', dialog: 'closed' })).toBe(true)
    expect(silent.effects.goHome).toHaveBeenCalledOnce()
  })

  it('stores a token that any response carries and counts it as activity', () => {
    const { actor, effects } = start()
    actor.send({ type: 'api.token', token: 'fresh', at: 42 })
    expect(actor.getSnapshot().context).toMatchObject({ token: 'fresh', lastActivity: 42 })
    expect(effects.persistToken).toHaveBeenCalledOnce()
  })

  it("takes a user updated by My Profile, stores it as eshipUser, and follows another tab's update", () => {
    const { actor, effects } = start()
    const renamed = { ...user, esus_name: 'Nur Aisyah' }
    actor.send({ type: 'user.updated', user: renamed })
    expect(actor.getSnapshot().context.user).toEqual(renamed)
    expect(effects.persistUser).toHaveBeenCalledOnce()
    actor.send({ type: 'storage.user', user: { ...renamed, esus_name: 'Other Tab' } })
    expect(actor.getSnapshot().context.user?.esus_name).toBe('Other Tab')
    expect(effects.persistUser).toHaveBeenCalledOnce()
  })

  it('starts a session at login', () => {
    const { actor, is, effects } = start(anonymous)
    actor.send({ type: 'session.started', token: 'new', user, at: 7 })
    expect(is({ auth: 'authenticated' })).toBe(true)
    expect(effects.persistSession).toHaveBeenCalledOnce()
    expect(actor.getSnapshot().context).toMatchObject({ token: 'new', user, lastActivity: 7 })
  })

  it('pings once per browser session', async () => {
    const first = start({ ...stored, pinged: false })
    expect(first.pending.get('ping')?.input).toEqual({ token: 'stored-token' })
    await first.settle('ping', { output: {} })
    expect(first.effects.markPinged).toHaveBeenCalledOnce()
    expect(first.is({ auth: { authenticated: { check: 'checked' } } })).toBe(true)

    const again = start({ ...stored, pinged: true })
    expect(again.pending.has('ping')).toBe(false)
  })

  it("takes the user of the check's answer when it differs: a role changed meanwhile shows, eshipUser follows", async () => {
    const first = start({ ...stored, pinged: false })
    const demoted = { ...user, company_role: 'viewer' as const }
    await first.settle('ping', { output: { message: 'OK', user: demoted } })
    expect(first.actor.getSnapshot().context.user).toEqual(demoted)
    expect(first.effects.persistUser).toHaveBeenCalledOnce()

    const same = start({ ...stored, pinged: false })
    await same.settle('ping', { output: { message: 'OK', user } })
    expect(same.actor.getSnapshot().context.user).toEqual(user)
    expect(same.effects.persistUser).not.toHaveBeenCalled()
  })

  it('follows other tabs: a login there signs in here, a logout there signs out here', () => {
    const { actor, is, effects } = start(anonymous)
    actor.send({ type: 'storage.started', token: 'other-tab', user, at: 0 })
    expect(is({ auth: 'authenticated' })).toBe(true)
    expect(effects.persistSession).not.toHaveBeenCalled()
    actor.send({ type: 'storage.ended', at: 1000 })
    expect(is({ auth: 'signedOut', dialog: 'closed' })).toBe(true)
    expect(effects.goHome).toHaveBeenCalledOnce()
    expect(effects.clearStorage).not.toHaveBeenCalled()
  })

  it('shows Session Expired when another tab ended an idle session', () => {
    const { actor, is } = start()
    actor.send({ type: 'storage.ended', at: IDLE + 5 })
    expect(is({ auth: 'signedOut', dialog: 'sessionExpired' })).toBe(true)
  })
})

describe('session, model-based', () => {
  const coverage = newCoverage()
  const events = [
    { type: 'session.started', token: 'login', user, at: 0 },
    { type: 'storage.started', token: 'other', user, at: 0 },
    { type: 'user.activity', at: 1 },
    { type: 'storage.activity', at: 1 },
    { type: 'api.token', token: 'fresh', at: 1 },
    { type: 'user.updated', user: { ...user, esus_name: 'Renamed' } },
    { type: 'storage.user', user: { ...user, esus_name: 'Renamed elsewhere' } },
    { type: 'api.unauthenticated' },
    { type: 'user.logout' },
    { type: 'storage.ended', at: 2 },
    { type: 'storage.ended', at: IDLE + 2 },
    { type: 'dialog.acknowledged' },
    { type: 'snackbar.dismissed' },
    { type: 'xstate.done.actor.logout', output: { message: messages.loggedOut } },
    { type: 'xstate.done.actor.logout', output: { message: 'Something else' } },
    { type: 'xstate.error.actor.logout', error: { message: 'Server error' } },
    { type: 'xstate.error.actor.logout', error: {} },
    { type: 'xstate.done.actor.ping', output: {} },
    { type: 'xstate.error.actor.ping', error: {} },
  ]
  const stale = { ...stored, now: IDLE + 1 }
  const paths = [stored, { ...stored, pinged: false }, stale, anonymous].flatMap((input) =>
    pathsOf(sessionMachine, {
      input,
      events,
      // Context values are timestamps; what guards read is whether there is a token and a ping.
      serializeState: (snapshot, event, previous) =>
        JSON.stringify([
          previous?.value,
          event?.type,
          snapshot.value,
          snapshot.context.token !== null,
          snapshot.context.pinged,
        ]),
      // notify.* are raised inside the chart, never sent to it. The simulated clock fires every due
      // timer: leave out the 15-minute timer while the 3 s one runs.
      filterEvents: (snapshot, event) =>
        !event.type.startsWith('notify.') &&
        !(event.type.startsWith('xstate.after.idleTimeout') && snapshot.matches({ snackbar: 'error' })),
    }).map((path) => ({ input, path })),
  )

  it('generates paths', () => {
    expect(paths.length).toBeGreaterThan(30)
  })

  it.each(
    paths.map(
      ({ input, path }) =>
        [
          `${input === stale ? 'stale' : input.token ? 'stored' : 'anonymous'}: ${describePath(path)}`,
          input,
          path,
        ] as const,
    ),
  )('%s', async (_name, input, path) => {
    const { actors, pending } = controllablePromises(['logout', 'ping'] as const)
    await replay(path, {
      machine: sessionMachine.provide({ actors }),
      pending,
      input,
      coverage,
      states: sessionStates,
      check: (actor, step) => {
        const after = actor.getSnapshot() as SnapshotFrom<typeof sessionMachine>
        // The account is on screen exactly while signed in: nothing of it stays once signed out.
        const signedIn = after.matches({ auth: 'authenticated' })
        if (after.matches({ auth: 'signedOut' }))
          expect([after.context.token, after.context.user]).toEqual([null, null])
        if (signedIn) expect(after.context.token).not.toBeNull()
        // A logout ends the session here whatever the server answers.
        if (/^xstate\.(done|error)\.actor\.logout$/.test(step.event.type)) {
          expect(after.matches({ auth: 'signedOut' })).toBe(true)
        }
      },
    })
  })

  afterAll(() => {
    expect(uncovered(sessionMachine, coverage)).toEqual({ states: [], transitions: [], checks: [] })
  })
})
