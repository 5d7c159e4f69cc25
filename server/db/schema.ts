import type { Selectable } from 'kysely'
import type {
  ActivationTokensTable,
  CompaniesTable,
  CountriesTable,
  CustomersTable,
  LoginFailuresTable,
  LoginLockoutNoticesTable,
  PasswordResetsTable,
  SessionReleasesTable,
  SessionsTable,
  TeamInvitationsTable,
  TeamJoinRequestsTable,
  UsersTable,
} from './schema/accounts'
import type {
  BookingDocumentsTable,
  BookingsTable,
  DocumentBlobsTable,
  DocumentRequestsTable,
  PartiesTable,
  TrackingEventsTable,
} from './schema/bookings'
import type { BookingEmissionsTable, EmissionFactorVersionsTable } from './schema/emissions'
import type {
  BankStatementLinesTable,
  BankStatementsTable,
  BookingChargesTable,
  InvoiceLinesTable,
  InvoiceRemindersTable,
  InvoicesTable,
  PaymentAllocationsTable,
  PaymentRefundsTable,
  PaymentsTable,
} from './schema/finance'
import type { QuoteDeskTable, QuoteOffersTable, QuoteOptionsTable, QuotesTable } from './schema/quotes'
import type {
  FxRatesTable,
  LocationsTable,
  RateChargesTable,
  RateLanesTable,
  ServiceTariffsTable,
} from './schema/rates'
import type {
  AuditEventsTable,
  ConversationHandledTable,
  ConversationMailNoticesTable,
  ConversationMessagesTable,
  ConversationReadsTable,
  CountersTable,
  EnquiriesTable,
  OutboxTable,
  RateLimitsTable,
} from './schema/records'
import type { SigningKeysTable } from './schema/signing-keys'
import type {
  IntegrationKeysTable,
  StaffChallengesTable,
  StaffMembersTable,
  StaffPasswordLinksTable,
  StaffRecoveryCodesTable,
  StaffSessionsTable,
} from './schema/staff'

/** The database as Kysely sees it: each table's columns are in server/db/schema/, by area. */
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
  booking_emissions: BookingEmissionsTable
  emission_factor_versions: EmissionFactorVersionsTable
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
  conversation_handled: ConversationHandledTable
  integration_keys: IntegrationKeysTable
  team_invitations: TeamInvitationsTable
  team_join_requests: TeamJoinRequestsTable
  signing_keys: SigningKeysTable
  booking_charges: BookingChargesTable
  payments: PaymentsTable
  payment_allocations: PaymentAllocationsTable
  payment_refunds: PaymentRefundsTable
  bank_statements: BankStatementsTable
  bank_statement_lines: BankStatementLinesTable
  invoice_reminders: InvoiceRemindersTable
  invoices: InvoicesTable
  invoice_lines: InvoiceLinesTable
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
export type PartyRow = Selectable<PartiesTable>
export type DocumentRequestRow = Selectable<DocumentRequestsTable>
