/** The customer's operations on a booking's charges as the OpenAPI document describes them (charges.ts serves them). */
import { createRoute, z } from '@hono/zod-openapi'
import {
  type ChargeAnswer,
  type ChargeItem,
  chargeMessages,
  chargeSources,
  chargeStatuses,
  decideChargeSchema,
  gstCodes,
  type PendingChargeItem,
} from '../../contract/finance/charges'
import {
  documents,
  errorResponse as error,
  errorResponses,
  json,
  jsonBody,
  bearerSecurity as security,
  unauthenticatedResponse as unauthenticated,
} from '../openapi'

export const tags = ['Charges']

export const ChargeSchema = documents<ChargeItem>()(
  z
    .object({
      id: z.int(),
      bookingNumber: z.string(),
      code: z
        .string()
        .openapi({ description: 'The quoted line’s code, or DEM, DET, STO, WTT, RWG, AMD, LOC, DTY, IGS' }),
      description: z.string(),
      quantityText: z.string().openapi({ example: '3 days × 2 × 40HC' }),
      currency: z.string().openapi({ example: 'SGD' }),
      amount: z
        .int()
        .openapi({ description: 'Minor units excluding GST; negative only for a quoted discount' }),
      gstCode: z.enum(gstCodes),
      gstReason: z.string(),
      source: z.enum(chargeSources),
      status: z.enum(chargeStatuses),
      reason: z.string().nullable(),
      decisionReason: z.string().nullable(),
      requestedAt: z.string(),
      requestedBy: z.string().nullable(),
      decidedAt: z.string().nullable(),
      decidedBy: z.string().nullable(),
      attachment: z.object({ name: z.string(), size: z.int(), contentType: z.string() }).nullable(),
      invoiceNumber: z.string().nullable(),
    })
    .openapi('Charge'),
)

export const PendingChargeSchema = documents<PendingChargeItem>()(
  ChargeSchema.extend({ route: z.string() }).openapi('PendingCharge'),
)

export const ChargeAnswerSchema = documents<ChargeAnswer>()(
  z.object({ message: z.string(), charge: ChargeSchema }).openapi('ChargeAnswer'),
)

export const bookingParam = z
  .string()
  .max(40)
  .openapi({ param: { name: 'number', in: 'path' }, example: 'ESB-2026000042' })

export const chargeIdParam = z
  .string()
  .max(12)
  .openapi({ param: { name: 'id', in: 'path' }, example: '42' })

export const binary = z.string().openapi({ type: 'string', format: 'binary' })
/** What an attachment is served as: the types the documents' upload accepts. */
export const attachmentContent = Object.fromEntries(
  [
    'application/pdf',
    'image/jpeg',
    'image/png',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/octet-stream',
  ].map((type) => [type, { schema: binary }]),
)

const notFound = (what: string) => ({ 404: error(`${what}: \`${chargeMessages.notFound}\``) })

export const listBookingChargesRoute = createRoute({
  method: 'get',
  operationId: 'listBookingCharges',
  path: '/bookings/{number}/charges',
  tags,
  summary:
    "A booking's charges in order: the quoted lines, then those added after booking, each with its GST code, status and any attachment",
  security,
  request: { params: z.object({ number: bookingParam }) },
  responses: {
    200: { description: 'The charges', ...json(z.array(ChargeSchema)) },
    ...unauthenticated,
    ...notFound("Not this company's booking, or none"),
    ...errorResponses.serverError,
  },
})

export const listPendingChargesRoute = createRoute({
  method: 'get',
  operationId: 'listPendingCharges',
  path: '/charges/pending',
  tags,
  summary: "The company's change requests waiting for an answer, oldest first, each with its booking's route",
  security,
  responses: {
    200: { description: 'The change requests', ...json(z.array(PendingChargeSchema)) },
    ...unauthenticated,
    ...errorResponses.serverError,
  },
})

export const decideChargeRoute = createRoute({
  method: 'post',
  operationId: 'decideCharge',
  path: '/charges/{id}/decision',
  tags,
  summary: 'Approve or decline a change request (a decline needs its reason); Admins and Members only',
  security,
  request: { params: z.object({ id: chargeIdParam }), ...jsonBody(decideChargeSchema) },
  responses: {
    200: {
      description: `Decided: \`${chargeMessages.approved}\` or \`${chargeMessages.declined}\``,
      ...json(ChargeAnswerSchema),
    },
    ...unauthenticated,
    ...notFound("Not this company's charge, or none"),
    409: error(`Already decided or withdrawn: \`${chargeMessages.notPending}\``),
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

export const downloadChargeAttachmentRoute = createRoute({
  method: 'get',
  operationId: 'downloadChargeAttachment',
  path: '/charges/{id}/attachment',
  tags,
  summary: "A charge's attachment (the receipt), as an attachment",
  security,
  request: { params: z.object({ id: chargeIdParam }) },
  responses: {
    200: {
      description: "The file, with Content-Disposition: attachment; filename*=UTF-8''…",
      content: attachmentContent,
    },
    ...unauthenticated,
    ...notFound("Not this company's charge, or it has no attachment"),
    ...errorResponses.serverError,
  },
})
