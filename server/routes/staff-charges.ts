/**
 * The console's side of a booking's charges (issue 35, docs/invoices.md): a booking's charges with who added
 * and decided each, adding a change request (JSON, or multipart with its file: the documents' sniffing, limit
 * and storage), withdrawing one, its attachment, and the change requests waiting on customers. Operations and
 * finance (contract/permissions.ts), through the staff gate.
 */
import { randomUUID } from 'node:crypto'
import type { Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { BOOKING_NUMBER, documentMessages, MAX_UPLOAD_BYTES } from '../../contract/bookings'
import { displayFileName } from '../../contract/documents'
import { addChargeSchema, chargeMessages } from '../../contract/finance/charges'
import type { ErrorBody } from '../../contract/wire'
import { staffAudit } from '../audit/audit'
import { SNIFF_BYTES, sniffUpload } from '../documents/sniff'
import { bookingCharges, findCharge, listWaitingCharges } from '../finance/charges-queries'
import { addCharge, decideCharge, type StoredAttachment } from '../finance/charges-requests'
import { createRouter, limitJsonBody, validationErrorBody } from '../openapi'
import { requireStaff, type StaffEnv } from '../staff/gate'
import type { StaffSessions } from '../staff/sessions'
import { type ChargeRouteDeps, chargeAnswer, chargeIdOf, sendAttachment } from './charges'
import {
  addBookingChargeRoute,
  downloadStaffChargeAttachmentRoute,
  listStaffBookingChargesRoute,
  listWaitingChargesRoute,
  withdrawChargeRoute,
} from './staff-charges-openapi'

/** The fields of a multipart charge around its file. */
const FORM_OVERHEAD_BYTES = 64 * 1024

const isMultipart = (c: Context) => /^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')

type Refusal = { status: 400 | 413 | 415 | 422; body: ErrorBody }
const refusal = (status: Refusal['status'], message: string): Refusal => ({ status, body: { message } })

/** The fields of a multipart form as addChargeSchema reads them, and its file. */
async function readForm(
  c: Context,
): Promise<{ fields: Record<string, unknown>; file: File | null } | Refusal> {
  let form: FormData
  try {
    form = await c.req.formData()
  } catch {
    return refusal(400, 'The form could not be read.')
  }
  const fields: Record<string, unknown> = {}
  for (const [name, value] of form.entries()) {
    if (name === 'file' || typeof value !== 'string') continue
    if (name === 'amount') fields.amount = /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value
    else if (name === 'inFreeTradeZone') fields.inFreeTradeZone = value === 'true' || value === 'on'
    else fields[name] = value
  }
  const file = form.get('file')
  return { fields, file: file instanceof File ? file : null }
}

/** The file sniffed and stored as the documents' uploads are, or the refusal. */
async function storeFile(deps: ChargeRouteDeps, file: File): Promise<StoredAttachment | Refusal> {
  if (file.size === 0) return refusal(422, documentMessages.empty)
  if (file.size > MAX_UPLOAD_BYTES) return refusal(413, documentMessages.tooLarge)
  const contentType = await sniffUpload(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()))
  if (!contentType) return refusal(415, documentMessages.badType)
  const key = randomUUID()
  const size = await deps.storage.put(key, file.stream())
  return { key, name: displayFileName(file.name || 'receipt'), size, contentType }
}

export function staffChargeRoutes(deps: ChargeRouteDeps & { staffSessions: StaffSessions }) {
  const { db, now, staffSessions, storage, hub, clientIp } = deps
  const staff = requireStaff(staffSessions, now)
  const json = limitJsonBody(16 * 1024)
  // A charge with its file: the documents' limit, plus the form's fields; judged by Content-Length when given.
  const uploadLimit = MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES
  const tooLarge = (c: Context) => c.json({ message: documentMessages.tooLarge } satisfies ErrorBody, 413)
  const counted = bodyLimit({ maxSize: uploadLimit, onError: tooLarge })
  const limit = async (c: Context, next: () => Promise<void>) => {
    if (!isMultipart(c)) return json(c, next)
    const length = c.req.header('content-length')
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number(length) > uploadLimit ? tooLarge(c) : next()
    }
    return counted(c, next)
  }
  const notFound = (c: Context) => c.json({ message: chargeMessages.notFound } satisfies ErrorBody, 404)

  return createRouter<StaffEnv>()
    .openapi({ ...listStaffBookingChargesRoute, middleware: [staff] as const }, async (c) => {
      const { number } = c.req.valid('param')
      const booking = BOOKING_NUMBER.test(number)
        ? await db.selectFrom('bookings').select('id').where('number', '=', number).executeTakeFirst()
        : undefined
      if (!booking) return notFound(c)
      return c.json(await bookingCharges(db, number, 'staff'), 200)
    })
    .openapi({ ...addBookingChargeRoute, middleware: [staff, limit] as const }, async (c) => {
      const { number } = c.req.valid('param')
      let raw: unknown
      let file: File | null = null
      if (isMultipart(c)) {
        const form = await readForm(c)
        if ('status' in form) return c.json(form.body, form.status)
        raw = form.fields
        file = form.file
      } else {
        // Validated by the route's JSON schema already (its 422 with field messages); read here as sent.
        raw = await c.req.json().catch(() => ({}))
      }
      const parsed = addChargeSchema.safeParse(raw)
      if (!parsed.success) return c.json(validationErrorBody(parsed.error, 'json'), 422)
      if (!BOOKING_NUMBER.test(number)) return notFound(c)
      const stored = file ? await storeFile(deps, file) : null
      if (stored && 'status' in stored) return c.json(stored.body, stored.status)
      try {
        const outcome = await addCharge(
          deps,
          { number, input: parsed.data, attachment: stored, staffId: c.var.staff.staffId },
          staffAudit(c.var.staff, c.var.role, clientIp(c)),
          now(),
        )
        if (outcome.status !== 201 && stored) await storage.delete(stored.key)
        return chargeAnswer(c, hub, outcome) as never
      } catch (error) {
        if (stored) await storage.delete(stored.key)
        throw error
      }
    })
    .openapi({ ...withdrawChargeRoute, middleware: [staff, json] as const }, async (c) => {
      const id = chargeIdOf(c.req.valid('param').id)
      if (id === undefined) return notFound(c)
      const { reason } = c.req.valid('json')
      const outcome = await decideCharge(
        deps,
        id,
        { type: 'staff.withdraw', reason },
        { staffId: c.var.staff.staffId },
        staffAudit(c.var.staff, c.var.role, clientIp(c)),
        now(),
      )
      return chargeAnswer(c, hub, outcome) as never
    })
    .openapi({ ...downloadStaffChargeAttachmentRoute, middleware: [staff] as const }, async (c) => {
      const id = chargeIdOf(c.req.valid('param').id)
      const row = id === undefined ? undefined : await findCharge(db, id)
      return (await sendAttachment(c, storage, row)) as never
    })
    .openapi({ ...listWaitingChargesRoute, middleware: [staff] as const }, async (c) =>
      c.json(await listWaitingCharges(db), 200),
    )
}
