/**
 * Finance's bank statements (issue 36, docs/payments.md "Bank statements"): a statement uploaded as
 * multipart/form-data (server/finance/bank-statements.ts reads and stores it), its lines with the desk's
 * suggestions (bank-lines.ts), and a line matched to a payment (bank-match.ts), ignored or opened again. The
 * staff gate checks each operation's roles (contract/permissions.ts).
 */
import type { Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { INT32_MAX } from '../../contract/text'
import type { ErrorBody } from '../../contract/wire'
import { staffAudit } from '../audit/audit'
import { bankLineMessages, decideBankLine, listBankLines } from '../finance/bank-lines'
import { matchBankLine } from '../finance/bank-match'
import {
  BANK_STATEMENT_MAX_BYTES,
  bankStatementMessages,
  readStatementFile,
  storeStatement,
  type UploadRefusal,
} from '../finance/bank-statements'
import type { InvoiceDeps } from '../finance/invoices'
import { createRouter, limitJsonBody } from '../openapi'
import { requireStaff, type StaffEnv } from '../staff/gate'
import type { StaffSessions } from '../staff/sessions'
import { ignoreRoute, listRoute, matchRoute, reopenRoute, uploadRoute } from './staff-bank-openapi'

export interface StaffBankDeps {
  db: InvoiceDeps['db']
  now: () => Date
  staffSessions: StaffSessions
  clientIp: (c: Context) => string
}

/** The form's own fields and boundaries around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024

const isMultipart = (c: Context) => /^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')

/** A line's id from the path, or undefined when it is not one. */
const lineIdOf = (raw: string) => {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0
  return id > 0 && id <= INT32_MAX ? id : undefined
}

const refusalBody = (refusal: UploadRefusal): ErrorBody =>
  refusal.field
    ? { message: refusal.message, errors: { [refusal.field]: [refusal.message] } }
    : { message: refusal.message }

export function staffBankRoutes({ db, now, staffSessions, clientIp }: StaffBankDeps) {
  const staff = requireStaff(staffSessions, now)
  const json = limitJsonBody(64 * 1024)
  const uploadLimit = BANK_STATEMENT_MAX_BYTES + FORM_OVERHEAD_BYTES
  const tooLarge = (c: Context) =>
    c.json({ message: bankStatementMessages.tooLarge } satisfies ErrorBody, 413)
  const counted = bodyLimit({ maxSize: uploadLimit, onError: tooLarge })
  // Judged by Content-Length when it is given, counted as it arrives when it is not.
  const limit = async (c: Context, next: () => Promise<void>) => {
    const length = c.req.header('content-length')
    if (length !== undefined && c.req.header('transfer-encoding') === undefined)
      return Number(length) > uploadLimit ? tooLarge(c) : next()
    return counted(c, next)
  }
  const who = (c: Context<StaffEnv>) => ({
    audit: staffAudit(c.var.staff, c.var.role, clientIp(c)),
    staffId: c.var.staff.staffId,
  })
  const noLine = (c: Context) => c.json({ message: bankLineMessages.notFound } satisfies ErrorBody, 404)

  return createRouter<StaffEnv>()
    .openapi({ ...uploadRoute, middleware: [staff, limit] as const }, async (c) => {
      if (!isMultipart(c)) return c.json({ message: bankStatementMessages.notMultipart }, 415)
      let form: FormData
      try {
        form = await c.req.formData()
      } catch {
        return c.json({ message: bankStatementMessages.formUnreadable }, 400)
      }
      const file = form.get('file')
      if (!(file instanceof File)) {
        const message = bankStatementMessages.fileRequired
        return c.json({ message, errors: { file: [message] } }, 422)
      }
      const account = form.get('account')
      const given = typeof account === 'string' ? account : undefined
      if (file.size > BANK_STATEMENT_MAX_BYTES) return tooLarge(c) as never
      const read = await readStatementFile(new Uint8Array(await file.arrayBuffer()), given)
      if ('status' in read) return c.json(refusalBody(read), read.status)
      const uploaded = await storeStatement(
        db,
        { ...read, filename: file.name, account: given },
        who(c),
        now(),
      )
      return c.json(uploaded, 201)
    })
    .openapi({ ...listRoute, middleware: [staff] as const }, async (c) => {
      const page = await listBankLines(db, c.req.valid('query'))
      if (!page) return c.json({ message: bankLineMessages.badCursor }, 422)
      return c.json(page, 200)
    })
    .openapi({ ...matchRoute, middleware: [staff, json] as const }, async (c) => {
      const id = lineIdOf(c.req.valid('param').id)
      if (id === undefined) return noLine(c) as never
      const outcome = await matchBankLine(db, id, c.req.valid('json'), who(c), now())
      if (!outcome.ok) return c.json(outcome.body, outcome.status)
      return c.json(outcome.answer, 201)
    })
    .openapi({ ...ignoreRoute, middleware: [staff] as const }, async (c) => {
      const id = lineIdOf(c.req.valid('param').id)
      if (id === undefined) return noLine(c) as never
      const outcome = await decideBankLine(db, id, 'ignored', who(c), now())
      if (!outcome.ok) return c.json({ message: outcome.message }, outcome.status)
      return c.json(outcome.line, 200)
    })
    .openapi({ ...reopenRoute, middleware: [staff] as const }, async (c) => {
      const id = lineIdOf(c.req.valid('param').id)
      if (id === undefined) return noLine(c) as never
      const outcome = await decideBankLine(db, id, 'open', who(c), now())
      if (!outcome.ok) return c.json({ message: outcome.message }, outcome.status)
      return c.json(outcome.line, 200)
    })
}
