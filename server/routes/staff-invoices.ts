/**
 * Finance's tax invoices and credit notes (issue 35, docs/invoices.md): every company's documents, issuing
 * and crediting (each in one transaction with its audit row and mail), the PDF and the PINT-SG e-invoice. The
 * staff gate checks each operation's roles (contract/permissions.ts).
 */
import type { Context } from 'hono'
import { BOOKING_NUMBER } from '../../contract/bookings'
import { documentNumberPattern, invoiceMessages } from '../../contract/finance/invoices'
import { staffAudit } from '../audit/audit'
import { issueCreditNote } from '../finance/invoice-credit'
import { listDocuments } from '../finance/invoice-reads'
import { type InvoiceDeps, type IssueOutcome, issueInvoice } from '../finance/invoices'
import { invoiceUbl } from '../finance/ubl'
import { createRouter, limitJsonBody } from '../openapi'
import { siteConfig } from '../site-config'
import { requireStaff, type StaffEnv } from '../staff/gate'
import type { StaffSessions } from '../staff/sessions'
import { badCursorBody, findDocument, notFoundBody, pdfAnswer } from './invoices'
import {
  creditRoute,
  issueRoute,
  staffGetRoute,
  staffListRoute,
  staffPdfRoute,
  ublRoute,
} from './staff-invoices-openapi'

export interface StaffInvoiceDeps extends InvoiceDeps {
  staffSessions: StaffSessions
  clientIp: (c: Context) => string
}

export function staffInvoiceRoutes(deps: StaffInvoiceDeps) {
  const { db, now, staffSessions, clientIp } = deps
  const config = deps.config ?? siteConfig
  const staff = requireStaff(staffSessions, now)
  const body = limitJsonBody(64 * 1024)
  const who = (c: Context<StaffEnv>) => ({
    audit: staffAudit(c.var.staff, c.var.role, clientIp(c)),
    staffId: c.var.staff.staffId,
  })
  const answer = (c: Context<StaffEnv>, outcome: IssueOutcome, message: (number: string) => string) =>
    outcome.ok
      ? c.json({ message: message(outcome.detail.number), invoice: outcome.detail }, 201)
      : c.json({ message: outcome.message }, outcome.status)

  return createRouter<StaffEnv>()
    .openapi({ ...staffListRoute, middleware: [staff] as const }, async (c) => {
      const page = await listDocuments(db, c.req.valid('query'), now())
      if (!page) return c.json(badCursorBody, 422)
      return c.json(page, 200)
    })
    .openapi({ ...staffGetRoute, middleware: [staff] as const }, async (c) => {
      const detail = await findDocument(db, c.req.valid('param').number, now())
      if (!detail) return c.json(notFoundBody, 404)
      return c.json(detail, 200)
    })
    .openapi({ ...staffPdfRoute, middleware: [staff] as const }, async (c) => {
      const detail = await findDocument(db, c.req.valid('param').number, now())
      if (!detail) return c.json(notFoundBody, 404)
      return (await pdfAnswer(c, detail, config)) as never
    })
    .openapi({ ...ublRoute, middleware: [staff] as const }, async (c) => {
      const detail = await findDocument(db, c.req.valid('param').number, now())
      if (!detail) return c.json(notFoundBody, 404)
      c.header('Content-Type', 'application/xml; charset=utf-8')
      c.header('Content-Disposition', `attachment; filename="${detail.number}.xml"`)
      c.header('Cache-Control', 'private, no-store')
      return c.body(invoiceUbl(detail, config), 200) as never
    })
    .openapi({ ...issueRoute, middleware: [staff, body] as const }, async (c) => {
      const { number } = c.req.valid('param')
      if (!BOOKING_NUMBER.test(number)) return c.json({ message: invoiceMessages.bookingNotFound }, 404)
      const outcome = await issueInvoice(deps, {
        bookingNumber: number,
        chargeIds: c.req.valid('json').chargeIds,
        ...who(c),
      })
      return answer(c, outcome, invoiceMessages.issued) as never
    })
    .openapi({ ...creditRoute, middleware: [staff, body] as const }, async (c) => {
      const { number } = c.req.valid('param')
      if (!documentNumberPattern.test(number)) return c.json(notFoundBody, 404)
      const { lines, reason, rebill } = c.req.valid('json')
      const outcome = await issueCreditNote(deps, {
        invoiceNumber: number,
        note: { lines, reason, rebill: rebill ?? false },
        ...who(c),
      })
      return answer(c, outcome, invoiceMessages.credited) as never
    })
}
