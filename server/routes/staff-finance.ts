/**
 * The finance desk's queue of bookings to invoice, the journal of issued documents, and customers' billing
 * details (issue 35, docs/invoices.md). The operations as the document describes them are in
 * staff-finance-openapi.ts; the staff gate checks each one's roles.
 */
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import { invoiceMessages } from '../../contract/finance/invoices'
import { INT32_MAX } from '../../contract/text'
import type { ErrorBody } from '../../contract/wire'
import { staffAudit } from '../audit/audit'
import type { Database } from '../db/schema'
import { getCustomerBilling, listUninvoicedBookings, saveCustomerBilling } from '../finance/billing'
import { journalCsv } from '../finance/journal'
import { createRouter, limitJsonBody } from '../openapi'
import { requireStaff, type StaffEnv } from '../staff/gate'
import type { StaffSessions } from '../staff/sessions'
import { getBillingRoute, journalRoute, putBillingRoute, uninvoicedRoute } from './staff-finance-openapi'

export interface StaffFinanceDeps {
  db: Kysely<Database>
  now: () => Date
  staffSessions: StaffSessions
  clientIp: (c: Context) => string
}

const noCompany = { message: 'No such company.' } satisfies ErrorBody

export function staffFinanceRoutes(deps: StaffFinanceDeps) {
  const { db, now, staffSessions, clientIp } = deps
  const staff = requireStaff(staffSessions, now)
  const idOf = (raw: string) => {
    const id = Number(raw)
    return id <= INT32_MAX ? id : undefined
  }

  return createRouter<StaffEnv>()
    .openapi({ ...uninvoicedRoute, middleware: [staff] as const }, async (c) =>
      c.json(await listUninvoicedBookings(db), 200),
    )
    .openapi({ ...journalRoute, middleware: [staff] as const }, async (c) => {
      const { from, to } = c.req.valid('query')
      if (to < from) return c.json({ message: invoiceMessages.periodReversed }, 422)
      const csv = await journalCsv(db, { from, to })
      c.header('Content-Type', 'text/csv; charset=utf-8')
      c.header('Content-Disposition', `attachment; filename="journal-${from}-${to}.csv"`)
      c.header('Cache-Control', 'private, no-store')
      return c.body(csv, 200) as never
    })
    .openapi({ ...getBillingRoute, middleware: [staff] as const }, async (c) => {
      const id = idOf(c.req.valid('param').id)
      const billing = id === undefined ? undefined : await getCustomerBilling(db, id, now())
      if (!billing) return c.json(noCompany, 404)
      return c.json(billing, 200)
    })
    .openapi({ ...putBillingRoute, middleware: [staff, limitJsonBody()] as const }, async (c) => {
      const id = idOf(c.req.valid('param').id)
      const input = c.req.valid('json')
      const billing =
        id === undefined
          ? undefined
          : await saveCustomerBilling(db, id, input, staffAudit(c.var.staff, c.var.role, clientIp(c)), now())
      if (!billing) return c.json(noCompany, 404)
      return c.json({ message: invoiceMessages.termsSaved, billing }, 200)
    })
}
