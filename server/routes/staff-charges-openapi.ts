/** The console's operations on a booking's charges as the OpenAPI document describes them (staff-charges.ts serves them). */
import { createRoute, z } from '@hono/zod-openapi'
import { documentMessages } from '../../contract/bookings'
import {
  addChargeSchema,
  addedChargeCodes,
  chargeMessages,
  withdrawChargeSchema,
} from '../../contract/finance/charges'
import type { WaitingCharge } from '../../contract/finance/invoice-wire'
import {
  documents,
  errorResponse as error,
  errorResponses,
  json,
  jsonBody,
  staffSecurity as security,
  unauthenticatedResponse as unauthenticated,
} from '../openapi'
import {
  attachmentContent,
  bookingParam,
  ChargeAnswerSchema,
  ChargeSchema,
  chargeIdParam,
} from './charges-openapi'

const tags = ['Charges']
const noBooking = { 404: error(`No such booking: \`${chargeMessages.notFound}\``) }
const noCharge = { 404: error(`No such charge, or it has no attachment: \`${chargeMessages.notFound}\``) }

const WaitingChargeSchema = documents<WaitingCharge>()(
  z
    .object({
      id: z.int(),
      bookingNumber: z.string(),
      customerId: z.int(),
      customerName: z.string(),
      code: z.string(),
      description: z.string(),
      currency: z.string(),
      amount: z.int(),
      requestedAt: z.string(),
      requestedBy: z.string().nullable(),
    })
    .openapi('WaitingCharge'),
)

/** The multipart form of a charge with its file: the fields of addChargeSchema as text, and `file`. */
const multipartCharge = {
  type: 'object' as const,
  required: ['code', 'description', 'currency', 'amount', 'reason', 'file'],
  properties: {
    code: { type: 'string' as const, enum: addedChargeCodes },
    description: { type: 'string' as const, maxLength: 200 },
    quantityText: { type: 'string' as const, maxLength: 60 },
    currency: { type: 'string' as const, pattern: '^[A-Z]{3}$' },
    amount: { type: 'string' as const, pattern: '^[0-9]+$', description: 'Minor units' },
    reason: { type: 'string' as const, maxLength: 1000 },
    inFreeTradeZone: { type: 'string' as const, enum: ['true', 'false'] },
    file: {
      type: 'string' as const,
      format: 'binary',
      description: 'PDF, JPEG, PNG, XLSX or DOCX by content, at most 10 MB',
    },
  },
}

export const listStaffBookingChargesRoute = createRoute({
  method: 'get',
  operationId: 'listStaffBookingCharges',
  path: '/staff/bookings/{number}/charges',
  tags,
  summary: "A booking's charges in order, each with who added and who decided it",
  security,
  request: { params: z.object({ number: bookingParam }) },
  responses: {
    200: { description: 'The charges', ...json(z.array(ChargeSchema)) },
    ...unauthenticated,
    ...noBooking,
    ...errorResponses.serverError,
  },
})

export const addBookingChargeRoute = createRoute({
  method: 'post',
  operationId: 'addBookingCharge',
  path: '/staff/bookings/{number}/charges',
  tags,
  summary:
    'Add a charge after booking (a change request; DTY and IGS are disbursements at cost, code OS, their receipt required): JSON, or multipart/form-data with the file as `file`. It waits for the customer’s approval; the company’s Admins and Members are mailed',
  security,
  request: {
    params: z.object({ number: bookingParam }),
    body: {
      required: false,
      content: {
        'application/json': { schema: addChargeSchema },
        'multipart/form-data': { schema: multipartCharge },
      },
    },
  },
  responses: {
    201: { description: `Pending: \`${chargeMessages.requested}\``, ...json(ChargeAnswerSchema) },
    400: error('A multipart body that cannot be read: `The form could not be read.`'),
    ...unauthenticated,
    ...noBooking,
    409: error(
      `The booking is not confirmed (\`${chargeMessages.bookingNotConfirmed}\`) or cancelled (\`${chargeMessages.bookingCancelled}\`)`,
    ),
    413: error(`\`${documentMessages.tooLarge}\``),
    415: error(`The file's content is not accepted: \`${documentMessages.badType}\``),
    422: error(
      `A bad field; a currency that is not the booking's (\`Charges of this booking are in SGD.\`); a disbursement without its receipt (\`${chargeMessages.receiptRequired}\`); an empty file (\`${documentMessages.empty}\`)`,
    ),
    ...errorResponses.serverError,
  },
})

export const withdrawChargeRoute = createRoute({
  method: 'post',
  operationId: 'withdrawBookingCharge',
  path: '/staff/charges/{id}/withdraw',
  tags,
  summary: 'Withdraw a change request the customer has not answered, with the reason',
  security,
  request: { params: z.object({ id: chargeIdParam }), ...jsonBody(withdrawChargeSchema) },
  responses: {
    200: { description: `Withdrawn: \`${chargeMessages.withdrawn}\``, ...json(ChargeAnswerSchema) },
    ...unauthenticated,
    404: error(`No such charge: \`${chargeMessages.notFound}\``),
    409: error(`Already decided or withdrawn: \`${chargeMessages.notPending}\``),
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

export const downloadStaffChargeAttachmentRoute = createRoute({
  method: 'get',
  operationId: 'downloadStaffChargeAttachment',
  path: '/staff/charges/{id}/attachment',
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
    ...noCharge,
    ...errorResponses.serverError,
  },
})

export const listWaitingChargesRoute = createRoute({
  method: 'get',
  operationId: 'listWaitingCharges',
  path: '/staff/finance/waiting-charges',
  tags,
  summary: 'Change requests waiting on customers, across companies, oldest first (at most 500)',
  security,
  responses: {
    200: { description: 'The change requests', ...json(z.array(WaitingChargeSchema)) },
    ...unauthenticated,
    ...errorResponses.serverError,
  },
})
