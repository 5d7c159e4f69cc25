/**
 * Payments through the API (issue 36, docs/payments.md "Payments and allocations"): finance records a payment,
 * allocates it in part and in full to one or several invoices, reverses it (the invoices owe again) and refunds
 * its credit on account; the invoices' balances and states follow everywhere; every refusal is a clear 4xx
 * that changes nothing; only finance may.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type InvoicePage, invoicePaths } from '../../contract/finance/invoice-wire'
import { invoiceMessages } from '../../contract/finance/invoices'
import { type PaymentPage, paymentDeskMessages, paymentPaths } from '../../contract/finance/payment-wire'
import { paymentMessages } from '../../contract/finance/payments'
import { forbiddenMessage } from '../../contract/permissions'
import { moneyText } from '../../contract/pricing/money'
import type { Auth } from './booking-helpers'
import { postJson } from './helpers'
import { type PaymentServer, setupPaymentServer } from './payments-helpers'
import { pdfText } from './pdf-text'

let server: PaymentServer
let alice: Auth
let aliceId: number
let bobId: number
let bobInvoice: string

beforeAll(async () => {
  server = await setupPaymentServer()
  alice = await server.login()
  aliceId = await server.billable(alice, 30)
  const bob = await server.login()
  bobId = await server.billable(bob, 30)
  bobInvoice = await server.invoice(bob, 30_000)
}, 60_000)

afterAll(async () => {
  await server?.database.close()
})

const json = async <T>(res: Response) => (await res.json()) as T

const auditOf = (id: number) =>
  server.db
    .selectFrom('audit_events')
    .select(['action', 'changes', 'customer_id', 'actor_staff_id'])
    .where('record_type', '=', 'payment')
    .where('record_id', '=', String(id))
    .orderBy('id')
    .execute()

describe('recording and allocating a payment', () => {
  it('keeps what is not allocated as credit, then allocates in part and in full: the invoices part paid, then paid', async () => {
    const first = await server.invoice(alice, 100_000)
    const second = await server.invoice(alice, 50_000)
    const paid = await server.recorded(aliceId, 120_000)
    expect(paid).toMatchObject({
      customerId: aliceId,
      receivedDay: '2025-06-02',
      method: 'fast',
      currency: 'SGD',
      amount: 120_000,
      allocated: 0,
      refunded: 0,
      unallocated: 120_000,
      payerReference: 'TEST',
      bankLineId: null,
      reversed: null,
      allocations: [],
    })
    expect(paid.recordedBy).toMatch(/^Staff \d+$/)
    const offered = paid.openInvoices.filter((i) => i.number === first || i.number === second)
    expect(offered.map((i) => [i.number, i.balance, i.state])).toEqual([
      [first, 100_000, 'issued'],
      [second, 50_000, 'issued'],
    ])

    const part = await server.answered(
      await server.allocate(paid.id, [{ invoiceNumber: first, amount: 40_000 }]),
    )
    expect(part.message).toBe(paymentMessages.allocated)
    expect(part.payment).toMatchObject({ allocated: 40_000, unallocated: 80_000 })
    expect(part.payment.allocations).toEqual([
      { invoiceNumber: first, amount: 40_000, allocatedAt: expect.any(String), allocatedBy: paid.recordedBy },
    ])
    expect(await server.invoiceOf(first)).toMatchObject({
      paid: 40_000,
      balance: 60_000,
      state: 'part_paid',
      paynow: { amount: 60_000 },
    })
    // The PDF the customer downloads says what was paid and what is due.
    const pdf = await server.call(alice, invoicePaths.pdf(first))
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer()))
    expect(text).toContain(`Paid\n${moneyText(-40_000, 'SGD')}`)
    expect(text).toContain(`Balance due\n${moneyText(60_000, 'SGD')}`)

    // Several invoices in one allocation: the rest of the first and part of the second.
    const full = await server.answered(
      await server.allocate(paid.id, [
        { invoiceNumber: first.toLowerCase(), amount: 60_000 },
        { invoiceNumber: second, amount: 20_000 },
      ]),
    )
    expect(full.payment).toMatchObject({ allocated: 120_000, unallocated: 0 })
    expect(full.payment.openInvoices.map((i) => i.number)).not.toContain(first)
    expect(await server.invoiceOf(first)).toMatchObject({
      paid: 100_000,
      balance: 0,
      state: 'paid',
      paynow: null,
    })
    expect(await server.invoiceOf(second)).toMatchObject({
      paid: 20_000,
      balance: 30_000,
      state: 'part_paid',
    })

    // The customer's own list and the state filters follow.
    const mine = await json<InvoicePage>(await server.call(alice, '/api/invoices?state=paid'))
    expect(mine.invoices.map((i) => i.number)).toContain(first)
    const partPaid = await json<InvoicePage>(
      await server.staffCall(server.finance, `/api/staff/invoices?state=part_paid&customerId=${aliceId}`),
    )
    expect(partPaid.invoices.map((i) => i.number)).toContain(second)
    expect(partPaid.invoices.map((i) => i.number)).not.toContain(first)

    const audit = await auditOf(paid.id)
    expect(audit.map((a) => a.action)).toEqual(['payment.recorded', 'payment.allocated', 'payment.allocated'])
    expect(audit.every((a) => a.customer_id === aliceId && a.actor_staff_id !== null)).toBe(true)
    expect(audit[2]?.changes).toEqual({
      allocations: {
        before: null,
        after: [
          { invoice: first, amount: 60_000 },
          { invoice: second, amount: 20_000 },
        ],
      },
    })
  })

  it('records and allocates at once to several invoices, the rest credit on account', async () => {
    const first = await server.invoice(alice, 10_000)
    const second = await server.invoice(alice, 20_000)
    const paid = await server.recorded(aliceId, 35_000, {
      allocations: [
        { invoiceNumber: first, amount: 10_000 },
        { invoiceNumber: second, amount: 20_000 },
      ],
    })
    expect(paid).toMatchObject({ allocated: 30_000, unallocated: 5_000 })
    expect(paid.allocations.map((a) => [a.invoiceNumber, a.amount])).toEqual([
      [first, 10_000],
      [second, 20_000],
    ])
    expect((await server.invoiceOf(first)).state).toBe('paid')
    expect((await server.invoiceOf(second)).state).toBe('paid')
    expect((await auditOf(paid.id)).map((a) => a.action)).toEqual(['payment.recorded'])
  })
})

describe('refusals change nothing', () => {
  it('refuses more than the payment, more than an invoice, another currency, another company, a reversed payment', async () => {
    const big = await server.invoice(alice, 50_000)
    const small = await server.invoice(alice, 5_000)
    const dollars = await server.invoice(alice, 7_000, 'USD')
    const paid = await server.recorded(aliceId, 10_000)
    const cases: [unknown, number, string][] = [
      [[{ invoiceNumber: big, amount: 10_001 }], 409, paymentMessages.overPayment(10_000)],
      [
        [
          { invoiceNumber: big, amount: 6_000 },
          { invoiceNumber: small, amount: 4_001 },
        ],
        409,
        paymentMessages.overPayment(10_000),
      ],
      [[{ invoiceNumber: small, amount: 5_001 }], 409, paymentMessages.overInvoice(small, 5_000)],
      [[{ invoiceNumber: dollars, amount: 100 }], 422, paymentMessages.otherCurrency(dollars, 'USD', 'SGD')],
      [[{ invoiceNumber: bobInvoice, amount: 100 }], 422, paymentMessages.unknownInvoice(bobInvoice)],
      [
        [{ invoiceNumber: 'INV-2025-999999', amount: 100 }],
        422,
        paymentMessages.unknownInvoice('INV-2025-999999'),
      ],
      [[{ invoiceNumber: big, amount: 0 }], 422, paymentMessages.amountPositive],
      [[{ invoiceNumber: big, amount: 1.5 }], 422, paymentMessages.amountWhole],
      [
        [
          { invoiceNumber: big, amount: 1 },
          { invoiceNumber: big, amount: 1 },
        ],
        422,
        paymentMessages.duplicateInvoice(big),
      ],
      [[], 422, paymentMessages.allocationsRequired],
    ]
    for (const [allocations, status, message] of cases) {
      const before = await server.snapshot()
      const res = await server.allocate(paid.id, allocations)
      const where = JSON.stringify(allocations)
      expect(res.status, where).toBe(status)
      expect((await json<{ message: string }>(res)).message, where).toBe(message)
      expect(await server.snapshot(), where).toEqual(before)
    }
    expect((await server.invoiceOf(small)).balance).toBe(5_000)

    // Recording with an allocation refused records nothing either.
    const before = await server.snapshot()
    const res = await server.record({
      customerId: aliceId,
      receivedDay: '2025-06-02',
      method: 'cheque',
      amount: 9_000,
      currency: 'SGD',
      allocations: [{ invoiceNumber: small, amount: 6_000 }],
    })
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({ message: paymentMessages.overInvoice(small, 5_000) })
    expect(await server.snapshot()).toEqual(before)

    // A paid invoice is no longer open; a reversed payment allocates nothing.
    await server.answered(await server.allocate(paid.id, [{ invoiceNumber: small, amount: 5_000 }]))
    const other = await server.recorded(aliceId, 1_000)
    const paidOff = await server.allocate(other.id, [{ invoiceNumber: small, amount: 1 }])
    expect(paidOff.status).toBe(422)
    expect(await paidOff.json()).toEqual({ message: paymentMessages.unknownInvoice(small) })
    await server.answered(await server.reverse(other.id, 'Cheque bounced'))
    const beforeReversed = await server.snapshot()
    const reversed = await server.allocate(other.id, [{ invoiceNumber: big, amount: 1 }])
    expect(reversed.status).toBe(409)
    expect(await reversed.json()).toEqual({ message: paymentMessages.reversed })
    expect(await server.snapshot()).toEqual(beforeReversed)
  })

  it('answers 404 for a payment or a company there is not, 422 for bad input', async () => {
    const before = await server.snapshot()
    for (const path of [paymentPaths.staffDetail(999_999), paymentPaths.staffDetail(2_147_483_648)]) {
      const res = await server.staffCall(server.finance, path)
      expect(res.status, path).toBe(404)
      expect(await res.json()).toEqual({ message: paymentDeskMessages.notFound })
    }
    expect((await server.allocate(999_999, [{ invoiceNumber: bobInvoice, amount: 1 }])).status).toBe(404)
    expect((await server.reverse(999_999, 'x')).status).toBe(404)
    expect((await server.refund(999_999, 1)).status).toBe(404)
    const base = { receivedDay: '2025-06-02', method: 'fast', amount: 100, currency: 'SGD' }
    const company = await server.record({ ...base, customerId: 999_999 })
    expect(company.status).toBe(404)
    expect(await company.json()).toEqual({ message: paymentDeskMessages.noCompany })
    for (const [body, message] of [
      [{ ...base, customerId: aliceId, amount: 0 }, paymentMessages.amountPositive],
      [{ ...base, customerId: aliceId, currency: 'EUR' }, paymentMessages.currencyRequired],
      [{ ...base, customerId: aliceId, method: 'cash' }, paymentMessages.methodRequired],
      [{ ...base, customerId: aliceId, receivedDay: '2025-02-30' }, paymentMessages.dayRequired],
    ] as const) {
      const res = await server.record(body)
      expect(res.status, JSON.stringify(body)).toBe(422)
      expect((await json<{ message: string }>(res)).message).toBe(message)
    }
    expect(await server.snapshot()).toEqual(before)
  })
})

describe('reversing a payment', () => {
  it('takes its allocations out of force: balances and states as before, nothing deleted, audited', async () => {
    const first = await server.invoice(alice, 8_000)
    const second = await server.invoice(alice, 9_000)
    const paid = await server.recorded(aliceId, 12_000, {
      allocations: [
        { invoiceNumber: first, amount: 8_000 },
        { invoiceNumber: second, amount: 4_000 },
      ],
    })
    expect((await server.invoiceOf(first)).state).toBe('paid')
    expect((await server.invoiceOf(second)).state).toBe('part_paid')

    const missing = await server.reverse(paid.id, '  ')
    expect(missing.status).toBe(422)
    expect((await json<{ message: string }>(missing)).message).toBe(paymentMessages.reasonRequired)

    const { message, payment } = await server.answered(await server.reverse(paid.id, 'Cheque bounced'))
    expect(message).toBe(paymentMessages.reversedDone)
    expect(payment).toMatchObject({
      allocated: 0,
      unallocated: 0,
      reversed: { at: expect.any(String), reason: 'Cheque bounced', by: paid.recordedBy },
      openInvoices: [],
    })
    expect(payment.allocations).toHaveLength(2)
    expect(await server.invoiceOf(first)).toMatchObject({ paid: 0, balance: 8_000, state: 'issued' })
    expect(await server.invoiceOf(second)).toMatchObject({ paid: 0, balance: 9_000, state: 'issued' })
    const rows = await server.db.selectFrom('payment_allocations').where('payment_id', '=', paid.id).execute()
    expect(rows).toHaveLength(2)
    const audit = await auditOf(paid.id)
    expect(audit.at(-1)).toMatchObject({
      action: 'payment.reversed',
      changes: {
        reason: { before: null, after: 'Cheque bounced' },
        allocationsInForce: {
          before: [
            { invoice: first, amount: 8_000 },
            { invoice: second, amount: 4_000 },
          ],
          after: [],
        },
      },
    })

    const before = await server.snapshot()
    const again = await server.reverse(paid.id, 'Twice')
    expect(again.status).toBe(409)
    expect(await again.json()).toEqual({ message: paymentDeskMessages.alreadyReversed })
    const refund = await server.refund(paid.id, 1)
    expect(refund.status).toBe(409)
    expect(await refund.json()).toEqual({ message: paymentDeskMessages.refundReversed })
    expect(await server.snapshot()).toEqual(before)

    // Another payment may now pay them.
    await server.recorded(aliceId, 8_000, { allocations: [{ invoiceNumber: first, amount: 8_000 }] })
    expect((await server.invoiceOf(first)).state).toBe('paid')
  })
})

describe('refunding credit on account', () => {
  it('refunds no more than is neither allocated nor refunded', async () => {
    const owed = await server.invoice(alice, 6_000)
    const later = await server.invoice(alice, 9_000)
    const paid = await server.recorded(aliceId, 10_000, {
      allocations: [{ invoiceNumber: owed, amount: 6_000 }],
    })
    const before = await server.snapshot()
    const over = await server.refund(paid.id, 4_001)
    expect(over.status).toBe(409)
    expect(await over.json()).toEqual({ message: paymentDeskMessages.overRefund(4_000, 'SGD') })
    expect(await server.snapshot()).toEqual(before)

    const part = await server.answered(await server.refund(paid.id, 1_500, 'FAST 123'))
    expect(part.message).toBe(paymentDeskMessages.refunded)
    expect(part.payment).toMatchObject({ allocated: 6_000, refunded: 1_500, unallocated: 2_500 })
    expect((await auditOf(paid.id)).at(-1)).toMatchObject({
      action: 'payment.refunded',
      changes: {
        refunded: { before: 0, after: 1_500 },
        amount: { before: null, after: 1_500 },
        reference: { before: null, after: 'FAST 123' },
      },
    })
    // What was refunded cannot be allocated.
    const tooMuch = await server.allocate(paid.id, [{ invoiceNumber: later, amount: 3_000 }])
    expect(tooMuch.status).toBe(409)
    expect(await tooMuch.json()).toEqual({ message: paymentMessages.overPayment(2_500) })

    const rest = await server.answered(await server.refund(paid.id, 2_500))
    expect(rest.payment).toMatchObject({ refunded: 4_000, unallocated: 0 })
    // Each refund is kept with its day and the bank's reference (the statement of account reads them).
    const kept = await server.db
      .selectFrom('payment_refunds')
      .select(['amount', 'reference'])
      .where('payment_id', '=', paid.id)
      .orderBy('id')
      .execute()
    expect(kept).toEqual([
      { amount: 1_500, reference: 'FAST 123' },
      { amount: 2_500, reference: '' },
    ])
    const none = await server.refund(paid.id, 1)
    expect(none.status).toBe(409)
    expect(await none.json()).toEqual({ message: paymentDeskMessages.overRefund(0, 'SGD') })
    const nothing = await server.allocate(paid.id, [{ invoiceNumber: later, amount: 1 }])
    expect(nothing.status).toBe(409)
    expect(await nothing.json()).toEqual({ message: paymentMessages.nothingLeft })
  })
})

describe('the list', () => {
  it('filters by company, received days and credit left, and pages by cursor', async () => {
    const mine = await server.recorded(bobId, 700)
    const spent = await server.recorded(bobId, 300, {
      allocations: [{ invoiceNumber: bobInvoice, amount: 300 }],
    })
    const list = async (query: string) => {
      const res = await server.staffCall(server.finance, `${paymentPaths.staffList}?${query}`)
      expect(res.status, query).toBe(200)
      return json<PaymentPage>(res)
    }
    const bobs = await list(`customerId=${bobId}`)
    expect(bobs.payments.map((p) => p.id)).toEqual([spent.id, mine.id])
    expect(bobs.payments[0]).toMatchObject({
      customerName: expect.any(String),
      allocated: 300,
      unallocated: 0,
    })
    expect((await list(`customerId=${bobId}&unallocated=true`)).payments.map((p) => p.id)).toEqual([mine.id])
    expect((await list(`customerId=${bobId}&unallocated=false`)).payments.map((p) => p.id)).toEqual([
      spent.id,
    ])
    expect((await list(`customerId=${bobId}&from=2025-06-03`)).payments).toEqual([])
    expect((await list(`customerId=${bobId}&to=2025-06-02`)).payments).toHaveLength(2)

    const seen: number[] = []
    let after: string | null = ''
    while (after !== null) {
      const page: PaymentPage = await list(`limit=2${after ? `&after=${after}` : ''}`)
      expect(page.payments.length).toBeLessThanOrEqual(2)
      seen.push(...page.payments.map((p) => p.id))
      after = page.next
    }
    const all = await server.db.selectFrom('payments').select('id').orderBy('id', 'desc').execute()
    expect(seen).toEqual(all.map((p) => p.id))

    const bad = await server.staffCall(server.finance, `${paymentPaths.staffList}?after=nonsense`)
    expect(bad.status).toBe(422)
    expect(await bad.json()).toEqual({ message: invoiceMessages.badCursor })
  })
})

describe('who may', () => {
  it('refuses a customer (401, no staff session) and a staff member without the finance role (403)', async () => {
    const paid = await server.recorded(aliceId, 500)
    const before = await server.snapshot()
    const { email: _email, ...customer } = alice
    expect((await server.staffCall(customer, paymentPaths.staffList)).status).toBe(401)
    expect((await server.staffCall(customer, paymentPaths.staffDetail(paid.id))).status).toBe(401)
    expect((await server.refund(paid.id, 1, '', customer)).status).toBe(401)
    const operations = server.operations
    const list = await server.staffCall(operations, paymentPaths.staffList)
    expect(list.status).toBe(403)
    expect(await list.json()).toEqual({ message: forbiddenMessage('listPayments') })
    const writes: [Response, string][] = [
      [
        await server.staffCall(
          operations,
          paymentPaths.staffList,
          postJson({
            customerId: aliceId,
            receivedDay: '2025-06-02',
            method: 'fast',
            amount: 1,
            currency: 'SGD',
          }),
        ),
        'recordPayment',
      ],
      [
        await server.allocate(paid.id, [{ invoiceNumber: bobInvoice, amount: 1 }], operations),
        'allocatePayment',
      ],
      [await server.reverse(paid.id, 'No', operations), 'reversePayment'],
      [await server.refund(paid.id, 1, '', operations), 'refundPayment'],
    ]
    for (const [res, operation] of writes) {
      expect(res.status, operation).toBe(403)
      expect(await res.json()).toEqual({ message: forbiddenMessage(operation as 'recordPayment') })
    }
    expect(await server.snapshot()).toEqual(before)
  })
})
