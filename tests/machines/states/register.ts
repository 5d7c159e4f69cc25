import { expect } from 'vitest'
import { messages } from '../../../contract/messages'
import type { Country } from '../../../contract/wire'
import { registerMachine } from '../../../machines/register.machine'
import { type StateView, stateChecks } from '../model'

/** What a failed call said. */
const failure = ({ event }: StateView) => (event.error ?? {}) as { status?: number; message?: string }

/** A typed value shows as typed, the company registration number in upper case (spec section 5). */
const typedShows = ({ context, event }: StateView) => {
  if (event.type !== 'field.changed') return
  const value = event.field === 'esus_regn_no' ? String(event.value).toUpperCase() : event.value
  expect(context.values[event.field as string]).toEqual(value)
}

/** Spec sections 4, 5 and 8: the registration form, its success dialog and its loading flag. */
export const registerStates = stateChecks(registerMachine, {
  // The countries are asked for; what is typed meanwhile is kept.
  'flow.loadingCountries': (view) => {
    expect(Object.keys(view.requests)).toEqual(['loadCountries'])
    expect([view.context.countries, view.context.dialogMessage]).toEqual([[], null])
    typedShows(view)
  },
  // Countries load failure: the generic dialog.
  'flow.countriesFailed': ({ context, event, requests }) => {
    expect(event.type).toBe('xstate.error.actor.loadCountries')
    expect(context.dialogMessage).toBe('Something went wrong, Please try after some time.')
    expect(requests).toEqual({})
  },
  // The form: nothing in flight, no dialog; the countries listed are the answer's; a country chosen fills its
  // dialling code and company id, cleared empties both; a closed dialog keeps what was typed.
  'flow.editing': (view) => {
    const { context, event, before } = view
    expect([view.requests, context.dialogMessage]).toEqual([{}, null])
    if (event.type === 'xstate.done.actor.loadCountries') expect(context.countries).toEqual(event.output)
    if (event.type === 'country.chosen') {
      const country = (context.countries as Country[]).find((c) => c.mcou_rid === event.countryId)
      const { esus_mcou, code, esus_mcpy } = context.values
      expect([esus_mcou, code, esus_mcpy]).toEqual(
        country ? [country.mcou_rid, country.mcou_country_dialing_code, country.eshp_mcpy] : [null, '', null],
      )
    }
    if (event.type === 'dialog.acknowledged') expect(context.values).toEqual(before.context.values)
    typedShows(view)
  },
  // Submitted from an idle, valid form: the registration payload as typed (number in upper case), the chosen
  // country's dialling code and company id, consent given, the password confirmed; the button is disabled.
  'flow.submitting': ({ context, event, before, snapshot, requests }) => {
    const sent = requests.register as Record<string, unknown>
    const country = (context.countries as Country[]).find((c) => c.mcou_rid === sent.esus_mcou)
    expect(sent).toEqual({ ...context.values, esus_regn_no: context.values.esus_regn_no.toUpperCase() })
    expect([sent.code, sent.esus_mcpy]).toEqual([country?.mcou_country_dialing_code, country?.eshp_mcpy])
    expect([sent.check, sent.password_confirmation]).toEqual([true, sent.esus_password])
    expect([event.type, before.matches({ loading: 'idle' })]).toEqual(['user.submit', true])
    expect(snapshot.matches({ loading: 'busy' })).toBe(true)
  },
  // Any success body but the exact one is the generic dialog; a failed call shows the server's message, else the
  // generic one; the dialog stays while the loading flag clears.
  'flow.failed': (view) => {
    const { context, event, before } = view
    expect(view.requests).toEqual({})
    if (event.type === 'xstate.done.actor.register') {
      expect((event.output as { message: string }).message).not.toBe(messages.registered)
      expect(context.dialogMessage).toBe(messages.generic)
    } else if (event.type === 'xstate.error.actor.register') {
      expect(context.dialogMessage).toBe(failure(view).message || messages.generic)
    } else expect(context.dialogMessage).toBe(before.context.dialogMessage)
    expect(context.dialogMessage).toBeTruthy()
  },
  // The success dialog, only on the exact message of spec section 8; it stays while the loading flag clears.
  'flow.registered': ({ context, event, before, actions, requests }) => {
    if (event.type === 'xstate.done.actor.register') {
      expect((event.output as { message: string }).message).toBe(
        'Successfully Registered, you will be receiving an email for activation to your registered email address.',
      )
    } else expect(before.matches({ flow: 'registered' })).toBe(true)
    expect([requests, context.dialogMessage]).toEqual([{}, null])
    expect(actions).not.toContain('goToLogin')
  },
  // The success dialog closed: the way to /login.
  'flow.done': ({ event, before, actions, requests }) => {
    if (event.type === 'dialog.acknowledged') {
      expect(before.matches({ flow: 'registered' })).toBe(true)
      expect(actions).toContain('goToLogin')
    } else expect(before.matches({ flow: 'done' })).toBe(true)
    expect(requests).toEqual({})
  },
  // Not loading: no registration in flight; the flag cleared 1 s after the response.
  'loading.idle': ({ event, before, requests, snapshot }) => {
    expect(requests).not.toHaveProperty('register')
    expect(snapshot.matches({ flow: 'submitting' })).toBe(false)
    if (event.type.startsWith('xstate.after.')) expect(before.matches({ loading: 'clearing' })).toBe(true)
  },
  // Loading while the registration is on its way.
  'loading.busy': ({ requests, snapshot }) => {
    expect(requests).toHaveProperty('register')
    expect(snapshot.matches({ flow: 'submitting' })).toBe(true)
  },
  // The answer came less than 1 s ago: still loading, so the submit button stays disabled.
  'loading.clearing': ({ event, before, requests, snapshot }) => {
    expect(requests).not.toHaveProperty('register')
    expect(snapshot.can({ type: 'user.submit' })).toBe(false)
    if (!/^xstate\.(done|error)\.actor\.register$/.test(event.type)) {
      expect(before.matches({ loading: 'clearing' })).toBe(true)
    }
  },
})
