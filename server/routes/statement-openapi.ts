/**
 * The statement of account as the OpenAPI document describes it (docs/payments.md, "Statement of account"):
 * the customer's (their company's: statement.ts) and finance's (any company's: staff-statement.ts). The roles
 * are in contract/team.ts and contract/permissions.ts.
 */
import { createRoute, z } from '@hono/zod-openapi'
import { ageBuckets } from '../../contract/finance/ageing'
import { billingCurrencies } from '../../contract/finance/invoices'
import { statementMessages } from '../../contract/finance/statement-account'
import { type StatementOfAccount, statementQuerySchema } from '../../contract/finance/statement-wire'
import {
  bearerSecurity,
  documents,
  errorResponse as error,
  errorResponses,
  json,
  staffSecurity,
  unauthenticatedResponse as unauthenticated,
} from '../openapi'
import { pdfAnswer } from './invoices-openapi'

const day = (description: string) => z.string().openapi({ description, example: '2026-03-31' })
const minor = (description: string) => z.int().openapi({ description: `${description}, minor units` })

const bucketFields = Object.fromEntries(ageBuckets.map((bucket) => [bucket, z.int()])) as Record<
  (typeof ageBuckets)[number],
  z.ZodInt
>

export const StatementSchema = documents<StatementOfAccount>()(
  z
    .object({
      company: z.object({
        id: z.int(),
        name: z.string(),
        currency: z.enum(billingCurrencies).openapi({ description: 'Its billing currency' }),
        paymentTermsDays: z.int().openapi({ description: '0: prepaid' }),
        creditLimit: minor('Of its billing currency'),
        creditLimitIsDefault: z.boolean().openapi({ description: "site.config's default limit" }),
      }),
      currency: z.enum(billingCurrencies).openapi({ description: "The query's, else the billing currency" }),
      asOf: day('The day the figures are of (Singapore)'),
      items: z
        .array(
          z.object({
            kind: z.enum(['invoice', 'credit_note', 'payment']),
            reference: z.string().openapi({ description: "The document number or the payment's reference" }),
            day: day("Invoices: the due date; credits: the credit note's or the payment's date"),
            amount: minor('What is open, positive'),
            days: z.int().openapi({ description: 'Days since `day` (invoices: past due)' }),
            bucket: z.enum(ageBuckets),
            signed: minor('What it adds to the balance (negative for a credit)'),
          }),
        )
        .openapi({ description: 'Open items, oldest first' }),
      buckets: z.object(bucketFields).openapi({ description: 'The ageing; the buckets sum to the balance' }),
      balance: minor('What the company owes (negative: in credit)'),
      period: z.object({ from: day('First day'), to: day('Last day') }),
      openingBalance: minor('Owed before the period'),
      activity: z
        .array(
          z.object({
            day: day('The day'),
            kind: z.enum(['invoice', 'credit_note', 'payment', 'refund', 'reversal']),
            reference: z.string(),
            description: z.string(),
            amount: minor('What it did to the balance'),
            balance: minor('The running balance after it'),
          }),
        )
        .openapi({ description: 'The period’s movements in date order' }),
      closingBalance: minor('Owed at the end of the period'),
    })
    .openapi('StatementOfAccount', {
      description: "A company's open items, ageing, balance and the period's activity in one currency",
    }),
)

const query = statementQuerySchema
const badQuery = {
  422: error(
    `A currency other than SGD or USD, a day that is not YYYY-MM-DD, or a period: \`${statementMessages.periodOrder}\` / \`${statementMessages.periodTooLong}\``,
  ),
}

export const CustomerParam = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, statementMessages.notFound)
    .openapi({ param: { name: 'id', in: 'path' }, example: '12' }),
})
const noCompany = { 404: error(`No such company: \`${statementMessages.notFound}\``) }

export const statementRoute = createRoute({
  method: 'get',
  operationId: 'getStatement',
  path: '/statement',
  tags: ['Invoices'],
  summary:
    "The company's statement of account: open items aged in five buckets, the balance, and the period's activity (default the last 90 days, in its billing currency)",
  security: bearerSecurity,
  request: { query },
  responses: {
    200: { description: 'The statement', ...json(StatementSchema) },
    ...unauthenticated,
    ...badQuery,
    ...errorResponses.serverError,
  },
})

export const statementPdfRoute = createRoute({
  method: 'get',
  operationId: 'downloadStatementPdf',
  path: '/statement/pdf',
  tags: ['Invoices'],
  summary: "The company's statement of account as a PDF",
  security: bearerSecurity,
  request: { query },
  responses: {
    200: pdfAnswer,
    ...unauthenticated,
    ...badQuery,
    ...errorResponses.serverError,
  },
})

export const staffStatementRoute = createRoute({
  method: 'get',
  operationId: 'getStaffStatement',
  path: '/staff/customers/{id}/statement',
  tags: ['Finance'],
  summary:
    "A company's statement of account: open items aged in five buckets, the balance, the period's activity",
  security: staffSecurity,
  request: { params: CustomerParam, query },
  responses: {
    200: { description: 'The statement', ...json(StatementSchema) },
    ...unauthenticated,
    ...noCompany,
    ...badQuery,
    ...errorResponses.serverError,
  },
})

export const staffStatementPdfRoute = createRoute({
  method: 'get',
  operationId: 'downloadStaffStatementPdf',
  path: '/staff/customers/{id}/statement/pdf',
  tags: ['Finance'],
  summary: "A company's statement of account as a PDF",
  security: staffSecurity,
  request: { params: CustomerParam, query },
  responses: {
    200: pdfAnswer,
    ...unauthenticated,
    ...noCompany,
    ...badQuery,
    ...errorResponses.serverError,
  },
})
