/**
 * Invoices and credit notes as the OpenAPI document describes them (docs/invoices.md): the shapes both the
 * customer's and finance's operations answer, and the customer's operations (invoices.ts serves them; the
 * staff's are in staff-invoices-openapi.ts).
 */
import { createRoute, z } from '@hono/zod-openapi'
import { gstCodes } from '../../contract/finance/charges'
import type {
  DocumentParty,
  InvoiceDetail,
  InvoicePage,
  InvoiceSummary,
} from '../../contract/finance/invoice-wire'
import {
  documentKinds,
  invoiceListQuerySchema,
  invoiceMessages,
  invoiceStates,
} from '../../contract/finance/invoices'
import {
  bearerSecurity,
  documents,
  errorResponse as error,
  errorResponses,
  json,
  unauthenticatedResponse as unauthenticated,
} from '../openapi'

const day = (description: string) => z.string().openapi({ description, example: '2026-03-31' })

const summaryFields = {
  number: z.string().openapi({ example: 'INV-2026-000001' }),
  kind: z.enum(documentKinds),
  bookingNumber: z.string().openapi({ example: 'ESB-2026000042' }),
  customerId: z.int(),
  customerName: z.string(),
  issueDay: day('The date of issue (Singapore)'),
  dueDay: day('Invoices: the due date (the issue date plus the terms); credit notes: null').nullable(),
  currency: z.string().openapi({ example: 'SGD' }),
  total: z.int().openapi({ description: 'Minor units, GST included' }),
  balance: z.int().openapi({
    description:
      'Invoices: what is still owed (total − credited − paid), minor units; credit notes: their total',
  }),
  state: z
    .enum(invoiceStates)
    .nullable()
    .openapi({ description: 'Invoices: derived from the balance and the due date; credit notes: null' }),
  creditsNumber: z.string().nullable().openapi({ description: "A credit note's invoice" }),
  creditsIssueDay: z.string().nullable().openapi({ description: "A credit note's invoice's date" }),
}

export const InvoiceSummarySchema = documents<InvoiceSummary>()(
  z
    .object(summaryFields)
    .openapi('InvoiceSummary', { description: 'An invoice or credit note as the lists show it' }),
)

const PartySchema = documents<DocumentParty>()(
  z
    .object({
      name: z.string(),
      addressLines: z.array(z.string()),
      uen: z.string(),
      gstRegistrationNumber: z.string().optional().openapi({ description: 'The supplier only' }),
      countryCode: z
        .string()
        .optional()
        .openapi({ description: 'ISO 3166-1 alpha-2 country of the address', example: 'SG' }),
    })
    .openapi('DocumentParty', { description: 'The supplier or the customer as printed, frozen at issue' }),
)

const byCode = z.object({ SR: z.int(), ZR: z.int(), OS: z.int() })
const money = z.object({ subtotal: z.int(), gst: z.int(), total: z.int() })

export const InvoiceDetailSchema = documents<InvoiceDetail>()(
  z
    .object({
      ...summaryFields,
      supplier: PartySchema,
      customer: PartySchema,
      lines: z.array(
        z.object({
          lineNo: z.int(),
          code: z.string(),
          description: z.string(),
          quantityText: z.string(),
          amount: z.int().openapi({ description: 'Minor units excluding GST' }),
          gstCode: z.enum(gstCodes),
          creditsLineNo: z
            .int()
            .nullable()
            .openapi({ description: "A credit note's line: the invoice line" }),
        }),
      ),
      totals: z
        .object({ byCode: byCode.openapi({ description: 'Excluding GST, by tax code' }), ...money.shape })
        .openapi({
          description: 'GST once on the standard-rated total, half away from zero (docs/invoices.md)',
        }),
      gstRateBps: z.int().openapi({ example: 900 }),
      paymentTermsDays: z.int().openapi({ description: '0: prepaid' }),
      sgd: z
        .object({
          ...money.shape,
          rate: z.object({
            sgdPerUnitMicro: z.int().openapi({ description: 'Millionths of SGD per unit of the currency' }),
            source: z.string(),
            asOf: z.string(),
          }),
        })
        .nullable()
        .openapi({ description: 'A foreign-currency document: its SGD amounts at the rate frozen on it' }),
      reason: z.string().nullable().openapi({ description: "A credit note's reason" }),
      credited: z.int(),
      paid: z.int(),
      creditNotes: z.array(z.object({ number: z.string(), issueDay: z.string(), total: z.int() })),
      paynow: z.object({ payload: z.string(), amount: z.int(), expiryDay: z.string() }).nullable().openapi({
        description: 'An SGD invoice with a balance: the PayNow QR payload (SGQR) of the balance',
      }),
      issuedAt: z.string(),
    })
    .openapi('InvoiceDetail', { description: 'An issued invoice or credit note, every field as issued' }),
)

export const InvoicePageSchema = documents<InvoicePage>()(
  z
    .object({
      invoices: z.array(InvoiceSummarySchema).openapi({ description: 'Newest first' }),
      next: z
        .string()
        .nullable()
        .openapi({ description: 'Pass as `after` for the next page; null on the last' }),
    })
    .openapi('InvoicePage'),
)

const { customerId: _customerId, ...customerFilters } = invoiceListQuerySchema.shape
/** The customer's filters (their own company's documents). */
export const customerListQuery = z.object(customerFilters)
/** Finance's filters: also one company's. */
export const staffListQuery = z.object(invoiceListQuerySchema.shape)

export const NumberParam = z.object({
  number: z
    .string()
    .max(40)
    .openapi({ param: { name: 'number', in: 'path' }, example: 'INV-2026-000001' }),
})

export const pdfAnswer = {
  description: "The PDF, with Content-Disposition: attachment; filename*=UTF-8''INV-….pdf",
  content: { 'application/pdf': { schema: z.string().openapi({ type: 'string', format: 'binary' }) } },
}

export const badCursor = {
  422: error(`Invalid filters, or a cursor not of this list: \`${invoiceMessages.badCursor}\``),
}
export const noDocument = { 404: error(`No such invoice or credit note: \`${invoiceMessages.notFound}\``) }

export const listRoute = createRoute({
  method: 'get',
  operationId: 'listInvoices',
  path: '/invoices',
  tags: ['Invoices'],
  summary:
    "The company's tax invoices and credit notes, newest first, with balance and state; filters and cursor paging",
  security: bearerSecurity,
  request: { query: customerListQuery },
  responses: {
    200: { description: 'A page of documents', ...json(InvoicePageSchema) },
    ...unauthenticated,
    ...badCursor,
    ...errorResponses.serverError,
  },
})

export const getRoute = createRoute({
  method: 'get',
  operationId: 'getInvoice',
  path: '/invoices/{number}',
  tags: ['Invoices'],
  summary:
    "One of the company's invoices or credit notes: every field as issued, its credit notes, balance and PayNow QR",
  security: bearerSecurity,
  request: { params: NumberParam },
  responses: {
    200: { description: 'The document', ...json(InvoiceDetailSchema) },
    ...unauthenticated,
    ...noDocument,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

export const pdfRoute = createRoute({
  method: 'get',
  operationId: 'downloadInvoicePdf',
  path: '/invoices/{number}/pdf',
  tags: ['Invoices'],
  summary:
    "One of the company's invoices or credit notes as its PDF (an SGD invoice with a balance carries the PayNow QR)",
  security: bearerSecurity,
  request: { params: NumberParam },
  responses: {
    200: pdfAnswer,
    ...unauthenticated,
    ...noDocument,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})
