import type { CompanyRole } from './team'
/**
 * Request and response shapes shared by the SPA and the API, with the field names of the
 * product specification (section 3). Plain TypeScript: no framework imports.
 */

/** A country as the API lists it (spec section 3, "Country"). */
export interface Country {
  /** Country id. */
  mcou_rid: number
  mcou_name: string
  /** ISO 3166-1 alpha-2 code, upper case. */
  mcou_code: string
  /** Dialling code with its plus sign, for example "+65". */
  mcou_country_dialing_code: string
  /** Id of the company (branch) that serves the country; Singapore is the default branch. */
  eshp_mcpy: number
}

/** GET /api/countries */
export interface CountriesResponse {
  countries: Country[]
}

/** Every error the API returns has this body and never a stack trace. */
export interface ErrorBody {
  message: string
  /** Field-level validation messages, keyed by the request's field names. */
  errors?: Record<string, string[]>
}

/** The signed-in user as the API returns it and the SPA stores it (`eshipUser`). */
export interface SessionUser {
  esus_name: string
  esus_email_id: string
  esus_company_name: string
  /** Country id. */
  esus_mcou: number
  /** The user's country's two-letter code, for the flag in the top bar. */
  mcou_code: string
  /** The user's role in their company's account (issue 24, contract/team.ts): what the views offer. */
  company_role: CompanyRole
}

/** POST /api/auth/login: body `{ email, password }`. */
export interface LoginResponse {
  message: string
  user_type?: string
  user?: SessionUser
  isLoggedIn?: boolean
  /** Present on success: the bearer token of the new session. */
  token?: string
}

/** Any answer that only carries a message (logout, forgot password, reset, register, contact). */
export interface MessageResponse {
  message: string
}

/** The API's paths, one place for client and server. */
export const apiPaths = {
  countries: '/api/countries',
  openapi: '/api/openapi.json',
  health: '/api/health',
  login: '/api/auth/login',
  logout: '/api/auth/logout',
  authCheck: '/api/auth/check',
  forgotPassword: '/api/auth/forgot-password',
  resetPassword: '/api/auth/reset-password',
  sessionRelease: '/api/auth/session-release',
  sessionReleaseConfirm: '/api/auth/session-release/confirm',
  register: '/api/register',
  activate: '/api/register/activate',
  resendActivation: '/api/register/resend-activation',
  contact: '/api/contact',
  locations: '/api/locations',
} as const

/** How the SPA's API client reports a failed call to the statecharts. */
export interface ApiFailure {
  /** HTTP status, or 0 when no answer came (offline, timeout). */
  status: number
  /** The server's `message`, when its body had one. */
  message?: string
  /** Field-level validation messages (422). */
  errors?: Record<string, string[]>
  /** Seconds to wait, from Retry-After (429). */
  retryAfter?: number
}

/** POST /api/register: the registration payload of spec section 3. */
/** POST /api/contact: the contact enquiry payload of spec section 3. */
export type { ContactPayload, RegistrationPayload } from './rules'

/** A port (UN/LOCODE) or airport (IATA code), as the type-ahead of the quote form finds it. */
export interface Place {
  code: string
  kind: 'port' | 'airport'
  name: string
  city: string
  /** ISO 3166-1 alpha-2. */
  country_code: string
  country_name: string
  /** IANA time zone, or null when the data package has none. */
  time_zone: string | null
}

/** A place the type-ahead found; `instant`: a rate sheet of the mode searched serves it today. */
export type PlaceHit = Place & { instant: boolean }

/** GET /api/locations?q=&mode= */
export interface PlacesResponse {
  locations: PlaceHit[]
}
