import type { AuditPage, AuditQueryInput } from '../../contract/audit'
import type { ApiClient } from './client'

/** The audit trail's API (admins): GET with the filters as the query. */
export const auditPath = '/api/staff/audit'

/** listAuditEvents: newest first; an older page is the same query with `before`. */
export const listAuditEvents = (api: ApiClient, query: AuditQueryInput) =>
  api<AuditPage>(auditPath, { query })
