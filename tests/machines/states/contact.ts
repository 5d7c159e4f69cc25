import { expect } from 'vitest'
import { messages } from '../../../contract/messages'
import { contactEmailPattern } from '../../../contract/rules'
import type { Country } from '../../../contract/wire'
import { contactMachine, emptyEnquiry } from '../../../machines/contact.machine'
import { type StateView, stateChecks } from '../model'

/** The message the step's answer carried (a success body, or a failure's). */
const answerMessage = ({ event }: StateView) =>
  ((event.output ?? event.error ?? {}) as { message?: string }).message

const answeredBy = (view: StateView) => /^xstate\.(done|error)\.actor\.sendEnquiry$/.test(view.event.type)

/** Spec section 5: all fields required, the email by its pattern. */
const isComplete = (values: Record<string, string>) =>
  Object.values(values).every((value) => value !== '') && contactEmailPattern.test(values.mail ?? '')

/** Spec sections 4, 5 and 8: the contact enquiry (the /contact-us page and the footer's Get In Touch form). */
export const contactStates = stateChecks(contactMachine, {
  // The countries are asked for; what is typed meanwhile is kept.
  'flow.loadingCountries': ({ context, event, requests }) => {
    expect(Object.keys(requests)).toEqual(['loadCountries'])
    expect([context.countries, context.dialogMessage]).toEqual([[], null])
    if (event.type === 'field.changed') expect(context.values[event.field as string]).toBe(event.value)
  },
  // The form, nothing in flight, no dialog. 'Contact Us Added Sucessfully!' (and only it) resets the form and goes
  // to the thank-you page; a duplicate email resets it with its notice; an invalid submit says why in a toast.
  'flow.editing': (view) => {
    const { context, event, actions } = view
    expect([view.requests, context.dialogMessage]).toEqual([{}, null])
    const added =
      event.type === 'xstate.done.actor.sendEnquiry' && answerMessage(view) === messages.contactAdded
    expect(actions.includes('goToThankYou')).toBe(added)
    if (answeredBy(view)) {
      expect(added || answerMessage(view) === messages.contactDuplicate).toBe(true)
      expect(context.values).toEqual(emptyEnquiry)
      if (!added) expect(context.toast).toBe(messages.contactDuplicateNotice)
    }
    if (event.type === 'user.submit') {
      const { mail } = context.values
      expect(isComplete(context.values)).toBe(false)
      const invalidMail = mail !== '' && !contactEmailPattern.test(mail)
      expect(context.toast).toBe(
        invalidMail ? 'Please enter a valid Email ID' : 'Please Fill all the Fields to Enquire',
      )
    }
    if (event.type === 'xstate.done.actor.loadCountries') expect(context.countries).toEqual(event.output)
    if (event.type === 'field.changed') expect(context.values[event.field as string]).toBe(event.value)
    if (event.type === 'country.chosen') {
      const country = (context.countries as Country[]).find((c) => c.mcou_rid === event.countryId)
      expect(context.values.code).toBe(country?.mcou_country_dialing_code ?? '')
    }
  },
  // Every field filled and a valid email: the enquiry sent is what the form holds.
  'flow.sending': ({ context, requests }) => {
    expect(requests).toEqual({ sendEnquiry: context.values })
    expect(isComplete(context.values)).toBe(true)
    expect(context.dialogMessage).toBeNull()
  },
  // Any other answer or error: the generic dialog, and what was typed stays.
  'flow.failed': (view) => {
    const { context, answered, requests } = view
    expect([requests, context.dialogMessage]).toEqual([{}, messages.generic])
    if (answeredBy(view)) {
      expect([messages.contactAdded, messages.contactDuplicate]).not.toContain(answerMessage(view))
      expect(context.values).toEqual(answered?.input)
    }
  },
  // No toast: none was raised, or its 3 s passed, or it was dismissed.
  'toast.hidden': ({ context, event, before }) => {
    expect(context.toast).toBeNull()
    if (before.matches({ toast: 'shown' })) {
      expect(event.type).toMatch(/^(toast\.dismissed|xstate\.after\.toast\.)/)
    }
  },
  // A toast of 3 s with Dismiss: an invalid submit's message or the duplicate's notice, until its time is up.
  'toast.shown': ({ context, event, before }) => {
    expect([
      'Please enter a valid Email ID',
      'Please Fill all the Fields to Enquire',
      messages.contactDuplicateNotice,
    ]).toContain(context.toast)
    const raised =
      event.type === 'user.submit' || /^xstate\.(done|error)\.actor\.sendEnquiry$/.test(event.type)
    if (!raised)
      expect([before.matches({ toast: 'shown' }), context.toast]).toEqual([true, before.context.toast])
  },
})
