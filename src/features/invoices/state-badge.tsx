/** An invoice's state as a badge (the list and the document alike); a credit note has none. */
import { type DocumentKind, type InvoiceState, invoiceStateNames } from '../../../contract/finance/invoices'
import { badge } from '../../components/ui/badge.css'

export const documentKindNames: Record<DocumentKind, string> = {
  invoice: 'Tax invoice',
  credit_note: 'Credit note',
}

const tone: Record<InvoiceState, keyof typeof badge> = {
  issued: 'info',
  part_paid: 'warning',
  paid: 'success',
  overdue: 'danger',
  credited: 'neutral',
}

export function DocumentStateBadge({ kind, state }: { kind: DocumentKind; state: InvoiceState | null }) {
  if (kind === 'credit_note' || state === null) {
    return (
      <span className={badge.neutral} data-testid="invoice-state">
        Credit note
      </span>
    )
  }
  return (
    <span className={badge[tone[state]]} data-testid="invoice-state">
      {invoiceStateNames[state]}
    </span>
  )
}
