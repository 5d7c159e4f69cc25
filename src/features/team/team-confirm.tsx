import { companyRoleNames, type TeamView } from '../../../contract/team'
import type { TeamAction } from '../../../machines/team-actions'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'

/** What each confirmation asks and says, by the action and the row it is about. */
function confirmation(team: TeamView, action: TeamAction) {
  const member = team.members.find((one) => one.id === action.id)
  const name = member?.name ?? 'this person'
  switch (action.kind) {
    case 'revoke': {
      const email = team.invitations.find((one) => one.id === action.id)?.email ?? 'this colleague'
      return {
        title: `Withdraw the invitation to ${email}?`,
        body: 'The link in their mail stops working at once. You can invite them again later.',
        confirm: 'Withdraw invitation',
        busy: 'Withdrawing…',
      }
    }
    case 'deactivate':
      return {
        title: `Deactivate ${name}?`,
        body: `${name} can no longer log in, and their sessions end at once on every device. Their quotes, bookings and documents stay with the company, and you can reactivate them later.`,
        confirm: 'Deactivate',
        busy: 'Deactivating…',
      }
    case 'reactivate':
      return {
        title: `Reactivate ${name}?`,
        body: `${name} can log in again with their password, as ${member ? companyRoleNames[member.role] : 'before'}.`,
        confirm: 'Reactivate',
        busy: 'Reactivating…',
      }
    case 'decline': {
      const request = team.joinRequests.find((one) => one.id === action.id)
      return {
        title: `Decline the request of ${request?.name ?? 'this person'}?`,
        body: `${request?.name ?? 'They'} (${request?.email ?? ''}) will not join your company's account.`,
        confirm: 'Decline request',
        busy: 'Declining…',
      }
    }
    default:
      return {
        title: 'Give up your Admin role?',
        body: `You will be a ${action.kind === 'changeRole' ? companyRoleNames[action.role] : 'Member'}: you will no longer manage the team or change the company's details.`,
        confirm: 'Change my role',
        busy: 'Changing…',
      }
  }
}
/** The confirmation of an Admin's action, open while the chart asks it and busy while the action is on its way. */
export function TeamConfirmDialog({
  team,
  action,
  busy,
  onCancel,
  onConfirm,
}: {
  team: TeamView
  action: TeamAction | null
  busy: boolean
  onCancel: () => void
  onConfirm: () => void
}) {
  const asked = action ? confirmation(team, action) : null
  return (
    <ConfirmDialog
      isOpen={asked !== null}
      title={asked?.title ?? ''}
      busy={busy}
      confirmLabel={asked?.confirm ?? ''}
      busyLabel={asked?.busy ?? ''}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <p>{asked?.body}</p>
    </ConfirmDialog>
  )
}
