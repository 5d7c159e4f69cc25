import { afterAll, describe, expect, it, vi } from 'vitest'
import { type AnyMachineSnapshot, createActor, type EventObject, SimulatedClock } from 'xstate'
import { timings } from '../../contract/constants'
import { messages } from '../../contract/messages'
import { defaultNotificationSettings, type ProfileResponse, profileMessages } from '../../contract/profile'
import { ruleMessages } from '../../contract/rules'
import type { Country } from '../../contract/wire'
import type { ProfileLoaded } from '../../machines/profile'
import { profileMachine } from '../../machines/profile.machine'
import { controllablePromises, describePath, newCoverage, pathsOf, replay, uncovered } from './model'
import { allChecks, formChecks } from './model-suite'
import { profileStates } from './states/profile'

const countries: Country[] = [
  { mcou_rid: 196, mcou_name: 'Singapore', mcou_code: 'SG', mcou_country_dialing_code: '+65', eshp_mcpy: 1 },
  { mcou_rid: 131, mcou_name: 'Malaysia', mcou_code: 'MY', mcou_country_dialing_code: '+60', eshp_mcpy: 1 },
]

const response: ProfileResponse = {
  profile: {
    esus_name: 'Tan Wei Ming',
    esus_email_id: 'ops@lioncity.example',
    esus_mcou: 196,
    code: '+65',
    esus_phone: '61234567',
    esus_address1: '10 Anson Road, #20-01',
    esus_company_name: 'Lion City Exports',
    esus_regn_no: '201912345K',
    esus_mcpy: 1,
  },
  notifications: defaultNotificationSettings,
  user: {
    esus_name: 'Tan Wei Ming',
    esus_email_id: 'ops@lioncity.example',
    esus_company_name: 'Lion City Exports',
    esus_mcou: 196,
    mcou_code: 'SG',
    company_role: 'admin',
  },
}
const loaded: ProfileLoaded = { profile: response, countries }
const renamed: ProfileResponse = {
  ...response,
  profile: { ...response.profile, esus_name: 'Nur Aisyah' },
  user: { ...response.user, esus_name: 'Nur Aisyah' },
}
const names = ['loadProfile', 'saveProfile', 'changePassword', 'saveNotifications'] as const
const flush = () => new Promise((resolve) => setImmediate(resolve))

function start() {
  const clock = new SimulatedClock()
  const { actors, pending } = controllablePromises(names)
  const announceUser = vi.fn()
  const actor = createActor(profileMachine.provide({ actors, actions: { announceUser } }), { clock }).start()
  const settle = async (name: (typeof names)[number], outcome: { output?: unknown; error?: unknown }) => {
    const run = pending.get(name)
    if (!run) throw new Error(`no pending ${name}`)
    pending.delete(name)
    if ('error' in outcome) run.reject(outcome.error)
    else run.resolve(outcome.output)
    await flush()
  }
  return { actor, clock, pending, settle, announceUser }
}

async function ready() {
  const started = start()
  await started.settle('loadProfile', { output: loaded })
  return started
}

describe('profile', () => {
  it('shows a bad phone with the section 5 message once left, keeps the other edits and cannot save', async () => {
    const { actor } = await ready()
    actor.send({ type: 'field.changed', field: 'esus_name', value: 'Nur Aisyah' })
    actor.send({ type: 'field.changed', field: 'esus_phone', value: '12345' })
    expect(actor.getSnapshot().context.shown.esus_phone).toBeUndefined()
    actor.send({ type: 'field.blurred', field: 'esus_phone' })
    expect(actor.getSnapshot().context.errors.esus_phone?.[0]).toBe(ruleMessages.phoneMin)
    actor.send({ type: 'user.save' })
    expect(actor.getSnapshot().matches({ ready: { details: 'editing' } })).toBe(true)
    expect(actor.getSnapshot().context.values.esus_name).toBe('Nur Aisyah')
  })

  it('saves, announces the new session user and toasts for 3 s', async () => {
    const { actor, pending, settle, announceUser, clock } = await ready()
    actor.send({ type: 'field.changed', field: 'esus_name', value: 'Nur Aisyah' })
    actor.send({ type: 'user.save' })
    expect(pending.get('saveProfile')?.input).toMatchObject({ esus_name: 'Nur Aisyah', code: '+65' })
    await settle('saveProfile', { output: renamed })
    expect(announceUser).toHaveBeenCalledOnce()
    expect(announceUser.mock.calls[0]?.[1]).toEqual(renamed.user)
    expect(actor.getSnapshot().context.toast).toBe(profileMessages.saved)
    clock.increment(timings.toastMs)
    expect(actor.getSnapshot().context.toast).toBeNull()
    actor.send({ type: 'field.changed', field: 'esus_name', value: 'Someone Else' })
    actor.send({ type: 'user.discard' })
    expect(actor.getSnapshot().context.values.esus_name).toBe('Nur Aisyah')
  })

  it("fills the dialling code from the company's country, and empties it when cleared", async () => {
    const { actor } = await ready()
    actor.send({ type: 'country.chosen', countryId: 131 })
    expect(actor.getSnapshot().context.values).toMatchObject({ esus_mcou: 131, code: '+60', esus_mcpy: 1 })
    actor.send({ type: 'country.chosen', countryId: null })
    expect(actor.getSnapshot().context.errors.code?.[0]).toBe(ruleMessages.codeRequired)
  })

  it('shows the server field messages: a wrong current password under its field', async () => {
    const { actor, settle } = await ready()
    actor.send({ type: 'password.changed', field: 'current_password', value: 'Wrong#1234' })
    actor.send({ type: 'password.changed', field: 'esus_password', value: 'Harbour#2026' })
    actor.send({ type: 'password.changed', field: 'password_confirmation', value: 'Harbour#2026' })
    actor.send({ type: 'password.submit' })
    await settle('changePassword', {
      error: {
        status: 422,
        message: profileMessages.currentWrong,
        errors: { current_password: [profileMessages.currentWrong] },
      },
    })
    const { password } = actor.getSnapshot().context
    expect(password.errors.current_password).toEqual([profileMessages.currentWrong])
    expect(password.shown.current_password).toBe(true)
    expect(password.values.esus_password).toBe('Harbour#2026')
  })

  it('puts a switch back and shows the message when its save fails', async () => {
    const { actor, settle } = await ready()
    actor.send({ type: 'notification.toggled', kind: 'milestones', value: false })
    expect(actor.getSnapshot().context.notifications.milestones).toBe(false)
    await settle('saveNotifications', { error: { status: 0 } })
    expect(actor.getSnapshot().context.notifications.milestones).toBe(true)
    expect(actor.getSnapshot().context.dialogMessage).toBe(messages.generic)
  })
})

describe('profile, model-based', () => {
  const coverage = newCoverage()
  const events: ({ type: string } & Record<string, unknown>)[] = [
    { type: 'xstate.done.actor.loadProfile', output: loaded },
    { type: 'xstate.error.actor.loadProfile', error: { status: 0 } },
    { type: 'field.changed', field: 'esus_phone', value: '12345' },
    { type: 'field.changed', field: 'esus_phone', value: '61234567' },
    { type: 'field.blurred', field: 'esus_phone' },
    { type: 'country.chosen', countryId: 131 },
    { type: 'country.chosen', countryId: null },
    { type: 'xstate.done.actor.saveProfile', output: renamed },
    { type: 'xstate.error.actor.saveProfile', error: { status: 422, errors: { code: ['Mismatch'] } } },
    { type: 'xstate.error.actor.saveProfile', error: { status: 500, message: messages.generic } },
    { type: 'password.changed', field: 'current_password', value: 'Secret#123' },
    { type: 'password.changed', field: 'esus_password', value: 'Harbour#2026' },
    { type: 'password.changed', field: 'password_confirmation', value: 'Harbour#2026' },
    { type: 'password.blurred', field: 'esus_password' },
    {
      type: 'xstate.done.actor.changePassword',
      output: { message: profileMessages.passwordChanged, token: 't' },
    },
    {
      type: 'xstate.error.actor.changePassword',
      error: { status: 422, errors: { current_password: [profileMessages.currentWrong] } },
    },
    { type: 'xstate.error.actor.changePassword', error: { status: 429, message: 'Too many attempts.' } },
    { type: 'notification.toggled', kind: 'milestones', value: false },
    {
      type: 'xstate.done.actor.saveNotifications',
      output: { message: profileMessages.notificationsSaved, notifications: defaultNotificationSettings },
    },
    { type: 'xstate.error.actor.saveNotifications', error: { status: 0 } },
  ]
  // A vertex per state, the event that led there, how many fields are invalid in each form and whether the
  // dialog is open: the details and password forms fill one field at a time.
  const serializeState = (
    snapshot: AnyMachineSnapshot,
    event: EventObject | undefined,
    previous?: AnyMachineSnapshot,
  ) =>
    JSON.stringify([
      previous?.value,
      event?.type,
      snapshot.value,
      Object.keys(snapshot.context.errors).length,
      Object.keys(snapshot.context.password.errors).length,
      snapshot.context.dialogMessage !== null,
    ])
  const paths = pathsOf(profileMachine, {
    events,
    serializeState,
    filterEvents: (_snapshot, event) => !event.type.startsWith('notify.'),
  })

  it('generates paths', () => {
    expect(paths.length).toBeGreaterThan(20)
  })

  // What a user of My Profile notices after every step: each of its two forms sends nothing invalid, keeps
  // what was typed when its save fails and says why it sent nothing; a switch whose save failed shows what
  // the server holds.
  const check = allChecks(
    formChecks(['saveProfile'], { submit: 'user.save' }),
    formChecks(['changePassword'], { submit: 'password.submit', form: (context) => context.password }),
    (actor, step) => {
      if (step.event.type !== 'xstate.error.actor.saveNotifications') return
      const { notifications, savedNotifications } = (actor.getSnapshot() as AnyMachineSnapshot).context
      expect(notifications).toEqual(savedNotifications)
    },
  )

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_title, path) => {
    const { actors, pending } = controllablePromises(names)
    await replay(path, {
      machine: profileMachine.provide({ actors }),
      pending,
      coverage,
      states: profileStates,
      check,
    })
  })

  afterAll(() => {
    expect(uncovered(profileMachine, coverage)).toEqual({ states: [], transitions: [], checks: [] })
  })
})
