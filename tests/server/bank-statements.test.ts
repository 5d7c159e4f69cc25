/**
 * Bank statements through the API (issue 36, docs/payments.md "Bank statements"): finance uploads camt.053
 * files (tests/fixtures/camt053/, written from the ISO 20022 schema's structure) and the CSV layout; each
 * credit line is stored once (the same or an overlapping file adds nothing); a malformed file is refused with
 * a message naming its line or entry and stores nothing; the desk suggests matches by invoice number and by
 * exact sum; a match records the payment and pays the invoice; lines are ignored and opened again; two
 * matches of one line at once: one wins. Only finance reaches any of it.
 */
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InvoiceDetail } from '../../contract/finance/invoice-wire'
import {
  type BankLinePage,
  type BankLineView,
  type BankStatementUploaded,
  type PaymentAnswer,
  paymentPaths,
} from '../../contract/finance/payment-wire'
import { forbiddenMessage } from '../../contract/permissions'
import type { ErrorBody } from '../../contract/wire'
import { bankLineMessages } from '../../server/finance/bank-lines'
import { bankMatchMessages } from '../../server/finance/bank-match'
import { bankStatementMessages } from '../../server/finance/bank-statements'
import type { Auth } from './booking-helpers'
import { minimalPdf, minimalPng } from './document-fixtures'
import { postJson } from './helpers'
import { type InvoiceServer, setupInvoiceServer } from './invoices-helpers'

let server: InvoiceServer
let alice: Auth
let bob: Auth
let aliceId: number
let bobId: number

const fixture = (name: string) => readFileSync(new URL(`../fixtures/camt053/${name}`, import.meta.url))

type Upload = { bytes: Uint8Array | string; name?: string; account?: string }

function upload(
  { bytes, name = 'statement', account }: Upload,
  auth: Record<string, string> = server.finance,
) {
  const form = new FormData()
  form.set('file', new Blob([bytes as BlobPart]), name)
  if (account !== undefined) form.set('account', account)
  return server.staffCall(auth, paymentPaths.staffBankStatements, { method: 'POST', body: form })
}

async function uploaded(file: Upload): Promise<BankStatementUploaded> {
  const res = await upload(file)
  const body = (await res.json()) as BankStatementUploaded
  expect(res.status, JSON.stringify(body)).toBe(201)
  return body
}

async function lines(query: Record<string, string | number> = {}): Promise<BankLinePage> {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))
  const res = await server.staffCall(server.finance, `${paymentPaths.staffBankLines}?${search}`)
  expect(res.status).toBe(200)
  return (await res.json()) as BankLinePage
}

const post = (path: string, body?: unknown, auth = server.finance) =>
  server.staffCall(auth, path, body === undefined ? { method: 'POST' } : postJson(body))

/** What a refused upload must leave as it was. */
async function stored() {
  const [statements, rows, payments, allocations, audit] = await Promise.all([
    server.db.selectFrom('bank_statements').select('id').execute(),
    server.db.selectFrom('bank_statement_lines').select(['id', 'status']).orderBy('id').execute(),
    server.db.selectFrom('payments').select('id').execute(),
    server.db.selectFrom('payment_allocations').select('id').execute(),
    server.db.selectFrom('audit_events').select('id').execute(),
  ])
  return {
    statements: statements.length,
    lines: rows,
    payments: payments.length,
    allocations: allocations.length,
    audit: audit.length,
  }
}

/** An invoice of one ZR charge of `amount`, issued now. */
async function invoiceOf(auth: Auth, amount: number): Promise<InvoiceDetail> {
  const booking = await server.booking(auth)
  const ids = await server.addCharges(booking, [{ amount, gstCode: 'ZR' }])
  return server.issued(booking, ids)
}

beforeAll(async () => {
  server = await setupInvoiceServer()
  alice = await server.login()
  bob = await server.login()
  aliceId = await server.billable(alice)
  bobId = await server.billable(bob)
  // INV-2025-000001 to 000003 are Alice's company's, 000004 Bob's: the fixtures name them.
  for (const amount of [100_000, 25_000, 30_000]) await invoiceOf(alice, amount)
  await invoiceOf(bob, 77_700)
}, 120_000)

afterAll(async () => {
  await server?.database.close()
})

describe('uploading a statement', () => {
  it('stores the credit lines of a camt.053.001.08 file once: the same file again adds nothing', async () => {
    const first = await uploaded({ bytes: fixture('statement-001-08.xml'), name: 'march.xml' })
    expect(first).toMatchObject({ format: 'camt053', linesInFile: 5, linesAdded: 5, skipped: 2 })
    const again = await uploaded({ bytes: fixture('statement-001-08.xml'), name: 'march-again.xml' })
    expect(again).toMatchObject({ format: 'camt053', linesInFile: 5, linesAdded: 0, skipped: 2 })
    expect(again.statementId).not.toBe(first.statementId)
    const page = await lines({ statementId: first.statementId })
    expect(page.lines.map((l) => [l.source, l.amount, l.currency, l.counterparty])).toEqual([
      ['entry 1', 107_000, 'SGD', 'Lion City Traders Pte. Ltd.'],
      ['entry 3, transaction 1', 100_000, 'SGD', 'Merlion Components'],
      ['entry 3, transaction 2', 200_050, 'SGD', 'Kallang Foods'],
      ['entry 3, transaction 3', 49_950, 'SGD', null],
      ['entry 4', 81_240, 'USD', 'Harbour Logistics Ltd'],
    ])
    expect(page.lines[0]).toMatchObject({
      account: '0123456789',
      endToEndId: 'INV-2026-000001',
      status: 'open',
    })
    expect(await lines({ statementId: again.statementId })).toEqual({ lines: [], next: null })
  })

  it('reads camt.053.001.02 (a namespace prefix, the IBAN) whatever the file is called', async () => {
    const body = await uploaded({ bytes: fixture('statement-001-02.xml'), name: 'export.csv' })
    expect(body).toMatchObject({ format: 'camt053', linesInFile: 1, linesAdded: 1, skipped: 0 })
    const [line] = (await lines({ statementId: body.statementId })).lines
    expect(line).toMatchObject({
      account: 'SG00DBSS0123456789',
      amount: 214_000,
      structuredReferences: ['INV-2026-000010'],
      endToEndId: 'PAYNOW 88812',
    })
  })

  it('adds only the new lines of a file overlapping one uploaded before', async () => {
    const day1 = await uploaded({ bytes: fixture('statement-002-day1.xml') })
    expect(day1).toMatchObject({ linesInFile: 3, linesAdded: 3, skipped: 1 })
    const days = await uploaded({ bytes: fixture('statement-002-days1-2.xml') })
    expect(days).toMatchObject({ linesInFile: 5, linesAdded: 2, skipped: 1 })
    expect(days.message).toBe(bankStatementMessages.uploaded(2, 5))
    const added = (await lines({ statementId: days.statementId })).lines
    expect(added.map((l) => [l.bookingDay, l.amount, l.currency])).toEqual([
      ['2025-06-03', 77_700, 'SGD'],
      ['2025-06-03', 12_345, 'EUR'],
    ])
  })

  it('reads the CSV layout for the account named with it; an overlapping CSV adds only its new lines', async () => {
    const header = 'date,amount,currency,reference,counterparty'
    const first = [
      header,
      '2025-05-30,"1,200.00",SGD,Deposit for ESB,Raffles Imports',
      '2025-05-31,80.00,SGD,Top up,Raffles Imports',
      '2025-05-31,80.00,SGD,Top up,Raffles Imports',
      '2025-05-31,-15.00,SGD,Bank charge,DBS',
    ].join('\r\n')
    const body = await uploaded({ bytes: `\uFEFF${first}\r\n`, name: 'dbs.csv', account: 'sg 0011 2233' })
    expect(body).toMatchObject({ format: 'csv', linesInFile: 3, linesAdded: 3, skipped: 1 })
    const stored = (await lines({ statementId: body.statementId })).lines
    expect(stored.map((l) => [l.account, l.source, l.amount, l.unstructured])).toEqual([
      ['SG00112233', 'line 2', 120_000, 'Deposit for ESB'],
      ['SG00112233', 'line 3', 8_000, 'Top up'],
      ['SG00112233', 'line 4', 8_000, 'Top up'],
    ])
    const overlapping = [
      header,
      '2025-05-31,80.00,SGD,Top up,Raffles Imports',
      '2025-05-31,80.00,SGD,Top up,Raffles Imports',
      '2025-06-01,9.99,usd,Fees back,Raffles Imports',
    ].join('\n')
    const next = await uploaded({ bytes: overlapping, account: 'SG00112233' })
    expect(next).toMatchObject({ linesInFile: 3, linesAdded: 1 })
    const [only] = (await lines({ statementId: next.statementId })).lines
    expect(only).toMatchObject({ bookingDay: '2025-06-01', amount: 999, currency: 'USD' })
  })

  it('audits each upload', async () => {
    const body = await uploaded({
      bytes: 'date,amount,currency,reference,counterparty\n2025-05-01,1.00,SGD,a,b\n',
      account: 'AUDIT1',
    })
    const row = await server.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'bank-statement.uploaded')
      .where('record_id', '=', String(body.statementId))
      .executeTakeFirstOrThrow()
    expect(row.changes).toMatchObject({ linesAdded: { before: null, after: 1 }, format: { after: 'csv' } })
  })
})

describe('a file that cannot be taken', () => {
  const refused = async (file: Upload | RequestInit, status: number, message: string | RegExp) => {
    const before = await stored()
    const res =
      'bytes' in file
        ? await upload(file)
        : await server.staffCall(server.finance, paymentPaths.staffBankStatements, {
            method: 'POST',
            ...file,
          })
    const body = (await res.json()) as ErrorBody
    expect(res.status, JSON.stringify(body)).toBe(status)
    if (typeof message === 'string') expect(body.message).toBe(message)
    else expect(body.message).toMatch(message)
    expect(await stored()).toEqual(before)
    return body
  }

  it('refuses malformed XML with the line it breaks on', async () => {
    await refused(
      { bytes: fixture('malformed-unclosed.xml') },
      422,
      /^The file is not well-formed XML \(line \d+: /,
    )
  })

  it('refuses an entry the parser refuses, naming it, and stores none of the entries before it', async () => {
    await refused(
      { bytes: fixture('malformed-amount.xml') },
      422,
      'Entry 2 (A-2): the amount "12.345" has more decimals than SGD has',
    )
    await refused(
      { bytes: fixture('malformed-batch.xml') },
      422,
      "Entry 1 (B-1): its transactions' amounts do not add up to the entry's amount",
    )
  })

  it('refuses a malformed CSV line, naming it', async () => {
    const csv =
      'date,amount,currency,reference,counterparty\n2025-06-01,10.00,SGD,ok,A\n2025-06-31,5.00,SGD,bad,B\n'
    const body = await refused(
      { bytes: csv, account: '0123' },
      422,
      'Line 3: the date "2025-06-31" is not a day written YYYY-MM-DD',
    )
    expect(body.errors).toEqual({ file: [body.message] })
    await refused(
      { bytes: 'day,sum\n2025-06-01,10\n', account: '0123' },
      422,
      'The first line must be the header date,amount,currency,reference,counterparty.',
    )
  })

  it('refuses an empty file, a file of no lines and a CSV without its account', async () => {
    await refused({ bytes: '' }, 422, bankStatementMessages.empty)
    await refused({ bytes: '\n  \n' }, 422, bankStatementMessages.empty)
    await refused(
      { bytes: 'date,amount,currency,reference,counterparty\n', account: '1' },
      422,
      'The file holds no statement lines.',
    )
    const body = await refused(
      { bytes: 'date,amount,currency,reference,counterparty\n2025-06-01,1.00,SGD,a,b\n' },
      422,
      bankStatementMessages.accountRequired,
    )
    expect(body.errors).toEqual({ account: [bankStatementMessages.accountRequired] })
  })

  it('refuses a PDF, an image or other binary named .xml or .csv by its content (415), and a body that is not a form', async () => {
    await refused(
      { bytes: minimalPdf('Statement'), name: 'statement.xml' },
      415,
      bankStatementMessages.notText,
    )
    await refused(
      { bytes: minimalPng(), name: 'statement.csv', account: '1' },
      415,
      bankStatementMessages.notText,
    )
    await refused(
      { bytes: new Uint8Array([0x3c, 0x61, 0xff, 0xfe, 0x00]), name: 's.xml' },
      415,
      bankStatementMessages.notText,
    )
    await refused(
      { body: '<Document/>', headers: { 'Content-Type': 'application/xml' } },
      415,
      bankStatementMessages.notMultipart,
    )
    const form = new FormData()
    form.set('account', '1')
    await refused({ body: form }, 422, bankStatementMessages.fileRequired)
  })

  it('refuses a file over the limit with 413', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1).fill(0x61)
    await refused({ bytes: big, account: '1' }, 413, bankStatementMessages.tooLarge)
  })
})

describe('suggestions, matching, ignoring', () => {
  let day1: BankLineView[]
  let day2: BankLineView[]

  beforeAll(async () => {
    // The statements of the overlap test: their lines, in the desk's order.
    const all = (await lines({ limit: 200 })).lines.filter((l) => l.account === 'SG07OCBC5011234567890')
    day1 = all.filter((l) => l.bookingDay === '2025-06-02')
    day2 = all.filter((l) => l.bookingDay === '2025-06-03')
    expect(day1).toHaveLength(3)
    expect(day2).toHaveLength(2)
  })

  it('suggests the invoice named in a reference, and the open invoices of one company summing to the amount', async () => {
    const [named, summed, refund] = day1 as [BankLineView, BankLineView, BankLineView]
    expect(named.suggestion).toEqual({
      rule: 'reference',
      customerId: aliceId,
      customerName: expect.any(String),
      allocations: [{ invoiceNumber: 'INV-2025-000001', amount: 100_000 }],
      credit: 0,
    })
    expect(summed.suggestion).toMatchObject({
      rule: 'sum',
      customerId: aliceId,
      allocations: [
        { invoiceNumber: 'INV-2025-000002', amount: 25_000 },
        { invoiceNumber: 'INV-2025-000003', amount: 30_000 },
      ],
      credit: 0,
    })
    expect(refund.suggestion).toBeNull()
    // The end-to-end id written without hyphens names Bob's company's invoice.
    expect(day2[0]?.suggestion).toMatchObject({
      rule: 'reference',
      customerId: bobId,
      allocations: [{ invoiceNumber: 'INV-2025-000004', amount: 77_700 }],
    })
  })

  it('matches a line: the payment is recorded on its day with its amount and reference, the invoice is paid', async () => {
    const line = day1[0] as BankLineView
    const res = await post(paymentPaths.staffBankLineMatch(line.id), {
      customerId: aliceId,
      allocations: line.suggestion?.allocations,
    })
    const body = (await res.json()) as PaymentAnswer
    expect(res.status, JSON.stringify(body)).toBe(201)
    expect(body.message).toBe(bankMatchMessages.matched)
    expect(body.payment).toMatchObject({
      customerId: aliceId,
      receivedDay: '2025-06-02',
      method: 'fast',
      currency: 'SGD',
      amount: 100_000,
      allocated: 100_000,
      unallocated: 0,
      payerReference: 'PAYMENT INV-2025-000001 WITH THANKS',
      bankLineId: line.id,
    })
    const invoice = await server.staffCall(server.finance, '/api/staff/invoices/INV-2025-000001')
    expect(await invoice.json()).toMatchObject({ balance: 0, paid: 100_000, state: 'paid' })
    const matched = (await lines({ status: 'matched' })).lines.find((l) => l.id === line.id)
    expect(matched).toMatchObject({ status: 'matched', paymentId: body.payment.id, suggestion: null })
    expect(matched?.decidedBy).toBeTruthy()
    expect((await lines({ limit: 200 })).lines.some((l) => l.id === line.id)).toBe(false)
    const again = await post(paymentPaths.staffBankLineMatch(line.id), { customerId: aliceId })
    expect(again.status).toBe(409)
    expect(await again.json()).toEqual({ message: bankLineMessages.notOpen })
    const actions = await server.db
      .selectFrom('audit_events')
      .select('action')
      .where('action', 'in', ['bank-line.matched', 'payment.recorded'])
      .execute()
    expect(actions.map((a) => a.action).sort()).toEqual(['bank-line.matched', 'payment.recorded'])
  })

  it('lets one of two matches of the same line at once win; the other gets 409 and records nothing', async () => {
    const line = day1[1] as BankLineView
    const before = await server.db.selectFrom('payments').select('id').execute()
    // No allocations: only the line's own state can refuse the second.
    const results = await Promise.all(
      [0, 1].map(() => post(paymentPaths.staffBankLineMatch(line.id), { customerId: aliceId })),
    )
    expect(results.map((r) => r.status).sort()).toEqual([201, 409])
    const after = await server.db.selectFrom('payments').select('id').execute()
    expect(after.length).toBe(before.length + 1)
  })

  it('refuses a match the payment rules refuse, changing nothing', async () => {
    const line = day2[0] as BankLineView
    const before = await stored()
    // INV-2025-000004 is Bob's company's: not an open invoice of Alice's.
    const res = await post(paymentPaths.staffBankLineMatch(line.id), {
      customerId: aliceId,
      allocations: [{ invoiceNumber: 'INV-2025-000004', amount: 77_700 }],
    })
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({ message: 'INV-2025-000004 is not an open invoice of this customer.' })
    const euro = await post(paymentPaths.staffBankLineMatch((day2[1] as BankLineView).id), {
      customerId: aliceId,
    })
    expect(euro.status).toBe(422)
    expect(await euro.json()).toEqual({ message: bankMatchMessages.currency('EUR') })
    const nobody = await post(paymentPaths.staffBankLineMatch(line.id), { customerId: 2_000_000 })
    expect(nobody.status).toBe(404)
    expect(await stored()).toEqual(before)
    expect((await lines({ limit: 200 })).lines.find((l) => l.id === line.id)?.status).toBe('open')
    expect((await post(paymentPaths.staffBankLineMatch(999_999), { customerId: aliceId })).status).toBe(404)
  })

  it('ignores an open line and opens it again, each once, audited', async () => {
    const line = day1[2] as BankLineView
    const ignored = await post(paymentPaths.staffBankLineIgnore(line.id))
    expect(ignored.status).toBe(200)
    expect(await ignored.json()).toMatchObject({ id: line.id, status: 'ignored', suggestion: null })
    expect((await post(paymentPaths.staffBankLineIgnore(line.id))).status).toBe(409)
    expect((await lines({ status: 'ignored' })).lines.map((l) => l.id)).toContain(line.id)
    expect((await lines({ limit: 200 })).lines.map((l) => l.id)).not.toContain(line.id)
    const reopened = await post(paymentPaths.staffBankLineReopen(line.id))
    expect(reopened.status).toBe(200)
    expect(await reopened.json()).toMatchObject({ status: 'open', decidedAt: null, decidedBy: null })
    const twice = await post(paymentPaths.staffBankLineReopen(line.id))
    expect(twice.status).toBe(409)
    expect(await twice.json()).toEqual({ message: bankLineMessages.notIgnored })
    const matched = day1[0] as BankLineView
    expect((await post(paymentPaths.staffBankLineReopen(matched.id))).status).toBe(409)
    expect((await post(paymentPaths.staffBankLineIgnore(matched.id))).status).toBe(409)
    const actions = await server.db
      .selectFrom('audit_events')
      .select('action')
      .where('record_type', '=', 'bank-line')
      .where('record_id', '=', String(line.id))
      .execute()
    expect(actions.map((a) => a.action)).toEqual(['bank-line.ignored', 'bank-line.reopened'])
  })

  it('pages the list with its cursor and refuses one it did not give', async () => {
    const all = (await lines({ limit: 200 })).lines
    const first = await lines({ limit: 2 })
    expect(first.lines.map((l) => l.id)).toEqual(all.slice(0, 2).map((l) => l.id))
    const second = await lines({ limit: 2, after: first.next as string })
    expect(second.lines.map((l) => l.id)).toEqual(all.slice(2, 4).map((l) => l.id))
    const bad = await server.staffCall(server.finance, `${paymentPaths.staffBankLines}?after=nonsense`)
    expect(bad.status).toBe(422)
  })
})

describe('who may', () => {
  it('refuses a staff member without the finance role (403) and a customer (401), on every operation', async () => {
    const calls: [string, RequestInit][] = [
      [paymentPaths.staffBankStatements, { method: 'POST', body: new FormData() }],
      [paymentPaths.staffBankLines, {}],
      [paymentPaths.staffBankLineMatch(1), postJson({ customerId: aliceId })],
      [paymentPaths.staffBankLineIgnore(1), { method: 'POST' }],
      [paymentPaths.staffBankLineReopen(1), { method: 'POST' }],
    ]
    const operations = [
      'uploadBankStatement',
      'listBankLines',
      'matchBankLine',
      'ignoreBankLine',
      'reopenBankLine',
    ] as const
    const before = await stored()
    for (const [i, [path, init]] of calls.entries()) {
      const ops = await server.staffCall(server.operations, path, init)
      expect(ops.status, path).toBe(403)
      expect(await ops.json()).toEqual({
        message: forbiddenMessage(operations[i] as (typeof operations)[number]),
      })
      const { email: _email, ...customer } = alice
      const res = await server.staffCall(customer, path, init)
      expect(res.status, path).toBe(401)
    }
    expect(await stored()).toEqual(before)
  })
})
