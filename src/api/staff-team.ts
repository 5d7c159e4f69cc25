import type { z } from 'zod'
import type { StaffRole } from '../../contract/permissions'
import { type addStaffSchema, type StaffMember, staffApiPaths } from '../../contract/staff'
import type { ApiClient } from './client'

/** The console's Team page calls (/api/staff/team, admins), one per operation of the OpenAPI document. */

export type AddStaffPayload = z.input<typeof addStaffSchema>

/** What an action on a member answers: the member as they are now. */
type MemberAnswer = { staff: StaffMember }
const memberOf = (answer: MemberAnswer) => answer.staff

export const listStaff = (api: ApiClient) =>
  api<{ staff: StaffMember[] }>(staffApiPaths.team).then((answer) => answer.staff)

/** addStaff: the new member, mailed their invitation. */
export const addStaff = (api: ApiClient, body: AddStaffPayload) =>
  api<MemberAnswer>(staffApiPaths.team, { method: 'POST', body }).then(memberOf)

/** updateStaff: their roles; 409 when the last active admin would lose the admin role. */
export const updateStaff = (api: ApiClient, id: number, roles: StaffRole[]) =>
  api<MemberAnswer>(staffApiPaths.member(id), { method: 'PATCH', body: { roles } }).then(memberOf)

/** deactivateStaff: their sessions end at once. */
export const deactivateStaff = (api: ApiClient, id: number) =>
  api<MemberAnswer>(staffApiPaths.deactivate(id), { method: 'POST' }).then(memberOf)

export const resendStaffInvite = (api: ApiClient, id: number) =>
  api<MemberAnswer>(staffApiPaths.invite(id), { method: 'POST' }).then(memberOf)
