/** The documents' operations as the OpenAPI document describes them (documents.ts serves them). */
import { createRoute, z } from '@hono/zod-openapi'
import { documentMessages } from '../../contract/bookings'
import { FILE_NAME_HEADER, reviewSchema } from '../../contract/documents'
import {
  ErrorSchema,
  errorResponse,
  errorResponses,
  json,
  jsonBody,
  opsKeySecurity,
  bearerSecurity as security,
  unauthenticatedResponse as unauthenticated,
} from '../openapi'
import { DocumentFileSchema, DocumentItemSchema } from '../schemas'

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

const keyForbidden = {
  403: errorResponse(
    'A named key without the `documents:review` scope: `This key lacks the documents:review scope.`',
  ),
}

export const listRoute = createRoute({
  method: 'get',
  operationId: 'listDocuments',
  path: '/bookings/{number}/documents',
  tags: ['Documents'],
  summary:
    "A booking's document checklist: each item's due date (from the ETD), status, files; the issued HBL/HAWB",
  security,
  request: { params: z.object({ number: BookingParam }) },
  responses: {
    200: { description: 'The checklist', ...json(z.object({ documents: z.array(DocumentItemSchema) })) },
    ...unauthenticated,
    ...notFound,
    ...errorResponses.serverError,
  },
})

export const uploadRoute = createRoute({
  method: 'post',
  operationId: 'uploadDocument',
  path: '/bookings/{number}/documents/{kind}',
  tags: ['Documents'],
  summary:
    'Upload one file to a checklist item: the raw file as the body (PDF, JPEG, PNG, XLSX or DOCX by content, at most 10 MB), its name in X-File-Name',
  security,
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

export const downloadRoute = createRoute({
  method: 'get',
  operationId: 'downloadDocument',
  path: '/bookings/{number}/documents/files/{id}',
  tags: ['Documents'],
  summary: 'Download a file of the booking (as an attachment), or `hbl`: the issued house bill as a PDF',
  security,
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

export const reviewRoute = createRoute({
  method: 'post',
  operationId: 'reviewDocument',
  path: '/ops/documents/{id}/review',
  tags: ['Operations'],
  summary: 'Accept or reject an uploaded file (a rejection needs its reason, and mails the uploader once)',
  security: opsKeySecurity,
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

export const opsListRoute = createRoute({
  method: 'get',
  operationId: 'listBookingDocumentsForOps',
  path: '/ops/bookings/{number}/documents',
  tags: ['Operations'],
  summary: "Any booking's document checklist, for the operations team (files newest first)",
  security: opsKeySecurity,
  request: { params: z.object({ number: BookingParam }) },
  responses: {
    200: { description: 'The checklist', ...json(z.object({ documents: z.array(DocumentItemSchema) })) },
    401: errorResponse('No key, or one unknown or revoked: `Unauthenticated.`'),
    ...keyForbidden,
    404: errorResponse(`No such booking: \`${documentMessages.notFound}\``),
    ...errorResponses.serverError,
  },
})
