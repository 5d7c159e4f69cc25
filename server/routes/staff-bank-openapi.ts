/**
 * Finance's bank statements as the OpenAPI document describes them (staff-bank.ts serves them; docs/payments.md
 * "Bank statements"): uploading a statement, its lines with the desk's suggestions, and a line matched to a
 * payment, ignored or opened again. The roles of each are in contract/permissions.ts.
 */
import { createRoute, z } from '@hono/zod-openapi'
import { statementMessages } from '../../contract/finance/bank-statements'
import {
  type BankLinePage,
  type BankLineSuggestion,
  type BankLineView,
  type BankStatementUploaded,
  bankLineListQuerySchema,
  matchBankLineSchema,
  paymentPaths,
} from '../../contract/finance/payment-wire'
import { paymentMessages } from '../../contract/finance/payments'
import { bankLineMessages } from '../finance/bank-lines'
import { bankStatementMessages } from '../finance/bank-statements'
import {
  documents,
  errorResponse as error,
  errorResponses,
  json,
  jsonBody,
  staffSecurity as security,
  unauthenticatedResponse as unauthenticated,
} from '../openapi'
import { PaymentAnswerSchema } from './staff-payments-openapi'

const tags = ['Finance']
/** The API's paths are mounted under /api. */
const route = (path: string) => path.replace(/^\/api/, '').replace(/\/0\//, '/{id}/')

export const lineIdParam = z
  .string()
  .max(12)
  .openapi({ param: { name: 'id', in: 'path' }, example: '42', description: 'The bank line' })

const SuggestionSchema = documents<BankLineSuggestion>()(
  z
    .object({
      rule: z.enum(['reference', 'sum']).openapi({
        description:
          'reference: invoice numbers in its references; sum: one company’s open invoices sum to it',
      }),
      customerId: z.int(),
      customerName: z.string(),
      allocations: z.array(z.object({ invoiceNumber: z.string(), amount: z.int() })),
      credit: z.int().openapi({ description: 'What would be left: a credit on the company’s account' }),
    })
    .openapi('BankLineSuggestion'),
)

export const BankLineSchema = documents<BankLineView>()(
  z
    .object({
      id: z.int(),
      statementId: z.int(),
      account: z.string().openapi({ description: 'The bank account (IBAN or number)' }),
      source: z.string().openapi({ description: 'Where it was in the file', example: 'entry 3' }),
      bookingDay: z.string().openapi({ example: '2026-03-02' }),
      valueDay: z.string().nullable(),
      amount: z.int().openapi({ description: 'Minor units, above zero (credit lines only)' }),
      currency: z.string().openapi({ example: 'SGD' }),
      endToEndId: z.string().nullable(),
      structuredReferences: z.array(z.string()),
      unstructured: z.string().nullable(),
      counterparty: z.string().nullable().openapi({ description: "The payer's name" }),
      status: z.enum(['open', 'matched', 'ignored']),
      paymentId: z.int().nullable().openapi({ description: 'Matched: the payment it became' }),
      suggestion: SuggestionSchema.nullable().openapi({
        description: "Open lines: the desk's suggested match (null when none)",
      }),
      decidedAt: z.string().nullable(),
      decidedBy: z.string().nullable(),
    })
    .openapi('BankLine'),
)

const BankLinePageSchema = documents<BankLinePage>()(
  z.object({ lines: z.array(BankLineSchema), next: z.string().nullable() }).openapi('BankLinePage'),
)

const UploadedSchema = documents<BankStatementUploaded>()(
  z
    .object({
      message: z.string(),
      statementId: z.int(),
      format: z.enum(['camt053', 'csv']),
      linesInFile: z.int().openapi({ description: 'The credit lines of the file' }),
      linesAdded: z.int().openapi({ description: 'Those not stored before (by account and identity)' }),
      skipped: z.int().openapi({ description: 'Debit lines and entries not booked' }),
    })
    .openapi('BankStatementUploaded'),
)

/** The upload's form: the file, and the account a CSV is of. */
const multipartStatement = {
  type: 'object' as const,
  required: ['file'],
  properties: {
    file: {
      type: 'string' as const,
      format: 'binary',
      description:
        'camt.053 XML (001.02 to 001.08) or the CSV layout of docs/payments.md, told apart by content; UTF-8; at most 10 MB',
    },
    account: {
      type: 'string' as const,
      maxLength: 34,
      description: 'The bank account a CSV is of (required for a CSV; a camt.053 file names its own)',
    },
  },
}

const noLine = { 404: error(`No such line: \`${bankLineMessages.notFound}\``) }

export const uploadRoute = createRoute({
  method: 'post',
  operationId: 'uploadBankStatement',
  path: route(paymentPaths.staffBankStatements),
  tags,
  summary:
    'Upload a bank statement (camt.053 XML or the CSV layout, multipart/form-data): its credit lines are stored once per account and identity, so the same or an overlapping file adds nothing',
  security,
  request: {
    body: { required: true, content: { 'multipart/form-data': { schema: multipartStatement } } },
  },
  responses: {
    201: {
      description: 'Stored: how many lines the file had and how many were new',
      ...json(UploadedSchema),
    },
    400: error(`A form that cannot be read: \`${bankStatementMessages.formUnreadable}\``),
    ...unauthenticated,
    413: error(`\`${bankStatementMessages.tooLarge}\``),
    415: error(
      `Not multipart/form-data (\`${bankStatementMessages.notMultipart}\`), or a file that is not text (a PDF, an image, a spreadsheet): \`${bankStatementMessages.notText}\``,
    ),
    422: error(
      `No file (\`${bankStatementMessages.fileRequired}\`), an empty one, a CSV without its account (\`${bankStatementMessages.accountRequired}\`), or a file the parser refuses, its message naming the line or entry (\`${statementMessages.csvHeader}\`, \`Entry 2 (A-2): the amount "12.345" has more decimals than SGD has\`): nothing is stored`,
    ),
    ...errorResponses.serverError,
  },
})

export const listRoute = createRoute({
  method: 'get',
  operationId: 'listBankLines',
  path: route(paymentPaths.staffBankLines),
  tags,
  summary:
    "The statements' credit lines by status (open oldest first, with the desk's suggested match; matched and ignored newest first), cursor paging",
  security,
  request: { query: bankLineListQuerySchema },
  responses: {
    200: { description: 'A page of lines', ...json(BankLinePageSchema) },
    ...unauthenticated,
    422: error(`Invalid filters, or a cursor not of this list: \`${bankLineMessages.badCursor}\``),
    ...errorResponses.serverError,
  },
})

export const matchRoute = createRoute({
  method: 'post',
  operationId: 'matchBankLine',
  path: route(paymentPaths.staffBankLineMatch(0)),
  tags,
  summary:
    "Match an open line: it becomes a payment of the company (its booking day, amount and currency, the payer's reference from it), allocated as given; what is left is credit on account",
  security,
  request: { params: z.object({ id: lineIdParam }), ...jsonBody(matchBankLineSchema) },
  responses: {
    201: { description: `Matched: \`${paymentMessages.recorded}\``, ...json(PaymentAnswerSchema) },
    ...unauthenticated,
    404: error(`No such line (\`${bankLineMessages.notFound}\`), or no such company`),
    409: error(`The line is matched or ignored already: \`${bankLineMessages.notOpen}\``),
    422: error(
      'A bad field; an allocation the payment rules refuse (an invoice not open, of another company or currency, more than it owes or than the line); a line in a currency payments are not taken in',
    ),
    ...errorResponses.serverError,
  },
})

export const ignoreRoute = createRoute({
  method: 'post',
  operationId: 'ignoreBankLine',
  path: route(paymentPaths.staffBankLineIgnore(0)),
  tags,
  summary: 'Ignore an open line (money that pays no invoice): it leaves the open list',
  security,
  request: { params: z.object({ id: lineIdParam }) },
  responses: {
    200: { description: 'The line, ignored', ...json(BankLineSchema) },
    ...unauthenticated,
    ...noLine,
    409: error(`The line is matched or ignored already: \`${bankLineMessages.notOpen}\``),
    ...errorResponses.serverError,
  },
})

export const reopenRoute = createRoute({
  method: 'post',
  operationId: 'reopenBankLine',
  path: route(paymentPaths.staffBankLineReopen(0)),
  tags,
  summary: 'Open an ignored line again',
  security,
  request: { params: z.object({ id: lineIdParam }) },
  responses: {
    200: { description: 'The line, open again, with its suggestion', ...json(BankLineSchema) },
    ...unauthenticated,
    ...noLine,
    409: error(`The line is not ignored: \`${bankLineMessages.notIgnored}\``),
    ...errorResponses.serverError,
  },
})
