import { Link } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import {
  Button as AriaButton,
  Form,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Radio,
  RadioGroup,
  Select,
  SelectValue,
  Text,
} from 'react-aria-components'
import { fromPromise } from 'xstate'
import { messages } from '../../../contract/messages'
import { limits } from '../../../contract/rules'
import {
  type CompanyRole,
  companyRoleDuties,
  companyRoleNames,
  companyRoles,
  type TeamInvitation,
  type TeamMember,
  type TeamView,
} from '../../../contract/team'
import {
  adminsOf,
  type InviteValues,
  refusal,
  rowKey,
  type TeamAction,
  type TeamEvent,
  teamMachine,
} from '../../../machines/team.machine'
import type { ApiClient } from '../../api/client'
import {
  approveJoinRequest,
  changeTeamRole,
  deactivateTeamMember,
  declineJoinRequest,
  getTeam,
  inviteTeamMember,
  reactivateTeamMember,
  resendTeamInvitation,
  revokeTeamInvitation,
} from '../../api/team'
import { formatAccountTime } from '../../app/datetime'
import type { PageInfo } from '../../app/pages'
import { useApp } from '../../app/use-app'
import { Button } from '../../components/ui/button'
import { Dialog } from '../../components/ui/dialog'
import { TextField } from '../../components/ui/text-field'
import * as ui from '../../components/ui/ui.css'
import * as styles from './team.css'

/** The call behind each of an Admin's actions. */
function runAction(api: ApiClient, action: TeamAction): Promise<TeamView> {
  switch (action.kind) {
    case 'resend':
      return resendTeamInvitation(api, action.id)
    case 'revoke':
      return revokeTeamInvitation(api, action.id)
    case 'changeRole':
      return changeTeamRole(api, action.id, action.role)
    case 'deactivate':
      return deactivateTeamMember(api, action.id)
    case 'reactivate':
      return reactivateTeamMember(api, action.id)
    case 'approve':
      return approveJoinRequest(api, action.id, action.role)
    case 'decline':
      return declineJoinRequest(api, action.id)
  }
}

const lastSignIn = (member: TeamMember) =>
  member.lastSignInAt ? formatAccountTime(member.lastSignInAt) : 'Never'

/** /user/team: the company's people, their roles and invitations; an Admin manages them. */
export function TeamPage({ info }: { info: PageInfo }) {
  const { api, session, inspect } = useApp()
  const actor = useActorRef(
    teamMachine.provide({
      actors: {
        loadTeam: fromPromise(() => getTeam(api)),
        invite: fromPromise(({ input }) => inviteTeamMember(api, input)),
        teamAction: fromPromise(({ input }) => runAction(api, input)),
      },
      actions: {
        // The role the server has for the signed-in user: the rest of the area follows it (useCompanyRole).
        announceRole: (_, role) => {
          const user = session.getSnapshot().context.user
          if (user && user.company_role !== role) {
            session.send({ type: 'user.updated', user: { ...user, company_role: role } })
          }
        },
      },
    }),
    inspect ? { inspect } : undefined,
  )
  const state = useSelector(actor, (s) => s)
  const { team, action, rowMessage, notice, message } = state.context
  const idle = state.matches({ ready: 'idle' })
  const acting = state.matches({ ready: 'acting' })
  // A confirmation stays open, busy, until its answer.
  const asked = action !== null && state.context.confirming ? action : null

  // After a confirmation closes, the focus goes to its row's name (the button that opened it may be gone).
  const askedRow = useRef<string | null>(null)
  useEffect(() => {
    if (asked) {
      askedRow.current = rowKey(asked)
      return
    }
    if (askedRow.current === null) return
    document.getElementById(askedRow.current)?.focus()
    askedRow.current = null
  }, [asked])

  if (state.matches('loading')) {
    return (
      <article className={styles.page} aria-busy="true">
        <h1>{info.heading}</h1>
        <p className={styles.lead}>Loading your team…</p>
      </article>
    )
  }
  if (state.matches('failed') || team === null) {
    return (
      <article className={styles.page}>
        <h1>{info.heading}</h1>
        <div className={styles.section} role="alert">
          <p>{message ?? messages.generic}</p>
          <Button onPress={() => actor.send({ type: 'user.retry' })}>Try again</Button>
        </div>
      </article>
    )
  }

  const admin = team.myRole === 'admin'
  const said = (row: string) => (rowMessage?.row === row ? rowMessage.text : null)
  const admins = adminsOf(team)

  return (
    <article className={styles.page}>
      <h1>{info.heading}</h1>
      <p className={styles.lead}>
        Everyone with access to {team.company.name}'s account on eShip, and their roles.
      </p>
      {admin ? (
        <div className={styles.toolbar}>
          <Button isDisabled={!idle} onPress={() => actor.send({ type: 'invite.open' })}>
            Invite a colleague
          </Button>
          <Link to="/user/team/activity" className={styles.link}>
            Activity
          </Link>
          <Button tone="quiet" isDisabled={!idle} onPress={() => actor.send({ type: 'user.refresh' })}>
            Refresh
          </Button>
        </div>
      ) : (
        <p className={styles.notice}>
          Admins manage the team
          {admins.length > 0 ? `: ${admins.join(', ')}` : ''}. Ask {admins.length === 1 ? 'them' : 'an Admin'}{' '}
          to invite a colleague or to change a role.
        </p>
      )}
      <p role="status" className={styles.status}>
        {notice ?? ''}
      </p>
      {message ? (
        <p role="alert" className={styles.alert}>
          {message}
        </p>
      ) : null}

      <Members team={team} idle={idle} said={said} send={(event) => actor.send(event)} />
      <Invitations team={team} idle={idle} said={said} send={(event) => actor.send(event)} />
      {admin ? (
        <JoinRequests team={team} idle={idle} said={said} send={(event) => actor.send(event)} />
      ) : null}

      <InviteDialog
        isOpen={state.matches({ ready: 'inviting' })}
        sending={state.matches({ ready: { inviting: 'sending' } })}
        values={state.context.values}
        errors={state.context.errors}
        shown={state.context.shown}
        inviteMessage={state.context.inviteMessage}
        send={(event) => actor.send(event)}
      />
      <ConfirmDialog
        team={team}
        action={asked}
        busy={acting}
        onCancel={() => actor.send({ type: 'user.cancel' })}
        onConfirm={() => actor.send({ type: 'user.confirm' })}
      />
    </article>
  )
}

type Send = (event: TeamEvent) => void

interface ListProps {
  team: TeamView
  idle: boolean
  said: (row: string) => string | null
  send: Send
}

function RowMessage({ id, text }: { id: string; text: string | null }) {
  return text ? (
    <p id={id} role="alert" className={styles.rowMessage}>
      {text}
    </p>
  ) : null
}

function Members({ team, idle, said, send }: ListProps) {
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

function Invitations({ team, idle, said, send }: ListProps) {
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

function JoinRequests({ team, idle, said, send }: ListProps) {
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

function InviteDialog({
  isOpen,
  sending,
  values,
  errors,
  shown,
  inviteMessage,
  send,
}: {
  isOpen: boolean
  sending: boolean
  values: InviteValues
  errors: Partial<Record<string, string[]>>
  shown: Partial<Record<keyof InviteValues, true>>
  inviteMessage: string | null
  send: Send
}) {
  const errorOf = (field: keyof InviteValues) => (shown[field] ? errors[field]?.[0] : undefined)
  return (
    <Dialog
      isOpen={isOpen}
      title="Invite a colleague"
      width={560}
      role="dialog"
      isDismissable={!sending}
      onClose={() => send({ type: 'invite.cancel' })}
      actions={
        <>
          <Button tone="secondary" isDisabled={sending} onPress={() => send({ type: 'invite.cancel' })}>
            Cancel
          </Button>
          <Button type="submit" form="team-invite" isDisabled={sending}>
            {sending ? 'Sending…' : 'Send invitation'}
          </Button>
        </>
      }
    >
      <p className={styles.note}>
        They get a mail with a link to join your company's account, valid for 7 days. They set their own phone
        number and password.
      </p>
      {inviteMessage ? (
        <p role="alert" className={styles.alert}>
          {inviteMessage}
        </p>
      ) : null}
      <Form
        id="team-invite"
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault()
          send({ type: 'invite.submit' })
        }}
      >
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          autoFocus
          maxLength={limits.emailMax}
          isReadOnly={sending}
          value={values.email}
          onChange={(value) => send({ type: 'field.changed', field: 'email', value })}
          onBlur={() => send({ type: 'field.blurred', field: 'email' })}
          error={errorOf('email')}
        />
        <TextField
          label="Name"
          name="name"
          autoComplete="off"
          maxLength={limits.nameMax}
          isReadOnly={sending}
          value={values.name}
          onChange={(value) => send({ type: 'field.changed', field: 'name', value })}
          onBlur={() => send({ type: 'field.blurred', field: 'name' })}
          error={errorOf('name')}
        />
        <RadioGroup
          className={styles.radioGroup}
          value={values.role === '' ? null : values.role}
          isReadOnly={sending}
          isInvalid={Boolean(errorOf('role'))}
          onChange={(value) => {
            send({ type: 'field.changed', field: 'role', value: value as CompanyRole })
            send({ type: 'field.blurred', field: 'role' })
          }}
        >
          <Label className={styles.legend}>Role</Label>
          {companyRoles.map((role) => (
            <Radio key={role} value={role} className={styles.radio}>
              <span className={styles.radioDot} aria-hidden="true" />
              <span className={styles.radioName}>{companyRoleNames[role]}</span>
              <span className={styles.radioDuty}>{companyRoleDuties[role]}</span>
            </Radio>
          ))}
          {errorOf('role') ? (
            <Text slot="errorMessage" className={ui.fieldError}>
              {errorOf('role')}
            </Text>
          ) : null}
        </RadioGroup>
      </Form>
    </Dialog>
  )
}

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

function ConfirmDialog({
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
    <Dialog
      isOpen={asked !== null}
      title={asked?.title ?? ''}
      width={500}
      onClose={onCancel}
      actions={
        <>
          <Button tone="secondary" isDisabled={busy} autoFocus onPress={onCancel}>
            Cancel
          </Button>
          <Button isDisabled={busy} onPress={onConfirm}>
            {busy ? asked?.busy : asked?.confirm}
          </Button>
        </>
      }
    >
      <p>{asked?.body}</p>
    </Dialog>
  )
}
