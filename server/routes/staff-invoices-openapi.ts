/**
 * Finance's operations on tax invoices and credit notes as the OpenAPI document describes them
 * (staff-invoices.ts serves them; docs/invoices.md). The roles of each are in contract/permissions.ts.
 */
import { createRoute, z } from '@hono/zod-openapi'
import type { IssuedDocument } from '../../contract/finance/invoice-wire'
import {
  creditMessages,
  creditNoteSchema,
  invoiceMessages,
  issueInvoiceSchema,
} from '../../contract/finance/invoices'
import {
  documents,
  errorResponse as error,
  errorResponses,
  json,
  jsonBody,
  staffSecurity,
  unauthenticatedResponse as unauthenticated,
} from '../openapi'
import {
  badCursor,
  InvoiceDetailSchema,
  InvoicePageSchema,
  NumberParam,
  noDocument,
  pdfAnswer,
  staffListQuery,
} from './invoices-openapi'

const IssuedSchema = documents<IssuedDocument>()(
  z.object({ message: z.string(), invoice: InvoiceDetailSchema }).openapi('IssuedDocument'),
)

const tags = ['Finance']
const security = staffSecurity

export const staffListRoute = createRoute({
  method: 'get',
  operationId: 'listStaffInvoices',
  path: '/staff/invoices',
  tags,
  summary:
    'Every tax invoice and credit note, newest first, with balance and state; filters (one company) and cursor paging',
  security,
  request: { query: staffListQuery },
  responses: {
    200: { description: 'A page of documents', ...json(InvoicePageSchema) },
    ...unauthenticated,
    ...badCursor,
    ...errorResponses.serverError,
  },
})

export const staffGetRoute = createRoute({
  method: 'get',
  operationId: 'getStaffInvoice',
  path: '/staff/invoices/{number}',
  tags,
  summary: 'One invoice or credit note: every field as issued, its credit notes, balance and PayNow QR',
  security,
  request: { params: NumberParam },
  responses: {
    200: { description: 'The document', ...json(InvoiceDetailSchema) },
    ...unauthenticated,
    ...noDocument,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

export const staffPdfRoute = createRoute({
  method: 'get',
  operationId: 'downloadStaffInvoicePdf',
  path: '/staff/invoices/{number}/pdf',
  tags,
  summary: 'One invoice or credit note as its PDF',
  security,
  request: { params: NumberParam },
  responses: {
    200: pdfAnswer,
    ...unauthenticated,
    ...noDocument,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

export const ublRoute = createRoute({
  method: 'get',
  operationId: 'exportInvoiceUbl',
  path: '/staff/invoices/{number}/ubl',
  tags,
  summary: 'One invoice or credit note as a Peppol PINT-SG UBL 2.1 e-invoice (InvoiceNow)',
  security,
  request: { params: NumberParam },
  responses: {
    200: {
      description: 'The XML, with Content-Disposition: attachment; filename="INV-….xml"',
      content: { 'application/xml': { schema: z.string() } },
    },
    ...unauthenticated,
    ...noDocument,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

export const issueRoute = createRoute({
  method: 'post',
  operationId: 'issueInvoice',
  path: '/staff/bookings/{number}/invoices',
  tags,
  summary:
    "Issues a tax invoice for some or all of a booking's approved charges not yet invoiced, numbered, frozen, audited and mailed (PDF attached) to the company's Admins",
  security,
  request: {
    params: z.object({
      number: z
        .string()
        .max(40)
        .openapi({ param: { name: 'number', in: 'path' }, example: 'ESB-2026000042' }),
    }),
    ...jsonBody(z.object(issueInvoiceSchema.shape)),
  },
  responses: {
    201: { description: '`Invoice INV-… issued.` and the invoice', ...json(IssuedSchema) },
    ...unauthenticated,
    404: error(`No such booking: \`${invoiceMessages.bookingNotFound}\``),
    409: error(
      `A charge already invoiced (\`${invoiceMessages.chargeInvoiced(12)}\`), a company without a billing address (\`${invoiceMessages.billingAddressMissing}\`), or no SGD rate for a USD invoice`,
    ),
    422: error(
      `Invalid input, a charge that is not an approved charge of the booking (\`${invoiceMessages.chargeNotBillable(12)}\`), a total not above zero, or a discount without what it reduces (\`${invoiceMessages.codeBelowZero}\`)`,
    ),
    ...errorResponses.serverError,
  },
})

export const creditRoute = createRoute({
  method: 'post',
  operationId: 'issueCreditNote',
  path: '/staff/invoices/{number}/credit-notes',
  tags,
  summary:
    'Issues a credit note of an invoice: lines and amounts, a reason; with `rebill`, charges credited in full can be invoiced again',
  security,
  request: { params: NumberParam, ...jsonBody(z.object(creditNoteSchema.shape)) },
  responses: {
    201: { description: '`Credit note CN-… issued.` and the credit note', ...json(IssuedSchema) },
    ...unauthenticated,
    ...noDocument,
    409: error(`The company has no billing address: \`${invoiceMessages.billingAddressMissing}\``),
    422: error(
      `Invalid input, a credit note given (\`${creditMessages.notInvoice}\`), or more than is left (\`${creditMessages.belowZero}\`)`,
    ),
    ...errorResponses.serverError,
  },
})
