/**
 * `teamMachine` (My Team, /user/team, issue 24): loads the team (`loadTeam`) → ready, or failed (retry).
 * Everyone sees the members and the open invitations; an Admin (the team's `myRole`, as the server answered)
 * also:
 * - invites a colleague: email, name and role in a dialog, checked with the contract's `inviteSchema` as typed
 *   (messages once a field is left, or on submit), sent through `invite`; a 409 (the email has an account or
 *   an open invitation) puts the server's message under the email, a 422 the server's messages under their
 *   fields, anything else a message in the dialog; what was typed stays;
 * - resends or revokes an invitation, changes a member's role, deactivates or reactivates a member, approves a
 *   join request as Member or Viewer or declines it (`teamAction`). Revoking, deactivating, reactivating,
 *   declining and giving up one's own Admin role wait for a confirmation.
 * What the lifecycles of contract/team.ts forbid is not offered; what would leave the company without an
 * active Admin, or an Admin deactivating themself, is refused with its reason in the row (`refusal`: the view
 * shows the same reason beside the disabled control). One request at a time. Each call answers the team as it
 * now is, which replaces the list; the result is said in the page's status region.
 *
 * Effects (API calls, telling the session the signed-in user's role) are provided by the page.
 */
import { and, assertEvent, assign, fromPromise, setup } from 'xstate'
import { messages } from '../contract/messages'
import {
  type CompanyRole,
  type InviteInput,
  invitationTransitions,
  inviteSchema,
  type JoinRole,
  keepsAnAdmin,
  memberTransitions,
  nextState,
  type TeamView,
  teamMessages,
} from '../contract/team'
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

export interface InviteValues {
  email: string
  name: string
  role: CompanyRole | ''
}

/** One change an Admin makes to the team: what `teamAction` is asked to do. */
export type TeamAction =
  | { kind: 'resend' | 'revoke'; id: number }
  | { kind: 'changeRole'; id: number; role: CompanyRole }
  | { kind: 'deactivate' | 'reactivate'; id: number }
  | { kind: 'approve'; id: number; role: JoinRole }
  | { kind: 'decline'; id: number }

export type TeamActionKind = TeamAction['kind']

/** What one row says after its last action was refused. */
export interface RowMessage {
  /** `rowKey` of the row. */
  row: string
  text: string
}

export interface TeamContext extends FormContext<InviteValues> {
  team: TeamView | null
  /** The action on its way, or awaiting its confirmation. */
  action: TeamAction | null
  /** The action went through a confirmation: its dialog stays open, busy, until the answer. */
  confirming: boolean
  rowMessage: RowMessage | null
  /** What went well, for the page's status region. */
  notice: string | null
  /** A failure to load or refresh the team. */
  message: string | null
  /** A failure to invite that no field's message says. */
  inviteMessage: string | null
}

export type TeamEvent =
  | { type: 'user.retry' }
  | { type: 'user.refresh' }
  | { type: 'invite.open' }
  | { type: 'invite.cancel' }
  | FieldChange<InviteValues>
  | { type: 'field.blurred'; field: keyof InviteValues }
  | { type: 'invite.submit' }
  | { type: 'invitation.resend'; id: number }
  | { type: 'invitation.revoke'; id: number }
  | { type: 'member.changeRole'; id: number; role: CompanyRole }
  | { type: 'member.deactivate'; id: number }
  | { type: 'member.reactivate'; id: number }
  | { type: 'request.approve'; id: number; role: JoinRole }
  | { type: 'request.decline'; id: number }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' }

export const emptyInvite: InviteValues = { email: '', name: '', role: '' }

const inviteFields = ['email', 'name', 'role'] as const

/** The row an action is about: its messages are said there. */
export function rowKey(action: Pick<TeamAction, 'kind' | 'id'>): string {
  switch (action.kind) {
    case 'resend':
    case 'revoke':
      return `invitation-${action.id}`
    case 'approve':
    case 'decline':
      return `request-${action.id}`
    default:
      return `member-${action.id}`
  }
}

/** The action an event asks for, or null for any other event. */
export function actionOf(event: TeamEvent): TeamAction | null {
  switch (event.type) {
    case 'invitation.resend':
      return { kind: 'resend', id: event.id }
    case 'invitation.revoke':
      return { kind: 'revoke', id: event.id }
    case 'member.changeRole':
      return { kind: 'changeRole', id: event.id, role: event.role }
    case 'member.deactivate':
      return { kind: 'deactivate', id: event.id }
    case 'member.reactivate':
      return { kind: 'reactivate', id: event.id }
    case 'request.approve':
      return { kind: 'approve', id: event.id, role: event.role }
    case 'request.decline':
      return { kind: 'decline', id: event.id }
    default:
      return null
  }
}

/**
 * Whether the signed-in user may take `action` on `team` now: `undefined` when it is not offered at all (not an
 * Admin, no such row, the lifecycle has no such step, the role is already the member's), `null` when it is
 * allowed, else the reason it is refused, shown beside the disabled control (the last active Admin; oneself).
 */
export function refusal(team: TeamView | null, action: TeamAction): string | null | undefined {
  if (team === null || team.myRole !== 'admin') return undefined
  switch (action.kind) {
    case 'resend':
    case 'revoke': {
      const invitation = team.invitations.find((one) => one.id === action.id)
      if (!invitation) return undefined
      return nextState(invitationTransitions, invitation.status, action.kind) === undefined ? undefined : null
    }
    case 'approve':
    case 'decline':
      return team.joinRequests.some((one) => one.id === action.id) ? null : undefined
    default: {
      const member = team.members.find((one) => one.id === action.id)
      if (!member) return undefined
      const event = action.kind
      const status = nextState(memberTransitions, member.status, event)
      if (status === undefined) return undefined
      if (action.kind === 'changeRole' && action.role === member.role) return undefined
      if (action.kind === 'deactivate' && member.isMe) return teamMessages.notYourself
      const role = action.kind === 'changeRole' ? action.role : member.role
      return keepsAnAdmin(team.members, { id: member.id, role, status }) ? null : teamMessages.lastAdmin
    }
  }
}

/**
 * Whether the action waits for a confirmation: revoking, deactivating, reactivating and declining always (the
 * chart's own transitions); a role change when it is one's own Admin role given up.
 */
export function needsConfirmation(team: TeamView | null, action: TeamAction): boolean {
  if (action.kind === 'changeRole')
    return team?.members.find((one) => one.id === action.id)?.isMe === true && action.role !== 'admin'
  return ['revoke', 'deactivate', 'reactivate', 'decline'].includes(action.kind)
}

/** What the status region says once the action is done. */
export const doneMessages: Record<TeamActionKind, string> = {
  resend: teamMessages.resent,
  revoke: teamMessages.revoked,
  changeRole: teamMessages.roleChanged,
  deactivate: teamMessages.deactivated,
  reactivate: teamMessages.reactivated,
  approve: teamMessages.approved,
  decline: teamMessages.declined,
}

/** The company's active Admins, by name: whom a Member or Viewer asks. */
export const adminsOf = (team: TeamView) =>
  team.members.filter((one) => one.role === 'admin' && one.status === 'Active').map((one) => one.name)

/** An action sent at once, or asked about first, when it is offered and allowed (`refusal`). */
const sendAtOnce = { guard: 'isAllowed', target: 'acting', actions: ['clearSaid', 'pickAction'] } as const
const askFirst = { guard: 'isAllowed', target: 'confirming', actions: ['clearSaid', 'askAction'] } as const
/** An action offered but refused: its reason said in its row, nothing sent. */
const refuse = { guard: 'isRefused', actions: 'refuse' } as const

const teamOf = ({ event }: { event: { output: TeamView } }) => event.output

export const teamMachine = setup({
  types: {
    context: {} as TeamContext,
    events: {} as TeamEvent,
  },
  actors: {
    loadTeam: fromPromise<TeamView>(async () => {
      throw new Error('not provided')
    }),
    invite: fromPromise<TeamView, InviteInput>(async () => {
      throw new Error('not provided')
    }),
    teamAction: fromPromise<TeamView, TeamAction>(async () => {
      throw new Error('not provided')
    }),
  },
  guards: {
    isAdmin: ({ context }) => context.team?.myRole === 'admin',
    isInviteValid: ({ context }) => isFormValid(context),
    /** The event's action is offered and allowed. */
    isAllowed: ({ context, event }) => {
      const action = actionOf(event)
      return action !== null && refusal(context.team, action) === null
    },
    /** The event's action is offered but refused: its reason is said in its row. */
    isRefused: ({ context, event }) => {
      const action = actionOf(event)
      return action !== null && typeof refusal(context.team, action) === 'string'
    },
    needsConfirmation: ({ context, event }) => {
      const action = actionOf(event)
      return action !== null && needsConfirmation(context.team, action)
    },
    isConflict: (_, error: unknown) => failure(error).status === 409,
    hasFieldErrors: (_, error: unknown) => Object.keys(serverFieldErrors(error, inviteFields)).length > 0,
  },
  actions: {
    /** The signed-in user's role as the server now has it: provided by the page (the session's user). */
    announceRole: (_, _role: CompanyRole) => {},
    setTeam: assign((_, team: TeamView) => ({ team, message: null })),
    loadFailed: assign((_, error: unknown) => ({ message: failureMessage(error, messages.generic) })),
    /** A new request: what the last one said goes. */
    clearSaid: assign({ notice: null, message: null, rowMessage: null }),
    resetInvite: assign(() => ({ ...initialForm(inviteSchema, emptyInvite), inviteMessage: null })),
    change: assign(({ context, event }) => {
      assertEvent(event, 'field.changed')
      return changeField(inviteSchema, context, event)
    }),
    show: assign(({ context, event }) => {
      assertEvent(event, 'field.blurred')
      return { shown: showField(context, event.field) }
    }),
    showAll: assign(({ context }) => ({ shown: showAll(context), inviteMessage: null })),
    invited: assign((_, team: TeamView) => ({
      team,
      ...initialForm(inviteSchema, emptyInvite),
      inviteMessage: null,
      notice: teamMessages.invited,
    })),
    /** The email has an account, or an open invitation: the server's message under the email. */
    emailRefused: assign(({ context }, error: unknown) => ({
      errors: { ...context.errors, email: [failureMessage(error, teamMessages.emailTaken)] },
      shown: showAll(context),
    })),
    fieldsRefused: assign(({ context }, error: unknown) => ({
      errors: serverFieldErrors(error, inviteFields),
      shown: showAll(context),
    })),
    inviteFailed: assign((_, error: unknown) => ({
      inviteMessage: failureMessage(error, messages.generic),
    })),
    pickAction: assign(({ event }) => ({ action: actionOf(event), confirming: false })),
    askAction: assign(({ event }) => ({ action: actionOf(event), confirming: true })),
    dropAction: assign({ action: null, confirming: false }),
    refuse: assign(({ context, event }) => {
      const action = actionOf(event)
      const text = action ? refusal(context.team, action) : undefined
      return {
        notice: null,
        rowMessage: action && typeof text === 'string' ? { row: rowKey(action), text } : null,
      }
    }),
    acted: assign(({ context }, team: TeamView) => ({
      team,
      notice: context.action ? doneMessages[context.action.kind] : null,
      action: null,
      confirming: false,
    })),
    /** The action refused by the server: said in its row (a 409 without a message: the row has changed). */
    actionFailed: assign(({ context }, error: unknown) => ({
      rowMessage: context.action
        ? {
            row: rowKey(context.action),
            text: failureMessage(
              error,
              [404, 409].includes(failure(error).status ?? 0) ? teamMessages.stale : messages.generic,
            ),
          }
        : null,
      action: null,
      confirming: false,
    })),
  },
}).createMachine({
  id: 'team',
  context: () => ({
    ...initialForm(inviteSchema, emptyInvite),
    team: null,
    action: null,
    confirming: false,
    rowMessage: null,
    notice: null,
    message: null,
    inviteMessage: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadTeam',
        src: 'loadTeam',
        onDone: {
          target: 'ready',
          actions: [
            { type: 'setTeam', params: teamOf },
            { type: 'announceRole', params: ({ event }) => event.output.myRole },
          ],
        },
        onError: { target: 'failed', actions: { type: 'loadFailed', params: actorError } },
      },
    },
    failed: {
      on: { 'user.retry': { target: 'loading', actions: 'clearSaid' } },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'user.refresh': { target: 'refreshing', actions: 'clearSaid' },
            'invite.open': { guard: 'isAdmin', target: 'inviting', actions: ['clearSaid', 'resetInvite'] },
            // Events of an action not offered (and every action of a Member or Viewer) do nothing.
            'invitation.resend': sendAtOnce,
            'invitation.revoke': askFirst,
            'member.changeRole': [
              refuse,
              {
                guard: and(['isAllowed', 'needsConfirmation']),
                target: 'confirming',
                actions: ['clearSaid', 'askAction'],
              },
              sendAtOnce,
            ],
            'member.deactivate': [refuse, askFirst],
            'member.reactivate': askFirst,
            'request.approve': sendAtOnce,
            'request.decline': askFirst,
          },
        },
        refreshing: {
          invoke: {
            id: 'loadTeam',
            src: 'loadTeam',
            onDone: {
              target: 'idle',
              actions: [
                { type: 'setTeam', params: teamOf },
                { type: 'announceRole', params: ({ event }) => event.output.myRole },
              ],
            },
            onError: { target: 'idle', actions: { type: 'loadFailed', params: actorError } },
          },
        },
        inviting: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'field.changed': { actions: 'change' },
                'field.blurred': { actions: 'show' },
                'invite.submit': [
                  { guard: 'isInviteValid', target: 'sending', actions: 'showAll' },
                  { actions: 'showAll' },
                ],
                // What was typed goes with the dialog.
                'invite.cancel': { target: '#team.ready.idle', actions: 'resetInvite' },
              },
            },
            // No submit, typing or cancel while the invitation is on its way: the fields are read-only.
            sending: {
              invoke: {
                id: 'invite',
                src: 'invite',
                input: ({ context }) => inviteSchema.parse(context.values),
                onDone: {
                  target: '#team.ready.idle',
                  actions: [
                    { type: 'invited', params: teamOf },
                    { type: 'announceRole', params: ({ event }) => event.output.myRole },
                  ],
                },
                onError: [
                  {
                    guard: { type: 'isConflict', params: actorError },
                    target: 'editing',
                    actions: { type: 'emailRefused', params: actorError },
                  },
                  {
                    guard: { type: 'hasFieldErrors', params: actorError },
                    target: 'editing',
                    actions: { type: 'fieldsRefused', params: actorError },
                  },
                  { target: 'editing', actions: { type: 'inviteFailed', params: actorError } },
                ],
              },
            },
          },
        },
        confirming: {
          on: {
            'user.confirm': 'acting',
            'user.cancel': { target: 'idle', actions: 'dropAction' },
          },
        },
        acting: {
          invoke: {
            id: 'teamAction',
            src: 'teamAction',
            input: ({ context }) => context.action as TeamAction,
            onDone: {
              target: 'idle',
              actions: [
                { type: 'acted', params: teamOf },
                { type: 'announceRole', params: ({ event }) => event.output.myRole },
              ],
            },
            onError: { target: 'idle', actions: { type: 'actionFailed', params: actorError } },
          },
        },
      },
    },
  },
})
