/**
 * The forwarder's staff (issue 22): the sign-in with its second factor, the team, and what the API says.
 * One source for the console's forms and the API's schemas.
 */
import { z } from 'zod'
import { type StaffRole, staffRoles } from './permissions'
import { basicEmailPattern, limits, loginSchema, newPasswordFields, ruleMessages } from './rules'
import { safeString } from './text'

export const staffMessages = {
  signedIn: 'Signed in.',
  signedOut: 'Signed out.',
  invalidCredentials: 'Wrong email or password.',
  passwordNotSet: 'This account has no password yet: use the link in your invitation mail.',
  codeRequired: 'Enter the 6-digit code from your authenticator app.',
  codeInvalid: 'That code is not right. Check the time on your phone and try the newest code.',
  recoveryInvalid: 'That recovery code is not right or was already used.',
  recoveryRequired: 'Enter one of your recovery codes.',
  challengeExpired: 'Your sign-in took too long. Enter your email and password again.',
  linkInvalid: 'This link is not valid or has expired. Ask an admin for a new one.',
  passwordSet: 'Your password is set. Sign in with it.',
  invited: 'Invitation sent.',
  saved: 'Saved.',
  deactivated: 'Deactivated: their sessions have ended.',
  emailTaken: 'A staff member with this email already exists.',
  rolesRequired: 'Choose at least one role.',
  notFound: 'Staff member not found.',
  lastAdmin: 'The last active admin cannot lose the admin role or be deactivated.',
  notYourself: 'You cannot deactivate yourself.',
} as const

/** A one-time code of an authenticator app (RFC 6238, 6 digits, 30 seconds); spaces are forgiven. */
export const totpCodeSchema = safeString({ error: staffMessages.codeRequired })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, staffMessages.codeRequired))

/** A recovery code as printed ("ab12c-3de45"): ten letters or digits, a dash and spaces forgiven. */
export const recoveryCodeSchema = safeString({ error: staffMessages.recoveryRequired })
  .transform((value) => value.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, staffMessages.recoveryInvalid))

export const staffLoginSchema = loginSchema

const challenge = safeString().min(1).max(limits.tokenMax)

/** The second step: the challenge of the first and either a code or a recovery code. */
export const staffCodeSchema = z.union([
  z.object({ challenge, code: totpCodeSchema }),
  z.object({ challenge, recoveryCode: recoveryCodeSchema }),
])

export const staffSetPasswordSchema = z.object({
  token: safeString().min(1).max(limits.tokenMax),
  ...newPasswordFields,
})

const staffEmail = safeString({ error: ruleMessages.emailRequired })
  .trim()
  .min(1, ruleMessages.emailRequired)
  .max(limits.emailMax, ruleMessages.tooLong)
  .regex(basicEmailPattern, ruleMessages.emailInvalid)

const staffName = safeString({ error: ruleMessages.nameRequired })
  .trim()
  .min(1, ruleMessages.nameRequired)
  .max(limits.nameMax, ruleMessages.max100)

export const staffRolesSchema = z
  .array(z.enum(staffRoles, { error: staffMessages.rolesRequired }))
  .min(1, staffMessages.rolesRequired)
  .max(staffRoles.length)
  .transform((roles) => [...new Set(roles)])

export const addStaffSchema = z.object({ email: staffEmail, name: staffName, roles: staffRolesSchema })
export const updateStaffSchema = z
  .object({ name: staffName.optional(), roles: staffRolesSchema.optional() })
  .refine((value) => value.name !== undefined || value.roles !== undefined, {
    error: 'Give a name or roles to change.',
  })

/** A staff member as the console and the API show them. */
export interface StaffMember {
  id: number
  email: string
  name: string
  roles: StaffRole[]
  /** Whether they have set a password and enrolled their authenticator. */
  enrolled: boolean
  active: boolean
}

/** The signed-in staff member. */
export type StaffUser = Pick<StaffMember, 'id' | 'email' | 'name' | 'roles'>

/** What the first step (email and password) answers: the second step to take. */
export type StaffLoginStep =
  | { step: 'code'; challenge: string }
  | {
      step: 'enrol'
      challenge: string
      /** The secret to type in by hand, base32, grouped by four. */
      secret: string
      /** otpauth:// URI of the secret: what the QR code holds. */
      uri: string
      /** The QR code of `uri`, an SVG document. */
      qrSvg: string
    }

/** What the second step answers: the session, and after enrolment the recovery codes (shown once). */
export interface StaffSignedIn {
  message: string
  token: string
  staff: StaffUser
  recoveryCodes?: string[]
}

/** The staff API's paths (the console's client and the tests read them here). */
export const staffApiPaths = {
  login: '/api/staff/auth/login',
  verify: '/api/staff/auth/verify',
  logout: '/api/staff/auth/logout',
  check: '/api/staff/auth/check',
  setPassword: '/api/staff/auth/set-password',
  team: '/api/staff/team',
  member: (id: number) => `/api/staff/team/${id}`,
  deactivate: (id: number) => `/api/staff/team/${id}/deactivate`,
  invite: (id: number) => `/api/staff/team/${id}/invite`,
} as const
