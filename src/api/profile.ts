import {
  type ChangePasswordPayload,
  type ChangePasswordResponse,
  type NotificationSettings,
  type NotificationSettingsResponse,
  type ProfileResponse,
  type ProfileUpdate,
  profilePaths,
} from '../../contract/profile'
import type { ApiClient } from './client'

export const getProfile = (api: ApiClient) => api<ProfileResponse>(profilePaths.profile)

export const updateProfile = (api: ApiClient, update: ProfileUpdate) =>
  api<ProfileResponse>(profilePaths.profile, { method: 'PUT', body: update })

/** The answer's `token` is stored by the client (the session's token is replaced). */
export const changePassword = (api: ApiClient, payload: ChangePasswordPayload) =>
  api<ChangePasswordResponse>(profilePaths.password, { method: 'POST', body: payload })

export const updateNotificationSettings = (api: ApiClient, settings: NotificationSettings) =>
  api<NotificationSettingsResponse>(profilePaths.notifications, { method: 'PUT', body: settings })
