import { skipLoaderHeader } from '../../contract/constants'
import type {
  ForgotPasswordPayload,
  LoginPayload,
  ResetPasswordPayload,
  SessionReleasePayload,
} from '../../contract/rules'
import { apiPaths, type LoginResponse, type MessageResponse } from '../../contract/wire'
import type { ApiClient } from './client'

export const login = (api: ApiClient, body: LoginPayload) =>
  api<LoginResponse>(apiPaths.login, { method: 'POST', body })

export const logout = (api: ApiClient) => api<MessageResponse>(apiPaths.logout, { method: 'POST' })

/** The once-per-browser-session auth check; it never shows the loader. */
export const checkSession = (api: ApiClient) =>
  api<MessageResponse>(apiPaths.authCheck, { headers: { [skipLoaderHeader]: 'true' } })

export const requestPasswordReset = (api: ApiClient, body: ForgotPasswordPayload) =>
  api<MessageResponse>(apiPaths.forgotPassword, { method: 'POST', body })

export const resetPassword = (api: ApiClient, body: ResetPasswordPayload) =>
  api<MessageResponse>(apiPaths.resetPassword, { method: 'POST', body })

/** Mails the account a link that ends its session on another device (asked with the email and password). */
export const requestSessionRelease = (api: ApiClient, body: LoginPayload) =>
  api<MessageResponse>(apiPaths.sessionRelease, { method: 'POST', body })

/** Ends the account's other session with the mailed link's token. */
export const releaseSession = (api: ApiClient, body: SessionReleasePayload) =>
  api<MessageResponse>(apiPaths.sessionReleaseConfirm, { method: 'POST', body })
