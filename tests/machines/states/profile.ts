import { expect } from 'vitest'
import { messages } from '../../../contract/messages'
import {
  changePasswordSchema,
  type ProfileResponse,
  profileMessages,
  profileSchema,
} from '../../../contract/profile'
import type { Country } from '../../../contract/wire'
import type { ProfileLoaded } from '../../../machines/profile'
import { profileMachine } from '../../../machines/profile.machine'
import { type StateView, stateChecks } from '../model'

/** What a failed call said. */
const failure = ({ event }: StateView) =>
  (event.error ?? {}) as { status?: number; message?: string; errors?: Record<string, string[]> }

/** The server's field messages of a 422, if the step's failure has them. */
const fieldMessages = (view: StateView) => {
  const { status, errors } = failure(view)
  return status === 422 && errors && Object.keys(errors).length > 0 ? errors : undefined
}

/** A failure without field messages opens the error dialog: the server's message, else the generic one. */
const expectDialog = (view: StateView) =>
  expect(view.context.dialogMessage).toBe(failure(view).message || messages.generic)

/** The editable fields of a profile the server answered. */
const editable = ({
  esus_name,
  esus_company_name,
  esus_mcou,
  code,
  esus_phone,
  esus_address1,
  esus_mcpy,
}: ProfileResponse['profile']) => ({
  esus_name,
  esus_company_name,
  esus_mcou,
  code,
  esus_phone,
  esus_address1,
  esus_mcpy,
})

/** docs/customer-area.md "My Profile": details, password and notification switches, each on its own. */
export const profileStates = stateChecks(profileMachine, {
  // The profile and the countries are asked for.
  loading: ({ event, requests }) => {
    expect(Object.keys(requests)).toEqual(['loadProfile'])
    expect(['xstate.init', 'user.retry']).toContain(event.type)
  },
  // The page says it could not load and offers Try again.
  loadFailed: ({ event, requests, snapshot }) => {
    expect([event.type, requests]).toEqual(['xstate.error.actor.loadProfile', {}])
    expect(snapshot.can({ type: 'user.retry' })).toBe(true)
  },
  // The details as saved, the email and registration number read-only; the country fills the dialling code
  // (cleared, both empty); Discard returns to what is saved; a refused save shows the server's field messages,
  // a failure the dialog; a saved edit is announced to the session (the top bar follows).
  'ready.details.editing': (view) => {
    const { context, event, before, actions } = view
    expect(view.requests.saveProfile).toBeUndefined()
    if (event.type === 'xstate.done.actor.loadProfile') {
      const { profile } = (event.output as ProfileLoaded).profile
      expect(context.values).toEqual(editable(profile))
      expect(context.readOnly).toEqual({
        esus_email_id: profile.esus_email_id,
        esus_regn_no: profile.esus_regn_no,
      })
    }
    if (event.type === 'xstate.done.actor.saveProfile') {
      expect([context.values, context.saved]).toEqual(
        Array(2).fill(editable((event.output as ProfileResponse).profile)),
      )
      expect(actions).toContain('announceUser')
    }
    if (event.type === 'xstate.error.actor.saveProfile') {
      const fields = fieldMessages(view)
      if (fields)
        for (const [field, list] of Object.entries(fields))
          expect([context.errors[field], context.shown[field]]).toEqual([list, true])
      else expectDialog(view)
      expect(context.values).toEqual(before.context.values)
    }
    if (event.type === 'country.chosen') {
      const country = context.countries.find((one: Country) => one.mcou_rid === event.countryId)
      expect([context.values.code, context.values.esus_mcpy]).toEqual([
        country?.mcou_country_dialing_code ?? '',
        country?.eshp_mcpy ?? null,
      ])
    }
    if (event.type === 'user.discard') expect([context.values, context.shown]).toEqual([context.saved, {}])
    if (event.type === 'user.save') expect(Object.keys(context.errors).length).toBeGreaterThan(0)
  },
  // The details, valid, are sent as the form holds them.
  'ready.details.saving': ({ context, requests }) => {
    expect(context.errors).toEqual({})
    expect(requests.saveProfile).toEqual(profileSchema.parse(context.values))
  },
  // The password form: emptied once changed; a wrong current password under its field; another failure in the
  // dialog, what was typed kept.
  'ready.password.editing': (view) => {
    const { context, event, before } = view
    const { password } = context
    expect(view.requests.changePassword).toBeUndefined()
    if (event.type === 'xstate.done.actor.changePassword') {
      expect(password.values).toEqual({ current_password: '', esus_password: '', password_confirmation: '' })
    }
    if (event.type === 'xstate.error.actor.changePassword') {
      const fields = fieldMessages(view)
      if (fields)
        for (const [field, list] of Object.entries(fields))
          expect([password.errors[field], password.shown[field]]).toEqual([list, true])
      else expectDialog(view)
      expect(password.values).toEqual(before.context.password.values)
    }
    if (event.type === 'password.submit') expect(Object.keys(password.errors).length).toBeGreaterThan(0)
  },
  // The three passwords, valid, are sent.
  'ready.password.submitting': ({ context, requests }) => {
    expect(context.password.errors).toEqual({})
    expect(requests.changePassword).toEqual(changePasswordSchema.parse(context.password.values))
  },
  // Nothing being saved: the switches show what the server answered; a failed save puts them back and says
  // why. (A toast of another part restarts every part and drops a switch's save on its way: reported.)
  'ready.notifications.idle': (view) => {
    const { context, event } = view
    expect(view.requests.saveNotifications).toBeUndefined()
    if (event.type === 'xstate.done.actor.loadProfile' || event.type.endsWith('.actor.saveNotifications')) {
      expect(context.notifications).toEqual(context.savedNotifications)
    }
    if (event.type === 'xstate.done.actor.saveNotifications') {
      expect(context.notifications).toEqual((event.output as { notifications: unknown }).notifications)
    }
    if (event.type === 'xstate.error.actor.saveNotifications') expectDialog(view)
  },
  // A switch shows toggled at once; the whole set as shown is saved.
  'ready.notifications.saving': ({ context, event, requests }) => {
    expect(requests.saveNotifications).toEqual(context.notifications)
    if (event.type === 'notification.toggled')
      expect(context.notifications[event.kind as string]).toBe(event.value)
  },
  'ready.toast.hidden': ({ context }) => {
    expect(context.toast).toBeNull()
  },
  // A save confirmed: its own words, for 3 s.
  'ready.toast.shown': ({ context, event }) => {
    const said: Record<string, string> = {
      'xstate.done.actor.saveProfile': profileMessages.saved,
      'xstate.done.actor.changePassword': profileMessages.passwordChanged,
      'xstate.done.actor.saveNotifications': profileMessages.notificationsSaved,
    }
    expect(Object.values(said)).toContain(context.toast)
    if (said[event.type]) expect(context.toast).toBe(said[event.type])
  },
})
