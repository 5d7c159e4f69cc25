/**
 * The statement of account's wire (issue 36, docs/payments.md, "Statement of account"): what the customer's
 * (their company's) and finance's (any company's) operations answer, their query and their paths. The figures
 * are computed by ./statement-account.ts.
 */
import { z } from 'zod'
import { daysBetween } from '../dates'
import type { AgeBucket, AgedItem } from './ageing'
import { type BillingCurrency, billingCurrencies } from './invoices'
import {
  STATEMENT_MAX_DAYS,
  type StatementActivity,
  type StatementPeriod,
  statementMessages,
} from './statement-account'

export interface StatementCompany {
  id: number
  name: string
  /** Its billing currency (contract `billingCurrencyOf`). */
  currency: BillingCurrency
  paymentTermsDays: number
  /** Minor units of its billing currency: its own, else site.config's billing.creditControl.defaultLimit. */
  creditLimit: number
  /** The limit is site.config's default (the company has none of its own). */
  creditLimitIsDefault: boolean
}

export interface StatementOfAccount {
  company: StatementCompany
  /** The statement's currency: the query's, else the company's billing currency. */
  currency: BillingCurrency
  /** The day the figures are of (Singapore). */
  asOf: string
  /** What is open, oldest first, each in its ageing bucket. */
  items: AgedItem[]
  /** Minor units; they sum to `balance`. */
  buckets: Record<AgeBucket, number>
  /** What the company owes (negative: what we owe it). */
  balance: number
  period: StatementPeriod
  /** Owed before the period. */
  openingBalance: number
  /** The period's invoices, credit notes, payments, refunds and reversals, in date order, with a running balance. */
  activity: StatementActivity[]
  /** Owed at the period's end (the balance when the period ends today). */
  closingBalance: number
}

/** GET the statement: the currency and the activity's period, each optional. */
export const statementQuerySchema = z
  .object({
    currency: z.enum(billingCurrencies).optional(),
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
  })
  .superRefine((query, ctx) => {
    if (!query.from || !query.to) return
    const days = daysBetween(query.from, query.to)
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: statementMessages.periodOrder })
    else if (days >= STATEMENT_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['from'], message: statementMessages.periodTooLong })
  })
export type StatementQuery = z.output<typeof statementQuerySchema>

/** What a page asks for: the currency (none: the company's billing currency) and the period. */
export interface StatementRequest {
  currency?: BillingCurrency
  from: string
  to: string
}

/** The file name of a statement's PDF. */
export const statementPdfName = (companyName: string, asOf: string) =>
  `Statement-${companyName.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'account'}-${asOf}.pdf`

export const statementPaths = {
  /** Customer (their company): GET statementQuerySchema → StatementOfAccount */
  statement: '/api/statement',
  /** Customer: GET statementQuerySchema → application/pdf */
  statementPdf: '/api/statement/pdf',
  /** Finance: GET statementQuerySchema → StatementOfAccount */
  staffStatement: (customerId: number) => `/api/staff/customers/${customerId}/statement`,
  /** Finance: GET statementQuerySchema → application/pdf */
  staffStatementPdf: (customerId: number) => `/api/staff/customers/${customerId}/statement/pdf`,
} as const
