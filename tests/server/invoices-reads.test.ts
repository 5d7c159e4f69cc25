/**
 * Reading invoices and credit notes (issue 35, docs/invoices.md): the customer's list and detail hold their
 * company's documents only, finance's hold every company's; filters, states, cursor paging, the PDF, the
 * journal CSV, the bookings waiting for an invoice and a company's billing details (audited).
 */
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type CustomerBilling,
  type InvoiceDetail,
  type InvoicePage,
  type IssuedDocument,
  invoicePaths,
  type UninvoicedBooking,
} from '../../contract/finance/invoice-wire'
import { invoiceMessages } from '../../contract/finance/invoices'
import { forbiddenMessage } from '../../contract/permissions'
import { apiPaths, type LoginResponse } from '../../contract/wire'
import { journalColumns } from '../../server/finance/journal'
import type { Auth } from './booking-helpers'
import { bearer, postJson } from './helpers'
import { type InvoiceServer, setupInvoiceServer } from './invoices-helpers'
import { createTestStaff, staffToken } from './staff-helpers'

let server: InvoiceServer
let alice: Auth
let bob: Auth
let aliceId: number
let bobId: number
/** Alice's: a 30-day invoice, a prepaid one, and a credit note of the first; Bob's: one invoice. */
let aliceInvoice: InvoiceDetail
let alicePrepaid: InvoiceDetail
let aliceNote: InvoiceDetail
let bobInvoice: InvoiceDetail
let waiting: string

const json = async <T>(res: Response) => (await res.json()) as T
const numbers = (page: InvoicePage) => page.invoices.map((i) => i.number)

beforeAll(async () => {
  server = await setupInvoiceServer()
  alice = await server.login()
  bob = await server.login()
  aliceId = await server.billable(alice, 30)
  bobId = await server.billable(bob, 7)
  const a = await server.booking(alice)
  const [a1, a2, a3] = await server.addCharges(a, [
    { amount: 40_000, gstCode: 'ZR' },
    { amount: 2_000, gstCode: 'SR' },
    { amount: 500, gstCode: 'ZR' },
  ])
  aliceInvoice = await server.issued(a, [a1 as number, a2 as number])
  const b = await server.booking(bob)
  bobInvoice = await server.issued(b, await server.addCharges(b, [{ amount: 9_900, gstCode: 'SR' }]))
  const note = await server.credit(aliceInvoice.number, {
    lines: [{ lineNo: 1, amount: 10_000 }],
    reason: 'Goodwill',
  })
  aliceNote = (await json<IssuedDocument>(note)).invoice
  await server.setBilling(aliceId, { paymentTermsDays: 0, currency: 'SGD', address: server.billingAddress })
  alicePrepaid = await server.issued(a, [a3 as number])
  // A booking with an approved charge left to invoice.
  waiting = await server.booking(bob)
  await server.addCharges(waiting, [
    { amount: 1_234, gstCode: 'ZR' },
    { amount: 66, gstCode: 'SR' },
    { amount: 77, gstCode: 'SR', status: 'pending' },
  ])
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

describe("the customer's invoices", () => {
  it("lists their company's documents only, newest first, with balance and state", async () => {
    const page = await json<InvoicePage>(await server.call(alice, invoicePaths.list))
    expect(numbers(page)).toEqual([alicePrepaid.number, aliceNote.number, aliceInvoice.number])
    expect(page.next).toBeNull()
    const [prepaid, note, invoice] = page.invoices
    expect(invoice).toMatchObject({ balance: aliceInvoice.total - aliceNote.total, state: 'issued' })
    expect(note).toMatchObject({ kind: 'credit_note', state: null, balance: aliceNote.total })
    expect(prepaid).toMatchObject({ dueDay: prepaid?.issueDay, state: 'issued' })
    expect(numbers(await json(await server.call(bob, invoicePaths.list)))).toEqual([bobInvoice.number])
  })

  it("answers another company's document 404, like none, for the detail and the PDF", async () => {
    for (const path of [invoicePaths.detail(bobInvoice.number), invoicePaths.pdf(bobInvoice.number)]) {
      const res = await server.call(alice, path)
      expect(res.status, path).toBe(404)
      expect(await res.json()).toEqual({ message: invoiceMessages.notFound })
    }
    expect((await server.call(alice, invoicePaths.detail('INV-2099-000001'))).status).toBe(404)
    expect((await server.call(alice, invoicePaths.detail('nonsense'))).status).toBe(404)
    const own = await json<InvoiceDetail>(await server.call(alice, invoicePaths.detail(aliceInvoice.number)))
    const { balance: _b, credited: _c, creditNotes: _n, paynow: _p, ...asIssued } = aliceInvoice
    expect(own).toMatchObject({
      ...asIssued,
      credited: aliceNote.total,
      balance: aliceInvoice.total - aliceNote.total,
      creditNotes: [{ number: aliceNote.number, issueDay: aliceNote.issueDay, total: aliceNote.total }],
      paynow: { amount: aliceInvoice.total - aliceNote.total, expiryDay: '2025-07-16' },
    })
  })

  it('sends its PDF to the customer and to finance', async () => {
    for (const res of [
      await server.call(alice, invoicePaths.pdf(aliceInvoice.number)),
      await server.staffCall(server.finance, invoicePaths.staffPdf(aliceInvoice.number)),
    ]) {
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('application/pdf')
      expect(res.headers.get('content-disposition')).toContain(`${aliceInvoice.number}.pdf`)
      expect(
        Buffer.from(await res.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-')
    }
  })

  it('filters by kind, state, dates and number, and pages by cursor', async () => {
    const list = async (query: string) =>
      json<InvoicePage>(await server.call(alice, `${invoicePaths.list}?${query}`))
    expect(numbers(await list('kind=credit_note'))).toEqual([aliceNote.number])
    expect(numbers(await list('state=issued'))).toEqual([alicePrepaid.number, aliceInvoice.number])
    expect(numbers(await list('state=credited'))).toEqual([])
    expect(numbers(await list(`q=${aliceInvoice.bookingNumber}`))).toHaveLength(3)
    expect(numbers(await list(`q=${aliceNote.number.slice(0, 6)}`))).toEqual([aliceNote.number])
    expect(numbers(await list('from=2025-06-03'))).toEqual([])
    expect(numbers(await list('to=2025-06-02&from=2025-06-02'))).toHaveLength(3)
    // customerId is finance's filter: the customer's list does not take it to another company.
    expect(numbers(await list(`customerId=${bobId}`))).toHaveLength(3)
    const seen: string[] = []
    let next: string | null = ''
    while (next !== null) {
      const page: InvoicePage = await list(`limit=1${next ? `&after=${next}` : ''}`)
      seen.push(...numbers(page))
      next = page.next
    }
    expect(seen).toEqual([alicePrepaid.number, aliceNote.number, aliceInvoice.number])
    const bad = await server.call(alice, `${invoicePaths.list}?after=bm9uc2Vuc2U`)
    expect(bad.status).toBe(422)
    expect(await bad.json()).toEqual({ message: invoiceMessages.badCursor })
  })
})

describe("finance's desk", () => {
  it('lists every company’s documents, one company’s with customerId; other roles are refused', async () => {
    const all = await json<InvoicePage>(await server.staffCall(server.finance, invoicePaths.staffList))
    expect(numbers(all)).toEqual(
      expect.arrayContaining([aliceInvoice.number, aliceNote.number, alicePrepaid.number, bobInvoice.number]),
    )
    const bobs = await json<InvoicePage>(
      await server.staffCall(server.finance, `${invoicePaths.staffList}?customerId=${bobId}`),
    )
    expect(numbers(bobs)).toEqual([bobInvoice.number])
    const refused = await server.staffCall(server.operations, invoicePaths.staffList)
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({ message: forbiddenMessage('listStaffInvoices') })
    expect((await server.call(alice, invoicePaths.staffList)).status).toBe(401)
  })

  it('lists the bookings with approved charges not invoiced, with their sum', async () => {
    const rows = await json<UninvoicedBooking[]>(
      await server.staffCall(server.finance, invoicePaths.staffUninvoiced),
    )
    expect(rows.find((r) => r.bookingNumber === waiting)).toMatchObject({
      customerId: bobId,
      currency: 'SGD',
      charges: 2,
      amount: 1_300,
      billingAddressMissing: false,
    })
    expect(rows.find((r) => r.bookingNumber === aliceInvoice.bookingNumber)).toBeUndefined()
  })

  it('exports the journal of a period: one row per document, credit notes negative', async () => {
    const res = await server.staffCall(
      server.finance,
      `${invoicePaths.staffJournal}?from=2025-06-01&to=2025-06-30`,
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/csv')
    const [header, ...rows] = parse(await res.text()) as string[][]
    expect(header).toEqual([...journalColumns])
    const col = (row: string[] | undefined, name: (typeof journalColumns)[number]) =>
      row?.[journalColumns.indexOf(name)]
    const byNumber = new Map(rows.map((row) => [col(row, 'number'), row]))
    expect(rows).toHaveLength(4)
    const invoice = byNumber.get(aliceInvoice.number)
    expect(col(invoice, 'type')).toBe('Tax invoice')
    expect(col(invoice, 'total')).toBe((aliceInvoice.total / 100).toFixed(2))
    expect(col(invoice, 'gst')).toBe('1.80')
    const note = byNumber.get(aliceNote.number)
    expect(col(note, 'type')).toBe('Credit note')
    expect(col(note, 'credits_number')).toBe(aliceInvoice.number)
    expect(col(note, 'total')).toBe('-100.00')
    expect(col(note, 'reason')).toBe('Goodwill')
    const empty = await server.staffCall(
      server.finance,
      `${invoicePaths.staffJournal}?from=2025-07-01&to=2025-07-31`,
    )
    expect(parse(await empty.text())).toHaveLength(1)
    const reversed = await server.staffCall(
      server.finance,
      `${invoicePaths.staffJournal}?from=2025-07-01&to=2025-06-01`,
    )
    expect(reversed.status).toBe(422)
    expect(await reversed.json()).toEqual({ message: invoiceMessages.periodReversed })
  })

  it("reads and saves a company's billing details, audited; refuses bad input changing nothing", async () => {
    const fresh = await server.login()
    const id = await server.customerIdOf(fresh)
    const get = () => server.staffCall(server.finance, invoicePaths.staffBilling(id))
    // server.login() gives its companies a large credit limit (booking-helpers.ts); nothing owed yet.
    expect(await json<CustomerBilling>(await get())).toEqual({
      paymentTermsDays: 30,
      currency: 'SGD',
      address: null,
      creditLimit: 2_000_000_000,
      openBalance: 0,
    })
    const before = await server.snapshot()
    for (const body of [
      { paymentTermsDays: 45, currency: 'SGD', address: server.billingAddress },
      { paymentTermsDays: 7, currency: 'EUR', address: server.billingAddress },
      { paymentTermsDays: 7, currency: 'USD', address: 'short' },
    ]) {
      expect((await server.setBilling(id, body)).status, JSON.stringify(body)).toBe(422)
    }
    const forbidden = await server.setBilling(
      id,
      { paymentTermsDays: 7, currency: 'USD', address: server.billingAddress },
      server.operations,
    )
    expect(forbidden.status).toBe(403)
    expect(
      (
        await server.setBilling(2_000_000_000, {
          paymentTermsDays: 7,
          currency: 'USD',
          address: server.billingAddress,
        })
      ).status,
    ).toBe(404)
    expect(await server.snapshot()).toEqual(before)
    const saved = await server.setBilling(id, {
      paymentTermsDays: 60,
      currency: 'USD',
      address: server.billingAddress,
    })
    expect(await saved.json()).toEqual({
      message: invoiceMessages.termsSaved,
      // The credit limit, not sent, stays as it was.
      billing: {
        paymentTermsDays: 60,
        currency: 'USD',
        address: server.billingAddress,
        creditLimit: 2_000_000_000,
        openBalance: 0,
      },
    })
    expect(await json<CustomerBilling>(await get())).toMatchObject({ paymentTermsDays: 60, currency: 'USD' })
    const audit = await server.db
      .selectFrom('audit_events')
      .select(['changes', 'actor_role'])
      .where('action', '=', 'customer.billing_updated')
      .where('customer_id', '=', id)
      .executeTakeFirstOrThrow()
    expect(audit.actor_role).toBe('finance')
    expect(audit.changes).toMatchObject({
      paymentTermsDays: { before: 30, after: 60 },
      currency: { before: 'SGD', after: 'USD' },
    })
  })
})

describe('a month later', () => {
  it('is overdue after its due date, in both lists, and the PayNow QR stays payable past it', async () => {
    server.clock.advance(31 * 86_400_000)
    // The sessions of a month ago have ended: new ones.
    const login = await server.app.request(
      apiPaths.login,
      postJson({ email: alice.email, password: 'Secret#123' }),
    )
    const aliceNow = bearer((await json<LoginResponse>(login)).token as string)
    const at = server.clock.now()
    const finance = bearer(
      await staffToken(server.app, await createTestStaff(server.db, ['finance'], at), at),
    )
    const page = await json<InvoicePage>(
      await server.app.request(`${invoicePaths.list}?state=overdue`, { headers: aliceNow }),
    )
    expect(numbers(page)).toEqual([alicePrepaid.number, aliceInvoice.number])
    const staff = await json<InvoicePage>(
      await server.staffCall(finance, `${invoicePaths.staffList}?state=overdue&customerId=${bobId}`),
    )
    expect(numbers(staff)).toEqual([bobInvoice.number])
    const detail = await json<InvoiceDetail>(
      await server.app.request(invoicePaths.detail(aliceInvoice.number), { headers: aliceNow }),
    )
    expect(detail.state).toBe('overdue')
    expect(detail.paynow?.expiryDay).toBe('2025-07-17')
  })
})
