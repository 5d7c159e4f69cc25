/**
 * The finance desk's other operations as the OpenAPI document describes them (staff-finance.ts serves them;
 * docs/invoices.md): the bookings waiting for an invoice, the journal of issued documents, and a customer
 * company's billing details.
 */
import { createRoute, z } from '@hono/zod-openapi'
import type { CustomerBilling, UninvoicedBooking } from '../../contract/finance/invoice-wire'
import {
  billingCurrencies,
  customerBillingSchema,
  invoiceMessages,
  journalQuerySchema,
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

const tags = ['Finance']
const security = staffSecurity

const UninvoicedSchema = documents<UninvoicedBooking>()(
  z
    .object({
      bookingNumber: z.string(),
      customerId: z.int(),
      customerName: z.string(),
      currency: z.string(),
      charges: z.int().openapi({ description: 'Approved charges not invoiced' }),
      amount: z.int().openapi({ description: 'Their sum excluding GST, minor units' }),
      since: z.string().openapi({ description: 'When the oldest of them was approved' }),
      billingAddressMissing: z
        .boolean()
        .openapi({ description: 'The company has no billing address: invoicing is refused until it has' }),
    })
    .openapi('UninvoicedBooking'),
)

const BillingSchema = documents<CustomerBilling>()(
  z
    .object({
      paymentTermsDays: z.int().openapi({ description: '0 (prepaid), 7, 14, 30 or 60' }),
      currency: z.enum(billingCurrencies).openapi({
        description: 'As finance set it, else SGD for a Singapore company and USD for others',
      }),
      address: z.string().nullable().openapi({ description: 'The billing address printed on invoices' }),
      creditLimit: z.int().nullable().openapi({
        description: 'Credit control: minor units of the currency; null: the default (docs/payments.md)',
      }),
      openBalance: z.int().openapi({
        description: "The company's invoices' balances plus approved charges not invoiced, minor units",
      }),
    })
    .openapi('CustomerBilling'),
)

const CustomerParam = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'No such company.')
    .openapi({ param: { name: 'id', in: 'path' }, example: '12' }),
})

const noCompany = { 404: error('No such company: `No such company.`') }

export const uninvoicedRoute = createRoute({
  method: 'get',
  operationId: 'listUninvoicedBookings',
  path: '/staff/finance/uninvoiced',
  tags,
  summary: 'Bookings with approved charges not yet invoiced, the longest waiting first (at most 500)',
  security,
  responses: {
    200: { description: 'The bookings', ...json(z.array(UninvoicedSchema)) },
    ...unauthenticated,
    ...errorResponses.serverError,
  },
})

export const journalRoute = createRoute({
  method: 'get',
  operationId: 'exportInvoiceJournal',
  path: '/staff/finance/journal.csv',
  tags,
  summary:
    'The journal of invoices and credit notes issued in a period (Singapore days, inclusive) as CSV, one row per document (docs/invoices.md "The journal")',
  security,
  request: { query: z.object(journalQuerySchema.shape) },
  responses: {
    200: {
      description: 'The CSV, with Content-Disposition: attachment; filename="journal-FROM-TO.csv"',
      content: { 'text/csv': { schema: z.string() } },
    },
    ...unauthenticated,
    422: error(
      `Invalid dates, or a period that ends before it starts: \`${invoiceMessages.periodReversed}\``,
    ),
    ...errorResponses.serverError,
  },
})

export const getBillingRoute = createRoute({
  method: 'get',
  operationId: 'getCustomerBilling',
  path: '/staff/customers/{id}/billing',
  tags,
  summary: "A customer company's billing details: payment terms, currency, billing address",
  security,
  request: { params: CustomerParam },
  responses: {
    200: { description: 'The billing details', ...json(BillingSchema) },
    ...unauthenticated,
    ...noCompany,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

export const putBillingRoute = createRoute({
  method: 'put',
  operationId: 'updateCustomerBilling',
  path: '/staff/customers/{id}/billing',
  tags,
  summary:
    "Sets a customer company's billing details (audited): terms apply to invoices issued from now, the currency to bookings confirmed from now",
  security,
  request: { params: CustomerParam, ...jsonBody(z.object(customerBillingSchema.shape)) },
  responses: {
    200: {
      description: `\`${invoiceMessages.termsSaved}\` and the details`,
      ...json(z.object({ message: z.string(), billing: BillingSchema })),
    },
    ...unauthenticated,
    ...noCompany,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})
