import { randomUUID } from 'node:crypto'
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import {
  BOOKING_NUMBER,
  type BookingStatus,
  type DocumentFile,
  type DocumentsResponse,
  documentMessages,
  MAX_UPLOAD_BYTES,
} from '../../contract/bookings'
import {
  displayFileName,
  documentsClosed,
  FILE_NAME_HEADER,
  isUploadableKind,
  uploadRefusal,
} from '../../contract/documents'
import type { ErrorBody } from '../../contract/wire'
import { appendAudit, createdFields, customerAudit } from '../audit/audit'
import type { LiveSessions } from '../auth/live-sessions'
import { opsKeySecurityScheme } from '../auth/ops-key'
import { requireSession, type SessionEnv } from '../auth/session'
import type { BookingRow, Database } from '../db/schema'
import { houseBillOf } from '../documents/house-bill-data'
import {
  bookingDocumentItem,
  bookingDocuments,
  documentFile,
  findAnyBooking,
  findBookingDocument,
  findCompanyBooking,
  insertBookingDocument,
  issuedHouseBillFile,
} from '../documents/queries'
import { reviewDocument } from '../documents/review'
import { SNIFF_BYTES, sniffUpload } from '../documents/sniff'
import { measureUpload, UploadAborted, UploadTooLarge } from '../documents/upload'
import { keyAudit, type RequireKey } from '../keys/require-key'
import type { Mailer } from '../mail/index'
import { createRouter, limitJsonBody } from '../openapi'
import type { DocumentStorage } from '../storage/index'
import { downloadRoute, listRoute, opsListRoute, reviewRoute, uploadRoute } from './documents-openapi'

export interface DocumentDeps {
  db: Kysely<Database>
  now: () => Date
  mailer: Mailer
  storage: DocumentStorage
  /** The X-API-Key check of the operations endpoints (server/keys/require-key.ts): scope documents:review. */
  requireKey: RequireKey
  sessions: LiveSessions
  /** The client's address (clientIp with TRUST_PROXY), for the audit trail. */
  clientIp: (c: Context) => string
}

// ---- The work ------------------------------------------------------------------------------------------

const notFoundBody: ErrorBody = { message: documentMessages.notFound }

/** RFC 6266 / 5987: an ASCII fallback and the UTF-8 name percent-encoded; the raw name never in a header. */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_') || 'document'
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`
}

function decodeFileName(header: string | undefined): string {
  if (!header) return 'document'
  try {
    return displayFileName(decodeURIComponent(header))
  } catch {
    return displayFileName(header)
  }
}

export function documentRoutes({ db, now, mailer, storage, requireKey, sessions, clientIp }: DocumentDeps) {
  const router = createRouter<SessionEnv>()
  // Middleware is attached per route, never by path pattern, so it cannot reach other routers' paths.
  const session = requireSession(sessions, now)
  // A wrong key answers `Unauthenticated.` here, as it did before named keys (the CLI's tests read it).
  const opsKey = (operationId: 'reviewDocument' | 'listBookingDocumentsForOps') =>
    requireKey(operationId, { unauthenticated: 'Unauthenticated.' })
  router.openAPIRegistry.registerComponent('securitySchemes', 'opsApiKey', opsKeySecurityScheme)

  async function companyBooking(c: Context<SessionEnv>, number: string) {
    if (!BOOKING_NUMBER.test(number)) return undefined
    return findCompanyBooking(db, c.var.session.customerId, number)
  }

  /** The issued house bill as listed: its generated size. */
  async function listedHouseBill(booking: BookingRow) {
    if (!booking.hbl) return undefined
    const pdf = await houseBillOf(db, booking)
    return issuedHouseBillFile(booking, pdf.byteLength)
  }

  return router
    .openapi({ ...listRoute, middleware: [session] as const }, async (c) => {
      const booking = await companyBooking(c, c.req.valid('param').number)
      if (!booking) return c.json(notFoundBody, 404)
      const { documents } = await bookingDocuments(db, booking, now(), await listedHouseBill(booking))
      return c.json({ documents } satisfies DocumentsResponse, 200)
    })
    .openapi({ ...uploadRoute, middleware: [session] as const }, async (c) => {
      const { number, kind } = c.req.valid('param')
      const booking = await companyBooking(c, number)
      if (!booking) return c.json(notFoundBody, 404)
      if (!isUploadableKind(kind)) {
        return c.json(
          { message: documentMessages.notUploadable, errors: { kind: [documentMessages.notUploadable] } },
          422,
        )
      }
      const status = booking.status as BookingStatus
      const heldFrom = booking.held_from as BookingStatus | null
      // A departed booking still takes an item operations ask for (contract/documents.ts uploadRefusal).
      const closed =
        documentsClosed(status, heldFrom) &&
        uploadRefusal(status, heldFrom, await bookingDocumentItem(db, booking, kind, now()))
      if (closed) return c.json({ message: closed }, 409)
      const declared = Number(c.req.header('Content-Length'))
      if (declared > MAX_UPLOAD_BYTES) return c.json({ message: documentMessages.tooLarge }, 413)
      const body = c.req.raw.body
      if (!body || declared === 0) return c.json({ message: documentMessages.empty }, 422)

      let upload: Awaited<ReturnType<typeof measureUpload>>
      try {
        upload = await measureUpload(body, { headBytes: SNIFF_BYTES, maxBytes: MAX_UPLOAD_BYTES })
      } catch (error) {
        if (error instanceof UploadAborted) return c.json({ message: 'The upload was interrupted.' }, 400)
        throw error
      }
      if (upload.head.byteLength > MAX_UPLOAD_BYTES) {
        await upload.finish(new UploadTooLarge())
        return c.json({ message: documentMessages.tooLarge }, 413)
      }
      if (upload.head.byteLength === 0) {
        await upload.finish()
        return c.json({ message: documentMessages.empty }, 422)
      }
      const contentType = await sniffUpload(upload.head)
      if (!contentType) {
        await upload.finish()
        return c.json({ message: documentMessages.badType }, 415)
      }
      const key = randomUUID()
      let size: number
      try {
        size = await storage.put(key, upload.stream)
      } catch (error) {
        await upload.finish(error)
        if (error instanceof UploadTooLarge) return c.json({ message: documentMessages.tooLarge }, 413)
        if (error instanceof UploadAborted) return c.json({ message: 'The upload was interrupted.' }, 400)
        throw error
      }
      const { session } = c.var
      try {
        const at = now()
        // The file's row and its audit row in one transaction.
        const row = await db.transaction().execute(async (trx) => {
          const inserted = await insertBookingDocument(trx, {
            id: randomUUID(),
            booking_id: booking.id,
            customer_id: session.customerId,
            kind,
            name: decodeFileName(c.req.header(FILE_NAME_HEADER)),
            size,
            content_type: contentType,
            storage_key: key,
            uploaded_by: session.userId,
            uploaded_at: at,
          })
          await appendAudit(
            trx,
            {
              ...customerAudit(session, clientIp(c)),
              action: 'document.uploaded',
              recordType: 'document',
              recordId: inserted.id,
              customerId: session.customerId,
              changes: createdFields({
                booking: booking.number,
                kind,
                name: inserted.name,
                size,
                contentType,
              }),
            },
            at,
          )
          return inserted
        })
        return c.json({ document: documentFile(row, session.user.esus_name) satisfies DocumentFile }, 201)
      } catch (error) {
        await storage.delete(key)
        throw error
      }
    })
    .openapi({ ...downloadRoute, middleware: [session] as const }, async (c) => {
      const { number, id } = c.req.valid('param')
      const booking = await companyBooking(c, number)
      if (!booking) return c.json(notFoundBody, 404)
      c.header('X-Content-Type-Options', 'nosniff')
      c.header('Cache-Control', 'private, no-store')
      if (id === 'hbl') {
        if (!booking.hbl) return c.json(notFoundBody, 404)
        const pdf = await houseBillOf(db, booking)
        c.header('Content-Type', 'application/pdf')
        c.header('Content-Disposition', contentDisposition(`${booking.hbl}.pdf`))
        c.header('Content-Length', String(pdf.byteLength))
        return c.body(pdf as Uint8Array<ArrayBuffer>, 200) as never
      }
      if (!/^[0-9a-f-]{36}$/.test(id)) return c.json(notFoundBody, 404)
      const file = await findBookingDocument(db, booking.id, c.var.session.customerId, id)
      const stream = file ? await storage.get(file.storage_key) : undefined
      if (!file || !stream) return c.json(notFoundBody, 404)
      c.header('Content-Type', file.content_type)
      c.header('Content-Disposition', contentDisposition(file.name))
      c.header('Content-Length', String(file.size))
      return c.body(stream, 200) as never
    })
    .openapi({ ...opsListRoute, middleware: [opsKey('listBookingDocumentsForOps')] as const }, async (c) => {
      const { number } = c.req.valid('param')
      const booking = BOOKING_NUMBER.test(number) ? await findAnyBooking(db, number) : undefined
      if (!booking) return c.json(notFoundBody, 404)
      const { documents } = await bookingDocuments(db, booking, now(), await listedHouseBill(booking))
      return c.json({ documents } satisfies DocumentsResponse, 200)
    })
    .openapi(
      { ...reviewRoute, middleware: [opsKey('reviewDocument'), limitJsonBody()] as const },
      async (c) => {
        const { id } = c.req.valid('param')
        const { status, reason } = c.req.valid('json')
        if (!/^[0-9a-f-]{36}$/.test(id)) return c.json(notFoundBody, 404)
        const outcome = await reviewDocument({ db, mailer }, { id, status, reason }, now(), keyAudit(c))
        return outcome ? c.json(outcome, 200) : c.json(notFoundBody, 404)
      },
    )
}
