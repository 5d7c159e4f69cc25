import type { ColumnType, Generated } from 'kysely'
import type { CompanyRole } from '../../../contract/team'
import type { CreatedAt, MaybeTimestamp, Timestamp } from './columns'

/** The customers' accounts: companies, users, the company's team, sessions and the links mailed to users, failed logins. */

export interface CompaniesTable {
  id: number
  name: string
  city: string
  country_code: string
}

export interface CountriesTable {
  mcou_rid: Generated<number>
  mcou_name: string
  mcou_code: string
  mcou_country_dialing_code: string
  eshp_mcpy: Generated<number>
}

export interface UsersTable {
  id: Generated<number>
  esus_name: string
  esus_company_name: string
  esus_regn_no: string
  /** Always lower case (a check constraint enforces it); unique. */
  esus_email_id: string
  /** server/auth/password.ts format: `scrypt$17$8$1$<salt>$<key>`. */
  password_hash: string
  esus_mcou: number
  code: string
  esus_phone: string
  esus_address1: string
  esus_source: string
  esus_mcpy: number
  user_type: ColumnType<string, string | undefined, string>
  activated_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  created_at: CreatedAt
  /** The customer (the user's company) whose quotes and bookings the user sees. */
  customer_id: number
  /** Which mails the user gets (contract/profile.ts NotificationKind); all on unless turned off. */
  notify_milestones: ColumnType<boolean, boolean | undefined, boolean>
  notify_eta_changes: ColumnType<boolean, boolean | undefined, boolean>
  notify_documents: ColumnType<boolean, boolean | undefined, boolean>
  notify_quote_expiry: ColumnType<boolean, boolean | undefined, boolean>
  notify_messages: ColumnType<boolean, boolean | undefined, boolean>
  /** Set by an admin in the customer directory (migration 0024): no session, no login until reactivated. */
  deactivated_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  /** The staff member who deactivated the user. */
  deactivated_by: ColumnType<number | null, number | null | undefined, number | null>
  /** The user's role in their company (migration 0025, contract/team.ts); the first user is its Admin. */
  company_role: ColumnType<CompanyRole, CompanyRole | undefined, CompanyRole>
  /** The company's Admin who deactivated the user (deactivated_by is a staff member's). */
  deactivated_by_user: ColumnType<number | null, number | null | undefined, number | null>
  /** Mails about every booking of the company, not only the user's own (the notification settings). */
  notify_company_bookings: ColumnType<boolean, boolean | undefined, boolean>
}

export interface CustomersTable {
  id: Generated<number>
  name: string
  /** Upper case, as shown. */
  regn_no: string
  country_id: number
  created_at: CreatedAt
  /** Finance's billing details (migration 0028): terms in days (0 prepaid), currency (null: by country), address. */
  payment_terms_days: ColumnType<number, number | undefined, number>
  billing_currency: ColumnType<'SGD' | 'USD' | null, 'SGD' | 'USD' | null | undefined, 'SGD' | 'USD' | null>
  billing_address: ColumnType<string | null, string | null | undefined, string | null>
  /** Credit control (migration 0029): the limit in minor units of the billing currency (null: site.config's default); a billing contact the company's Admin names. */
  credit_limit: ColumnType<number | null, number | null | undefined, number | null>
  billing_contact_email: ColumnType<string | null, string | null | undefined, string | null>
}

/** An Admin's invitation of a colleague (migration 0025, server/team/): a single-use link valid 7 days. */
export interface TeamInvitationsTable {
  id: Generated<number>
  customer_id: number
  /** Lower case: the link is bound to it. */
  email: string
  name: string
  role: CompanyRole
  token_hash: string
  invited_by: number
  created_at: Timestamp
  /** The last time it was sent (a resend sends a new link and ends the earlier one). */
  sent_at: Timestamp
  expires_at: Timestamp
  revoked_at: MaybeTimestamp
  accepted_at: MaybeTimestamp
  /** The user the accepted invitation made. */
  user_id: number | null
}

/** A registration with the number of a company that has an account: a request its Admins decide. */
export interface TeamJoinRequestsTable {
  id: Generated<number>
  customer_id: number
  /** The inactive user the registration made; null once a declined request's user is removed. */
  user_id: number | null
  email: string
  name: string
  created_at: Timestamp
  decided_at: MaybeTimestamp
  decided_by: number | null
  decision: 'approved' | 'declined' | null
  /** The role an approval gave. */
  role: Exclude<CompanyRole, 'admin'> | null
}

export interface SessionsTable {
  id: Generated<number>
  user_id: number
  /** SHA-256 of the bearer token, hex; the token itself is never stored. */
  token_hash: string
  created_at: Timestamp
  last_seen_at: Timestamp
  ended_at: ColumnType<Date | null, Date | null | undefined, Date | null>
}

export interface PasswordResetsTable {
  id: Generated<number>
  user_id: number
  token_hash: string
  created_at: Timestamp
  expires_at: Timestamp
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>
}

/** A link that ends every session of the user (server/auth/session-release.ts). */
export interface SessionReleasesTable {
  id: Generated<number>
  user_id: number
  /** SHA-256 of the emailed token, hex. */
  token_hash: string
  created_at: Timestamp
  expires_at: Timestamp
  /** Set when the link is used, or when a newer link retires it. */
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>
}

export interface ActivationTokensTable {
  id: Generated<number>
  user_id: number
  /** SHA-256 of the emailed token, hex. */
  token_hash: string
  created_at: Timestamp
  expires_at: Timestamp
  /** Set when the link activates the account, or when a newer link or the activation retires it. */
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>
}

/** One failed login (or one being checked): server/auth/login-limits.ts. */
export interface LoginFailuresTable {
  id: Generated<number>
  /** The client address as the limits count it (an IPv6 address by its /64). */
  address: string
  /** The email tried, normalized; null once a password reset lifted the account's count. */
  email: string | null
  at: Timestamp
}

/** When an account's owner was last told that logins to it are paused. */
export interface LoginLockoutNoticesTable {
  email: string
  sent_at: Timestamp
}
