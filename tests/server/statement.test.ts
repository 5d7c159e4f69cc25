/**
 * The statement of account (issue 36, docs/payments.md, "Statement of account") through real HTTP on PGlite:
 * a company with invoices, a credit note, a payment partly allocated and partly refunded, and a payment
 * reversed (a bounced cheque); the figures exact (open items, buckets, balance, the period's activity and its
 * running balance), the customer's company's only, finance's of any company, the PDF.
 */
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type InvoiceDetail, invoicePaths } from '../../contract/finance/invoice-wire'
import { statementMessages } from '../../contract/finance/statement-account'
import { type StatementOfAccount, statementPaths } from '../../contract/finance/statement-wire'
import { forbiddenMessage } from '../../contract/permissions'
import { apiPaths, type LoginResponse } from '../../contract/wire'
import type { Auth } from './booking-helpers'
import { bearer, postJson } from './helpers'
import { type InvoiceServer, setupInvoiceServer } from './invoices-helpers'
import { pdfText } from './pdf-text'
import { createTestStaff, staffToken } from './staff-helpers'

let server: InvoiceServer
let alice: Auth
let bob: Auth
let aliceId: number
let a1: InvoiceDetail
let a2: InvoiceDetail
let a3: InvoiceDetail
let note: InvoiceDetail
let bobInvoice: InvoiceDetail

let finance: Record<string, string>
let operations: Record<string, string>

/** A customer signed in again (createTestUser's password). */
async function signIn(auth: Auth): Promise<Auth> {
  const res = await server.app.request(
    apiPaths.login,
    postJson({ email: auth.email, password: 'Secret#123' }),
  )
  return { ...bearer(((await res.json()) as LoginResponse).token as string), email: auth.email }
}

/** A staff member of `role` signed in now. */
const staffAs = async (role: 'finance' | 'operations') =>
  bearer(
    await staffToken(
      server.app,
      await createTestStaff(server.db, [role], server.clock.now()),
      server.clock.now(),
    ),
  )

const json = async <T>(res: Response) => (await res.json()) as T
const period = '?from=2025-06-05&to=2025-08-20'

/** A payment written as the payments desk writes it (its API is tested in payments' tests). */
async function payment(
  values: { amount: number; receivedDay: string; method: 'fast' | 'cheque'; reference: string },
  allocations: { invoice: InvoiceDetail; amount: number }[],
) {
  const { id } = await server.db
    .insertInto('payments')
    .values({
      customer_id: aliceId,
      received_day: values.receivedDay,
      method: values.method,
      currency: 'SGD',
      amount: values.amount,
      payer_reference: values.reference,
      recorded_at: new Date(`${values.receivedDay}T03:00:00Z`),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  for (const allocation of allocations) {
    const invoice = await server.db
      .selectFrom('invoices')
      .select('id')
      .where('number', '=', allocation.invoice.number)
      .executeTakeFirstOrThrow()
    await server.db
      .insertInto('payment_allocations')
      .values({
        payment_id: id,
        invoice_id: invoice.id,
        amount: allocation.amount,
        allocated_at: new Date(`${values.receivedDay}T04:00:00Z`),
      })
      .execute()
  }
  return id
}

beforeAll(async () => {
  server = await setupInvoiceServer()
  alice = await server.login()
  bob = await server.login()
  aliceId = await server.billable(alice, 30)
  await server.billable(bob, 7)
  // 2 June 2025: two invoices (zero-rated: totals are the charges), the second credited 100.00.
  const a = await server.booking(alice)
  const [c1, c2, c3] = await server.addCharges(a, [
    { amount: 100_000, gstCode: 'ZR' },
    { amount: 50_000, gstCode: 'ZR' },
    { amount: 30_000, gstCode: 'ZR' },
  ])
  a1 = await server.issued(a, [c1 as number])
  a2 = await server.issued(a, [c2 as number])
  note = (
    await json<{ invoice: InvoiceDetail }>(
      await server.credit(a2.number, { lines: [{ lineNo: 1, amount: 10_000 }], reason: 'Goodwill' }),
    )
  ).invoice
  const b = await server.booking(bob)
  bobInvoice = await server.issued(b, await server.addCharges(b, [{ amount: 9_900, gstCode: 'ZR' }]))
  // 10 June: 1,200.00 by FAST, 1,000.00 of it to the first invoice; 50.00 of the rest refunded on 25 June.
  const fast = await payment(
    { amount: 120_000, receivedDay: '2025-06-10', method: 'fast', reference: 'FAST-1' },
    [{ invoice: a1, amount: 100_000 }],
  )
  await server.db.updateTable('payments').set({ refunded: 5_000 }).where('id', '=', fast).execute()
  await server.db
    .insertInto('payment_refunds')
    .values({
      payment_id: fast,
      amount: 5_000,
      refunded_day: '2025-06-25',
      refunded_by: null,
      refunded_at: new Date('2025-06-25T02:00:00Z'),
    })
    .execute()
  // 12 June: a cheque for the second invoice's balance, which bounced on 20 June.
  const cheque = await payment(
    { amount: 40_000, receivedDay: '2025-06-12', method: 'cheque', reference: 'CHQ-7' },
    [{ invoice: a2, amount: 40_000 }],
  )
  await server.db
    .updateTable('payments')
    .set({ reversed_at: new Date('2025-06-20T02:00:00Z'), reversal_reason: 'Cheque bounced' })
    .where('id', '=', cheque)
    .execute()
  // 15 August: a third invoice; the statement is of 20 August (everyone signs in again after so long).
  server.clock.advance(74 * 86_400_000)
  ;[alice, bob, finance, operations] = await Promise.all([
    signIn(alice),
    signIn(bob),
    staffAs('finance'),
    staffAs('operations'),
  ])
  const res = await server.issue(a, [c3 as number], finance)
  expect(res.status).toBe(201)
  a3 = (await json<{ invoice: InvoiceDetail }>(res)).invoice
  server.clock.advance(5 * 86_400_000)
  ;[alice, bob, finance, operations] = await Promise.all([
    signIn(alice),
    signIn(bob),
    staffAs('finance'),
    staffAs('operations'),
  ])
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

describe("a company's statement of account", () => {
  it('ages the open items in five buckets that sum to the balance', async () => {
    const res = await server.call(alice, statementPaths.statement)
    expect(res.status).toBe(200)
    const statement = await json<StatementOfAccount>(res)
    expect(a3.issueDay).toBe('2025-08-15')
    expect(statement).toMatchObject({
      company: { id: aliceId, currency: 'SGD', paymentTermsDays: 30 },
      currency: 'SGD',
      asOf: '2025-08-20',
      balance: 55_000,
      buckets: { current: 30_000, d1to30: 0, d31to60: 40_000, d61to90: -15_000, over90: 0 },
      // The default period: the last 90 days.
      period: { from: '2025-05-23', to: '2025-08-20' },
      openingBalance: 0,
      closingBalance: 55_000,
    })
    expect(statement.items).toEqual([
      {
        kind: 'payment',
        reference: 'FAST-1',
        day: '2025-06-10',
        amount: 15_000,
        days: 71,
        bucket: 'd61to90',
        signed: -15_000,
      },
      {
        kind: 'invoice',
        reference: a2.number,
        day: '2025-07-02',
        amount: 40_000,
        days: 49,
        bucket: 'd31to60',
        signed: 40_000,
      },
      {
        kind: 'invoice',
        reference: a3.number,
        day: '2025-09-14',
        amount: 30_000,
        days: 0,
        bucket: 'current',
        signed: 30_000,
      },
    ])
  })

  it("agrees with each invoice's balance as the invoices' own pages have it", async () => {
    const statement = await json<StatementOfAccount>(await server.call(alice, statementPaths.statement))
    for (const invoice of [a1, a2, a3]) {
      const detail = await json<InvoiceDetail>(await server.call(alice, invoicePaths.detail(invoice.number)))
      const open = statement.items.find((item) => item.reference === invoice.number)
      expect(open?.amount ?? 0, invoice.number).toBe(detail.balance)
    }
  })

  it("lists the period's activity in date order with a running balance from the opening balance", async () => {
    const statement = await json<StatementOfAccount>(
      await server.call(alice, statementPaths.statement + period),
    )
    expect(statement.openingBalance).toBe(140_000)
    expect(
      statement.activity.map(({ day, kind, reference, amount, balance }) => [
        day,
        kind,
        reference,
        amount,
        balance,
      ]),
    ).toEqual([
      ['2025-06-10', 'payment', 'FAST-1', -120_000, 20_000],
      ['2025-06-12', 'payment', 'CHQ-7', -40_000, -20_000],
      ['2025-06-20', 'reversal', 'CHQ-7', 40_000, 20_000],
      ['2025-06-25', 'refund', 'FAST-1', 5_000, 25_000],
      ['2025-08-15', 'invoice', a3.number, 30_000, 55_000],
    ])
    expect(statement.activity[2]?.description).toBe('Payment reversed: Cheque bounced')
    expect(statement.closingBalance).toBe(statement.balance)
    const all = await json<StatementOfAccount>(
      await server.call(alice, `${statementPaths.statement}?from=2025-06-01&to=2025-06-02`),
    )
    expect(all.activity.map((row) => [row.reference, row.amount, row.balance])).toEqual([
      [a1.number, 100_000, 100_000],
      [a2.number, 50_000, 150_000],
      [note.number, -10_000, 140_000],
    ])
  })

  it('shows another currency on its own, and refuses a bad period or currency with 422', async () => {
    const usd = await json<StatementOfAccount>(
      await server.call(alice, `${statementPaths.statement}?currency=USD`),
    )
    expect(usd).toMatchObject({ currency: 'USD', balance: 0, items: [], activity: [] })
    for (const query of [
      '?from=2025-08-01&to=2025-07-01',
      '?from=2020-01-01',
      '?currency=EUR',
      '?to=2025-13-01',
    ]) {
      const res = await server.call(alice, statementPaths.statement + query)
      expect(res.status, query).toBe(422)
    }
    const order = await server.call(alice, `${statementPaths.statement}?from=2025-08-01&to=2025-07-01`)
    expect(JSON.stringify(await order.json())).toContain(statementMessages.periodOrder)
  })
})

describe('who sees it', () => {
  it("gives a customer their own company's only", async () => {
    const statement = await json<StatementOfAccount>(await server.call(bob, statementPaths.statement))
    expect(statement.balance).toBe(bobInvoice.total)
    expect(statement.items.map((item) => item.reference)).toEqual([bobInvoice.number])
    expect((await server.app.request(statementPaths.statement)).status).toBe(401)
  })

  it("gives finance any company's, and refuses other staff roles", async () => {
    const res = await server.staffCall(finance, statementPaths.staffStatement(aliceId))
    expect(res.status).toBe(200)
    expect((await json<StatementOfAccount>(res)).balance).toBe(55_000)
    for (const path of [statementPaths.staffStatement(aliceId), statementPaths.staffStatementPdf(aliceId)]) {
      const refused = await server.staffCall(operations, path)
      expect(refused.status, path).toBe(403)
      expect(await refused.json()).toEqual({ message: forbiddenMessage('getStaffStatement') })
    }
    const none = await server.staffCall(finance, statementPaths.staffStatement(2_000_000_000))
    expect(none.status).toBe(404)
    expect(await none.json()).toEqual({ message: statementMessages.notFound })
    expect((await server.staffCall(finance, statementPaths.staffStatement(9_999_999_999))).status).toBe(404)
  })
})

describe('the PDF', () => {
  it('opens and says the balance, the buckets and the activity', async () => {
    for (const res of [
      await server.call(alice, statementPaths.statementPdf + period),
      await server.staffCall(finance, statementPaths.staffStatementPdf(aliceId) + period),
    ]) {
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('application/pdf')
      expect(res.headers.get('content-disposition')).toContain('2025-08-20.pdf')
      const bytes = new Uint8Array(await res.arrayBuffer())
      const doc = await PDFDocument.load(bytes)
      expect(doc.getTitle()).toContain('Statement of account')
      const text = pdfText(bytes)
      for (const words of [
        'Balance due',
        'SGD 550.00',
        'SGD 400.00',
        '-SGD 150.00',
        'Opening balance',
        'SGD 1,400.00',
        'Payment reversed: Cheque bounced',
        a3.number,
      ])
        expect(text).toContain(words)
    }
  })
})
