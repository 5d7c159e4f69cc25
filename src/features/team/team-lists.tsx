import {
  Button as AriaButton,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
} from 'react-aria-components'
import {
  type CompanyRole,
  companyRoleNames,
  companyRoles,
  type TeamInvitation,
  type TeamMember,
  type TeamView,
} from '../../../contract/team'
import { refusal, rowKey, type TeamEvent } from '../../../machines/team-actions'
import { formatAccountTime } from '../../app/datetime'
import { Button } from '../../components/ui/button'
import * as ui from '../../components/ui/ui.css'
import * as styles from './team.css'

/** My Team's three lists (members, invitations, requests to join), each row with an Admin's actions. */

export type Send = (event: TeamEvent) => void

export interface ListProps {
  team: TeamView
  idle: boolean
  said: (row: string) => string | null
  send: Send
}

const lastSignIn = (member: TeamMember) =>
  member.lastSignInAt ? formatAccountTime(member.lastSignInAt) : 'Never'

function RowMessage({ id, text }: { id: string; text: string | null }) {
  return text ? (
    <p id={id} role="alert" className={styles.rowMessage}>
      {text}
    </p>
  ) : null
}

export function Members({ team, idle, said, send }: ListProps) {
  const admin = team.myRole === 'admin'
  return (
    <section className={styles.section} aria-labelledby="team-members">
      <h2 id="team-members" className={styles.sectionTitle}>
        Members
      </h2>
      <table className={styles.table}>
        <caption className={styles.caption}>
          {team.members.length === 1 ? '1 person' : `${team.members.length} people`}
        </caption>
        <thead className={styles.head}>
          <tr>
            {['Name', 'Email', 'Role', 'Status', 'Last sign-in', ...(admin ? ['Actions'] : [])].map(
              (column) => (
                <th key={column} className={styles.headCell} scope="col">
                  {column}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody className={styles.body}>
          {team.members.map((member) => {
            const row = rowKey({ kind: 'changeRole', id: member.id })
            const text = said(row)
            const deactivate = refusal(team, { kind: 'deactivate', id: member.id })
            const reactivate = refusal(team, { kind: 'reactivate', id: member.id })
            return (
              <tr
                key={member.id}
                className={[styles.tableRow, member.status === 'Deactivated' ? styles.inactiveRow : ''].join(
                  ' ',
                )}
                data-testid="team-member"
              >
                <th scope="row" id={row} tabIndex={-1} className={styles.titleCell}>
                  {member.name}
                  {member.isMe ? ' (you)' : ''}
                </th>
                <td className={styles.cell} data-label="Email">
                  {member.email}
                </td>
                <td className={styles.cell} data-label="Role">
                  {admin ? (
                    <RoleSelect team={team} member={member} isDisabled={!idle} send={send} />
                  ) : (
                    companyRoleNames[member.role]
                  )}
                </td>
                <td className={styles.cell} data-label="Status">
                  {member.status}
                </td>
                <td className={styles.cell} data-label="Last sign-in">
                  {lastSignIn(member)}
                </td>
                {admin ? (
                  <td className={styles.actionCell}>
                    <div className={styles.actions}>
                      {deactivate !== undefined ? (
                        <Button
                          tone="secondary"
                          isDisabled={!idle || deactivate !== null}
                          aria-label={`Deactivate ${member.name}`}
                          aria-describedby={deactivate ? `${row}-deactivate` : undefined}
                          onPress={() => send({ type: 'member.deactivate', id: member.id })}
                        >
                          Deactivate
                        </Button>
                      ) : null}
                      {reactivate !== undefined ? (
                        <Button
                          tone="secondary"
                          isDisabled={!idle || reactivate !== null}
                          aria-label={`Reactivate ${member.name}`}
                          onPress={() => send({ type: 'member.reactivate', id: member.id })}
                        >
                          Reactivate
                        </Button>
                      ) : null}
                    </div>
                    {deactivate ? (
                      <p id={`${row}-deactivate`} className={styles.reason}>
                        {deactivate}
                      </p>
                    ) : null}
                    {reactivate ? <p className={styles.reason}>{reactivate}</p> : null}
                    <RowMessage id={`${row}-message`} text={text} />
                  </td>
                ) : null}
              </tr>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}

/** A member's role, chosen from the three; a role that would leave no active Admin is disabled, with why. */
function RoleSelect({
  team,
  member,
  isDisabled,
  send,
}: {
  team: TeamView
  member: TeamMember
  isDisabled: boolean
  send: Send
}) {
  const refused = companyRoles
    .map((role) => ({ role, why: refusal(team, { kind: 'changeRole', id: member.id, role }) }))
    .filter((one): one is { role: CompanyRole; why: string } => typeof one.why === 'string')
  const reasonId = `member-${member.id}-role-reason`
  return (
    <div>
      <Select
        aria-label={`Role of ${member.name}`}
        aria-describedby={refused.length > 0 ? reasonId : undefined}
        className={[ui.field, styles.roleSelect].join(' ')}
        selectedKey={member.role}
        disabledKeys={refused.map((one) => one.role)}
        isDisabled={isDisabled || refused.length === companyRoles.length - 1}
        onSelectionChange={(key) => {
          if (key !== null && key !== member.role)
            send({ type: 'member.changeRole', id: member.id, role: key as CompanyRole })
        }}
      >
        <AriaButton className={[ui.input, ui.selectButton].join(' ')}>
          <SelectValue />
          <span aria-hidden="true">▾</span>
        </AriaButton>
        <Popover className={ui.listPopover}>
          <ListBox className={ui.listBox}>
            {companyRoles.map((role) => (
              <ListBoxItem key={role} id={role} className={ui.option} textValue={companyRoleNames[role]}>
                {companyRoleNames[role]}
              </ListBoxItem>
            ))}
          </ListBox>
        </Popover>
      </Select>
      {refused[0] ? (
        <p id={reasonId} className={styles.reason}>
          {refused[0].why}
        </p>
      ) : null}
    </div>
  )
}

export function Invitations({ team, idle, said, send }: ListProps) {
  if (team.invitations.length === 0) return null
  const admin = team.myRole === 'admin'
  return (
    <section className={styles.section} aria-labelledby="team-invitations">
      <h2 id="team-invitations" className={styles.sectionTitle}>
        Invitations
      </h2>
      <p className={styles.note}>An invitation's link works for 7 days from when it was sent, once.</p>
      <table className={styles.table}>
        <thead className={styles.head}>
          <tr>
            {['Email', 'Name', 'Role', 'Status', 'Sent', ...(admin ? ['Actions'] : [])].map((column) => (
              <th key={column} className={styles.headCell} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={styles.body}>
          {team.invitations.map((invitation: TeamInvitation) => {
            const row = rowKey({ kind: 'resend', id: invitation.id })
            const resend = refusal(team, { kind: 'resend', id: invitation.id })
            const revoke = refusal(team, { kind: 'revoke', id: invitation.id })
            return (
              <tr key={invitation.id} className={styles.tableRow} data-testid="team-invitation">
                <th scope="row" id={row} tabIndex={-1} className={styles.titleCell}>
                  {invitation.email}
                </th>
                <td className={styles.cell} data-label="Name">
                  {invitation.name}
                </td>
                <td className={styles.cell} data-label="Role">
                  {companyRoleNames[invitation.role]}
                </td>
                <td className={styles.cell} data-label="Status">
                  {invitation.status}
                </td>
                <td className={styles.cell} data-label="Sent">
                  {formatAccountTime(invitation.sentAt)} by {invitation.invitedBy}
                </td>
                {admin ? (
                  <td className={styles.actionCell}>
                    <div className={styles.actions}>
                      {resend !== undefined ? (
                        <Button
                          tone="secondary"
                          isDisabled={!idle || resend !== null}
                          aria-label={`Resend invitation to ${invitation.email}`}
                          onPress={() => send({ type: 'invitation.resend', id: invitation.id })}
                        >
                          Resend
                        </Button>
                      ) : null}
                      {revoke !== undefined ? (
                        <Button
                          tone="secondary"
                          isDisabled={!idle || revoke !== null}
                          aria-label={`Revoke invitation to ${invitation.email}`}
                          onPress={() => send({ type: 'invitation.revoke', id: invitation.id })}
                        >
                          Revoke
                        </Button>
                      ) : null}
                    </div>
                    <RowMessage id={`${row}-message`} text={said(row)} />
                  </td>
                ) : null}
              </tr>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}

export function JoinRequests({ team, idle, said, send }: ListProps) {
  if (team.joinRequests.length === 0) return null
  return (
    <section className={styles.section} aria-labelledby="team-requests">
      <h2 id="team-requests" className={styles.sectionTitle}>
        Requests to join
      </h2>
      <p className={styles.note}>
        They registered with your company's registration number. Approved, they are mailed a link to activate
        their account in your company's; declined, they are not told who declined.
      </p>
      <table className={styles.table}>
        <thead className={styles.head}>
          <tr>
            {['Name', 'Email', 'Requested', 'Actions'].map((column) => (
              <th key={column} className={styles.headCell} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={styles.body}>
          {team.joinRequests.map((request) => {
            const row = rowKey({ kind: 'approve', id: request.id })
            return (
              <tr key={request.id} className={styles.tableRow} data-testid="team-join-request">
                <th scope="row" id={row} tabIndex={-1} className={styles.titleCell}>
                  {request.name}
                </th>
                <td className={styles.cell} data-label="Email">
                  {request.email}
                </td>
                <td className={styles.cell} data-label="Requested">
                  {formatAccountTime(request.requestedAt)}
                </td>
                <td className={styles.actionCell}>
                  <div className={styles.actions}>
                    <Button
                      isDisabled={!idle}
                      aria-label={`Approve ${request.name} as Member`}
                      onPress={() => send({ type: 'request.approve', id: request.id, role: 'member' })}
                    >
                      Approve as Member
                    </Button>
                    <Button
                      tone="secondary"
                      isDisabled={!idle}
                      aria-label={`Approve ${request.name} as Viewer`}
                      onPress={() => send({ type: 'request.approve', id: request.id, role: 'viewer' })}
                    >
                      Approve as Viewer
                    </Button>
                    <Button
                      tone="secondary"
                      isDisabled={!idle}
                      aria-label={`Decline the request of ${request.name}`}
                      onPress={() => send({ type: 'request.decline', id: request.id })}
                    >
                      Decline
                    </Button>
                  </div>
                  <RowMessage id={`${row}-message`} text={said(row)} />
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}
