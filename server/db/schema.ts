import type { ColumnType, Generated, Selectable } from 'kysely'
import type { RouteLeg } from '../../contract/bookings'
import type { KeyScope, StaffRole } from '../../contract/permissions'
import type {
  FxRates,
  QuotePrice,
  QuoteRequest,
  RateLane,
  ServiceSelection,
  ServiceTariff,
} from '../../contract/pricing/types'
import type { DeskState } from '../../contract/quote-desk'
import type { CompanyRole } from '../../contract/team'

/** A timestamptz column: a Date when read; written as a Date. */
type Timestamp = ColumnType<Date, Date, Date>
/** A timestamptz column the database fills in unless told. */
type CreatedAt = ColumnType<Date, Date | undefined, Date>
/** A timestamptz column that may be empty and is empty unless told. */
type MaybeTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>

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

export interface CountersTable {
  name: string
  year: number
  value: number
}

/** A JSON column: read as T, written as its JSON text. */
type Json<T> = ColumnType<T, string, string>

export interface QuotesTable {
  id: Generated<number>
  number: string
  customer_id: number
  user_id: number
  kind: 'priced' | 'requested'
  mode: 'FCL' | 'LCL' | 'AIR'
  origin: string
  destination: string
  request: Json<QuoteRequest>
  services: Json<ServiceSelection>
  chosen_option_id: number | null
  first_lcl_eligible: boolean
  fx: Json<FxRates>
  service_tariffs: Json<{
    origin: ServiceTariff
    destination: ServiceTariff
  }>
  valid_to: DateColumn | null
  requoted_from: number | null
  notes: string | null
  created_at: Timestamp
  /** When the expiry reminder of the quote was claimed (server/jobs/quote-reminders.ts); sent once. */
  expiry_reminded_at: MaybeTimestamp
}

export interface QuoteOptionsTable {
  id: Generated<number>
  quote_id: number
  lane: Json<RateLane>
  carrier: string
  transit_days: number
  valid_to: DateColumn
  total_usd: number
}

export interface BookingsTable {
  id: Generated<number>
  number: string
  customer_id: number
  user_id: number
  quote_id: number
  option_id: number
  mode: 'FCL' | 'LCL' | 'AIR'
  status: string
  details: Json<Record<string, unknown>>
  price: Json<QuotePrice>
  total_usd: number
  created_at: Timestamp
  hbl: ColumnType<string | null, string | null | undefined, string | null>
  carrier: ColumnType<string, string | undefined, string>
  origin: ColumnType<string, string | undefined, string>
  destination: ColumnType<string, string | undefined, string>
  legs: ColumnType<RouteLeg[], string | undefined, string>
  etd: MaybeTimestamp
  eta: MaybeTimestamp
  original_eta: MaybeTimestamp
  notified_eta: MaybeTimestamp
  status_reason: ColumnType<string | null, string | null | undefined, string | null>
  held_from: ColumnType<string | null, string | null | undefined, string | null>
  confirmed_at: MaybeTimestamp
  updated_at: MaybeTimestamp
  /** The operations desk (migration 0023): the carrier's booking reference, container numbers, cut-offs. */
  carrier_booking_ref: ColumnType<string | null, string | null | undefined, string | null>
  containers: ColumnType<string[], string[] | undefined, string[]>
  cargo_cutoff: MaybeTimestamp
  documents_cutoff: MaybeTimestamp
  vgm_cutoff: MaybeTimestamp
  /** When an event moved the ETA away from original_eta (null while it is back at it): the ETA queue. */
  eta_moved_at: MaybeTimestamp
  /** When the booking was put on hold (null when not held): the hold queue. */
  held_at: MaybeTimestamp
  /** Its oldest upload not reviewed yet, and how many (kept by a trigger of booking_documents): the documents queue. */
  documents_pending_since: MaybeTimestamp
  documents_to_review: ColumnType<number, number | undefined, number>
}

/** A DCSA Track & Trace event of a booking (contract/bookings.ts TrackingEvent, in columns). */
export interface TrackingEventsTable {
  id: Generated<number>
  event_id: string
  booking_id: number
  event_type: 'SHIPMENT' | 'TRANSPORT' | 'EQUIPMENT'
  classifier: 'PLN' | 'EST' | 'ACT'
  code: string
  event_date_time: Timestamp
  event_created_date_time: Timestamp
  location: string
  vessel_name: string | null
  vessel_imo: string | null
  voyage: string | null
  flight: string | null
  equipment_reference: string | null
  empty_indicator: string | null
  reason: string | null
  received_at: Timestamp
  /** Who posted it (migration 0023): `staff:<name>`, `key:<name>`, `ops-key`, or null for the server itself. */
  posted_by: ColumnType<string | null, string | null | undefined, string | null>
}

/** A file a customer uploaded to a booking's document checklist; its bytes are in storage under `storage_key`. */
export interface BookingDocumentsTable {
  /** A uuid: the file's id in URLs. */
  id: string
  booking_id: number
  customer_id: number
  kind:
    | 'commercial_invoice'
    | 'packing_list'
    | 'safety_data_sheet'
    | 'dg_declaration'
    | 'certificate_of_origin'
  /** The name as given, cleaned for display (contract/documents.ts displayFileName); never a path. */
  name: string
  size: number
  /** As sniffed from the content, not as the browser said. */
  content_type: string
  /** A random uuid, never derived from the name. */
  storage_key: string
  status: ColumnType<'Uploaded' | 'Accepted' | 'Rejected', 'Uploaded' | 'Accepted' | 'Rejected' | undefined>
  reason: ColumnType<string | null, string | null | undefined, string | null>
  uploaded_by: number
  uploaded_at: Timestamp
  reviewed_at: MaybeTimestamp
}

/** The default document storage: each file's bytes in numbered chunks. */
export interface DocumentBlobsTable {
  key: string
  chunk_no: number
  data: Uint8Array
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

export interface EnquiriesTable {
  id: Generated<number>
  /** As the visitor typed it (trimmed); unique case-insensitively (index on lower(mail)). */
  mail: string
  name: string
  company: string
  code: string
  phone: string
  source: string
  mode: string
  message: string
  created_at: CreatedAt
}

export interface RateLimitsTable {
  key: string
  window_start: Timestamp
  count: number
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

/** A mail's delivery: `pending` waits for an attempt, `sending` is claimed by a worker, then `sent` or `failed`. */
export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed'

export interface OutboxTable {
  id: Generated<number>
  to: string
  subject: string
  text: string
  html: string
  reply_to: ColumnType<string | null, string | null | undefined, string | null>
  created_at: CreatedAt
  status: ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>
  /** Attempts started; also the fence of a claim (a worker records its outcome only for its own attempt). */
  attempts: ColumnType<number, number | undefined, number>
  next_attempt_at: CreatedAt
  /** While `sending`: when the claim lapses and another worker may try again (its process stopped). */
  claimed_until: MaybeTimestamp
  last_error: ColumnType<string | null, string | null | undefined, string | null>
  sent_at: MaybeTimestamp
  failed_at: MaybeTimestamp
}

export interface LocationsTable {
  code: string
  kind: 'port' | 'airport'
  name: string
  city: string
  country_code: string
  country_name: string
  latitude: number | null
  longitude: number | null
  time_zone: string | null
  search: string
  rank: ColumnType<number, number | undefined, number>
}

/** A `date` column: an ISO `YYYY-MM-DD` string both ways (server/db/client.ts sets the parsers). */
type DateColumn = string

export interface RateLanesTable {
  id: Generated<number>
  mode: 'FCL' | 'LCL' | 'AIR'
  origin: string
  destination: string
  carrier: string
  service: string
  transit_days: number
  /** ISO weekdays the service departs (migration 0015); empty: no published schedule. */
  departure_days: ColumnType<number[], number[] | undefined, number[]>
  cargo_cutoff_days: ColumnType<number, number | undefined, number>
  doc_cutoff_days: ColumnType<number, number | undefined, number>
  /** Free days at destination; null: the sheet does not say. */
  free_days: ColumnType<number | null, number | null | undefined, number | null>
  valid_from: DateColumn
  valid_to: DateColumn
  currency: string
  refused_dg_classes: ColumnType<string[], string[] | undefined, string[]>
  source: ColumnType<'seed' | 'import', 'seed' | 'import' | undefined, 'seed' | 'import'>
  created_at: CreatedAt
}

export interface RateChargesTable {
  id: Generated<number>
  lane_id: number
  position: number
  code: string
  name: string
  side: 'origin' | 'freight' | 'destination'
  basis: 'container' | 'wm' | 'kg' | 'shipment' | 'percent'
  currency: string
  amount: number
  container_type: string | null
  /** Minor units per kg by weight break ('-45', '+45', ...), for `kg` lines. */
  breaks: ColumnType<Record<string, number> | null, string | null, string | null>
  minimum: number
  hazardous_only: boolean
}

export interface ServiceTariffsTable {
  country_code: string
  currency: string
  export_customs_fee: number
  import_customs_fee: number
  insurance_rate_bps: number
  insurance_minimum: number
  trucking: ColumnType<
    Record<string, { perContainer: number; perShipment: number; per100Kg: number }>,
    string,
    string
  >
}

export interface FxRatesTable {
  currency: string
  per_usd_micro: number
  as_of: DateColumn
}

export interface Database {
  companies: CompaniesTable
  countries: CountriesTable
  users: UsersTable
  sessions: SessionsTable
  password_resets: PasswordResetsTable
  session_releases: SessionReleasesTable
  activation_tokens: ActivationTokensTable
  enquiries: EnquiriesTable
  rate_limits: RateLimitsTable
  login_failures: LoginFailuresTable
  login_lockout_notices: LoginLockoutNoticesTable
  outbox: OutboxTable
  locations: LocationsTable
  rate_lanes: RateLanesTable
  rate_charges: RateChargesTable
  service_tariffs: ServiceTariffsTable
  fx_rates: FxRatesTable
  customers: CustomersTable
  counters: CountersTable
  quotes: QuotesTable
  quote_options: QuoteOptionsTable
  bookings: BookingsTable
  tracking_events: TrackingEventsTable
  booking_documents: BookingDocumentsTable
  document_blobs: DocumentBlobsTable
  parties: PartiesTable
  document_requests: DocumentRequestsTable
  staff_members: StaffMembersTable
  staff_recovery_codes: StaffRecoveryCodesTable
  staff_challenges: StaffChallengesTable
  staff_password_links: StaffPasswordLinksTable
  staff_sessions: StaffSessionsTable
  quote_desk: QuoteDeskTable
  quote_offers: QuoteOffersTable
  audit_events: AuditEventsTable
  conversation_messages: ConversationMessagesTable
  conversation_reads: ConversationReadsTable
  conversation_mail_notices: ConversationMailNoticesTable
  integration_keys: IntegrationKeysTable
  team_invitations: TeamInvitationsTable
  team_join_requests: TeamJoinRequestsTable
}

export type CompanyRow = Selectable<CompaniesTable>
export type CountryRow = Selectable<CountriesTable>
export type UserRow = Selectable<UsersTable>
export type SessionRow = Selectable<SessionsTable>
export type OutboxRow = Selectable<OutboxTable>
export type LocationRow = Selectable<LocationsTable>
export type RateLaneRow = Selectable<RateLanesTable>
export type RateChargeRow = Selectable<RateChargesTable>
export type ActivationTokenRow = Selectable<ActivationTokensTable>
export type EnquiryRow = Selectable<EnquiriesTable>
export type BookingDocumentRow = Selectable<BookingDocumentsTable>
export type BookingRow = Selectable<BookingsTable>

/** The company's address book (migration 0016, server/parties/): a party it reuses on bookings. */
export interface PartiesTable {
  id: Generated<number>
  customer_id: number
  name: string
  address: string
  contact: string | null
  /** Name and address normalised (contract/parties.ts partyKey): unique per company. */
  match_key: string
  as_shipper: ColumnType<boolean, boolean | undefined, boolean>
  as_consignee: ColumnType<boolean, boolean | undefined, boolean>
  as_notify: ColumnType<boolean, boolean | undefined, boolean>
  used_at: MaybeTimestamp
  created_at: CreatedAt
  updated_at: CreatedAt
}
export type PartyRow = Selectable<PartiesTable>

/** A document the operations team asked for (migration 0017): one per booking and kind, the newest kept. */
export interface DocumentRequestsTable {
  booking_id: number
  kind: BookingDocumentsTable['kind']
  /** YYYY-MM-DD (Singapore): the item is due on it, overdue after it. */
  due_date: DateColumn
  note: string | null
  requested_at: CreatedAt
}
export type DocumentRequestRow = Selectable<DocumentRequestsTable>

/** The forwarder's staff (migration 0018, server/staff/). */
export interface StaffMembersTable {
  id: Generated<number>
  /** Lower-cased, unique. */
  email: string
  name: string
  roles: ColumnType<StaffRole[], StaffRole[], StaffRole[]>
  password_hash: string | null
  totp_secret: string | null
  /** Bigint: the driver gives a string, or a number through PGlite. */
  totp_last_step: ColumnType<string | number | null, number | null, number | null>
  deactivated_at: MaybeTimestamp
  created_at: Timestamp
}

export interface StaffRecoveryCodesTable {
  id: Generated<number>
  staff_id: number
  /** SHA-256 of the code, hex. */
  code_hash: string
  created_at: Timestamp
  used_at: MaybeTimestamp
}

export interface StaffChallengesTable {
  id: Generated<number>
  staff_id: number
  token_hash: string
  /** During enrolment: the secret the QR code showed, kept until the first code confirms it. */
  pending_secret: string | null
  failures: Generated<number>
  created_at: Timestamp
  expires_at: Timestamp
  used_at: MaybeTimestamp
}

export interface StaffPasswordLinksTable {
  id: Generated<number>
  staff_id: number
  token_hash: string
  created_at: Timestamp
  expires_at: Timestamp
  used_at: MaybeTimestamp
}

export interface StaffSessionsTable {
  id: Generated<number>
  staff_id: number
  token_hash: string
  created_at: Timestamp
  last_seen_at: Timestamp
  ended_at: ColumnType<Date | null, Date | null | undefined, Date | null>
}

/** Where a quote request stands on the sales desk (migration 0021, server/sales/). */
export interface QuoteDeskTable {
  quote_id: number
  state: DeskState
  assigned_staff_id: number | null
  assigned_at: MaybeTimestamp
  answered_at: MaybeTimestamp
  decline_reason: string | null
  updated_at: Timestamp
}

/** An offer sent for a quote request; every version is kept. */
export interface QuoteOffersTable {
  id: Generated<number>
  quote_id: number
  version: number
  option_id: number | null
  lane: Json<RateLane>
  total_usd: ColumnType<string | number, number, number>
  note: string
  staff_id: number
  sent_at: Timestamp
  superseded_at: MaybeTimestamp
}

/** The append-only audit trail (migration 0019, server/audit/audit.ts): the database refuses UPDATE, DELETE, TRUNCATE. */
export interface AuditEventsTable {
  id: ColumnType<string, never, never>
  at: Timestamp
  actor_kind: 'customer' | 'staff' | 'key' | 'system'
  actor_user_id: number | null
  actor_customer_id: number | null
  actor_staff_id: number | null
  actor_role: string | null
  actor_label: string
  /** The integration key that acted (migration 0022); null for any other actor and for OPS_API_KEY. */
  actor_key_id: ColumnType<number | null, number | null | undefined, never>
  action: string
  record_type: string
  record_id: string
  customer_id: number | null
  changes: ColumnType<Record<string, { before: unknown; after: unknown }> | null, string | null, never>
  client_address: string | null
}

/** Conversations of a quote or a booking (migration 0020, server/conversations/). */
export interface ConversationMessagesTable {
  /** Bigint: the event id of the streams (server/events/hub.ts). */
  id: ColumnType<number, never, never>
  customer_id: number
  subject_type: 'quote' | 'booking'
  subject_id: number
  author_kind: 'customer' | 'staff'
  author_user_id: number | null
  author_staff_id: number | null
  body: string
  created_at: CreatedAt
}

/** Each reader's mark in a conversation: the last message they have read. */
export interface ConversationReadsTable {
  reader_kind: 'customer' | 'staff'
  reader_id: number
  customer_id: number
  subject_type: 'quote' | 'booking'
  subject_id: number
  last_read_message_id: number
  read_at: CreatedAt
}

/** The 5-minute unread mail of a message, claimed once (server/jobs/conversation-mails.ts). */
export interface ConversationMailNoticesTable {
  message_id: number
  claimed_at: Timestamp
  mailed: boolean
}

/** Named integration keys (migration 0022, server/keys/): never the secret, only its SHA-256 and its prefix. */
export interface IntegrationKeysTable {
  id: Generated<number>
  name: string
  scopes: ColumnType<KeyScope[], KeyScope[], KeyScope[]>
  /** SHA-256 of the secret, hex (char(64), unique). */
  secret_hash: string
  /** `esk_` and the secret's next 8 characters: not secret. */
  prefix: string
  created_by: number
  created_at: Timestamp
  last_used_at: MaybeTimestamp
  revoked_at: MaybeTimestamp
  revoked_by: number | null
}
