import type { Migration, MigrationProvider } from 'kysely'
import * as m0001 from './0001_companies_countries'
import * as m0002 from './0002_users_sessions_mail'
import * as m0003 from './0003_activation_enquiries'
import * as m0004 from './0004_outbox_delivery'
import * as m0005 from './0005_locations_rates'
import * as m0006 from './0006_customers_quotes_bookings'
import * as m0007 from './0007_booking_lifecycle_tracking'
import * as m0009 from './0009_documents'
import * as m0010 from './0010_profile_notifications'
import * as m0011 from './0011_change_notifications'
import * as m0012 from './0012_quote_number_sequences'
import * as m0013 from './0013_login_failures'
import * as m0014 from './0014_session_releases'
import * as m0015 from './0015_rate_schedules'
import * as m0016 from './0016_parties'
import * as m0017 from './0017_document_requests'
import * as m0018 from './0018_staff'
import * as m0019 from './0019_audit_trail'
import * as m0020 from './0020_conversations'
import * as m0021 from './0021_sales_desk'
import * as m0022 from './0022_integration_keys'
import * as m0023 from './0023_operations_desk'
import * as m0024 from './0024_customer_accounts'
import * as m0025 from './0025_company_teams'
import * as m0026 from './0026_signing_keys'
import * as m0027 from './0027_conversation_handled'
import * as m0028 from './0028_finance'
import * as m0029 from './0029_payments'
import * as m0030 from './0030_emissions'

const migrations: Record<string, Migration> = {
  '0001_companies_countries': m0001,
  '0002_users_sessions_mail': m0002,
  '0003_activation_enquiries': m0003,
  '0004_outbox_delivery': m0004,
  '0005_locations_rates': m0005,
  '0006_customers_quotes_bookings': m0006,
  '0007_booking_lifecycle_tracking': m0007,
  '0009_documents': m0009,
  '0010_profile_notifications': m0010,
  '0011_change_notifications': m0011,
  '0012_quote_number_sequences': m0012,
  '0013_login_failures': m0013,
  '0014_session_releases': m0014,
  '0015_rate_schedules': m0015,
  '0016_parties': m0016,
  '0017_document_requests': m0017,
  '0018_staff': m0018,
  '0019_audit_trail': m0019,
  '0020_conversations': m0020,
  '0021_sales_desk': m0021,
  '0022_integration_keys': m0022,
  '0023_operations_desk': m0023,
  '0024_customer_accounts': m0024,
  '0025_company_teams': m0025,
  '0026_signing_keys': m0026,
  '0027_conversation_handled': m0027,
  '0028_finance': m0028,
  '0029_payments': m0029,
  '0030_emissions': m0030,
}

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
}
