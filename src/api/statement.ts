import {
  type StatementOfAccount,
  type StatementRequest,
  statementPaths,
} from '../../contract/finance/statement-wire'
import type { ApiClient } from './client'
import { downloadFile } from './documents'

const queryOf = (request: StatementRequest) =>
  Object.fromEntries(Object.entries(request).filter(([, value]) => value !== undefined && value !== ''))
const search = (request: StatementRequest) => `?${new URLSearchParams(queryOf(request)).toString()}`

/** getStatement: the company's statement of account (its currency and period as asked). */
export const getStatement = (api: ApiClient, request: StatementRequest) =>
  api<StatementOfAccount>(statementPaths.statement, { query: queryOf(request) })

/** downloadStatementPdf: the statement's PDF, fetched with the session and saved. */
export const downloadStatementPdf = (api: ApiClient, request: StatementRequest) =>
  downloadFile(api, `${statementPaths.statementPdf}${search(request)}`, 'Statement.pdf')

/** getStaffStatement: finance's view of a company's statement. */
export const getStaffStatement = (api: ApiClient, customerId: number, request: StatementRequest) =>
  api<StatementOfAccount>(statementPaths.staffStatement(customerId), { query: queryOf(request) })

/** downloadStaffStatementPdf: a company's statement PDF, fetched with the staff session and saved. */
export const downloadStaffStatementPdf = (api: ApiClient, customerId: number, request: StatementRequest) =>
  downloadFile(api, `${statementPaths.staffStatementPdf(customerId)}${search(request)}`, 'Statement.pdf')
