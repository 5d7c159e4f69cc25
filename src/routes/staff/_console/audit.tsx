import { createFileRoute } from '@tanstack/react-router'
import { AuditTrailPage } from '../../../features/staff/audit-page'

export const Route = createFileRoute('/staff/_console/audit')({
  head: () => ({ meta: [{ title: 'Audit trail | eShip staff' }] }),
  component: AuditTrailPage,
})
