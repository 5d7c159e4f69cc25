/**
 * `staffTeamMachine` (the console's Team page, /staff/team, issue 22): loads the team (`listStaff`) → ready,
 * or failed (retry). In ready an admin can:
 * - add a staff member: email, name and roles, checked with the contract's `addStaffSchema` as typed, sent
 *   through `addStaff`; a 409 puts the taken-email message under the email, a 422 the server's messages under
 *   their fields (what was typed stays); success lists the member, clears the form and says the invitation went;
 * - set a member's roles (`member.setRoles`, at once through `updateStaff`); a refusal (the last admin) is said
 *   by that member;
 * - deactivate a member after a confirmation (`deactivateStaff`); never themselves;
 * - mail an invited member a new set-password link (`resendStaffInvite`).
 * One request at a time: the page's actions wait in `idle`.
 *
 * Effects (API calls) are injected by the page with `machine.provide`.
 */
import { and, assertEvent, assign, fromPromise, not, setup } from 'xstate'
import { messages } from '../contract/messages'
import { type StaffRole, staffRoles } from '../contract/permissions'
import { addStaffSchema, type StaffMember, staffMessages, staffRolesSchema } from '../contract/staff'
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

export interface AddStaffValues {
  email: string
  name: string
  roles: StaffRole[]
}

export interface StaffTeamInput {
  /** The signed-in staff member, who cannot deactivate themselves. */
  selfId: number | null
}

/** What one member's row says after its last action failed. */
export interface MemberMessage {
  id: number
  text: string
}

export interface StaffTeamContext extends FormContext<AddStaffValues> {
  selfId: number | null
  staff: StaffMember[]
  /** The member a request is on its way for, or whose deactivation awaits its confirmation. */
  memberId: number | null
  /** The roles being set for `memberId`. */
  memberRoles: StaffRole[]
  /** A failure of a member's action, said in their row. */
  memberMessage: MemberMessage | null
  /** What went well, for the page's status region (invited, saved, deactivated). */
  notice: string | null
  /** A failure to load, or to add without field messages. */
  message: string | null
}

export type StaffTeamEvent =
  | { type: 'user.retry' }
  | FieldChange<AddStaffValues>
  | { type: 'field.blurred'; field: keyof AddStaffValues }
  | { type: 'user.submit' }
  | { type: 'member.setRoles'; id: number; roles: StaffRole[] }
  | { type: 'member.deactivate'; id: number }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' }
  | { type: 'member.resendInvite'; id: number }

const emptyValues: AddStaffValues = { email: '', name: '', roles: [] }

const formFields = ['email', 'name', 'roles'] as const

/** The output of an invoked actor: the params of the action that handles it. */
const outputOf = <T>({ event }: { event: { output: T } }) => event.output

/** The team as the server lists it: active first, then by name. */
export function sortTeam(staff: StaffMember[]): StaffMember[] {
  return [...staff].sort(
    (a, b) =>
      Number(!a.active) - Number(!b.active) ||
      (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
      a.id - b.id,
  )
}

/** The roles in the contract's order, each once (what a row's checkboxes send). */
export const orderedRoles = (roles: readonly StaffRole[]): StaffRole[] =>
  staffRoles.filter((role) => roles.includes(role))

const memberIdOf = (event: StaffTeamEvent) => ('id' in event ? event.id : undefined)

export const staffTeamMachine = setup({
  types: {
    context: {} as StaffTeamContext,
    events: {} as StaffTeamEvent,
    input: {} as StaffTeamInput,
  },
  actors: {
    listStaff: fromPromise<StaffMember[]>(async () => {
      throw new Error('not provided')
    }),
    addStaff: fromPromise<StaffMember, AddStaffValues>(async () => {
      throw new Error('not provided')
    }),
    updateStaff: fromPromise<StaffMember, { id: number; roles: StaffRole[] }>(async () => {
      throw new Error('not provided')
    }),
    deactivateStaff: fromPromise<StaffMember, { id: number }>(async () => {
      throw new Error('not provided')
    }),
    resendStaffInvite: fromPromise<StaffMember, { id: number }>(async () => {
      throw new Error('not provided')
    }),
  },
  guards: {
    isValid: ({ context }) => isFormValid(context),
    /** The event names a listed, active member. */
    isActiveMember: ({ context, event }) =>
      context.staff.some((member) => member.id === memberIdOf(event) && member.active),
    hasRoles: ({ event }) => 'roles' in event && staffRolesSchema.safeParse(event.roles).success,
    isSelf: ({ context, event }) => memberIdOf(event) === context.selfId,
    isEmailTaken: (_, error: unknown) => failure(error).status === 409,
    hasFieldErrors: (_, error: unknown) => Object.keys(serverFieldErrors(error, formFields)).length > 0,
  },
  actions: {
    setStaff: assign((_, staff: StaffMember[]) => ({ staff, message: null })),
    change: assign(({ context, event }) => {
      assertEvent(event, 'field.changed')
      return changeField(addStaffSchema, context, event)
    }),
    show: assign(({ context, event }) => {
      assertEvent(event, 'field.blurred')
      return { shown: showField(context, event.field) }
    }),
    showAll: assign(({ context }) => ({ shown: showAll(context) })),
    /** A new request: what the last one said goes. */
    clearSaid: assign({ notice: null, message: null, memberMessage: null }),
    /** The member an action is for. */
    pickMember: assign(({ event }) => ({
      memberId: memberIdOf(event) ?? null,
      memberRoles: event.type === 'member.setRoles' ? orderedRoles(event.roles) : [],
    })),
    dropMember: assign({ memberId: null, memberRoles: [] }),
    added: assign(({ context }, member: StaffMember) => ({
      staff: sortTeam([...context.staff.filter((one) => one.id !== member.id), member]),
      ...initialForm(addStaffSchema, emptyValues),
      notice: staffMessages.invited,
    })),
    emailTaken: assign(({ context }) => ({
      errors: { ...context.errors, email: [staffMessages.emailTaken] },
      shown: showAll(context),
    })),
    fieldsRefused: assign(({ context }, error: unknown) => ({
      errors: serverFieldErrors(error, formFields),
      shown: showAll(context),
    })),
    addFailed: assign((_, error: unknown) => ({ message: failureMessage(error, messages.generic) })),
    /** The member as the server answered, in their place. */
    replaced: assign(({ context }, params: { member: StaffMember; notice: string }) => ({
      staff: context.staff.map((one) => (one.id === params.member.id ? params.member : one)),
      notice: params.notice,
      memberId: null,
      memberRoles: [],
    })),
    /** A member's action refused: said in their row. */
    memberFailed: assign(({ context }, params: { error: unknown; fallback: string }) => ({
      memberMessage:
        context.memberId === null
          ? null
          : { id: context.memberId, text: failureMessage(params.error, params.fallback) },
      memberId: null,
      memberRoles: [],
    })),
    rolesRequired: assign(({ event }) => {
      assertEvent(event, 'member.setRoles')
      return { memberMessage: { id: event.id, text: staffMessages.rolesRequired }, notice: null }
    }),
    notYourself: assign(({ event }) => {
      assertEvent(event, 'member.deactivate')
      return { memberMessage: { id: event.id, text: staffMessages.notYourself }, notice: null }
    }),
    loadFailed: assign((_, error: unknown) => ({ message: failureMessage(error, messages.generic) })),
  },
}).createMachine({
  id: 'staffTeam',
  context: ({ input }) => ({
    ...initialForm(addStaffSchema, emptyValues),
    selfId: input?.selfId ?? null,
    staff: [],
    memberId: null,
    memberRoles: [],
    memberMessage: null,
    notice: null,
    message: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'listStaff',
        src: 'listStaff',
        onDone: { target: 'ready', actions: { type: 'setStaff', params: outputOf } },
        onError: { target: 'failed', actions: { type: 'loadFailed', params: actorError } },
      },
    },
    failed: {
      on: { 'user.retry': { target: 'loading', actions: 'clearSaid' } },
    },
    ready: {
      initial: 'idle',
      // The add form can be typed in while another member's request is on its way.
      on: {
        'field.changed': { actions: 'change' },
        'field.blurred': { actions: 'show' },
      },
      states: {
        idle: {
          on: {
            'user.submit': [
              { guard: 'isValid', target: 'adding', actions: ['showAll', 'clearSaid'] },
              { actions: 'showAll' },
            ],
            'member.setRoles': [
              // Checked before it is sent: no role at all is said in the row, and nothing goes.
              { guard: and(['isActiveMember', not('hasRoles')]), actions: 'rolesRequired' },
              { guard: 'isActiveMember', target: 'updating', actions: ['clearSaid', 'pickMember'] },
            ],
            'member.deactivate': [
              { guard: 'isSelf', actions: 'notYourself' },
              { guard: 'isActiveMember', target: 'confirming', actions: ['clearSaid', 'pickMember'] },
            ],
            'member.resendInvite': {
              guard: 'isActiveMember',
              target: 'inviting',
              actions: ['clearSaid', 'pickMember'],
            },
          },
        },
        // No user.submit here: a second click while the first add is on its way sends nothing.
        adding: {
          invoke: {
            id: 'addStaff',
            src: 'addStaff',
            input: ({ context }) => context.values,
            onDone: { target: 'idle', actions: { type: 'added', params: outputOf } },
            onError: [
              { guard: { type: 'isEmailTaken', params: actorError }, target: 'idle', actions: 'emailTaken' },
              {
                guard: { type: 'hasFieldErrors', params: actorError },
                target: 'idle',
                actions: { type: 'fieldsRefused', params: actorError },
              },
              { target: 'idle', actions: { type: 'addFailed', params: actorError } },
            ],
          },
        },
        updating: {
          invoke: {
            id: 'updateStaff',
            src: 'updateStaff',
            input: ({ context }) => ({ id: context.memberId ?? 0, roles: context.memberRoles }),
            onDone: {
              target: 'idle',
              actions: {
                type: 'replaced',
                params: ({ event }) => ({ member: event.output, notice: staffMessages.saved }),
              },
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'memberFailed',
                params: ({ event }) => ({
                  error: event.error,
                  fallback: failure(event.error).status === 409 ? staffMessages.lastAdmin : messages.generic,
                }),
              },
            },
          },
        },
        confirming: {
          on: {
            'user.confirm': 'deactivating',
            'user.cancel': { target: 'idle', actions: 'dropMember' },
          },
        },
        deactivating: {
          invoke: {
            id: 'deactivateStaff',
            src: 'deactivateStaff',
            input: ({ context }) => ({ id: context.memberId ?? 0 }),
            onDone: {
              target: 'idle',
              actions: {
                type: 'replaced',
                params: ({ event }) => ({ member: event.output, notice: staffMessages.deactivated }),
              },
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'memberFailed',
                params: ({ event }) => ({ error: event.error, fallback: messages.generic }),
              },
            },
          },
        },
        inviting: {
          invoke: {
            id: 'resendStaffInvite',
            src: 'resendStaffInvite',
            input: ({ context }) => ({ id: context.memberId ?? 0 }),
            onDone: {
              target: 'idle',
              actions: {
                type: 'replaced',
                params: ({ event }) => ({ member: event.output, notice: staffMessages.invited }),
              },
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'memberFailed',
                params: ({ event }) => ({ error: event.error, fallback: messages.generic }),
              },
            },
          },
        },
      },
    },
  },
})
