import type { DocumentStatus } from '../../../contract/bookings'
import { badge } from '../ui/badge.css'

const statusTone: Record<DocumentStatus, 'info' | 'success' | 'warning' | 'danger' | 'neutral'> = {
  Required: 'warning',
  Optional: 'neutral',
  Uploaded: 'info',
  Accepted: 'success',
  Rejected: 'danger',
  Issued: 'success',
  'Not received': 'neutral',
}

/** A document's (or a file's) status as a badge, as the customer's booking page shows it. */
export function DocumentStatusBadge({ status }: { status: DocumentStatus }) {
  return (
    <span className={badge[statusTone[status]]} data-testid="document-status">
      {status}
    </span>
  )
}
