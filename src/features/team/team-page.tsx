import { Link } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { fromPromise } from 'xstate'
import { messages } from '../../../contract/messages'
import type { TeamView } from '../../../contract/team'
import { teamMachine } from '../../../machines/team.machine'
import { adminsOf, rowKey, type TeamAction } from '../../../machines/team-actions'
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
import type { PageInfo } from '../../app/pages'
import { useApp } from '../../app/use-app'
import { Button } from '../../components/ui/button'
import { BillingContactForm } from './billing-contact-form'
import { InviteDialog } from './invite-dialog'
import * as styles from './team.css'
import { TeamConfirmDialog } from './team-confirm'
import { Invitations, JoinRequests, Members } from './team-lists'

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
      <BillingContactForm key={team.myRole} mayEdit={admin} />

      <InviteDialog
        isOpen={state.matches({ ready: 'inviting' })}
        sending={state.matches({ ready: { inviting: 'sending' } })}
        values={state.context.values}
        errors={state.context.errors}
        shown={state.context.shown}
        inviteMessage={state.context.inviteMessage}
        send={(event) => actor.send(event)}
      />
      <TeamConfirmDialog
        team={team}
        action={asked}
        busy={acting}
        onCancel={() => actor.send({ type: 'user.cancel' })}
        onConfirm={() => actor.send({ type: 'user.confirm' })}
      />
    </article>
  )
}
