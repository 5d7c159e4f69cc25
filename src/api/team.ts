import {
  type CompanyRole,
  type InviteInput,
  type JoinRole,
  type TeamView,
  teamPaths,
} from '../../contract/team'
import type { ApiClient } from './client'

/** GET /api/team: the members, open invitations and (for Admins) join requests. */
export const getTeam = (api: ApiClient) => api<TeamView>(teamPaths.team)

/** The team an action's answer carries, or the team read again when the answer is only a message. */
async function teamAfter(api: ApiClient, answer: unknown): Promise<TeamView> {
  const maybe = answer as Partial<TeamView> | null
  if (maybe && Array.isArray(maybe.members) && Array.isArray(maybe.invitations)) return maybe as TeamView
  return getTeam(api)
}

const post = (api: ApiClient, path: string, body?: unknown) =>
  api<unknown>(path, { method: 'POST', ...(body === undefined ? {} : { body }) }).then((answer) =>
    teamAfter(api, answer),
  )

export const inviteTeamMember = (api: ApiClient, invite: InviteInput) =>
  post(api, teamPaths.invitations, invite)

export const resendTeamInvitation = (api: ApiClient, id: number) => post(api, teamPaths.resendInvitation(id))

export const revokeTeamInvitation = (api: ApiClient, id: number) =>
  api<unknown>(teamPaths.invitation(id), { method: 'DELETE' }).then((answer) => teamAfter(api, answer))

export const changeTeamRole = (api: ApiClient, id: number, role: CompanyRole) =>
  api<unknown>(teamPaths.memberRole(id), { method: 'PUT', body: { role } }).then((answer) =>
    teamAfter(api, answer),
  )

export const deactivateTeamMember = (api: ApiClient, id: number) => post(api, teamPaths.deactivate(id))

export const reactivateTeamMember = (api: ApiClient, id: number) => post(api, teamPaths.reactivate(id))

export const approveJoinRequest = (api: ApiClient, id: number, role: JoinRole) =>
  post(api, teamPaths.approveJoin(id), { role })

export const declineJoinRequest = (api: ApiClient, id: number) => post(api, teamPaths.declineJoin(id))
