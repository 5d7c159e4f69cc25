import { type AcceptInvitationInput, type InvitationView, teamPaths } from '../../contract/team'
import type { LoginResponse } from '../../contract/wire'
import type { ApiClient } from './client'

/**
 * The invitation page's calls (public, /join): kept apart from the team's so the public bundle carries only
 * these two.
 */
export const checkInvitation = (api: ApiClient, token: string) =>
  api<InvitationView>(teamPaths.invitationCheck, { method: 'POST', body: { token } })

/** Accepting answers as a login does: the new session's token and user. */
export const acceptInvitation = (api: ApiClient, input: AcceptInvitationInput) =>
  api<LoginResponse>(teamPaths.invitationAccept, { method: 'POST', body: input })
