/**
 * Tax invoices and credit notes through the API (issue 35, docs/invoices.md): finance issues an invoice of a
 * booking's approved charges (numbered, frozen, audited, mailed with its PDF), credits it, bills the credited
 * charges again; every refusal is a clear 4xx that changes nothing.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InvoiceDetail, IssuedDocument } from '../../contract/finance/invoice-wire'
import { creditMessages, invoiceMessages, sgdEquivalent } from '../../contract/finance/invoices'
import { forbiddenMessage } from '../../contract/permissions'
import { siteConfig } from '../../site.config'
import type { Auth } from './booking-helpers'
import { type InvoiceServer, setupInvoiceServer } from './invoices-helpers'

let server: InvoiceServer
let alice: Auth
let aliceId: number

beforeAll(async () => {
  server = await setupInvoiceServer()
  alice = await server.login()
  aliceId = await server.customerIdOf(alice)
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

const json = async <T>(res: Response) => (await res.json()) as T

describe('issuing an invoice', () => {
  it('refuses a company without a billing address with 409, changing nothing', async () => {
    const number = await server.booking(alice)
    const [id] = await server.addCharges(number, [{ amount: 10_000, gstCode: 'ZR' }])
    const before = await server.snapshot()
    const res = await server.issue(number, [id as number])
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({ message: invoiceMessages.billingAddressMissing })
    expect(await server.snapshot()).toEqual(before)
  })

  it('issues INV-YYYY-000001 with GST once on the SR total, the terms, both parties, and freezes it', async () => {
    await server.billable(alice, 14)
    const number = await server.booking(alice)
    const ids = await server.addCharges(number, [
      { amount: 200_000, gstCode: 'ZR' },
      { amount: 10_050, gstCode: 'SR' },
      { amount: 5_000, gstCode: 'OS' },
      { amount: 99_999, gstCode: 'ZR' },
    ])
    const chosen = ids.slice(0, 3)
    const invoice = await server.issued(number, chosen)
    expect(invoice.number).toBe('INV-2025-000001')
    expect(invoice).toMatchObject({
      kind: 'invoice',
      bookingNumber: number,
      customerId: aliceId,
      issueDay: '2025-06-02',
      dueDay: '2025-06-16',
      paymentTermsDays: 14,
      currency: 'SGD',
      // 10,050 × 9% = 904.5 → 905, half away from zero.
      totals: { byCode: { SR: 10_050, ZR: 200_000, OS: 5_000 }, subtotal: 215_050, gst: 905, total: 215_955 },
      total: 215_955,
      balance: 215_955,
      state: 'issued',
      gstRateBps: 900,
      sgd: null,
      credited: 0,
      paid: 0,
      creditNotes: [],
    })
    expect(invoice.lines.map((l) => [l.lineNo, l.amount, l.gstCode])).toEqual([
      [1, 200_000, 'ZR'],
      [2, 10_050, 'SR'],
      [3, 5_000, 'OS'],
    ])
    expect(invoice.supplier).toEqual({
      name: siteConfig.legalName,
      addressLines: [...siteConfig.address.lines, siteConfig.address.country],
      uen: siteConfig.uen,
      gstRegistrationNumber: siteConfig.billing.gstRegistrationNumber,
      countryCode: 'SG',
    })
    const company = await server.db
      .selectFrom('customers')
      .select(['name', 'regn_no'])
      .where('id', '=', aliceId)
      .executeTakeFirstOrThrow()
    expect(invoice.customer).toEqual({
      name: company.name,
      addressLines: ['10 Anson Road, #20-01', 'International Plaza', 'Singapore 079903'],
      uen: company.regn_no,
      countryCode: 'SG',
    })
    expect(invoice.paynow).toMatchObject({ amount: 215_955, expiryDay: '2025-06-30' })
    expect(invoice.paynow?.payload).toContain('INV-2025-000001')

    const charges = await server.db
      .selectFrom('booking_charges')
      .select(['id', 'invoice_id'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute()
    const invoiceId = charges[0]?.invoice_id
    expect(invoiceId).toBeTypeOf('number')
    expect(charges.map((c) => c.invoice_id)).toEqual([invoiceId, invoiceId, invoiceId, null])

    const audit = await server.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'invoice.issued')
      .executeTakeFirstOrThrow()
    expect(audit).toMatchObject({ record_id: invoice.number, customer_id: aliceId, actor_role: 'finance' })

    // Issued means frozen: the database refuses any change.
    await expect(
      sql`update invoices set total = 1 where id = ${invoiceId}`.execute(server.db),
    ).rejects.toThrow(/never changed/)
    await expect(
      sql`update invoice_lines set amount = 1 where invoice_id = ${invoiceId}`.execute(server.db),
    ).rejects.toThrow(/never changed/)
    await expect(sql`delete from invoices where id = ${invoiceId}`.execute(server.db)).rejects.toThrow()
  })

  it("mails the company's Admin the invoice with its PDF attached", async () => {
    const mail = await server.db
      .selectFrom('outbox')
      .selectAll()
      .where('to', '=', alice.email)
      .where('subject', 'like', 'Tax invoice INV-2025-000001%')
      .executeTakeFirstOrThrow()
    expect(mail.text).toContain('/user/invoices/INV-2025-000001')
    expect(mail.text).toContain('16 Jun 2025')
    expect(mail.attachments).toHaveLength(1)
    const [file] = mail.attachments
    expect(file).toMatchObject({ filename: 'INV-2025-000001.pdf', contentType: 'application/pdf' })
    expect(
      Buffer.from(file?.base64 ?? '', 'base64')
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
  })

  it('refuses a charge invoiced twice (409), of another booking, pending or unknown (422), changing nothing', async () => {
    const number = await server.booking(alice)
    const other = await server.booking(alice)
    const [free, billed, pending] = await server.addCharges(number, [
      { amount: 1_000, gstCode: 'ZR' },
      { amount: 2_000, gstCode: 'ZR' },
      { amount: 3_000, gstCode: 'SR', status: 'pending' },
    ])
    const [foreign] = await server.addCharges(other, [{ amount: 4_000, gstCode: 'ZR' }])
    await server.issued(number, [billed as number])
    const before = await server.snapshot()
    const cases: [number[], number, string][] = [
      [[free as number, billed as number], 409, invoiceMessages.chargeInvoiced(billed as number)],
      [[free as number, foreign as number], 422, invoiceMessages.chargeNotBillable(foreign as number)],
      [[pending as number], 422, invoiceMessages.chargeNotBillable(pending as number)],
      [[free as number, 2_000_000_000], 422, invoiceMessages.chargeNotBillable(2_000_000_000)],
      [[], 422, invoiceMessages.chargesRequired],
    ]
    for (const [chargeIds, status, message] of cases) {
      const res = await server.issue(number, chargeIds)
      expect(res.status, JSON.stringify(chargeIds)).toBe(status)
      expect((await json<{ message: string }>(res)).message).toBe(message)
    }
    const zero = await server.addCharges(number, [
      { amount: 1_000, gstCode: 'ZR' },
      { amount: -1_000, gstCode: 'ZR' },
    ])
    const afterZero = await server.snapshot()
    const res = await server.issue(number, zero)
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({ message: invoiceMessages.totalNotPositive })
    expect(await server.snapshot()).toEqual(afterZero)
    // A discount without the freight it reduces: its code would be below zero.
    const [discount, local] = await server.addCharges(number, [
      { amount: -500, gstCode: 'ZR' },
      { amount: 5_000, gstCode: 'SR' },
    ])
    const alone = await server.issue(number, [discount as number, local as number])
    expect(alone.status).toBe(422)
    expect(await alone.json()).toEqual({ message: invoiceMessages.codeBelowZero })
    expect(afterZero.invoices).toEqual(before.invoices)
    expect(afterZero.counters).toEqual(before.counters)
    expect((await server.issue('ESB-2099999999', [free as number])).status).toBe(404)
  })

  it('is finance’s alone: operations are refused 403, a customer’s token 401', async () => {
    const number = await server.booking(alice)
    const [id] = await server.addCharges(number, [{ amount: 1_000, gstCode: 'ZR' }])
    const res = await server.issue(number, [id as number], server.operations)
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ message: forbiddenMessage('issueInvoice') })
    const { email: _e, ...customer } = alice
    expect((await server.issue(number, [id as number], customer)).status).toBe(401)
  })

  it('freezes the SGD rate on a USD invoice, with its source and date', async () => {
    const number = await server.booking(alice, 'USD')
    const ids = await server.addCharges(number, [
      { amount: 123_456, gstCode: 'ZR' },
      { amount: 7_777, gstCode: 'SR' },
    ])
    const rate = await server.db
      .selectFrom('fx_rates')
      .select(['per_usd_micro', 'as_of'])
      .where('currency', '=', 'SGD')
      .executeTakeFirstOrThrow()
    const invoice = await server.issued(number, ids)
    const frozen = {
      sgdPerUnitMicro: Number(rate.per_usd_micro),
      source: siteConfig.billing.fxRateSource,
      asOf: rate.as_of,
    }
    expect(invoice.currency).toBe('USD')
    expect(invoice.sgd).toEqual({ ...sgdEquivalent(invoice.totals, frozen), rate: frozen })
    expect(invoice.paynow).toBeNull()
    // The pricing team's rate moves; the invoice keeps its own.
    await server.db
      .updateTable('fx_rates')
      .set({ per_usd_micro: 2_000_000 })
      .where('currency', '=', 'SGD')
      .execute()
    const again = await json<InvoiceDetail>(
      await server.staffCall(server.finance, `/api/staff/invoices/${invoice.number}`),
    )
    expect(again.sgd).toEqual(invoice.sgd)
    await server.db
      .updateTable('fx_rates')
      .set({ per_usd_micro: rate.per_usd_micro })
      .where('currency', '=', 'SGD')
      .execute()
  })
})

describe('credit notes', () => {
  let invoice: InvoiceDetail
  let chargeIds: number[]

  beforeAll(async () => {
    const number = await server.booking(alice)
    chargeIds = await server.addCharges(number, [
      { amount: 50_000, gstCode: 'SR' },
      { amount: 30_000, gstCode: 'ZR' },
    ])
    invoice = await server.issued(number, chargeIds)
  })

  it('refuses more than is left, a discount line, a credit note, no reason: 422, changing nothing', async () => {
    const before = await server.snapshot()
    const cases: [string, unknown, string][] = [
      [
        invoice.number,
        { lines: [{ lineNo: 2, amount: 30_001 }], reason: 'Too much' },
        creditMessages.overLine(2, 'SGD 300.00'),
      ],
      [
        invoice.number,
        { lines: [{ lineNo: 3, amount: 1 }], reason: 'No line' },
        creditMessages.unknownLine(3),
      ],
      [invoice.number, { lines: [{ lineNo: 1, amount: 1 }], reason: ' ' }, creditMessages.reasonRequired],
      [invoice.number, { lines: [{ lineNo: 1, amount: 0 }], reason: 'Zero' }, 'Enter an amount above zero.'],
    ]
    for (const [number, body, message] of cases) {
      const res = await server.credit(number, body)
      expect(res.status, JSON.stringify(body)).toBe(422)
      expect((await json<{ message: string }>(res)).message).toBe(message)
    }
    expect(
      (await server.credit('INV-2099-000001', { lines: [{ lineNo: 1, amount: 1 }], reason: 'x' })).status,
    ).toBe(404)
    expect(await server.snapshot()).toEqual(before)
  })

  it('credits part of a line with its GST, then the rest of it exactly, and rebills the charge', async () => {
    const first = await server.credit(invoice.number, {
      lines: [{ lineNo: 1, amount: 10_050 }],
      reason: 'Agreed discount on storage',
    })
    const note = (await json<IssuedDocument>(first)).invoice
    expect(first.status).toBe(201)
    expect(note).toMatchObject({
      kind: 'credit_note',
      number: 'CN-2025-000001',
      creditsNumber: invoice.number,
      creditsIssueDay: invoice.issueDay,
      dueDay: null,
      state: null,
      reason: 'Agreed discount on storage',
      totals: { byCode: { SR: 10_050, ZR: 0, OS: 0 }, subtotal: 10_050, gst: 905, total: 10_955 },
    })
    expect(note.lines).toEqual([
      expect.objectContaining({ lineNo: 1, amount: 10_050, gstCode: 'SR', creditsLineNo: 1 }),
    ])
    // A crediting note of the rest of line 1 takes exactly the GST left (4,500 − 905).
    const rest = await server.credit(invoice.number, {
      lines: [{ lineNo: 1, amount: 39_950 }],
      reason: 'Storage billed in error',
      rebill: true,
    })
    const second = (await json<IssuedDocument>(rest)).invoice
    expect(second.number).toBe('CN-2025-000002')
    expect(second.totals.gst).toBe(4_500 - 905)
    const freed = await server.db
      .selectFrom('booking_charges')
      .select(['id', 'invoice_id'])
      .where('id', 'in', chargeIds)
      .orderBy('id')
      .execute()
    expect(freed.map((c) => c.invoice_id === null)).toEqual([true, false])
    // The invoice now owes its ZR line only.
    const detail = await json<InvoiceDetail>(
      await server.staffCall(server.finance, `/api/staff/invoices/${invoice.number}`),
    )
    expect(detail.credited).toBe(10_955 + 39_950 + 3_595)
    expect(detail.balance).toBe(30_000)
    expect(detail.creditNotes.map((n) => n.number)).toEqual(['CN-2025-000001', 'CN-2025-000002'])
    // Crediting a credit note is refused.
    const refused = await server.credit('CN-2025-000001', { lines: [{ lineNo: 1, amount: 1 }], reason: 'x' })
    expect(refused.status).toBe(422)
    expect(await refused.json()).toEqual({ message: creditMessages.notInvoice })
    // A new invoice takes the freed charge up.
    const rebilled = await server.issued(invoice.bookingNumber, [chargeIds[0] as number])
    expect(rebilled.total).toBe(54_500)
    // Audited and mailed, the PDF attached.
    const audit = await server.db
      .selectFrom('audit_events')
      .select('record_id')
      .where('action', '=', 'credit_note.issued')
      .execute()
    expect(audit.map((a) => a.record_id)).toEqual(['CN-2025-000001', 'CN-2025-000002'])
    const mail = await server.db
      .selectFrom('outbox')
      .selectAll()
      .where('subject', '=', `Credit note CN-2025-000002 for invoice ${invoice.number}`)
      .executeTakeFirstOrThrow()
    expect(mail.attachments[0]?.filename).toBe('CN-2025-000002.pdf')
  })

  it('credits the whole invoice to zero: its state is Credited', async () => {
    const number = await server.booking(alice)
    const ids = await server.addCharges(number, [{ amount: 1_111, gstCode: 'SR' }])
    const whole = await server.issued(number, ids)
    const res = await server.credit(whole.number, {
      lines: [{ lineNo: 1, amount: 1_111 }],
      reason: 'Cancelled',
    })
    expect(res.status).toBe(201)
    const detail = await json<InvoiceDetail>(
      await server.staffCall(server.finance, `/api/staff/invoices/${whole.number}`),
    )
    expect(detail).toMatchObject({ balance: 0, state: 'credited', paynow: null })
    const again = await server.credit(whole.number, { lines: [{ lineNo: 1, amount: 1 }], reason: 'Again' })
    expect(again.status).toBe(422)
  })
})
