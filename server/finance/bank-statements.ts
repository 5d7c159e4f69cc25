/**
 * A bank statement finance uploads (issue 36, docs/payments.md "Bank statements"): the file read as what its
 * content is (camt.053 XML or the CSV layout, whatever its name says), parsed by contract/finance/
 * bank-statements.ts, and stored in one transaction: the `bank_statements` row, its credit lines each once
 * per account and identity (the same or an overlapping file adds nothing; two uploads at once neither), and
 * the audit row. A file that cannot be read is refused with the parser's message naming its line or entry,
 * and nothing is stored.
 */
import type { Kysely } from 'kysely'
import { displayFileName } from '../../contract/documents'
import {
  parseCamt053,
  parseStatementCsv,
  type StatementLine,
  statementMessages,
} from '../../contract/finance/bank-statements'
import type { BankStatementUploaded } from '../../contract/finance/payment-wire'
import { isStorableText } from '../../contract/text'
import { type AuditContext, appendAudit, createdFields } from '../audit/audit'
import type { Database } from '../db/schema'
import { SNIFF_BYTES, sniffUpload } from '../documents/sniff'

type Db = Kysely<Database>

/** The largest statement file taken: about 10,000 camt.053 entries, far more as CSV. */
export const BANK_STATEMENT_MAX_BYTES = 10 * 1024 * 1024

export const bankStatementMessages = {
  tooLarge: 'A statement file may be at most 10 MB: export a shorter period.',
  notMultipart: 'Send the statement as multipart/form-data, the file as `file`.',
  formUnreadable: 'The form could not be read.',
  fileRequired: 'Choose the statement file (camt.053 XML or CSV).',
  empty: 'The file is empty.',
  notText:
    'This is not a bank statement: upload the camt.053 XML or the CSV layout (UTF-8 text) your bank exports.',
  accountRequired: 'Say which bank account this CSV statement is of: a CSV names none.',
  accountFormat: 'The account is its number or IBAN: letters and digits, at most 34.',
  badCharacter: (source: string) => `${source}: it holds a character that cannot be stored.`,
  uploaded: (added: number, inFile: number) =>
    added === inFile
      ? `Statement uploaded: ${added} new ${added === 1 ? 'line' : 'lines'}.`
      : `Statement uploaded: ${added} new of ${inFile} ${inFile === 1 ? 'line' : 'lines'} (the rest were uploaded before).`,
} as const

/** A refusal of an upload: status and message, with the form field it concerns when there is one. */
export interface UploadRefusal {
  status: 413 | 415 | 422
  message: string
  field?: 'file' | 'account'
}

export interface ReadStatement {
  format: BankStatementUploaded['format']
  lines: StatementLine[]
  skipped: number
}

/** A CSV's account as the lines keep it: without spaces (IBANs are often written in groups), upper case. */
export function normalAccount(raw: string): string | null {
  const account = raw.replace(/\s+/g, '').toUpperCase()
  return /^[A-Z0-9/\-?:().,'+]{1,34}$/.test(account) ? account : null
}

/**
 * The statement in `bytes`, told apart by content: UTF-8 text whose first character is `<` is camt.053, any
 * other text the CSV layout (which needs `account`); a PDF, an image, a spreadsheet or any other binary file
 * is refused (415).
 */
export async function readStatementFile(
  bytes: Uint8Array,
  account: string | undefined,
): Promise<ReadStatement | UploadRefusal> {
  if (bytes.byteLength === 0) return { status: 422, message: bankStatementMessages.empty, field: 'file' }
  if (bytes.byteLength > BANK_STATEMENT_MAX_BYTES)
    return { status: 413, message: bankStatementMessages.tooLarge, field: 'file' }
  const notText = { status: 415 as const, message: bankStatementMessages.notText, field: 'file' as const }
  if (await sniffUpload(bytes.subarray(0, SNIFF_BYTES))) return notText
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes) // a leading BOM is dropped
  } catch {
    return notText
  }
  if (text.includes('\u0000')) return notText
  if (text.trim() === '') return { status: 422, message: bankStatementMessages.empty, field: 'file' }
  const format = text.trimStart().startsWith('<') ? 'camt053' : 'csv'
  let parsed: ReturnType<typeof parseCamt053>
  if (format === 'camt053') parsed = parseCamt053(text)
  else {
    if (!account?.trim())
      return { status: 422, message: bankStatementMessages.accountRequired, field: 'account' }
    const normal = normalAccount(account)
    if (!normal) return { status: 422, message: bankStatementMessages.accountFormat, field: 'account' }
    parsed = parseStatementCsv(text, normal)
  }
  if (!parsed.ok) return { status: 422, message: parsed.message, field: 'file' }
  if (parsed.lines.length === 0 && parsed.skipped === 0)
    return { status: 422, message: statementMessages.empty, field: 'file' }
  // A character reference (&#0;, a lone surrogate) can put into a line what PostgreSQL cannot store.
  const unstorable = parsed.lines.find((line) =>
    [line.account, line.endToEndId, line.unstructured, line.counterparty, line.accountServicerReference]
      .concat(line.structuredReferences)
      .some((value) => value !== null && !isStorableText(value)),
  )
  if (unstorable)
    return { status: 422, message: bankStatementMessages.badCharacter(unstorable.source), field: 'file' }
  return { format, lines: parsed.lines, skipped: parsed.skipped }
}

/** Lines per insert: 16 parameters each, well below PostgreSQL's 65,535 of a statement. */
const CHUNK = 1_000

/**
 * Stores a statement read by readStatementFile: its row, its lines not stored before (by account and
 * identity) and the audit row, in one transaction. `account` names the statement when its lines do not (a
 * camt.053 file of debits only).
 */
export async function storeStatement(
  db: Db,
  file: ReadStatement & { filename: string; account: string | undefined },
  who: { audit: AuditContext; staffId: number },
  at: Date,
): Promise<BankStatementUploaded> {
  const accounts = [...new Set(file.lines.map((line) => line.account))]
  const account = accounts.join(', ') || (file.account && normalAccount(file.account)) || ''
  const filename = displayFileName(file.filename || 'statement')
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('bank_statements')
      .values({
        account,
        format: file.format,
        filename,
        lines_in_file: file.lines.length,
        lines_added: 0,
        uploaded_by: who.staffId,
        uploaded_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    let added = 0
    for (let from = 0; from < file.lines.length; from += CHUNK) {
      const rows = await trx
        .insertInto('bank_statement_lines')
        .values(
          file.lines.slice(from, from + CHUNK).map((line) => ({
            statement_id: id,
            account: line.account,
            identity: line.identity,
            source: line.source,
            booking_day: line.bookingDay,
            value_day: line.valueDay,
            amount: line.amount,
            currency: line.currency,
            end_to_end_id: line.endToEndId,
            structured_references: line.structuredReferences,
            unstructured: line.unstructured,
            counterparty: line.counterparty,
            account_servicer_reference: line.accountServicerReference,
          })),
        )
        .onConflict((oc) => oc.columns(['account', 'identity']).doNothing())
        .returning('id')
        .execute()
      added += rows.length
    }
    await trx.updateTable('bank_statements').set({ lines_added: added }).where('id', '=', id).execute()
    await appendAudit(
      trx,
      {
        ...who.audit,
        action: 'bank-statement.uploaded',
        recordType: 'bank-statement',
        recordId: id,
        customerId: null,
        changes: createdFields({
          account,
          format: file.format,
          filename,
          linesInFile: file.lines.length,
          linesAdded: added,
          skipped: file.skipped,
        }),
      },
      at,
    )
    return {
      message: bankStatementMessages.uploaded(added, file.lines.length),
      statementId: id,
      format: file.format,
      linesInFile: file.lines.length,
      linesAdded: added,
      skipped: file.skipped,
    }
  })
}
