import { randomUUID } from 'node:crypto'
import { createRoute, z } from '@hono/zod-openapi'
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
  reviewSchema,
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
import {
  createRouter,
  ErrorSchema,
  errorResponse,
  errorResponses,
  json,
  jsonBody,
  limitJsonBody,
  opsKeySecurity,
  bearerSecurity as security,
  unauthenticatedResponse as unauthenticated,
} from '../openapi'
import { DocumentFileSchema, DocumentItemSchema } from '../schemas'
import type { DocumentStorage } from '../storage/index'

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

// ---- OpenAPI shapes ------------------------------------------------------------------------------------

const BookingParam = z
  .string()
  .max(40)
  .openapi({ param: { name: 'number', in: 'path' }, example: 'ESB-2026000042' })
const notFound = {
  404: errorResponse(`Not this company's booking or file, or none: \`${documentMessages.notFound}\``),
}

const binary = z.string().openapi({ type: 'string', format: 'binary' })
const uploadContent = Object.fromEntries(
  [
    'application/pdf',
    'image/jpeg',
    'image/png',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/octet-stream',
  ].map((type) => [type, { schema: binary }]),
)

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
  const keyForbidden = {
    403: errorResponse(
      'A named key without the `documents:review` scope: `This key lacks the documents:review scope.`',
    ),
  }

  router.openAPIRegistry.registerComponent('securitySchemes', 'opsApiKey', opsKeySecurityScheme)

  const listRoute = createRoute({
    method: 'get',
    operationId: 'listDocuments',
    path: '/bookings/{number}/documents',
    tags: ['Documents'],
    summary:
      "A booking's document checklist: each item's due date (from the ETD), status, files; the issued HBL/HAWB",
    security,
    middleware: [session] as const,
    request: { params: z.object({ number: BookingParam }) },
    responses: {
      200: { description: 'The checklist', ...json(z.object({ documents: z.array(DocumentItemSchema) })) },
      ...unauthenticated,
      ...notFound,
      ...errorResponses.serverError,
    },
  })

  const uploadRoute = createRoute({
    method: 'post',
    operationId: 'uploadDocument',
    path: '/bookings/{number}/documents/{kind}',
    tags: ['Documents'],
    summary:
      'Upload one file to a checklist item: the raw file as the body (PDF, JPEG, PNG, XLSX or DOCX by content, at most 10 MB), its name in X-File-Name',
    security,
    middleware: [session] as const,
    request: {
      params: z.object({
        number: BookingParam,
        kind: z
          .string()
          .max(40)
          .openapi({
            param: { name: 'kind', in: 'path' },
            description:
              'commercial_invoice, packing_list, safety_data_sheet, dg_declaration or certificate_of_origin',
          }),
      }),
      headers: z.object({
        [FILE_NAME_HEADER.toLowerCase()]: z.string().optional().openapi({
          description: 'The file name, URI-encoded (encodeURIComponent); shown only, never a path',
        }),
      }),
      body: { content: uploadContent, description: 'The file itself; streamed, never buffered whole' },
    },
    responses: {
      201: {
        description: 'The file stored, status Uploaded',
        ...json(z.object({ document: DocumentFileSchema })),
      },
      400: errorResponse('The body stopped before its end: `The upload was interrupted.`'),
      409: errorResponse(
        `\`${documentMessages.bookingClosed}\` or \`${documentMessages.departed}\` (unless operations ask for the item)`,
      ),
      413: errorResponse(`\`${documentMessages.tooLarge}\``),
      415: errorResponse(`\`${documentMessages.badType}\``),
      422: errorResponse(
        `\`${documentMessages.notUploadable}\` (the HBL or an unknown kind), or \`${documentMessages.empty}\``,
      ),
      ...unauthenticated,
      ...notFound,
      ...errorResponses.serverError,
    },
  })

  const downloadRoute = createRoute({
    method: 'get',
    operationId: 'downloadDocument',
    path: '/bookings/{number}/documents/files/{id}',
    tags: ['Documents'],
    summary: 'Download a file of the booking (as an attachment), or `hbl`: the issued house bill as a PDF',
    security,
    middleware: [session] as const,
    request: {
      params: z.object({
        number: BookingParam,
        id: z
          .string()
          .max(40)
          .openapi({ param: { name: 'id', in: 'path' }, description: 'A file id, or `hbl`' }),
      }),
    },
    responses: {
      200: {
        description: "The file, with Content-Disposition: attachment; filename*=UTF-8''…",
        content: {
          'application/pdf': { schema: binary },
          'image/jpeg': { schema: binary },
          'image/png': { schema: binary },
          'application/octet-stream': { schema: binary },
        },
      },
      ...unauthenticated,
      ...notFound,
      ...errorResponses.serverError,
    },
  })

  const reviewRoute = createRoute({
    method: 'post',
    operationId: 'reviewDocument',
    path: '/ops/documents/{id}/review',
    tags: ['Operations'],
    summary: 'Accept or reject an uploaded file (a rejection needs its reason, and mails the uploader once)',
    security: opsKeySecurity,
    middleware: [opsKey('reviewDocument'), limitJsonBody()] as const,
    request: {
      params: z.object({
        id: z
          .string()
          .max(40)
          .openapi({ param: { name: 'id', in: 'path' } }),
      }),
      ...jsonBody(reviewSchema),
    },
    responses: {
      200: {
        description: 'The file as reviewed, with its booking',
        ...json(z.object({ document: DocumentFileSchema, bookingNumber: z.string(), kind: z.string() })),
      },
      401: errorResponse('No key, or one unknown or revoked: `Unauthenticated.`'),
      ...keyForbidden,
      404: { description: `\`${documentMessages.notFound}\``, ...json(ErrorSchema) },
      ...errorResponses.validationError,
      ...errorResponses.serverError,
    },
  })

  const opsListRoute = createRoute({
    method: 'get',
    operationId: 'listBookingDocumentsForOps',
    path: '/ops/bookings/{number}/documents',
    tags: ['Operations'],
    summary: "Any booking's document checklist, for the operations team (files newest first)",
    security: opsKeySecurity,
    middleware: [opsKey('listBookingDocumentsForOps')] as const,
    request: { params: z.object({ number: BookingParam }) },
    responses: {
      200: { description: 'The checklist', ...json(z.object({ documents: z.array(DocumentItemSchema) })) },
      401: errorResponse('No key, or one unknown or revoked: `Unauthenticated.`'),
      ...keyForbidden,
      404: errorResponse(`No such booking: \`${documentMessages.notFound}\``),
      ...errorResponses.serverError,
    },
  })

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
    .openapi(listRoute, async (c) => {
      const booking = await companyBooking(c, c.req.valid('param').number)
      if (!booking) return c.json(notFoundBody, 404)
      const { documents } = await bookingDocuments(db, booking, now(), await listedHouseBill(booking))
      return c.json({ documents } satisfies DocumentsResponse, 200)
    })
    .openapi(uploadRoute, async (c) => {
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
    .openapi(downloadRoute, async (c) => {
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
    .openapi(opsListRoute, async (c) => {
      const { number } = c.req.valid('param')
      const booking = BOOKING_NUMBER.test(number) ? await findAnyBooking(db, number) : undefined
      if (!booking) return c.json(notFoundBody, 404)
      const { documents } = await bookingDocuments(db, booking, now(), await listedHouseBill(booking))
      return c.json({ documents } satisfies DocumentsResponse, 200)
    })
    .openapi(reviewRoute, async (c) => {
      const { id } = c.req.valid('param')
      const { status, reason } = c.req.valid('json')
      if (!/^[0-9a-f-]{36}$/.test(id)) return c.json(notFoundBody, 404)
      const outcome = await reviewDocument({ db, mailer }, { id, status, reason }, now(), keyAudit(c))
      return outcome ? c.json(outcome, 200) : c.json(notFoundBody, 404)
    })
}
