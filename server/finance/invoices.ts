/**
 * Issuing a tax invoice (issue 35, docs/invoices.md): finance chooses some or all of a booking's approved, not
 * yet invoiced charges; in one transaction the charges are locked, checked, numbered from the `counters` row
 * ('INV', year), written with the supplier and customer as they are now, marked as invoiced, audited, and
 * mailed (the PDF attached) to the company's Admins. A refusal changes nothing. Credit notes are in
 * invoice-credit.ts; what both share (numbers, parties, the SGD rate, the mail) is here.
 */
import type { Kysely } from 'kysely'
import { singaporeDateOf } from '../../contract/dates'
import { GST_RATE_BPS } from '../../contract/finance/charges'
import type { DocumentParty, InvoiceDetail } from '../../contract/finance/invoice-wire'
import {
  type DocumentKind,
  documentNumber,
  documentPrefixes,
  dueDay,
  type FrozenRate,
  invoiceMessages,
  invoiceTotals,
  sgdEquivalent,
} from '../../contract/finance/invoices'
import { type AuditContext, appendAudit, createdFields } from '../audit/audit'
import type { Database } from '../db/schema'
import type { Mailer } from '../mail/index'
import { type SiteConfig, siteConfig } from '../site-config'
import { mailDocument } from './invoice-mail'
import { documentDetail } from './invoice-reads'

type Db = Kysely<Database>

export interface InvoiceDeps {
  db: Db
  now: () => Date
  mailer: Mailer
  /** What documents print about us; the configured site by default (tests pass another). */
  config?: SiteConfig
}

/** A document issued, or why not (nothing written): 404 no such booking or invoice, 409 / 422 the message. */
export type IssueOutcome =
  | { ok: true; detail: InvoiceDetail }
  | { ok: false; status: 404 | 409 | 422; message: string }

export const refused = (status: 404 | 409 | 422, message: string): IssueOutcome => ({
  ok: false,
  status,
  message,
})

/**
 * The next number of `kind` in `year`, counted up in the caller's transaction: a second issue waits on the
 * row until the first commits or rolls back, so numbers are consecutive, never reused, across processes.
 */
export async function nextDocumentNumber(trx: Db, kind: DocumentKind, year: number): Promise<string> {
  const row = await trx
    .insertInto('counters')
    .values({ name: documentPrefixes[kind], year, value: 1 })
    .onConflict((oc) =>
      oc.columns(['name', 'year']).doUpdateSet((eb) => ({ value: eb('counters.value', '+', 1) })),
    )
    .returning('value')
    .executeTakeFirstOrThrow()
  if (row.value > 999_999) throw new Error(`${documentPrefixes[kind]} numbers of ${year} are used up`)
  return documentNumber(kind, year, row.value)
}

/** We, as a tax invoice names us: legal name, registered address, UEN, GST registration number. */
export const supplierParty = (config: SiteConfig): DocumentParty => ({
  name: config.legalName,
  addressLines: [...config.address.lines, config.address.country],
  uen: config.uen,
  gstRegistrationNumber: config.billing.gstRegistrationNumber,
  // Singapore's GST is charged by a supplier registered (and so established) in Singapore.
  countryCode: 'SG',
})

/** The customer company as a document names it: its name, its billing address's lines, its UEN, its country. */
export const customerParty = (company: {
  name: string
  billing_address: string
  regn_no: string
  country_code: string
}): DocumentParty => ({
  name: company.name,
  addressLines: company.billing_address
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean),
  uen: company.regn_no,
  countryCode: company.country_code.toUpperCase(),
})

/** The pricing team's SGD rate in force (fx_rates), as a foreign-currency document freezes it. */
export async function currentSgdRate(db: Db, config: SiteConfig): Promise<FrozenRate | undefined> {
  const row = await db
    .selectFrom('fx_rates')
    .select(['per_usd_micro', 'as_of'])
    .where('currency', '=', 'SGD')
    .executeTakeFirst()
  if (!row) return undefined
  return { sgdPerUnitMicro: Number(row.per_usd_micro), source: config.billing.fxRateSource, asOf: row.as_of }
}

/** The customer company with its billing details, or undefined. */
export const billedCompany = (db: Db, customerId: number) =>
  db
    .selectFrom('customers as c')
    .innerJoin('countries as k', 'k.mcou_rid', 'c.country_id')
    .select([
      'c.id',
      'c.name',
      'c.regn_no',
      'c.billing_address',
      'c.payment_terms_days',
      'k.mcou_code as country_code',
    ])
    .where('c.id', '=', customerId)
    .executeTakeFirst()

/**
 * Issues the invoice of `chargeIds` (charges of booking `bookingNumber`): 404 no such booking; 422 a charge
 * that is not an approved charge of this booking, a total not above zero or a tax code below it; 409 a
 * charge already invoiced,
 * a company without a billing address, no SGD rate for a USD invoice.
 */
export async function issueInvoice(
  deps: InvoiceDeps,
  input: { bookingNumber: string; chargeIds: readonly number[]; audit: AuditContext; staffId: number },
): Promise<IssueOutcome> {
  const config = deps.config ?? siteConfig
  const at = deps.now()
  const chargeIds = [...new Set(input.chargeIds)].sort((a, b) => a - b)
  return deps.db.transaction().execute(async (trx) => {
    const booking = await trx
      .selectFrom('bookings')
      .select(['id', 'number', 'customer_id', 'currency'])
      .where('number', '=', input.bookingNumber)
      .executeTakeFirst()
    if (!booking) return refused(404, invoiceMessages.bookingNotFound)
    // Locked in id order (two issues of overlapping charges wait rather than deadlock).
    const charges = await trx
      .selectFrom('booking_charges')
      .selectAll()
      .where('id', 'in', chargeIds)
      .orderBy('id')
      .forUpdate()
      .execute()
    const currency = booking.currency ?? charges[0]?.currency
    for (const id of chargeIds) {
      const charge = charges.find((c) => c.id === id)
      if (
        !charge ||
        charge.booking_id !== booking.id ||
        charge.status !== 'approved' ||
        charge.currency !== currency
      )
        return refused(422, invoiceMessages.chargeNotBillable(id))
    }
    const invoiced = charges.find((c) => c.invoice_id !== null)
    if (invoiced) return refused(409, invoiceMessages.chargeInvoiced(invoiced.id))
    const lines = charges
      .toSorted((a, b) => a.position - b.position || a.id - b.id)
      .map((charge, index) => ({ lineNo: index + 1, charge }))
    const totals = invoiceTotals(
      lines.map(({ charge }) => ({ amount: charge.amount, gstCode: charge.gst_code })),
    )
    if (totals.total <= 0) return refused(422, invoiceMessages.totalNotPositive)
    // A code below zero (a discount without what it reduces) could never be credited (creditNoteTotals).
    if (Object.values(totals.byCode).some((amount) => amount < 0))
      return refused(422, invoiceMessages.codeBelowZero)
    const company = await billedCompany(trx, booking.customer_id)
    if (!company?.billing_address) return refused(409, invoiceMessages.billingAddressMissing)
    let fx: InvoiceDetail['sgd'] = null
    if (currency !== 'SGD') {
      const rate = await currentSgdRate(trx, config)
      if (!rate) return refused(409, invoiceMessages.fxRateMissing)
      fx = { ...sgdEquivalent(totals, rate), rate }
    }

    const issueDay = singaporeDateOf(at)
    const number = await nextDocumentNumber(trx, 'invoice', Number(issueDay.slice(0, 4)))
    const { id } = await trx
      .insertInto('invoices')
      .values({
        kind: 'invoice',
        number,
        customer_id: booking.customer_id,
        booking_id: booking.id,
        credits_invoice_id: null,
        issued_at: at,
        issue_day: issueDay,
        due_day: dueDay(issueDay, company.payment_terms_days),
        payment_terms_days: company.payment_terms_days,
        currency: currency as string,
        sr_amount: totals.byCode.SR,
        zr_amount: totals.byCode.ZR,
        os_amount: totals.byCode.OS,
        subtotal: totals.subtotal,
        gst: totals.gst,
        total: totals.total,
        gst_rate_bps: GST_RATE_BPS,
        fx: JSON.stringify(fx),
        supplier: JSON.stringify(supplierParty(config)),
        customer: JSON.stringify(customerParty({ ...company, billing_address: company.billing_address })),
        reason: null,
        issued_by: input.staffId,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx
      .insertInto('invoice_lines')
      .values(
        lines.map(({ lineNo, charge }) => ({
          invoice_id: id,
          line_no: lineNo,
          charge_id: charge.id,
          code: charge.code,
          description: charge.description,
          quantity_text: charge.quantity_text,
          amount: charge.amount,
          gst_code: charge.gst_code,
          credits_line_no: null,
        })),
      )
      .execute()
    await trx.updateTable('booking_charges').set({ invoice_id: id }).where('id', 'in', chargeIds).execute()
    await appendAudit(
      trx,
      {
        ...input.audit,
        action: 'invoice.issued',
        recordType: 'invoice',
        recordId: number,
        customerId: booking.customer_id,
        changes: createdFields({
          booking: booking.number,
          currency,
          charges: chargeIds,
          subtotal: totals.subtotal,
          gst: totals.gst,
          total: totals.total,
          dueDay: dueDay(issueDay, company.payment_terms_days),
        }),
      },
      at,
    )
    return issued(trx, deps, number, at, config)
  })
}

/** The document just written, read back as the API answers it, and mailed to the company's Admins. */
export async function issued(
  trx: Db,
  deps: InvoiceDeps,
  number: string,
  at: Date,
  config: SiteConfig,
): Promise<IssueOutcome> {
  const detail = await documentDetail(trx, number, at)
  if (!detail) throw new Error(`${number} was not written`)
  await mailDocument(trx, deps.mailer, detail, at, config)
  return { ok: true, detail }
}
