import type { z } from 'zod'
import type { LoginPayload } from '../../contract/rules'
import {
  type StaffLoginStep,
  type StaffSignedIn,
  staffApiPaths,
  type staffCodeSchema,
  type staffSetPasswordSchema,
} from '../../contract/staff'
import type { MessageResponse } from '../../contract/wire'
import type { ApiClient } from './client'

/** The staff console's sign-in and session calls (/api/staff/auth), one per operation of the OpenAPI document. */

/** The second step's body: the first step's challenge and a code or a recovery code. */
export type StaffCodePayload = z.input<typeof staffCodeSchema>
export type StaffSetPasswordPayload = z.input<typeof staffSetPasswordSchema>

/** staffLogin: the first step; it answers the code step, or the enrolment with its QR code. */
export const staffLogin = (api: ApiClient, body: LoginPayload) =>
  api<StaffLoginStep>(staffApiPaths.login, { method: 'POST', body })

/** staffVerifyCode: the second step; the session, and after enrolment the recovery codes. */
export const staffVerifyCode = (api: ApiClient, body: StaffCodePayload) =>
  api<StaffSignedIn>(staffApiPaths.verify, { method: 'POST', body })

export const staffLogout = (api: ApiClient) => api<MessageResponse>(staffApiPaths.logout, { method: 'POST' })

/** checkStaffSession: a request that keeps the session alive while the person is active. */
export const checkStaffSession = (api: ApiClient) => api<MessageResponse>(staffApiPaths.check)

/** staffSetPassword: the invitation mail's link sets the first password. */
export const staffSetPassword = (api: ApiClient, body: StaffSetPasswordPayload) =>
  api<MessageResponse>(staffApiPaths.setPassword, { method: 'POST', body })
