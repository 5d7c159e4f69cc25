/**
 * My Profile (/user/profile): the user's and the company's details, the password change and the
 * notification settings. The edit reuses the registration rules of spec section 5 with their exact
 * messages (contract/rules.ts); what the spec does not give is written here once for both sides.
 */
import { z } from 'zod'
import { accountFields, limits, newPasswordFields, ruleMessages } from './rules'
import { safeString } from './text'
import type { SessionUser } from './wire'

export const profilePaths = {
  profile: '/api/profile',
  password: '/api/profile/password',
  notifications: '/api/profile/notifications',
} as const

/** Messages the spec does not give. */
export const profileMessages = {
  saved: 'Your profile has been saved.',
  passwordChanged: 'Your password has been changed.',
  notificationsSaved: 'Your notification settings have been saved.',
  currentRequired: '*Current Password is required.',
  currentWrong: 'Current password is incorrect.',
  sameAsCurrent: 'New password must be different from the current password.',
} as const

/**
 * What the profile form edits and PUT /api/profile takes. The email (the login name) and the company
 * registration number are read-only: they are not part of the payload, and the server ignores them when
 * sent. The country is the company's; choosing it fills the read-only dialling code of the phone and the
 * company (branch) id, as at registration.
 */
export const profileSchema = z.object(accountFields)

export type ProfileUpdate = z.output<typeof profileSchema>

/** The change-password form and POST /api/profile/password. */
export const changePasswordSchema = z
  .object({
    current_password: safeString({ error: profileMessages.currentRequired })
      .min(1, profileMessages.currentRequired)
      .max(limits.passwordMax, ruleMessages.passwordMax),
    ...newPasswordFields,
  })
  .refine((v) => v.password_confirmation === '' || v.esus_password === v.password_confirmation, {
    error: ruleMessages.passwordsDiffer,
    path: ['password_confirmation'],
    when: (payload) => {
      const v = payload.value as Record<string, unknown> | undefined
      return typeof v?.esus_password === 'string' && typeof v.password_confirmation === 'string'
    },
  })
  .refine((v) => v.current_password === '' || v.esus_password !== v.current_password, {
    error: profileMessages.sameAsCurrent,
    path: ['esus_password'],
    when: (payload) => {
      const v = payload.value as Record<string, unknown> | undefined
      return typeof v?.esus_password === 'string' && typeof v.current_password === 'string'
    },
  })

export type ChangePasswordPayload = z.output<typeof changePasswordSchema>

export const notificationKinds = [
  'milestones',
  'etaChanges',
  'documents',
  'quoteExpiry',
  'messages',
  /** Not a kind of mail but whose bookings: also the colleagues' (issue 24); off for a new account. */
  'companyBookings',
] as const
export type NotificationKind = (typeof notificationKinds)[number]

/** Which mails the user gets; every kind is on for a new account, except the colleagues' bookings. */
export const notificationSettingsSchema = z.object({
  milestones: z.boolean({ error: 'Must be true or false.' }),
  etaChanges: z.boolean({ error: 'Must be true or false.' }),
  documents: z.boolean({ error: 'Must be true or false.' }),
  quoteExpiry: z.boolean({ error: 'Must be true or false.' }),
  /** Added with conversations (docs/conversations.md): a request without it leaves it as it is. */
  messages: z.boolean({ error: 'Must be true or false.' }).optional(),
  /** Added with teams (docs/teams.md): a request without it leaves it as it is. */
  companyBookings: z.boolean({ error: 'Must be true or false.' }).optional(),
})

/** What PUT /api/profile/notifications takes. */
export type NotificationSettingsInput = z.output<typeof notificationSettingsSchema>
/** The settings as they stand (every kind). */
export type NotificationSettings = Required<NotificationSettingsInput>

export const defaultNotificationSettings: NotificationSettings = {
  milestones: true,
  etaChanges: true,
  documents: true,
  quoteExpiry: true,
  messages: true,
  companyBookings: false,
}

/** How the page names each kind. */
export const notificationLabels: Record<NotificationKind, { label: string; description: string }> = {
  milestones: {
    label: 'Shipment milestones',
    description: 'Booking confirmed, departed, arrived, delivered and the other milestones of a booking.',
  },
  etaChanges: {
    label: 'ETA changes',
    description: 'When the estimated arrival of a shipment moves.',
  },
  documents: {
    label: 'Documents',
    description: 'Documents requested, verified or rejected for a booking.',
  },
  quoteExpiry: {
    label: 'Quote expiry reminders',
    description: 'A reminder the day before a quote of your company expires.',
  },
  messages: {
    label: 'Messages',
    description:
      'A message from our team about a quote or booking that no one in your company has read for 5 minutes.',
  },
  companyBookings: {
    label: 'All company bookings',
    description: 'Mails about every booking of your company, not only the ones you made.',
  },
}

/** The profile as GET /api/profile answers it. */
export interface Profile {
  esus_name: string
  /** Read-only: the login name. */
  esus_email_id: string
  /** The company's country id; its dialling code is the phone's. */
  esus_mcou: number
  code: string
  esus_phone: string
  esus_address1: string
  esus_company_name: string
  /** Read-only: the company registration number, upper case. */
  esus_regn_no: string
  esus_mcpy: number
}

export interface ProfileResponse {
  profile: Profile
  notifications: NotificationSettings
  /** The session's user as it now stands (what `eshipUser` keeps). */
  user: SessionUser
}

/** PUT /api/profile/notifications */
export interface NotificationSettingsResponse {
  message: string
  notifications: NotificationSettings
}

/** POST /api/profile/password: the new session's token replaces the old one. */
export interface ChangePasswordResponse {
  message: string
  token: string
}
