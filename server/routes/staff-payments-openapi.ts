/**
 * Finance's payments as the OpenAPI document describes them (staff-payments.ts serves them;
 * docs/payments.md "Payments and allocations"). The roles of each are in contract/permissions.ts.
 */
import { createRoute, z } from '@hono/zod-openapi'
import { invoiceMessages, invoiceStates } from '../../contract/finance/invoices'
import {
  type PaymentAnswer,
  type PaymentDetail,
  type PaymentPage,
  type PaymentSummary,
  paymentDeskMessages,
  paymentListQuerySchema,
  refundPaymentSchema,
} from '../../contract/finance/payment-wire'
import {
  allocatePaymentSchema,
  paymentMessages,
  paymentMethods,
  recordPaymentSchema,
  reversePaymentSchema,
} from '../../contract/finance/payments'
import {
  documents,
  errorResponse as error,
  errorResponses,
  json,
  jsonBody,
  staffSecurity,
  unauthenticatedResponse as unauthenticated,
} from '../openapi'

const tags = ['Finance']
const security = staffSecurity
const minor = (description: string) => z.int().openapi({ description: `${description}, minor units` })

const summaryFields = {
  id: z.int(),
  customerId: z.int(),
  customerName: z.string(),
  receivedDay: z
    .string()
    .openapi({ description: 'The day it was received (Singapore)', example: '2026-03-31' }),
  method: z.enum(paymentMethods),
  currency: z.string().openapi({ example: 'SGD' }),
  amount: minor('What was received'),
  allocated: minor('Allocated to invoices (allocations in force; 0 once reversed)'),
  refunded: minor('Paid back of its credit on account'),
  unallocated: minor(
    "The customer's credit on account from it: amount − allocated − refunded (0 once reversed)",
  ),
  payerReference: z.string(),
  bankLineId: z.int().nullable().openapi({ description: "The bank statement's line it was matched from" }),
  reversed: z
    .object({ at: z.string(), reason: z.string(), by: z.string().nullable() })
    .nullable()
    .openapi({ description: 'A reversed payment (a bounced cheque): when, why and by whom' }),
  recordedAt: z.string(),
  recordedBy: z.string().nullable(),
}

const PaymentSummarySchema = documents<PaymentSummary>()(
  z.object(summaryFields).openapi('PaymentSummary', { description: 'A payment as the list shows it' }),
)

const PaymentDetailSchema = documents<PaymentDetail>()(
  z
    .object({
      ...summaryFields,
      allocations: z.array(
        z.object({
          invoiceNumber: z.string(),
          amount: z.int(),
          allocatedAt: z.string(),
          allocatedBy: z.string().nullable(),
        }),
      ),
      openInvoices: z
        .array(
          z.object({
            number: z.string(),
            bookingNumber: z.string(),
            issueDay: z.string(),
            dueDay: z.string(),
            currency: z.string(),
            total: z.int(),
            balance: minor('What it owes now'),
            state: z.enum(invoiceStates),
          }),
        )
        .openapi({
          description:
            "The customer's invoices in the payment's currency that still owe, oldest due first (none once reversed)",
        }),
    })
    .openapi('PaymentDetail'),
)

const PaymentPageSchema = documents<PaymentPage>()(
  z
    .object({
      payments: z.array(PaymentSummarySchema).openapi({ description: 'The latest recorded first' }),
      next: z
        .string()
        .nullable()
        .openapi({ description: 'Pass as `after` for the next page; null on the last' }),
    })
    .openapi('PaymentPage'),
)

export const PaymentAnswerSchema = documents<PaymentAnswer>()(
  z.object({ message: z.string(), payment: PaymentDetailSchema }).openapi('PaymentAnswer'),
)

const IdParam = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, paymentDeskMessages.notFound)
    .openapi({ param: { name: 'id', in: 'path' }, example: '12' }),
})

const noPayment = { 404: error(`No such payment: \`${paymentDeskMessages.notFound}\``) }
const refusedAllocation = {
  409: error(
    `The payment or an invoice as it now is: reversed (\`${paymentMessages.reversed}\`), nothing left (\`${paymentMessages.nothingLeft}\`), more than an invoice owes (\`${paymentMessages.overInvoice('INV-2026-000001', 10000)}\`) or than is left of the payment (\`${paymentMessages.overPayment(5000)}\`); nothing changed`,
  ),
  422: error(
    `Invalid input, or an invoice that is not an open invoice of the payment's customer (\`${paymentMessages.unknownInvoice('INV-2026-000001')}\`) or of its currency (\`${paymentMessages.otherCurrency('INV-2026-000001', 'USD', 'SGD')}\`); nothing changed`,
  ),
}

export const listRoute = createRoute({
  method: 'get',
  operationId: 'listPayments',
  path: '/staff/payments',
  tags,
  summary:
    'Payments received, the latest recorded first, with what each allocated and has left; filters (one company, received days, something left) and cursor paging',
  security,
  request: { query: z.object(paymentListQuerySchema.shape) },
  responses: {
    200: { description: 'A page of payments', ...json(PaymentPageSchema) },
    ...unauthenticated,
    422: error(`Invalid filters, or a cursor not of this list: \`${invoiceMessages.badCursor}\``),
    ...errorResponses.serverError,
  },
})

export const getRoute = createRoute({
  method: 'get',
  operationId: 'getPayment',
  path: '/staff/payments/{id}',
  tags,
  summary: "One payment: its allocations (who, when) and the customer's open invoices in its currency",
  security,
  request: { params: IdParam },
  responses: {
    200: { description: 'The payment', ...json(PaymentDetailSchema) },
    ...unauthenticated,
    ...noPayment,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

export const recordRoute = createRoute({
  method: 'post',
  operationId: 'recordPayment',
  path: '/staff/payments',
  tags,
  summary:
    "Records a payment received from a company (day, method, amount, currency, the payer's reference), allocated at once to invoices if given; what is left is credit on account. Audited",
  security,
  request: { ...jsonBody(z.object(recordPaymentSchema.shape)) },
  responses: {
    201: { description: `\`${paymentMessages.recorded}\` and the payment`, ...json(PaymentAnswerSchema) },
    ...unauthenticated,
    404: error(`No such company: \`${paymentDeskMessages.noCompany}\``),
    ...refusedAllocation,
    ...errorResponses.serverError,
  },
})

export const allocateRoute = createRoute({
  method: 'post',
  operationId: 'allocatePayment',
  path: '/staff/payments/{id}/allocations',
  tags,
  summary:
    "Allocates (more of) a payment to invoices of its customer and currency, each in part or in full, never beyond the payment's unallocated amount or an invoice's balance. Audited",
  security,
  request: { params: IdParam, ...jsonBody(z.object(allocatePaymentSchema.shape)) },
  responses: {
    200: { description: `\`${paymentMessages.allocated}\` and the payment`, ...json(PaymentAnswerSchema) },
    ...unauthenticated,
    ...noPayment,
    ...refusedAllocation,
    ...errorResponses.serverError,
  },
})

export const reverseRoute = createRoute({
  method: 'post',
  operationId: 'reversePayment',
  path: '/staff/payments/{id}/reversal',
  tags,
  summary:
    'Reverses a payment (a bounced cheque) with a reason: its allocations go out of force and the invoices owe again; nothing is deleted. Audited',
  security,
  request: { params: IdParam, ...jsonBody(z.object(reversePaymentSchema.shape)) },
  responses: {
    200: { description: `\`${paymentMessages.reversedDone}\` and the payment`, ...json(PaymentAnswerSchema) },
    ...unauthenticated,
    ...noPayment,
    409: error(`Already reversed: \`${paymentDeskMessages.alreadyReversed}\``),
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

export const refundRoute = createRoute({
  method: 'post',
  operationId: 'refundPayment',
  path: '/staff/payments/{id}/refunds',
  tags,
  summary:
    "Pays back (part of) a payment's credit on account, never more than is neither allocated nor refunded. Audited",
  security,
  request: { params: IdParam, ...jsonBody(z.object(refundPaymentSchema.shape)) },
  responses: {
    200: { description: `\`${paymentDeskMessages.refunded}\` and the payment`, ...json(PaymentAnswerSchema) },
    ...unauthenticated,
    ...noPayment,
    409: error(
      `Reversed (\`${paymentDeskMessages.refundReversed}\`) or more than its credit on account (\`${paymentDeskMessages.overRefund(5000, 'SGD')}\`); nothing changed`,
    ),
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})
