import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { messages } from '../contract/messages'
import {
  recoveryCodeSchema,
  type StaffLoginStep,
  type StaffSignedIn,
  staffLoginSchema,
  staffMessages,
  totpCodeSchema,
} from '../contract/staff'
import { actorError, failure } from './actor-error'
import {
  changeField,
  type FormContext,
  failureMessage,
  initialForm,
  isFormValid,
  showAll,
  showField,
} from './form'

export interface StaffCredentials {
  email: string
  password: string
}

export type Enrolment = Extract<StaffLoginStep, { step: 'enrol' }>

export interface StaffSignInContext extends FormContext<StaffCredentials> {
  challenge: string | null
  /** While enrolling: the secret, its URI and QR code. */
  enrolment: Omit<Enrolment, 'step' | 'challenge'> | null
  /** Whether the second step takes a recovery code instead of the authenticator's. */
  useRecovery: boolean
  code: string
  /** Why the code was refused, or what the second step said. */
  codeError: string | null
  /** What the first step said (wrong password, too many attempts, the challenge ran out). */
  notice: string | null
  /** After enrolment: the recovery codes, shown once. */
  recoveryCodes: string[] | null
  signedIn: StaffSignedIn | null
}

export type StaffSignInEvent =
  | { type: 'field.changed'; field: keyof StaffCredentials; value: string }
  | { type: 'field.blurred'; field: keyof StaffCredentials }
  | { type: 'user.submit' }
  | { type: 'code.changed'; value: string }
  | { type: 'user.verify' }
  | { type: 'user.useRecovery' }
  | { type: 'user.useCode' }
  | { type: 'user.restart' }
  | { type: 'user.continue' }

/** The output of an invoked actor: the params of the guard or action that handles it. */
const outputOf = <T>({ event }: { event: { output: T } }) => event.output

const codeProblem = (context: Pick<StaffSignInContext, 'code' | 'useRecovery'>): string | null => {
  const parsed = (context.useRecovery ? recoveryCodeSchema : totpCodeSchema).safeParse(context.code)
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? staffMessages.codeRequired)
}

/**
 * Staff sign-in (/staff/login): email and password, then the authenticator's 6-digit code, or a recovery code.
 * At the first sign-in the second step enrols the authenticator (QR code and secret) and ends on the ten
 * recovery codes, shown once. A refused code stays on the step with the reason; a challenge that ran out goes
 * back to the password.
 */
export const staffSignInMachine = setup({
  types: {
    context: {} as StaffSignInContext,
    events: {} as StaffSignInEvent,
  },
  actors: {
    checkPassword: fromPromise<StaffLoginStep, StaffCredentials>(async () => ({
      step: 'code',
      challenge: '',
    })),
    verifyCode: fromPromise<StaffSignedIn, { challenge: string; code: string; recovery: boolean }>(
      async () => ({
        message: '',
        token: '',
        staff: { id: 0, email: '', name: '', roles: [] },
      }),
    ),
  },
  guards: {
    isValid: ({ context }) => isFormValid(context),
    isCodeWellFormed: ({ context }) => codeProblem(context) === null,
    isEnrolment: (_, output: StaffLoginStep) => output.step === 'enrol',
    hasRecoveryCodes: (_, output: StaffSignedIn) => (output.recoveryCodes?.length ?? 0) > 0,
    isChallengeGone: (_, error: unknown) => failure(error).status === 400,
  },
  actions: {
    // Provided by the console: start the session (and go to the console).
    signIn: () => {},
    change: assign(({ context, event }) => {
      assertEvent(event, 'field.changed')
      return { ...changeField(staffLoginSchema, context, event), notice: null }
    }),
    show: assign(({ context, event }) => {
      assertEvent(event, 'field.blurred')
      return { shown: showField(context, event.field) }
    }),
    showAll: assign(({ context }) => ({ shown: showAll(context) })),
    startStep: assign((_, output: StaffLoginStep) => {
      const { step, challenge, ...enrolment } = output as Enrolment
      return {
        challenge,
        enrolment: step === 'enrol' ? enrolment : null,
        code: '',
        codeError: null,
        useRecovery: false,
        notice: null,
      }
    }),
    refusePassword: assign((_, error: unknown) => ({
      notice: failureMessage(error, messages.generic),
    })),
    changeCode: assign(({ event }) => {
      assertEvent(event, 'code.changed')
      return { code: event.value, codeError: null }
    }),
    explainCode: assign(({ context }) => ({ codeError: codeProblem(context) })),
    refuseCode: assign((_, error: unknown) => ({
      codeError: failureMessage(error, messages.generic),
      code: '',
    })),
    challengeGone: assign((_, error: unknown) => ({
      notice: failureMessage(error, staffMessages.challengeExpired),
      challenge: null,
      enrolment: null,
      code: '',
      codeError: null,
    })),
    toRecovery: assign({ useRecovery: true, code: '', codeError: null }),
    toCode: assign({ useRecovery: false, code: '', codeError: null }),
    restart: assign({ challenge: null, enrolment: null, code: '', codeError: null, notice: null }),
    keepSignedIn: assign((_, output: StaffSignedIn) => ({
      signedIn: output,
      recoveryCodes: output.recoveryCodes ?? null,
      values: { email: '', password: '' },
    })),
  },
}).createMachine({
  id: 'staffSignIn',
  context: {
    ...initialForm(staffLoginSchema, { email: '', password: '' }),
    challenge: null,
    enrolment: null,
    useRecovery: false,
    code: '',
    codeError: null,
    notice: null,
    recoveryCodes: null,
    signedIn: null,
  },
  initial: 'credentials',
  states: {
    credentials: {
      on: {
        'field.changed': { actions: 'change' },
        'field.blurred': { actions: 'show' },
        'user.submit': [
          { guard: 'isValid', target: 'checkingPassword', actions: 'showAll' },
          { actions: 'showAll' },
        ],
      },
    },
    checkingPassword: {
      invoke: {
        id: 'checkPassword',
        src: 'checkPassword',
        input: ({ context }) => context.values,
        onDone: [
          {
            guard: { type: 'isEnrolment', params: outputOf },
            target: 'secondStep.enrolling',
            actions: { type: 'startStep', params: outputOf },
          },
          { target: 'secondStep.code', actions: { type: 'startStep', params: outputOf } },
        ],
        onError: {
          target: 'credentials',
          actions: { type: 'refusePassword', params: actorError },
        },
      },
    },
    secondStep: {
      initial: 'code',
      on: {
        'code.changed': { actions: 'changeCode' },
        'user.restart': { target: 'credentials', actions: 'restart' },
      },
      states: {
        enrolling: {
          on: {
            'user.verify': [
              { guard: 'isCodeWellFormed', target: 'verifyingEnrolment' },
              { actions: 'explainCode' },
            ],
          },
        },
        verifyingEnrolment: {
          invoke: {
            id: 'verifyCode',
            src: 'verifyCode',
            input: ({ context }) => ({
              challenge: context.challenge ?? '',
              code: context.code,
              recovery: false,
            }),
            onDone: {
              target: '#staffSignIn.recoveryCodes',
              actions: { type: 'keepSignedIn', params: outputOf },
            },
            onError: [
              {
                guard: { type: 'isChallengeGone', params: actorError },
                target: '#staffSignIn.credentials',
                actions: { type: 'challengeGone', params: actorError },
              },
              { target: 'enrolling', actions: { type: 'refuseCode', params: actorError } },
            ],
          },
        },
        code: {
          on: {
            'user.useRecovery': { actions: 'toRecovery' },
            'user.useCode': { actions: 'toCode' },
            'user.verify': [{ guard: 'isCodeWellFormed', target: 'verifying' }, { actions: 'explainCode' }],
          },
        },
        verifying: {
          invoke: {
            id: 'verifyCode',
            src: 'verifyCode',
            input: ({ context }) => ({
              challenge: context.challenge ?? '',
              code: context.code,
              recovery: context.useRecovery,
            }),
            onDone: {
              target: '#staffSignIn.signedIn',
              actions: { type: 'keepSignedIn', params: outputOf },
            },
            onError: [
              {
                guard: { type: 'isChallengeGone', params: actorError },
                target: '#staffSignIn.credentials',
                actions: { type: 'challengeGone', params: actorError },
              },
              { target: 'code', actions: { type: 'refuseCode', params: actorError } },
            ],
          },
        },
      },
    },
    recoveryCodes: {
      on: { 'user.continue': 'signedIn' },
    },
    signedIn: {
      type: 'final',
      entry: 'signIn',
    },
  },
})
