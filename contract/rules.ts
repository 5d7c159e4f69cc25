/**
 * Validation rules of spec section 5 with their exact messages, one source for the SPA and the API.
 * Spelling and punctuation are the specification's and are compared by clients.
 */
import { z } from 'zod'
import { positiveId, safeString } from './text'

// In the browser the page's CSP is `script-src 'self'`, without 'unsafe-eval': zod must not try `new Function`
// (its JIT probe), which Chromium reports as a CSP violation in its Issues panel (Lighthouse Best Practices).
if (typeof document !== 'undefined') z.config({ jitless: true })

export const limits = {
  nameMax: 100,
  passwordMin: 8,
  passwordMax: 100,
  phoneMin: 7,
  phoneMax: 10,
  addressMin: 10,
  /** Not in the spec: bounds that keep the API safe, enforced in the inputs too so users never meet them. */
  emailMax: 254,
  addressMax: 500,
  /** The dialling code's column is varchar(8). */
  codeMax: 8,
  /** Tokens of emailed links are 43 characters; anything longer is not one. */
  tokenMax: 256,
  contactPhoneMax: 15,
  contactMessageMax: 2000,
} as const

export const ruleMessages = {
  nameRequired: '*Name is Required.',
  max100: 'Maximum 100 Characters are allowed.',
  companyRequired: '*Company Name is Required.',
  companyNumberRequired: '*Company Number is Required.',
  emailRequired: '*Email is Required.',
  registerEmailInvalid: 'Invalid Email Format. Please enter a valid Email.',
  emailInvalid: 'Invalid Email Format.',
  passwordRequired: '*Password is required.',
  passwordMin: 'Password should be minimum 8 characters.',
  passwordMax: 'Password should not exceed 100 characters.',
  passwordStrength:
    'Password must contain at least 1 uppercase character, 1 numeric character and 1 special character.',
  passwordsDiffer: 'Passwords do not match.',
  countryRequired: '*Country is required.',
  codeRequired: '*Country code is required.',
  phoneRequired: '*Phone Number is required.',
  phoneMin: 'Minimum 7 digits is required.',
  addressRequired: '*Address is required',
  addressMin: 'Address must be minimum of 10 characters.',
  sourceRequired: '*Source is required',
  consentRequired: '*This Field is required',
  contactEmailInvalid: 'Please enter a valid Email ID',
  contactIncomplete: 'Please Fill all the Fields to Enquire',
  /** Not in the spec: what the API says to input the browser's inputs cannot produce. */
  confirmRequired: '*Confirm Password is required.',
  phoneMax: 'Maximum 10 digits are allowed.',
  digitsOnly: 'Only digits are allowed.',
  tooLong: 'This field is too long.',
} as const

/** "local part, at sign, domain, dot, suffix" (registration, login, forgot password). */
export const basicEmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
/** Contact enquiry: letters, digits and ._%+- before the at sign, a domain, a suffix of 2 or more letters. */
export const contactEmailPattern = /^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$/
export const digitsPattern = /^\d+$/

export const registrationSources = [
  'Google Ads',
  'Social Media',
  'Refferal',
  'Blogs / Publications',
  'Others',
] as const
export const contactSources = [
  'Google Ads',
  'Search Engine',
  'Social Media',
  'Refferal',
  'Email',
  'Blogs / Publications',
  'Others',
] as const
export const contactModes = ['LCL', 'FCL', 'AIR'] as const

export type RegistrationSource = (typeof registrationSources)[number]
export type ContactSource = (typeof contactSources)[number]
export type ContactMode = (typeof contactModes)[number]

const required = (message: string) => safeString({ error: message }).trim().min(1, message)

const password = safeString({ error: ruleMessages.passwordRequired })
  .min(1, ruleMessages.passwordRequired)
  .min(limits.passwordMin, ruleMessages.passwordMin)
  .max(limits.passwordMax, ruleMessages.passwordMax)
  .refine(
    (value) => value === '' || (/[A-Z]/.test(value) && /\d/.test(value) && /[^A-Za-z0-9]/.test(value)),
    {
      error: ruleMessages.passwordStrength,
    },
  )

/** A new password and its confirmation, as registration and password reset ask for them. */
export const newPasswordFields = {
  esus_password: password,
  password_confirmation: safeString({ error: ruleMessages.confirmRequired })
    .min(1, ruleMessages.confirmRequired)
    .max(limits.passwordMax, ruleMessages.passwordMax),
}

export const passwordsMatch = (value: { esus_password: string; password_confirmation: string }) =>
  value.password_confirmation === '' || value.esus_password === value.password_confirmation

/** Compare the two passwords whenever both are strings, even while other fields are still invalid. */
export const matchRule = {
  error: ruleMessages.passwordsDiffer,
  path: ['password_confirmation'],
  when: (payload: { value: unknown }) => {
    const value = payload.value as Record<string, unknown> | undefined
    return typeof value?.esus_password === 'string' && typeof value.password_confirmation === 'string'
  },
}

/** A country id (its column is an integer), and the id of the company serving it. */
export const countryId = positiveId(ruleMessages.countryRequired)

/**
 * The account's fields that registration and My Profile both edit, with the same rules and messages: the
 * user's name, the company's name, its country (and the branch serving it), the dialling code, phone and
 * address.
 */
export const accountFields = {
  esus_name: required(ruleMessages.nameRequired).max(limits.nameMax, ruleMessages.max100),
  esus_company_name: required(ruleMessages.companyRequired).max(limits.nameMax, ruleMessages.max100),
  esus_mcou: countryId,
  code: required(ruleMessages.codeRequired).max(limits.codeMax, ruleMessages.tooLong),
  esus_phone: required(ruleMessages.phoneRequired)
    .regex(digitsPattern, ruleMessages.digitsOnly)
    .min(limits.phoneMin, ruleMessages.phoneMin)
    .max(limits.phoneMax, ruleMessages.phoneMax),
  esus_address1: required(ruleMessages.addressRequired)
    .min(limits.addressMin, ruleMessages.addressMin)
    .max(limits.addressMax, ruleMessages.tooLong),
  esus_mcpy: countryId,
}

export const registrationSchema = z
  .object({
    esus_name: accountFields.esus_name,
    esus_company_name: accountFields.esus_company_name,
    esus_regn_no: required(ruleMessages.companyNumberRequired)
      .max(limits.nameMax, ruleMessages.max100)
      .transform((value) => value.toUpperCase()),
    esus_email_id: required(ruleMessages.emailRequired)
      .max(limits.emailMax, ruleMessages.tooLong)
      .regex(basicEmailPattern, ruleMessages.registerEmailInvalid),
    ...newPasswordFields,
    esus_mcou: accountFields.esus_mcou,
    code: accountFields.code,
    esus_phone: accountFields.esus_phone,
    esus_address1: accountFields.esus_address1,
    esus_source: z.enum(registrationSources, { error: ruleMessages.sourceRequired }),
    check: z.literal(true, { error: ruleMessages.consentRequired }),
    esus_mcpy: accountFields.esus_mcpy,
  })
  .refine(passwordsMatch, matchRule)

export const loginSchema = z.object({
  email: required(ruleMessages.emailRequired)
    .max(limits.emailMax, ruleMessages.tooLong)
    .regex(basicEmailPattern, ruleMessages.emailInvalid),
  password: safeString({ error: ruleMessages.passwordRequired })
    .min(1, ruleMessages.passwordRequired)
    .max(limits.passwordMax, ruleMessages.passwordMax),
})

export const forgotPasswordSchema = loginSchema.pick({ email: true })

export const resetPasswordSchema = z
  .object({ token: safeString().min(1).max(limits.tokenMax), ...newPasswordFields })
  .refine(passwordsMatch, matchRule)

/**
 * Asking for a link that ends the session live elsewhere (the one-session rule's way out): the account's
 * email and password, as a login, so only its owner can have the mail sent.
 */
export const sessionReleaseRequestSchema = loginSchema

/** Following that link: its token. */
export const sessionReleaseSchema = z.object({ token: safeString().min(1).max(limits.tokenMax) })

const contactRequired = required(ruleMessages.contactIncomplete)

export const contactSchema = z.object({
  mail: contactRequired
    .max(limits.emailMax, ruleMessages.tooLong)
    .regex(contactEmailPattern, ruleMessages.contactEmailInvalid),
  name: contactRequired.max(limits.nameMax, ruleMessages.max100),
  company: contactRequired.max(limits.nameMax, ruleMessages.max100),
  code: contactRequired.max(limits.codeMax, ruleMessages.tooLong),
  phone: contactRequired
    .regex(digitsPattern, ruleMessages.digitsOnly)
    .max(limits.contactPhoneMax, ruleMessages.tooLong),
  source: z.enum(contactSources, { error: ruleMessages.contactIncomplete }),
  mode: z.enum(contactModes, { error: ruleMessages.contactIncomplete }),
  message: contactRequired.max(limits.contactMessageMax, ruleMessages.tooLong),
})

export type RegistrationInput = z.input<typeof registrationSchema>
export type RegistrationPayload = z.output<typeof registrationSchema>
export type LoginPayload = z.output<typeof loginSchema>
export type ForgotPasswordPayload = z.output<typeof forgotPasswordSchema>
export type ResetPasswordPayload = z.output<typeof resetPasswordSchema>
export type SessionReleasePayload = z.output<typeof sessionReleaseSchema>
export type ContactPayload = z.output<typeof contactSchema>

/** The rules of a form, as its chart takes them (machines/ import no validation library of their own). */
export type FormRules = z.ZodType

/** Field name to its messages, first failure first; empty when the value is valid. */
export type FieldErrors<Field extends string = string> = Partial<Record<Field, string[]>>

/** Validates `value` and returns every field's messages in rule order (required before the rest). */
export function fieldErrors<Schema extends z.ZodType>(schema: Schema, value: unknown): FieldErrors {
  const result = schema.safeParse(value)
  if (result.success) return {}
  const errors: FieldErrors = {}
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '')
    const list = errors[field] ?? []
    if (!list.includes(issue.message)) list.push(issue.message)
    errors[field] = list
  }
  return errors
}

/** The first message of each field, as a form shows it under the field. */
export function firstErrors(errors: FieldErrors): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).flatMap(([field, list]) => (list?.[0] ? [[field, list[0]] as const] : [])),
  )
}

/**
 * The one toast a contact enquiry shows when it is invalid (spec section 5): the email message when a
 * typed email fails the pattern, otherwise the fill-all-fields message. An empty email is "not filled".
 */
export function contactToastMessage(value: unknown): string | undefined {
  const errors = fieldErrors(contactSchema, value)
  if (Object.keys(errors).length === 0) return undefined
  return errors.mail?.includes(ruleMessages.contactEmailInvalid) &&
    !errors.mail.includes(ruleMessages.contactIncomplete)
    ? ruleMessages.contactEmailInvalid
    : ruleMessages.contactIncomplete
}
