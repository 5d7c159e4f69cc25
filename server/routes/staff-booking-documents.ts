/**
 * The operations desk's documents (docs/operations-desk.md): a booking's file previewed in place, an upload
 * reviewed, a document asked of the customer. Checked by the staff gate like every staff operation; each change
 * is audited and announced to the customer's open pages and the desks (the `booking` event).
 */
import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import { type DocumentsResponse, documentMessages } from '../../contract/bookings'
import {
  documentRequestSchema,
  requestMessages,
  reviewSchema,
  uploadableKinds,
} from '../../contract/documents'
import type { ErrorBody } from '../../contract/wire'
import { staffAudit } from '../audit/audit'
import type { Database } from '../db/schema'
import { houseBillOf } from '../documents/house-bill-data'
import { requestDocument } from '../documents/requests'
import { reviewDocument } from '../documents/review'
import {
  createRouter,
  errorResponse as error,
  errorResponses,
  json,
  jsonBody,
  limitJsonBody,
  staffSecurity,
  unauthenticatedResponse as unauthenticated,
} from '../openapi'
import { deskMessages } from '../operations-desk/actions'
import { DocumentFileSchema, DocumentItemSchema } from '../schemas'
import { requireStaff, type StaffEnv } from '../staff/gate'
import { contentDisposition } from './documents'
import type { StaffBookingDeps } from './staff-bookings'
import { notFound, numberParam, refused, tags } from './staff-bookings-openapi'

const binary = z.string().openapi({ type: 'string', format: 'binary' })

const fileParams = z.object({
  number: numberParam,
  id: z
    .string()
    .max(40)
    .openapi({ param: { name: 'id', in: 'path' }, description: 'A file id, or `hbl`' }),
})

const previewRoute = createRoute({
  method: 'get',
  operationId: 'previewOpsDocument',
  path: '/staff/bookings/{number}/documents/{id}',
  tags,
  summary:
    'A file of the booking for the preview: PDF and images inline, anything else as an attachment, sandboxed',
  security: staffSecurity,
  request: { params: fileParams },
  responses: {
    200: {
      description:
        'The file with its stored Content-Type, `Content-Disposition: inline` (PDF, JPEG, PNG) or `attachment`, `X-Content-Type-Options: nosniff` and `Content-Security-Policy: sandbox`',
      content: {
        'application/pdf': { schema: binary },
        'image/jpeg': { schema: binary },
        'image/png': { schema: binary },
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: binary },
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { schema: binary },
        'application/octet-stream': { schema: binary },
      },
    },
    ...unauthenticated,
    404: error(`No such booking or file: \`${documentMessages.notFound}\``),
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const reviewRoute = createRoute({
  method: 'post',
  operationId: 'reviewOpsDocument',
  path: '/staff/bookings/{number}/documents/{id}/review',
  tags,
  summary: 'Accept or reject an uploaded file (a rejection needs its reason, and mails the uploader once)',
  security: staffSecurity,
  request: { params: fileParams, ...jsonBody(reviewSchema) },
  responses: {
    200: {
      description: 'The file as reviewed',
      ...json(z.object({ document: DocumentFileSchema, bookingNumber: z.string(), kind: z.string() })),
    },
    ...unauthenticated,
    404: error(`No such booking or file: \`${documentMessages.notFound}\``),
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const requestRoute = createRoute({
  method: 'post',
  operationId: 'requestOpsDocument',
  path: '/staff/bookings/{number}/documents/{kind}/request',
  tags,
  summary: 'Ask the customer for a document by a date (as requestDocument of the operations API)',
  security: staffSecurity,
  request: {
    params: z.object({
      number: numberParam,
      kind: z
        .string()
        .max(40)
        .openapi({
          param: { name: 'kind', in: 'path' },
          description: uploadableKinds.join(', '),
          example: 'commercial_invoice',
        }),
    }),
    ...jsonBody(documentRequestSchema()),
  },
  responses: {
    200: {
      description: "The booking's document checklist with the item asked for",
      ...json(z.object({ documents: z.array(DocumentItemSchema) })),
    },
    ...unauthenticated,
    ...notFound,
    ...refused(`The booking is cancelled: \`${requestMessages.cancelled}\``),
    422: error(
      `A kind that is not uploaded (\`${requestMessages.badKind}\`), a bad date (\`${requestMessages.badDate}\`), a past one (\`${requestMessages.pastDate}\`) or a note over 500 characters`,
    ),
    ...errorResponses.serverError,
  },
})

/** What the browser may show in place: PDF and images; anything else is downloaded. */
const inlineTypes = new Set(['application/pdf', 'image/jpeg', 'image/png'])

/** A booking's file by id (any company's: operations see every booking), or undefined. */
function bookingFile(db: Kysely<Database>, number: string, id: string) {
  return db
    .selectFrom('booking_documents as d')
    .innerJoin('bookings as b', 'b.id', 'd.booking_id')
    .selectAll('d')
    .where('b.number', '=', number)
    .where('d.id', '=', id)
    .executeTakeFirst()
}

export function staffBookingDocumentRoutes(deps: StaffBookingDeps) {
  const { db, now, staffSessions, hub, storage, clientIp } = deps
  const staff = requireStaff(staffSessions, now)
  const body = limitJsonBody(64 * 1024)
  const missing = (c: Context) => c.json({ message: deskMessages.notFound } satisfies ErrorBody, 404)
  const noFile = (c: Context) => c.json({ message: documentMessages.notFound } satisfies ErrorBody, 404)

  return createRouter<StaffEnv>()
    .openapi({ ...previewRoute, middleware: [staff] as const }, async (c) => {
      const { number, id } = c.req.valid('param')
      const headers = (contentType: string, name: string, size: number) => {
        const disposition = contentDisposition(name)
        c.header('Content-Type', contentType)
        c.header(
          'Content-Disposition',
          inlineTypes.has(contentType) ? disposition.replace(/^attachment/, 'inline') : disposition,
        )
        c.header('Content-Length', String(size))
        c.header('X-Content-Type-Options', 'nosniff')
        // Whatever the file holds runs in no origin of ours: no scripts, no forms, no same-origin requests.
        c.header(
          'Content-Security-Policy',
          "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'",
        )
        c.header('X-Frame-Options', 'SAMEORIGIN')
        c.header('Cache-Control', 'private, no-store')
      }
      if (id === 'hbl') {
        const booking = await db
          .selectFrom('bookings')
          .selectAll()
          .where('number', '=', number)
          .executeTakeFirst()
        if (!booking?.hbl) return noFile(c)
        const pdf = await houseBillOf(db, booking)
        headers('application/pdf', `${booking.hbl}.pdf`, pdf.byteLength)
        return c.body(pdf as Uint8Array<ArrayBuffer>, 200) as never
      }
      if (!/^[0-9a-f-]{36}$/.test(id)) return noFile(c)
      const file = await bookingFile(db, number, id)
      const stream = file ? await storage.get(file.storage_key) : undefined
      if (!file || !stream) return noFile(c)
      headers(file.content_type, file.name, file.size)
      return c.body(stream, 200) as never
    })
    .openapi({ ...reviewRoute, middleware: [staff, body] as const }, async (c) => {
      const { number, id } = c.req.valid('param')
      const file = /^[0-9a-f-]{36}$/.test(id) ? await bookingFile(db, number, id) : undefined
      if (!file) return noFile(c)
      const { status, reason } = c.req.valid('json')
      const outcome = await reviewDocument(
        deps,
        { id, status, reason },
        now(),
        staffAudit(c.var.staff, c.var.role, clientIp(c)),
      )
      if (!outcome) return noFile(c)
      hub.bookings.changedHere([{ number, customerId: file.customer_id }])
      return c.json(outcome, 200)
    })
    .openapi({ ...requestRoute, middleware: [staff, body] as const }, async (c) => {
      const { number, kind } = c.req.valid('param')
      const { dueDate, note } = c.req.valid('json')
      const outcome = await requestDocument(
        deps,
        { number, kind, dueDate, note },
        staffAudit(c.var.staff, c.var.role, clientIp(c)),
      )
      if (outcome.status === 422) return c.json({ message: outcome.message, errors: outcome.errors }, 422)
      if (outcome.status === 404) return missing(c)
      if (outcome.status === 409) return c.json({ message: outcome.message }, 409)
      hub.bookings.changedHere([{ number, customerId: outcome.customerId }])
      return c.json({ documents: outcome.documents } satisfies DocumentsResponse, 200)
    })
}
