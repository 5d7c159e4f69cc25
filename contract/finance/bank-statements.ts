/**
 * Bank statements finance uploads (issue 36, docs/payments.md): an ISO 20022 camt.053 XML statement or the
 * CSV layout (`date,amount,currency,reference,counterparty`), read into the credit lines they hold: what a
 * customer paid us. Debits (what we paid) and entries not booked are skipped. A malformed file gives one clear
 * message naming its line or entry, and no lines: the server stores all of a file or nothing.
 *
 * Amounts become minor units exactly, from the decimal text (never through floating point). Each line has a
 * stable identity, so uploading the same file or an overlapping one again adds nothing: the bank's own entry
 * reference (AcctSvcrRef) when it gives one, else a SHA-256 of the account, day, amount, currency, references,
 * counterparty and how many identical lines came before it in the same file (two equal payments on one day are
 * two lines; a file overlapping another on whole days repeats the same identities).
 */
import { parse as parseCsv } from 'csv-parse/sync'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { sha256Hex } from './statement-hash'

/** A credit line of a statement: money received. */
export interface StatementLine {
  /** Stable across uploads: `ref:<account>:<AcctSvcrRef>` or `sha256:<hex>`. */
  identity: string
  /** Where it is in the file, for messages: `entry 3`, `entry 3, transaction 2`, `line 5`. */
  source: string
  /** The statement's account (IBAN or other id; a CSV's is the one finance uploads it for). */
  account: string
  bookingDay: string
  valueDay: string | null
  /** Minor units, above zero. */
  amount: number
  currency: string
  endToEndId: string | null
  /** Structured remittance: creditor references (and referred documents' numbers). */
  structuredReferences: string[]
  /** Unstructured remittance (a CSV's reference), its parts joined by a space. */
  unstructured: string | null
  /** The payer's name. */
  counterparty: string | null
  accountServicerReference: string | null
}

export type StatementParse =
  | { ok: true; lines: StatementLine[]; skipped: number }
  | { ok: false; message: string }

export const statementMessages = {
  notXml: (line: number, detail: string) => `The file is not well-formed XML (line ${line}: ${detail}).`,
  notCamt053:
    'This is not a camt.053 bank-to-customer statement (Document/BkToCstmrStmt/Stmt): export the statement as camt.053 or as the CSV layout.',
  noAccount: (stmt: number) => `Statement ${stmt} names no account (Acct/Id/IBAN or Acct/Id/Othr/Id).`,
  entry: (where: string, detail: string) => `${where}: ${detail}`,
  csvHeader: 'The first line must be the header date,amount,currency,reference,counterparty.',
  csvSyntax: (line: number, detail: string) => `Line ${line}: ${detail}`,
  empty: 'The file holds no statement lines.',
} as const

// ── Amounts ────────────────────────────────────────────────────────────────────────────────────────────

/** Decimal places of the currencies whose minor unit is not the cent (ISO 4217); the rest have two. */
const exponents: Record<string, number> = {
  JPY: 0,
  KRW: 0,
  VND: 0,
  IDR: 2,
  BHD: 3,
  KWD: 3,
  OMR: 3,
  JOD: 3,
  TND: 3,
}
export const currencyExponent = (currency: string) => exponents[currency] ?? 2

/**
 * `text` (a decimal such as `1234.5`, `1,234.50`, `-12.00`) in minor units of `currency`, exactly; a string
 * saying what is wrong when it is not an amount of that currency.
 */
export function minorUnitsOf(text: string, currency: string): number | string {
  const match = /^([+-]?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/.exec(text.trim())
  if (!match) return `the amount "${text}" is not a number`
  const exponent = currencyExponent(currency)
  const fraction = (match[3] ?? '').replace(/0+$/, '')
  if (fraction.length > exponent) return `the amount "${text}" has more decimals than ${currency} has`
  const digits = match[2]!.replaceAll(',', '') + fraction.padEnd(exponent, '0')
  const value = Number(digits)
  if (!Number.isSafeInteger(value) || value > 1e15) return `the amount "${text}" is too large`
  return match[1] === '-' ? -value : value
}

const currencyPattern = /^[A-Z]{3}$/
const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/
const isDay = (day: string) => {
  const m = dayPattern.exec(day)
  if (!m) return false
  const at = new Date(`${day}T00:00:00Z`)
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day
}

// ── Identity ───────────────────────────────────────────────────────────────────────────────────────────

type Draft = Omit<StatementLine, 'identity'>

/** Gives each line its identity (see the file's comment); equal drafts in one file are numbered in order. */
function withIdentities(drafts: readonly Draft[]): StatementLine[] {
  const seen = new Map<string, number>()
  return drafts.map((d) => {
    if (d.accountServicerReference)
      return { identity: `ref:${d.account}:${d.accountServicerReference}`, ...d }
    const key = JSON.stringify([
      d.account,
      d.bookingDay,
      d.amount,
      d.currency,
      d.endToEndId,
      d.structuredReferences,
      d.unstructured,
      d.counterparty,
    ])
    const n = seen.get(key) ?? 0
    seen.set(key, n + 1)
    return { identity: `sha256:${sha256Hex(`${key}#${n}`)}`, ...d }
  })
}

// ── camt.053 ───────────────────────────────────────────────────────────────────────────────────────────

/** Elements that may repeat in camt.053: always arrays, however many a file has. */
const repeating = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd', 'RfrdDocInf'])

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  textNodeName: '#text',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  isArray: (name) => repeating.has(name),
})

// biome-ignore lint/suspicious/noExplicitAny: the parsed XML tree is untyped; every read below checks its shape
type Node = any

const text = (node: Node): string | null => {
  if (node === undefined || node === null) return null
  const value = typeof node === 'object' ? node['#text'] : node
  if (value === undefined || value === null) return null
  const s = String(value).trim()
  return s === '' ? null : s
}
const list = (node: Node): Node[] => (Array.isArray(node) ? node : node === undefined ? [] : [node])
/** A date or date-time element (Dt or DtTm) as its ISO day. */
const dayOf = (node: Node): string | null => {
  const value = text(node?.Dt) ?? text(node?.DtTm)?.slice(0, 10) ?? null
  return value && isDay(value) ? value : null
}

/** Reads a camt.053 statement (any version of BkToCstmrStmt) into its credit lines. */
export function parseCamt053(source: string): StatementParse {
  const valid = XMLValidator.validate(source)
  if (valid !== true) return { ok: false, message: statementMessages.notXml(valid.err.line, valid.err.msg) }
  let tree: Node
  try {
    tree = xml.parse(source)
  } catch (error) {
    return { ok: false, message: statementMessages.notXml(0, (error as Error).message) }
  }
  const statements = list(tree?.Document?.BkToCstmrStmt?.Stmt)
  if (statements.length === 0) return { ok: false, message: statementMessages.notCamt053 }
  const drafts: Draft[] = []
  let skipped = 0
  let entryNo = 0
  for (const [s, stmt] of statements.entries()) {
    const account = text(stmt?.Acct?.Id?.IBAN) ?? text(stmt?.Acct?.Id?.Othr?.Id)
    if (!account) return { ok: false, message: statementMessages.noAccount(s + 1) }
    for (const entry of list(stmt.Ntry)) {
      entryNo++
      const read = readEntry(entry, entryNo, account)
      if (typeof read === 'string') return { ok: false, message: read }
      if (read === null) skipped++
      else drafts.push(...read)
    }
  }
  return { ok: true, lines: withIdentities(drafts), skipped }
}

/** An entry's credit lines (one per transaction), null when it is skipped, or what is wrong with it. */
function readEntry(entry: Node, entryNo: number, account: string): Draft[] | null | string {
  const entryRef = text(entry?.AcctSvcrRef)
  const where = `Entry ${entryNo}${entryRef ? ` (${entryRef})` : ''}`
  const fail = (detail: string) => statementMessages.entry(where, detail)
  const indicator = text(entry?.CdtDbtInd)
  if (indicator !== 'CRDT' && indicator !== 'DBIT') return fail('CdtDbtInd must be CRDT or DBIT')
  const status = text(entry?.Sts?.Cd) ?? text(entry?.Sts)
  const reversal = text(entry?.RvslInd) === 'true'
  if (indicator === 'DBIT' || reversal || (status !== null && status !== 'BOOK')) return null
  const currency = text(entry?.Amt?.['@Ccy'])
  const amountText = text(entry?.Amt)
  if (!currency || !currencyPattern.test(currency)) return fail('the amount has no currency (Amt@Ccy)')
  if (!amountText) return fail('it has no amount (Amt)')
  const amount = minorUnitsOf(amountText, currency)
  if (typeof amount === 'string') return fail(amount)
  if (amount <= 0) return fail('the amount must be above zero')
  const bookingDay = dayOf(entry?.BookgDt)
  if (!bookingDay) return fail('it has no booking date (BookgDt/Dt)')
  const valueDay = dayOf(entry?.ValDt)
  const transactions = list(entry?.NtryDtls).flatMap((d: Node) => list(d?.TxDtls))
  const base = { account, bookingDay, valueDay, currency }
  if (transactions.length <= 1) {
    const tx = readTransaction(transactions[0])
    return [{ ...base, ...tx, source: `entry ${entryNo}`, amount, accountServicerReference: entryRef }]
  }
  // A batch: each transaction is its own payment, with its own amount; together they make the entry's.
  const drafts: Draft[] = []
  for (const [i, node] of transactions.entries()) {
    const txWhere = `${where}, transaction ${i + 1}`
    const txAmountNode = node?.Amt ?? node?.AmtDtls?.TxAmt?.Amt
    const txCurrency = text(txAmountNode?.['@Ccy'])
    const txText = text(txAmountNode)
    if (!txText || txCurrency !== currency)
      return statementMessages.entry(txWhere, `it needs its own amount in ${currency} (TxDtls/Amt)`)
    const txAmount = minorUnitsOf(txText, currency)
    if (typeof txAmount === 'string') return statementMessages.entry(txWhere, txAmount)
    if (txAmount <= 0) return statementMessages.entry(txWhere, 'the amount must be above zero')
    const tx = readTransaction(node)
    const ref = text(node?.Refs?.AcctSvcrRef) ?? (entryRef ? `${entryRef}#${i + 1}` : null)
    drafts.push({
      ...base,
      ...tx,
      source: `entry ${entryNo}, transaction ${i + 1}`,
      amount: txAmount,
      accountServicerReference: ref,
    })
  }
  const total = drafts.reduce((sum, d) => sum + d.amount, 0)
  if (total !== amount) return fail("its transactions' amounts do not add up to the entry's amount")
  return drafts
}

/** A transaction's references and payer. */
function readTransaction(
  tx: Node,
): Pick<Draft, 'endToEndId' | 'structuredReferences' | 'unstructured' | 'counterparty'> {
  if (tx === undefined)
    return { endToEndId: null, structuredReferences: [], unstructured: null, counterparty: null }
  const e2e = text(tx?.Refs?.EndToEndId)
  const structured: string[] = []
  for (const strd of list(tx?.RmtInf?.Strd)) {
    const ref = text(strd?.CdtrRefInf?.Ref)
    if (ref) structured.push(ref)
    for (const doc of list(strd?.RfrdDocInf)) {
      const nb = text(doc?.Nb)
      if (nb) structured.push(nb)
    }
  }
  const unstructured = list(tx?.RmtInf?.Ustrd)
    .map(text)
    .filter((s): s is string => s !== null)
    .join(' ')
  const debtor = tx?.RltdPties?.Dbtr
  return {
    endToEndId: e2e && e2e.toUpperCase() !== 'NOTPROVIDED' ? e2e : null,
    structuredReferences: structured,
    unstructured: unstructured === '' ? null : unstructured,
    counterparty: text(debtor?.Nm) ?? text(debtor?.Pty?.Nm),
  }
}

// ── CSV ────────────────────────────────────────────────────────────────────────────────────────────────

export const statementCsvColumns = ['date', 'amount', 'currency', 'reference', 'counterparty'] as const

/**
 * Reads the CSV layout: a header `date,amount,currency,reference,counterparty`, then one line per bank line:
 * the booking day (YYYY-MM-DD), the amount (a decimal; negative: a debit, skipped), the currency (ISO 4217),
 * the payer's reference and the payer's name. `account` is the bank account finance uploads it for.
 */
export function parseStatementCsv(source: string, account: string): StatementParse {
  let rows: { record: string[]; info: { lines: number } }[]
  try {
    rows = parseCsv(source.replace(/^\uFEFF/, ''), {
      info: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
    }) as unknown as typeof rows // `info: true` gives { record, info } per row; the types do not say so
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 0
    return { ok: false, message: statementMessages.csvSyntax(line, (error as Error).message) }
  }
  const [header, ...body] = rows
  const names = header?.record.map((h) => h.toLowerCase())
  if (!names || statementCsvColumns.some((c, i) => names[i] !== c))
    return { ok: false, message: statementMessages.csvHeader }
  if (body.length === 0) return { ok: false, message: statementMessages.empty }
  const drafts: Draft[] = []
  let skipped = 0
  for (const { record, info } of body) {
    const fail = (detail: string) => ({
      ok: false as const,
      message: statementMessages.csvSyntax(info.lines, detail),
    })
    if (record.length !== statementCsvColumns.length)
      return fail(
        `expected 5 fields (date, amount, currency, reference, counterparty), found ${record.length}`,
      )
    const [day, amountText, currencyText, reference, counterparty] = record as [
      string,
      string,
      string,
      string,
      string,
    ]
    if (!isDay(day)) return fail(`the date "${day}" is not a day written YYYY-MM-DD`)
    const currency = currencyText.toUpperCase()
    if (!currencyPattern.test(currency)) return fail(`the currency "${currencyText}" is not an ISO 4217 code`)
    const amount = minorUnitsOf(amountText, currency)
    if (typeof amount === 'string') return fail(amount)
    if (amount === 0) return fail('the amount is zero')
    if (amount < 0) {
      skipped++
      continue
    }
    drafts.push({
      source: `line ${info.lines}`,
      account,
      bookingDay: day,
      valueDay: null,
      amount,
      currency,
      endToEndId: null,
      structuredReferences: [],
      unstructured: reference === '' ? null : reference,
      counterparty: counterparty === '' ? null : counterparty,
      accountServicerReference: null,
    })
  }
  return { ok: true, lines: withIdentities(drafts), skipped }
}
