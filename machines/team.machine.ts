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
 * The actions' rules (`refusal`, `needsConfirmation`, `rowKey`, what is said once done) are team-actions.ts.
 *
 * Effects (API calls, telling the session the signed-in user's role) are provided by the page.
 */
import { and, assertEvent, assign, fromPromise, setup } from 'xstate'
import { messages } from '../contract/messages'
import {
  type CompanyRole,
  type InviteInput,
  inviteSchema,
  type TeamView,
  teamMessages,
} from '../contract/team'
import { actorError, failure } from './actor-error'
import {
  changeField,
  type FormContext,
  failureMessage,
  initialForm,
  isFormValid,
  serverFieldErrors,
  showAll,
  showField,
} from './form'
import {
  actionOf,
  doneMessages,
  emptyInvite,
  type InviteValues,
  needsConfirmation,
  type RowMessage,
  refusal,
  rowKey,
  type TeamAction,
  type TeamEvent,
} from './team-actions'

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

const inviteFields = ['email', 'name', 'role'] as const

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
