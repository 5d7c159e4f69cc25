/**
 * The changes an Admin makes to My Team (`teamMachine`), and their rules: which row each is about, whether it is
 * offered, allowed or refused and why (`refusal`, the view shows the same reason beside the disabled control),
 * which wait for a confirmation, and what is said once each is done.
 */
import {
  type CompanyRole,
  invitationTransitions,
  type JoinRole,
  keepsAnAdmin,
  memberTransitions,
  nextState,
  type TeamView,
  teamMessages,
} from '../contract/team'
import type { FieldChange } from './form'

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
