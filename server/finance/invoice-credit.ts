/**
 * Issuing a credit note (issue 35, docs/invoices.md "Credit notes"): some lines of an issued invoice, each up
 * to what is left of it, with a reason; its own CN number, the invoice it credits, its GST by the one
 * rounding rule (contract `creditNoteTotals`). The invoice row is locked for the transaction, so two credit
 * notes of one invoice are computed one after the other and never take it below zero together. With `rebill`,
 * the charges of lines now credited in full are freed (their invoice_id back to null): a new invoice takes
 * them up. A refusal changes nothing.
 */
import { singaporeDateOf } from '../../contract/dates'
import {
  type CreditNoteInput,
  creditedSoFar,
  creditMessages,
  creditNoteTotals,
  invoiceMessages,
  sgdEquivalent,
} from '../../contract/finance/invoices'
import { moneyText } from '../../contract/pricing/money'
import { type AuditContext, appendAudit, createdFields } from '../audit/audit'
import { type SiteConfig, siteConfig } from '../site-config'
import {
  billedCompany,
  customerParty,
  type InvoiceDeps,
  type IssueOutcome,
  issued,
  nextDocumentNumber,
  refused,
  supplierParty,
} from './invoices'

export async function issueCreditNote(
  deps: InvoiceDeps,
  input: {
    invoiceNumber: string
    note: Required<Pick<CreditNoteInput, 'lines' | 'reason'>> & { rebill: boolean }
    audit: AuditContext
    staffId: number
  },
): Promise<IssueOutcome> {
  const config: SiteConfig = deps.config ?? siteConfig
  const at = deps.now()
  return deps.db.transaction().execute(async (trx) => {
    const invoice = await trx
      .selectFrom('invoices')
      .selectAll()
      .where('number', '=', input.invoiceNumber)
      .forUpdate()
      .executeTakeFirst()
    if (!invoice) return refused(404, invoiceMessages.notFound)
    if (invoice.kind !== 'invoice') return refused(422, creditMessages.notInvoice)
    const [lines, credits] = await Promise.all([
      trx.selectFrom('invoice_lines').selectAll().where('invoice_id', '=', invoice.id).execute(),
      trx
        .selectFrom('invoices as cn')
        .innerJoin('invoice_lines as l', 'l.invoice_id', 'cn.id')
        .select(['cn.id', 'cn.gst', 'l.credits_line_no', 'l.amount'])
        .where('cn.credits_invoice_id', '=', invoice.id)
        .execute(),
    ])
    const notes = new Map<
      number,
      { gst: number; lines: { creditsLineNo: number | null; amount: number }[] }
    >()
    for (const credit of credits) {
      const note = notes.get(credit.id) ?? { gst: credit.gst, lines: [] }
      note.lines.push({ creditsLineNo: credit.credits_line_no, amount: credit.amount })
      notes.set(credit.id, note)
    }
    const { creditedByLine, creditedGst } = creditedSoFar([...notes.values()])
    const outcome = creditNoteTotals(
      {
        lines: lines.map((line) => ({ lineNo: line.line_no, amount: line.amount, gstCode: line.gst_code })),
        totals: {
          byCode: { SR: invoice.sr_amount, ZR: invoice.zr_amount, OS: invoice.os_amount },
          subtotal: invoice.subtotal,
          gst: invoice.gst,
          total: invoice.total,
        },
        creditedByLine,
        creditedGst,
      },
      input.note.lines,
      (amount) => moneyText(amount, invoice.currency),
    )
    if (!outcome.ok) return refused(422, outcome.message)
    const { totals } = outcome
    const company = await billedCompany(trx, invoice.customer_id)
    if (!company?.billing_address) return refused(409, invoiceMessages.billingAddressMissing)

    const issueDay = singaporeDateOf(at)
    const number = await nextDocumentNumber(trx, 'credit_note', Number(issueDay.slice(0, 4)))
    // A credit note states its SGD amounts at the rate of the invoice it credits.
    const fx = invoice.fx ? { ...sgdEquivalent(totals, invoice.fx.rate), rate: invoice.fx.rate } : null
    const { id } = await trx
      .insertInto('invoices')
      .values({
        kind: 'credit_note',
        number,
        customer_id: invoice.customer_id,
        booking_id: invoice.booking_id,
        credits_invoice_id: invoice.id,
        issued_at: at,
        issue_day: issueDay,
        due_day: null,
        payment_terms_days: invoice.payment_terms_days,
        currency: invoice.currency,
        sr_amount: totals.byCode.SR,
        zr_amount: totals.byCode.ZR,
        os_amount: totals.byCode.OS,
        subtotal: totals.subtotal,
        gst: totals.gst,
        total: totals.total,
        gst_rate_bps: invoice.gst_rate_bps,
        fx: JSON.stringify(fx),
        supplier: JSON.stringify(supplierParty(config)),
        customer: JSON.stringify(customerParty({ ...company, billing_address: company.billing_address })),
        reason: input.note.reason,
        rebill: input.note.rebill,
        issued_by: input.staffId,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const byNo = new Map(lines.map((line) => [line.line_no, line]))
    await trx
      .insertInto('invoice_lines')
      .values(
        outcome.lines.map((credit, index) => {
          const line = byNo.get(credit.lineNo)
          if (!line) throw new Error(`line ${credit.lineNo} vanished`)
          return {
            invoice_id: id,
            line_no: index + 1,
            charge_id: line.charge_id,
            code: line.code,
            description: line.description,
            quantity_text: line.quantity_text,
            amount: credit.amount,
            gst_code: line.gst_code,
            credits_line_no: credit.lineNo,
          }
        }),
      )
      .execute()
    // Charges credited in full (with this note) are billed again when finance says so.
    const freed = input.note.rebill
      ? outcome.lines.flatMap((credit) => {
          const line = byNo.get(credit.lineNo)
          const left = (line?.amount ?? 0) - (creditedByLine[credit.lineNo] ?? 0) - credit.amount
          return line?.charge_id != null && left === 0 ? [line.charge_id] : []
        })
      : []
    if (freed.length > 0) {
      await trx
        .updateTable('booking_charges')
        .set({ invoice_id: null })
        .where('id', 'in', freed)
        .where('invoice_id', '=', invoice.id)
        .execute()
    }
    await appendAudit(
      trx,
      {
        ...input.audit,
        action: 'credit_note.issued',
        recordType: 'credit_note',
        recordId: number,
        customerId: invoice.customer_id,
        changes: createdFields({
          credits: invoice.number,
          lines: outcome.lines.map(({ lineNo, amount }) => ({ lineNo, amount })),
          gst: totals.gst,
          total: totals.total,
          reason: input.note.reason,
          rebill: input.note.rebill,
          chargesFreed: freed.length > 0 ? freed : null,
        }),
      },
      at,
    )
    return issued(trx, deps, number, at, config)
  })
}
