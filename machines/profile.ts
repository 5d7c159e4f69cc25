/**
 * My Profile's values, context and events, and the pure helpers its chart (profile.machine.ts) uses: the
 * empty forms, a profile's editable values, and the server's field errors of a 422 and where they show.
 */
import type { NotificationKind, NotificationSettings, Profile, ProfileResponse } from '../contract/profile'
import type { FieldErrors } from '../contract/rules'
import type { ApiFailure, Country } from '../contract/wire'
import type { FieldChange, FormContext } from './form'

export interface ProfileValues {
  esus_name: string
  esus_company_name: string
  esus_mcou: number | null
  code: string
  esus_phone: string
  esus_address1: string
  esus_mcpy: number | null
}

export interface PasswordValues {
  current_password: string
  esus_password: string
  password_confirmation: string
}

export interface ProfileContext extends FormContext<ProfileValues> {
  /** What the server holds: Discard changes returns to it. */
  saved: ProfileValues
  /** Shown, never edited: the login name and the company registration number. */
  readOnly: { esus_email_id: string; esus_regn_no: string }
  countries: Country[]
  password: FormContext<PasswordValues>
  /** The switches as shown (a toggle shows at once and is saved). */
  notifications: NotificationSettings
  /** The switches as the server last confirmed them: a failed save returns to these. */
  savedNotifications: NotificationSettings
  /** The error dialog's message while it is open. */
  dialogMessage: string | null
  /** The toast's message while it shows. */
  toast: string | null
}

export interface ProfileLoaded {
  profile: ProfileResponse
  countries: Country[]
}

export type ProfileEvent =
  | FieldChange<ProfileValues>
  | { type: 'field.blurred'; field: keyof ProfileValues }
  | { type: 'country.chosen'; countryId: number | null }
  | { type: 'user.save' }
  | { type: 'user.discard' }
  | FieldChangeOf<PasswordValues, 'password.changed'>
  | { type: 'password.blurred'; field: keyof PasswordValues }
  | { type: 'password.submit' }
  | { type: 'notification.toggled'; kind: NotificationKind; value: boolean }
  | { type: 'user.retry' }
  | { type: 'dialog.acknowledged' }
  | { type: 'toast.dismissed' }

type FieldChangeOf<Values, Type extends string> = {
  [Field in keyof Values & string]: { type: Type; field: Field; value: Values[Field] }
}[keyof Values & string]

export const emptyProfile: ProfileValues = {
  esus_name: '',
  esus_company_name: '',
  esus_mcou: null,
  code: '',
  esus_phone: '',
  esus_address1: '',
  esus_mcpy: null,
}

export const emptyPassword: PasswordValues = {
  current_password: '',
  esus_password: '',
  password_confirmation: '',
}

export function valuesOf(profile: Profile): ProfileValues {
  return {
    esus_name: profile.esus_name,
    esus_company_name: profile.esus_company_name,
    esus_mcou: profile.esus_mcou,
    code: profile.code,
    esus_phone: profile.esus_phone,
    esus_address1: profile.esus_address1,
    esus_mcpy: profile.esus_mcpy,
  }
}

export const serverErrors = (error: unknown): FieldErrors | undefined => {
  const failure = error as Partial<ApiFailure> | undefined
  return failure?.status === 422 && failure.errors && Object.keys(failure.errors).length > 0
    ? failure.errors
    : undefined
}

/** Fields of `errors` shown at once (a server's verdict is shown whether or not the field was left). */
export const showing = <Values>(shown: FormContext<Values>['shown'], errors: FieldErrors) => ({
  ...shown,
  ...Object.fromEntries(Object.keys(errors).map((field) => [field, true as const])),
})
