import {
  type BankLinePage,
  type BankLineStatus,
  type BankLineView,
  type BankStatementUploaded,
  type MatchBankLineInput,
  type PaymentAnswer,
  type PaymentDetail,
  type PaymentPage,
  paymentPaths,
  type RefundPaymentInput,
} from '../../contract/finance/payment-wire'
import type {
  AllocatePaymentInput,
  RecordPaymentInput,
  ReversePaymentInput,
} from '../../contract/finance/payments'
import type { ApiClient } from './client'

/** The finance desk's payments and bank statements (issue 36), one call per operation of the OpenAPI document. */

/** listPayments: a page of payments, newest first (the filters given, checked by paymentListQuerySchema). */
export const listPayments = (api: ApiClient, query: Record<string, string>) =>
  api<PaymentPage>(paymentPaths.staffList, { query })

/** getPayment: one payment with its allocations and its customer's open invoices in its currency. */
export const getPayment = (api: ApiClient, id: number) => api<PaymentDetail>(paymentPaths.staffDetail(id))

/** recordPayment: a payment received, allocated at once when allocations are given (201). */
export const recordPayment = (api: ApiClient, body: RecordPaymentInput) =>
  api<PaymentAnswer>(paymentPaths.staffList, { method: 'POST', body })

/** allocatePayment: more of a payment allocated to invoices. */
export const allocatePayment = (api: ApiClient, id: number, body: AllocatePaymentInput) =>
  api<PaymentAnswer>(paymentPaths.staffAllocate(id), { method: 'POST', body })

/** reversePayment: a bounced payment; its allocations are undone. */
export const reversePayment = (api: ApiClient, id: number, body: ReversePaymentInput) =>
  api<PaymentAnswer>(paymentPaths.staffReverse(id), { method: 'POST', body })

/** refundPayment: (part of) a payment's credit on account paid back. */
export const refundPayment = (api: ApiClient, id: number, body: RefundPaymentInput) =>
  api<PaymentAnswer>(paymentPaths.staffRefund(id), { method: 'POST', body })

/** uploadBankStatement: a camt.053 XML or CSV statement as a multipart form (a CSV names its account). */
export function uploadBankStatement(api: ApiClient, file: File, account: string) {
  const form = new FormData()
  form.append('file', file, file.name)
  if (account.trim() !== '') form.append('account', account.trim())
  return api<BankStatementUploaded>(paymentPaths.staffBankStatements, { method: 'POST', body: form })
}

/** listBankLines: a page of the statements' credit lines of one status. */
export const listBankLines = (api: ApiClient, status: BankLineStatus, after?: string) =>
  api<BankLinePage>(paymentPaths.staffBankLines, { query: { status, ...(after ? { after } : {}) } })

/** matchBankLine: the line becomes a payment of the customer, allocated as given (201). */
export const matchBankLine = (api: ApiClient, id: number, body: MatchBankLineInput) =>
  api<PaymentAnswer>(paymentPaths.staffBankLineMatch(id), { method: 'POST', body })

/** ignoreBankLine: not a customer's payment (interest, a transfer between accounts). */
export const ignoreBankLine = (api: ApiClient, id: number) =>
  api<BankLineView>(paymentPaths.staffBankLineIgnore(id), { method: 'POST' })

/** reopenBankLine: an ignored line open again. */
export const reopenBankLine = (api: ApiClient, id: number) =>
  api<BankLineView>(paymentPaths.staffBankLineReopen(id), { method: 'POST' })
