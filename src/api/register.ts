import type { ContactPayload, RegistrationPayload } from '../../contract/rules'
import { apiPaths, type MessageResponse } from '../../contract/wire'
import type { ApiClient } from './client'

export const register = (api: ApiClient, body: RegistrationPayload) =>
  api<MessageResponse>(apiPaths.register, { method: 'POST', body })

export const activate = (api: ApiClient, token: string) =>
  api<MessageResponse>(apiPaths.activate, { method: 'POST', body: { token } })

export const sendEnquiry = (api: ApiClient, body: ContactPayload) =>
  api<MessageResponse>(apiPaths.contact, { method: 'POST', body })

export const resendActivation = (api: ApiClient, email: string) =>
  api<MessageResponse>(apiPaths.resendActivation, { method: 'POST', body: { email } })
