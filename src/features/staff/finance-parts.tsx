import { type ChargeStatus, chargeStatusNames, gstCodeNames } from '../../../contract/finance/charges'
import {
  type DocumentTotals,
  type InvoiceState,
  invoiceStateNames,
  type SgdEquivalent,
} from '../../../contract/finance/invoices'
import { bpsText, moneyText } from '../../../contract/pricing/money'
import * as styles from './finance.css'

/** What the finance desk's pages share: states as badges (words and an icon, never colour alone) and totals. */

const stateLooks: Record<InvoiceState, { icon: string; tone: keyof typeof styles.badge }> = {
  issued: { icon: '○', tone: 'info' },
  part_paid: { icon: '◐', tone: 'warning' },
  paid: { icon: '✓', tone: 'success' },
  overdue: { icon: '‼', tone: 'danger' },
  credited: { icon: '↺', tone: 'neutral' },
}

export function InvoiceStateBadge({ state }: { state: InvoiceState | null }) {
  if (state === null) return <span className={styles.badge.neutral}>Credit note</span>
  const look = stateLooks[state]
  return (
    <span className={styles.badge[look.tone]} data-testid="invoice-state">
      <span aria-hidden="true">{look.icon} </span>
      {invoiceStateNames[state]}
    </span>
  )
}

const chargeLooks: Record<ChargeStatus, { icon: string; tone: keyof typeof styles.badge }> = {
  pending: { icon: '⏳', tone: 'warning' },
  approved: { icon: '✓', tone: 'success' },
  declined: { icon: '✕', tone: 'danger' },
  withdrawn: { icon: '–', tone: 'neutral' },
}

export function ChargeStatusBadge({ status }: { status: ChargeStatus }) {
  const look = chargeLooks[status]
  return (
    <span className={styles.badge[look.tone]} data-testid="charge-status">
      <span aria-hidden="true">{look.icon} </span>
      {chargeStatusNames[status]}
    </span>
  )
}

/** A document's totals as a tax invoice lays them out: ZR and OS apart, GST at its rate, the total. */
export function Totals({
  totals,
  currency,
  gstRateBps,
  sgd,
  label,
}: {
  totals: DocumentTotals
  currency: string
  gstRateBps: number
  sgd?: SgdEquivalent | null | undefined
  label: string
}) {
  const money = (amount: number) => moneyText(amount, currency)
  const rows: [string, string, boolean?][] = [
    [`${gstCodeNames.SR}, excluding GST`, money(totals.byCode.SR)],
    [gstCodeNames.ZR, money(totals.byCode.ZR)],
    [gstCodeNames.OS, money(totals.byCode.OS)],
    ['Total excluding GST', money(totals.subtotal)],
    [`GST at ${bpsText(gstRateBps)}`, money(totals.gst)],
    ['Total including GST', money(totals.total), true],
  ]
  if (sgd) {
    rows.push(
      ['Total excluding GST in SGD', moneyText(sgd.subtotal, 'SGD')],
      ['GST in SGD', moneyText(sgd.gst, 'SGD')],
      ['Total including GST in SGD', moneyText(sgd.total, 'SGD'), true],
    )
  }
  return (
    <dl className={styles.totals} aria-label={label} data-testid="totals">
      {rows.map(([name, value, strong]) => (
        <div key={name} style={{ display: 'contents' }}>
          <dt className={[styles.totalName, strong ? styles.grandTotal : ''].join(' ')}>{name}</dt>
          <dd className={[styles.totalValue, strong ? styles.grandTotal : ''].join(' ')}>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
