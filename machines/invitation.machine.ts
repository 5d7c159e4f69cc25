/**
 * `invitationMachine` (/join?token=…, issue 24): the page an invitation mail links to.
 * - A visitor signed in already is told to log out first: accepting would start a second person's session in
 *   the same browser.
 * - No token: the link is invalid. Else the token is checked (`checkInvitation`): an invalid, expired, revoked
 *   or used link (any 4xx) shows the server's message of contract/team.ts, `invitationInvalid` when it sent
 *   another, and nothing else; a failure to get an answer (offline, 5xx, 429) offers Try again.
 * - A valid link shows the form: the invited email read-only, the name the Admin typed (editable), the phone
 *   after the company's dialling code, password and confirmation, checked with `acceptInvitationSchema` (the
 *   registration's rules and messages) once a field is left and on submit.
 * - Accepting answers as a login does: the session starts and the page goes to /user/home. A refusal that ends
 *   the invitation (expired, revoked, used meanwhile) shows that message alone, as the check would; a 422 puts
 *   the server's messages under their fields; anything else is said above the form. What was typed stays.
 *
 * Effects (the two calls, starting the session, going to /user/home) are provided by the page.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { messages } from '../contract/messages'
import {
  type AcceptInvitationInput,
  acceptInvitationSchema,
  type InvitationView,
  teamMessages,
} from '../contract/team'
import type { LoginResponse } from '../contract/wire'
import { actorError, failure } from './actor-error'
import {
  changeField,
  type FieldChange,
  type FormContext,
  failureMessage,
  initialForm,
  isFormValid,
  serverFieldErrors,
  showAll,
  showField,
} from './form'

/** The form's values: the token and the invited email travel with what the invitee types. */
export interface AcceptValues {
  token: string
  email: string
  esus_name: string
  esus_phone: string
  esus_password: string
  password_confirmation: string
}

export interface InvitationContext extends FormContext<AcceptValues> {
  invitation: InvitationView | null
  /** Someone was signed in in this browser when the page opened. */
  signedIn: boolean
  /** Why the link cannot be used, why the check got no answer, or why accepting failed. */
  message: string | null
}

export type InvitationEvent =
  | FieldChange<AcceptValues>
  | { type: 'field.blurred'; field: keyof AcceptValues }
  | { type: 'user.submit' }
  | { type: 'user.retry' }

export interface InvitationInput {
  token: string
  /** Someone is signed in in this browser already. */
  signedIn: boolean
}

/** The messages that end an invitation: shown alone, with no form. */
export const invitationEndings: readonly string[] = [
  teamMessages.invitationInvalid,
  teamMessages.invitationExpired,
  teamMessages.invitationRevoked,
  teamMessages.invitationUsed,
  teamMessages.invitationEmailTaken,
]

/** After these the invitee has an account: the page links to the login. */
export const endingsWithLogin: readonly string[] = [
  teamMessages.invitationUsed,
  teamMessages.invitationEmailTaken,
]

const formFields = ['esus_name', 'esus_phone', 'esus_password', 'password_confirmation'] as const

const valuesFor = (token: string, invitation?: InvitationView): AcceptValues => ({
  token,
  email: invitation?.email ?? '',
  esus_name: invitation?.name ?? '',
  esus_phone: '',
  esus_password: '',
  password_confirmation: '',
})

/** No answer worth showing as the link's fate: offline, the server failing, or too many tries. */
const isUnanswered = (error: unknown) => {
  const status = failure(error).status ?? 0
  return status === 0 || status === 429 || status >= 500
}

/** The server's own ending message, or `invitationInvalid` when a 4xx said anything else. */
const endingOf = (error: unknown) => {
  const said = failure(error).message
  return typeof said === 'string' && invitationEndings.includes(said) ? said : teamMessages.invitationInvalid
}

export const invitationMachine = setup({
  types: {
    context: {} as InvitationContext,
    events: {} as InvitationEvent,
    input: {} as InvitationInput,
  },
  actors: {
    checkInvitation: fromPromise<InvitationView, { token: string }>(async () => {
      throw new Error('not provided')
    }),
    acceptInvitation: fromPromise<LoginResponse, AcceptInvitationInput>(async () => {
      throw new Error('not provided')
    }),
  },
  guards: {
    isSignedInHere: ({ context }) => context.signedIn,
    hasToken: ({ context }) => context.values.token !== '',
    isValid: ({ context }) => isFormValid(context),
    isUnanswered: (_, error: unknown) => isUnanswered(error),
    endsTheInvitation: (_, error: unknown) => invitationEndings.includes(failure(error).message ?? ''),
    hasFieldErrors: (_, error: unknown) => Object.keys(serverFieldErrors(error, formFields)).length > 0,
    startsASession: (_, output: LoginResponse) =>
      typeof output.token === 'string' && output.token !== '' && output.user !== undefined,
  },
  actions: {
    // Effects, provided by the page.
    startSession: (_, _output: LoginResponse) => {},
    goToUserHome: () => {},
    setInvitation: assign(({ context }, invitation: InvitationView) => ({
      ...initialForm(acceptInvitationSchema, valuesFor(context.values.token, invitation)),
      invitation,
      message: null,
    })),
    invalidLink: assign({ message: teamMessages.invitationInvalid }),
    ended: assign((_, error: unknown) => ({ message: endingOf(error) })),
    unanswered: assign((_, error: unknown) => ({ message: failureMessage(error, messages.generic) })),
    change: assign(({ context, event }) => {
      assertEvent(event, 'field.changed')
      // The token and the invited email are not the invitee's to change.
      if (event.field === 'token' || event.field === 'email') return {}
      return changeField(acceptInvitationSchema, context, event)
    }),
    show: assign(({ context, event }) => {
      assertEvent(event, 'field.blurred')
      return { shown: showField(context, event.field) }
    }),
    showAll: assign(({ context }) => ({ shown: showAll(context) })),
    clearMessage: assign({ message: null }),
    fieldsRefused: assign(({ context }, error: unknown) => ({
      errors: { ...context.errors, ...serverFieldErrors(error, formFields) },
      shown: showAll(context),
    })),
    acceptFailed: assign((_, error: unknown) => ({ message: failureMessage(error, messages.generic) })),
    unexpectedAnswer: assign({ message: messages.generic }),
  },
}).createMachine({
  id: 'invitation',
  context: ({ input }) => ({
    ...initialForm(acceptInvitationSchema, valuesFor(input.token)),
    invitation: null,
    signedIn: input.signedIn,
    message: null,
  }),
  initial: 'opening',
  states: {
    opening: {
      always: [
        { guard: 'isSignedInHere', target: 'signedIn' },
        { guard: 'hasToken', target: 'checking' },
        { target: 'invalid', actions: 'invalidLink' },
      ],
    },
    /** Someone is signed in here: they log out first (the page offers it), then open the link again. */
    signedIn: { type: 'final' },
    checking: {
      invoke: {
        id: 'checkInvitation',
        src: 'checkInvitation',
        input: ({ context }) => ({ token: context.values.token }),
        onDone: { target: 'form', actions: { type: 'setInvitation', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'isUnanswered', params: actorError },
            target: 'unavailable',
            actions: { type: 'unanswered', params: actorError },
          },
          { target: 'invalid', actions: { type: 'ended', params: actorError } },
        ],
      },
    },
    /** The check got no answer: Try again. */
    unavailable: {
      on: { 'user.retry': { target: 'checking', actions: 'clearMessage' } },
    },
    /** Invalid, expired, revoked or used: the message alone. */
    invalid: { type: 'final' },
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'field.changed': { actions: 'change' },
            'field.blurred': { actions: 'show' },
            'user.submit': [
              { guard: 'isValid', target: 'submitting', actions: ['showAll', 'clearMessage'] },
              { actions: 'showAll' },
            ],
          },
        },
        // No submit or typing while it is on its way: the fields are read-only.
        submitting: {
          invoke: {
            id: 'acceptInvitation',
            src: 'acceptInvitation',
            input: ({ context }) => acceptInvitationSchema.parse(context.values),
            onDone: [
              {
                guard: { type: 'startsASession', params: ({ event }) => event.output },
                target: '#invitation.done',
                actions: [{ type: 'startSession', params: ({ event }) => event.output }, 'goToUserHome'],
              },
              { target: 'failed', actions: 'unexpectedAnswer' },
            ],
            onError: [
              {
                guard: { type: 'endsTheInvitation', params: actorError },
                target: '#invitation.invalid',
                actions: { type: 'ended', params: actorError },
              },
              {
                guard: { type: 'hasFieldErrors', params: actorError },
                target: 'editing',
                actions: { type: 'fieldsRefused', params: actorError },
              },
              { target: 'failed', actions: { type: 'acceptFailed', params: actorError } },
            ],
          },
        },
        /** Accepting failed: the message above the form, what was typed kept; the invitee may try again. */
        failed: {
          on: {
            'field.changed': { actions: 'change' },
            'field.blurred': { actions: 'show' },
            'user.submit': [
              { guard: 'isValid', target: 'submitting', actions: ['showAll', 'clearMessage'] },
              { actions: 'showAll' },
            ],
          },
        },
      },
    },
    done: { type: 'final' },
  },
})
