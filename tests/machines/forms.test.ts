import { afterAll, describe, expect, it, vi } from 'vitest'
import {
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  type EventObject,
  SimulatedClock,
} from 'xstate'
import { timings } from '../../contract/constants'
import { messages } from '../../contract/messages'
import type { Country } from '../../contract/wire'
import { activationMachine } from '../../machines/activation.machine'
import { contactMachine } from '../../machines/contact.machine'
import { forgotPasswordMachine } from '../../machines/forgot-password.machine'
import { loginMachine } from '../../machines/login.machine'
import { registerMachine } from '../../machines/register.machine'
import { resetPasswordMachine } from '../../machines/reset-password.machine'
import { sessionReleaseMachine } from '../../machines/session-release.machine'
import {
  controllablePromises,
  describePath,
  newCoverage,
  pathsOf,
  replay,
  type StateChecks,
  uncovered,
} from './model'
import { allChecks, formChecks, modelSuite } from './model-suite'
import { activationStates } from './states/activation'
import { contactStates } from './states/contact'
import { forgotPasswordStates } from './states/forgot-password'
import { loginStates } from './states/login'
import { registerStates } from './states/register'
import { resetPasswordStates } from './states/reset-password'
import { sessionReleaseStates } from './states/session-release'

const user = {
  esus_name: 'Tan Wei Ming',
  esus_email_id: 'ops@lioncity.example',
  esus_company_name: 'Lion City Exports',
  esus_mcou: 196,
  mcou_code: 'SG',
  company_role: 'admin',
}
const signedIn = { message: 'User authenticated', user_type: 'Customer', user, isLoggedIn: false, token: 't' }
const countries: Country[] = [
  { mcou_rid: 196, mcou_name: 'Singapore', mcou_code: 'SG', mcou_country_dialing_code: '+65', eshp_mcpy: 1 },
  {
    mcou_rid: 229,
    mcou_name: 'United Arab Emirates',
    mcou_code: 'AE',
    mcou_country_dialing_code: '+971',
    eshp_mcpy: 2,
  },
]

const flush = () => new Promise((resolve) => setImmediate(resolve))

/**
 * Vertices by state, how many fields are still invalid, and the dialog's message: form contexts hold
 * free text, and counting invalid fields lets the shortest paths fill a form one field at a time.
 */
const formSerializer = (
  snapshot: AnyMachineSnapshot,
  event: EventObject | undefined,
  previous?: AnyMachineSnapshot,
) =>
  JSON.stringify([
    previous?.value,
    event?.type,
    snapshot.value,
    Object.keys(snapshot.context.errors).length,
    snapshot.context.dialogMessage,
  ])

/**
 * The form charts' suite: their paths without the notify.* and loading.* events the views send, each step
 * checked by formChecks. The last of `promises` is the request the form sends (a first one loads its lists).
 */
function formSuite(
  name: string,
  machine: AnyStateMachine,
  states: StateChecks,
  promises: readonly string[],
  events: ({ type: string } & Record<string, unknown>)[],
  inputs: unknown[] = [undefined],
  checks: Parameters<typeof formChecks>[1] = {},
) {
  modelSuite(name, machine, {
    promises,
    events,
    inputs,
    serializeState: formSerializer,
    states,
    filterEvents: (_snapshot, event) =>
      !event.type.startsWith('notify.') && !event.type.startsWith('loading.'),
    check: formChecks(promises.slice(-1), checks),
  })
}

describe('login', () => {
  it('stores the session and goes to /user/home 300 ms after a Customer signs in', async () => {
    const clock = new SimulatedClock()
    const { actors, pending } = controllablePromises(['login'])
    const startSession = vi.fn()
    const goToUserHome = vi.fn()
    const actor = createActor(loginMachine.provide({ actors, actions: { startSession, goToUserHome } }), {
      clock,
    })
    actor.start()
    actor.send({ type: 'field.changed', field: 'email', value: 'ops@lioncity.example' })
    actor.send({ type: 'field.changed', field: 'password', value: 'Secret#123' })
    actor.send({ type: 'user.submit' })
    expect(pending.get('login')?.input).toEqual({ email: 'ops@lioncity.example', password: 'Secret#123' })
    pending.get('login')?.resolve(signedIn)
    await flush()
    expect(startSession).toHaveBeenCalledOnce()
    expect(startSession.mock.calls[0]?.[1]).toEqual(signedIn)
    clock.increment(timings.loginRedirectMs - 1)
    expect(goToUserHome).not.toHaveBeenCalled()
    clock.increment(1)
    expect(goToUserHome).toHaveBeenCalledOnce()
  })

  it.each([
    ['an admin', { ...signedIn, user_type: 'Admin' }, messages.generic],
    ['an unexpected message', { ...signedIn, message: 'Welcome' }, messages.generic],
  ])('shows the generic dialog for %s', async (_name, output, dialog) => {
    const { actors, pending } = controllablePromises(['login'])
    const actor = createActor(loginMachine.provide({ actors })).start()
    actor.send({ type: 'field.changed', field: 'email', value: 'a@b.co' })
    actor.send({ type: 'field.changed', field: 'password', value: 'x' })
    actor.send({ type: 'user.submit' })
    pending.get('login')?.resolve(output)
    await flush()
    expect(actor.getSnapshot().context.dialogMessage).toBe(dialog)
  })

  it("shows the server's message when the call fails; another device's session opens its dialog with the way out", async () => {
    const { actors, pending } = controllablePromises(['login', 'requestRelease'])
    const actor = createActor(loginMachine.provide({ actors })).start()
    actor.send({ type: 'field.changed', field: 'email', value: 'a@b.co' })
    actor.send({ type: 'field.changed', field: 'password', value: 'x' })
    actor.send({ type: 'user.submit' })
    pending.get('login')?.reject({ status: 401, message: 'Invalid email or password.' })
    await flush()
    expect(actor.getSnapshot().context.dialogMessage).toBe('Invalid email or password.')
    actor.send({ type: 'dialog.acknowledged' })
    actor.send({ type: 'user.submit' })
    pending.get('login')?.resolve({ message: 'x', isLoggedIn: true })
    await flush()
    expect(actor.getSnapshot().context.dialogMessage).toBe(messages.loggedInElsewhere)
    actor.send({ type: 'release.requested' })
    expect(pending.get('requestRelease')?.input).toEqual({ email: 'a@b.co', password: 'x' })
    pending.get('requestRelease')?.resolve({ message: 'Mailed.' })
    await flush()
    expect(actor.getSnapshot().context.release.sent).toBe('Mailed.')
    actor.send({ type: 'dialog.acknowledged' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.values).toEqual({ email: 'a@b.co', password: 'x' })
  })

  it('shows every field message on an invalid submit and sends nothing', () => {
    const { actors, pending } = controllablePromises(['login'])
    const actor = createActor(loginMachine.provide({ actors })).start()
    actor.send({ type: 'user.submit' })
    expect(pending.size).toBe(0)
    expect(actor.getSnapshot().context.shown).toEqual({ email: true, password: true })
    expect(actor.getSnapshot().context.errors.email?.[0]).toBe('*Email is Required.')
  })
})

describe('register', () => {
  it('fills the dialling code and company id from the country, and empties both when cleared', async () => {
    const { actors, pending } = controllablePromises(['loadCountries', 'register'])
    const actor = createActor(registerMachine.provide({ actors })).start()
    pending.get('loadCountries')?.resolve(countries)
    await flush()
    actor.send({ type: 'country.chosen', countryId: 229 })
    expect(actor.getSnapshot().context.values).toMatchObject({ esus_mcou: 229, code: '+971', esus_mcpy: 2 })
    actor.send({ type: 'country.chosen', countryId: null })
    expect(actor.getSnapshot().context.values).toMatchObject({ esus_mcou: null, code: '', esus_mcpy: null })
    expect(actor.getSnapshot().context.errors.code?.[0]).toBe('*Country code is required.')
  })

  it('keeps the button disabled until 1 s after the response', async () => {
    const clock = new SimulatedClock()
    const { actors, pending } = controllablePromises(['loadCountries', 'register'])
    const actor = createActor(registerMachine.provide({ actors }), { clock }).start()
    pending.get('loadCountries')?.resolve(countries)
    await flush()
    const fill = {
      esus_name: 'Tan',
      esus_company_name: 'Lion City',
      esus_regn_no: '2019k',
      esus_email_id: 'a@b.co',
      esus_password: 'Shipping#2025',
      password_confirmation: 'Shipping#2025',
      esus_phone: '61234567',
      esus_address1: '10 Anson Road',
      esus_source: 'Others',
      check: true,
    } as const
    for (const [field, value] of Object.entries(fill))
      actor.send({ type: 'field.changed', field, value } as never)
    actor.send({ type: 'country.chosen', countryId: 196 })
    actor.send({ type: 'user.submit' })
    expect(pending.get('register')?.input).toMatchObject({ esus_regn_no: '2019K', esus_mcpy: 1, code: '+65' })
    expect(actor.getSnapshot().matches({ loading: 'busy' })).toBe(true)
    pending.get('register')?.resolve({ message: messages.registered })
    await flush()
    expect(actor.getSnapshot().matches({ flow: 'registered', loading: 'clearing' })).toBe(true)
    clock.increment(timings.registerLoadingClearMs)
    expect(actor.getSnapshot().matches({ loading: 'idle' })).toBe(true)
  })
})

describe('contact', () => {
  it('shows the toast for 3 s and resets on a duplicate', async () => {
    const clock = new SimulatedClock()
    const { actors, pending } = controllablePromises(['loadCountries', 'sendEnquiry'])
    const actor = createActor(contactMachine.provide({ actors }), { clock }).start()
    pending.get('loadCountries')?.resolve(countries)
    await flush()
    actor.send({ type: 'field.changed', field: 'mail', value: 'bad@mail' })
    actor.send({ type: 'user.submit' })
    expect(actor.getSnapshot().context.toast).toBe('Please enter a valid Email ID')
    clock.increment(timings.toastMs)
    expect(actor.getSnapshot().context.toast).toBeNull()
    const values = {
      mail: 'buyer@lioncity.com',
      name: 'Nur',
      company: 'Lion City',
      phone: '61234567',
      source: 'Email',
      mode: 'FCL',
      message: 'Hello',
    }
    for (const [field, value] of Object.entries(values))
      actor.send({ type: 'field.changed', field, value } as never)
    actor.send({ type: 'country.chosen', countryId: 196 })
    actor.send({ type: 'user.submit' })
    pending.get('sendEnquiry')?.reject({ status: 409, message: messages.contactDuplicate })
    await flush()
    expect(actor.getSnapshot().context.toast).toBe(messages.contactDuplicateNotice)
    expect(actor.getSnapshot().context.values.mail).toBe('')
  })

  it('keeps what was typed when the server fails', async () => {
    const { actors, pending } = controllablePromises(['loadCountries', 'sendEnquiry'])
    const actor = createActor(contactMachine.provide({ actors })).start()
    pending.get('loadCountries')?.resolve(countries)
    await flush()
    const values = {
      mail: 'b@l.com',
      name: 'N',
      company: 'C',
      phone: '1',
      source: 'Email',
      mode: 'AIR',
      message: 'M',
    }
    for (const [field, value] of Object.entries(values))
      actor.send({ type: 'field.changed', field, value } as never)
    actor.send({ type: 'country.chosen', countryId: 196 })
    actor.send({ type: 'user.submit' })
    pending.get('sendEnquiry')?.reject({ status: 500, message: messages.generic })
    await flush()
    expect(actor.getSnapshot().context.dialogMessage).toBe(messages.generic)
    expect(actor.getSnapshot().context.values).toMatchObject(values)
  })
})

/**
 * The login's own checks besides a form's: a link to end the other session is asked for only once the
 * server said another device holds it, with the email and password typed; once mailed the dialog says so;
 * a failed request says why and keeps the offer open.
 */
const releaseChecks = (actor: AnyActorRef, step: { event: EventObject }, before: AnyMachineSnapshot) => {
  const after = actor.getSnapshot() as AnyMachineSnapshot
  if (after.children.requestRelease && !before.children.requestRelease) {
    expect(before.matches({ elsewhere: 'offered' })).toBe(true)
    expect(after.context.dialogMessage).toBe(messages.loggedInElsewhere)
  }
  if (after.matches({ elsewhere: 'sent' })) expect(after.context.release.sent).toBeTruthy()
  if (step.event.type === 'xstate.error.actor.requestRelease') {
    expect(after.matches({ elsewhere: 'offered' })).toBe(true)
    expect(after.context.release.error).toBeTruthy()
  }
  if (after.matches('elsewhere')) expect(after.context.dialogMessage).toBe(messages.loggedInElsewhere)
  else expect(after.context.release).toEqual({ sent: null, error: null })
}

modelSuite('login', loginMachine, {
  promises: ['login', 'requestRelease'],
  events: [
    { type: 'field.changed', field: 'email', value: 'ops@lioncity.example' },
    { type: 'field.changed', field: 'email', value: 'ops@' },
    { type: 'field.changed', field: 'password', value: 'Secret#123' },
    { type: 'field.blurred', field: 'email' },
    { type: 'xstate.done.actor.login', output: signedIn },
    { type: 'xstate.done.actor.login', output: { message: 'x', isLoggedIn: true } },
    { type: 'xstate.done.actor.login', output: { ...signedIn, user_type: 'Admin' } },
    { type: 'xstate.error.actor.login', error: { status: 401, message: 'Invalid email or password.' } },
    { type: 'release.requested' },
    { type: 'xstate.done.actor.requestRelease', output: { message: 'We have emailed a link.' } },
    { type: 'xstate.error.actor.requestRelease', error: { status: 429, message: 'Too many attempts.' } },
  ],
  inputs: [undefined],
  serializeState: formSerializer,
  states: loginStates,
  check: allChecks(formChecks(['login']), releaseChecks),
})

formSuite(
  'forgot password',
  forgotPasswordMachine,
  forgotPasswordStates,
  ['requestReset'],
  [
    { type: 'field.changed', field: 'email', value: 'ops@lioncity.example' },
    { type: 'field.changed', field: 'email', value: 'nope' },
    { type: 'field.blurred', field: 'email' },
    { type: 'xstate.done.actor.requestReset', output: { message: messages.resetLinkSent } },
    { type: 'xstate.done.actor.requestReset', output: { message: 'Other' } },
    { type: 'xstate.error.actor.requestReset', error: { status: 429, message: 'Too many attempts.' } },
    { type: 'xstate.error.actor.requestReset', error: { status: 500 } },
  ],
)

formSuite(
  'reset password',
  resetPasswordMachine,
  resetPasswordStates,
  ['resetPassword'],
  [
    { type: 'field.changed', field: 'esus_password', value: 'Shipping#2026' },
    { type: 'field.changed', field: 'password_confirmation', value: 'Shipping#2026' },
    { type: 'field.blurred', field: 'esus_password' },
    { type: 'xstate.done.actor.resetPassword', output: { message: 'Done' } },
    { type: 'xstate.error.actor.resetPassword', error: { status: 400, message: 'This link has expired.' } },
  ],
  [{ token: 'abc' }, { token: '' }],
)

formSuite(
  'register',
  registerMachine,
  registerStates,
  ['loadCountries', 'register'],
  [
    { type: 'xstate.done.actor.loadCountries', output: countries },
    { type: 'xstate.error.actor.loadCountries', error: { status: 0 } },
    { type: 'field.changed', field: 'esus_name', value: 'Tan Wei Ming' },
    { type: 'field.changed', field: 'esus_company_name', value: 'Lion City Exports' },
    { type: 'field.changed', field: 'esus_regn_no', value: '201912345k' },
    { type: 'field.changed', field: 'esus_email_id', value: 'ops@lioncity.example' },
    { type: 'field.changed', field: 'esus_password', value: 'Shipping#2025' },
    { type: 'field.changed', field: 'password_confirmation', value: 'Shipping#2025' },
    { type: 'field.changed', field: 'esus_phone', value: '61234567' },
    { type: 'field.changed', field: 'esus_address1', value: '10 Anson Road, #20-01' },
    { type: 'field.changed', field: 'esus_source', value: 'Refferal' },
    { type: 'field.changed', field: 'check', value: true },
    { type: 'field.blurred', field: 'esus_email_id' },
    { type: 'country.chosen', countryId: 196 },
    { type: 'xstate.done.actor.register', output: { message: messages.registered } },
    { type: 'xstate.done.actor.register', output: { message: 'Registered' } },
    { type: 'xstate.error.actor.register', error: { status: 422, message: 'Invalid' } },
  ],
)

formSuite(
  'contact',
  contactMachine,
  contactStates,
  ['loadCountries', 'sendEnquiry'],
  [
    { type: 'xstate.done.actor.loadCountries', output: countries },
    { type: 'xstate.error.actor.loadCountries', error: { status: 0 } },
    { type: 'field.changed', field: 'mail', value: 'buyer@lioncity.com' },
    { type: 'field.changed', field: 'name', value: 'Nur Aisyah' },
    { type: 'field.changed', field: 'company', value: 'Lion City Exports' },
    { type: 'field.changed', field: 'phone', value: '61234567' },
    { type: 'field.changed', field: 'source', value: 'Email' },
    { type: 'field.changed', field: 'mode', value: 'LCL' },
    { type: 'field.changed', field: 'message', value: 'Two pallets to Jebel Ali.' },
    { type: 'country.chosen', countryId: 196 },
    { type: 'xstate.done.actor.sendEnquiry', output: { message: messages.contactAdded } },
    { type: 'xstate.done.actor.sendEnquiry', output: { message: messages.contactDuplicate } },
    { type: 'xstate.done.actor.sendEnquiry', output: { message: 'Odd' } },
    { type: 'xstate.error.actor.sendEnquiry', error: { status: 409, message: messages.contactDuplicate } },
    { type: 'xstate.error.actor.sendEnquiry', error: { status: 500 } },
  ],
  [undefined],
  // The spec: a duplicate email resets the form and shows a notice.
  {
    resets: (event) =>
      (event as { error?: { message?: string } }).error?.message === messages.contactDuplicate,
  },
)

describe('activation, model-based', () => {
  const coverage = newCoverage()
  const events = [
    { type: 'xstate.done.actor.activate', output: { message: 'Your account is activated.' } },
    {
      type: 'xstate.error.actor.activate',
      error: { status: 410, message: 'This activation link has expired.' },
    },
    { type: 'field.changed', field: 'email', value: 'ops@lioncity.example' },
    { type: 'field.changed', field: 'email', value: 'ops@lioncity' },
    {
      type: 'xstate.done.actor.resend',
      output: { message: 'If an account is waiting, a new link has been sent.' },
    },
    { type: 'xstate.error.actor.resend', error: { status: 429, message: 'Too many attempts.' } },
  ]
  const paths = [{ token: 'abc' }, { token: '' }].flatMap((input) =>
    pathsOf(activationMachine, { input, events }).map((path) => ({ input, path })),
  )
  it.each(paths.map(({ input, path }) => [describePath(path), input, path] as const))(
    '%s',
    async (_t, input, path) => {
      const { actors, pending } = controllablePromises(['activate', 'resend'])
      await replay(path, {
        machine: activationMachine.provide({ actors }),
        pending,
        input,
        coverage,
        states: activationStates,
        check: formChecks(['resend'], { submit: 'user.resend' }),
      })
    },
  )
  afterAll(() => {
    expect(uncovered(activationMachine, coverage)).toEqual({ states: [], transitions: [], checks: [] })
  })
})

/**
 * The mailed link's page: nothing is sent on arrival (a mail scanner opening the link must not end a
 * session), only after the press; what the server answers is shown; a link it refused offers no retry,
 * a failure to reach it does, and says why.
 */
modelSuite('session release', sessionReleaseMachine, {
  promises: ['releaseSession'],
  events: [
    { type: 'user.release' },
    { type: 'user.retry' },
    { type: 'xstate.done.actor.releaseSession', output: { message: 'Your other session has ended.' } },
    { type: 'xstate.error.actor.releaseSession', error: { status: 400, message: 'This link has expired.' } },
    { type: 'xstate.error.actor.releaseSession', error: { status: 503, message: 'The server is busy.' } },
  ],
  inputs: [{ token: 'mailed-token' }, { token: '' }],
  serializeState: (snapshot, event, previous) =>
    JSON.stringify([previous?.value, event?.type, snapshot.value, snapshot.context.message]),
  states: sessionReleaseStates,
  check: (actor, step, before) => {
    const after = actor.getSnapshot() as AnyMachineSnapshot
    if (after.children.releaseSession && !before.children.releaseSession) {
      expect(['user.release', 'user.retry']).toContain(step.event.type)
      expect(after.context.token).not.toBe('')
    }
    if (after.matches('released') || after.matches('refused') || after.matches('failed')) {
      expect(after.context.message).toBeTruthy()
    }
    if (after.matches('refused')) expect(after.can({ type: 'user.retry' })).toBe(false)
  },
})
