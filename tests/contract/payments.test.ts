/**
 * The allocation rules of contract/finance/payments.ts (issue 36, docs/payments.md) as properties: whatever
 * finance asks, in whatever order, the allocations the rules let through never take a payment beyond its amount
 * nor an invoice beyond its balance; a balance is the total less the credit notes less the allocations in force;
 * what is not allocated is the customer's credit; reversing a payment undoes exactly its allocations.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type AllocatableInvoice,
  type Allocation,
  allocatePaymentSchema,
  allocationRefusal,
  creditOnAccount,
  invoiceBalance,
  invoiceStanding,
  paidByInvoice,
  paymentMessages,
  recordPaymentSchema,
} from '../../contract/finance/payments'

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)
const number = (n: number) => `INV-2026-${String(n).padStart(6, '0')}`

const invoiceArb = fc
  .record({
    total: fc.integer({ min: 1, max: 5_000_000 }),
    creditedPart: fc.integer({ min: 0, max: 100 }),
    currency: fc.constantFrom('SGD', 'USD'),
  })
  .map(({ total, creditedPart, currency }) => ({
    total,
    credited: Math.floor((total * creditedPart) / 100),
    currency,
  }))
const paymentArb = fc.record({
  amount: fc.integer({ min: 1, max: 8_000_000 }),
  currency: fc.constantFrom('SGD', 'USD'),
})
const requestArb = fc.record({
  payment: fc.nat(),
  lines: fc.array(fc.record({ invoice: fc.nat(), amount: fc.integer({ min: -10, max: 6_000_000 }) }), {
    minLength: 0,
    maxLength: 4,
  }),
})

/** The books after finance asks for each request in turn, keeping only what the rules let through. */
function allocateAll(
  invoices: { total: number; credited: number; currency: string }[],
  payments: { amount: number; currency: string }[],
  requests: { payment: number; lines: { invoice: number; amount: number }[] }[],
) {
  const allocations: Allocation[] = []
  let refused = 0
  for (const request of requests) {
    const paymentId = request.payment % payments.length
    const payment = payments[paymentId]!
    const paid = paidByInvoice(allocations)
    const balances = new Map<string, AllocatableInvoice>(
      invoices.map((inv, i) => [
        number(i + 1),
        { currency: inv.currency, balance: invoiceBalance({ ...inv, paid: paid.get(number(i + 1)) ?? 0 }) },
      ]),
    )
    const allocatedSoFar = sum(allocations.filter((a) => a.paymentId === paymentId).map((a) => a.amount))
    const lines = request.lines.map((l) => ({
      invoiceNumber: number((l.invoice % invoices.length) + 1),
      amount: l.amount,
    }))
    if (allocationRefusal(payment, allocatedSoFar, balances, lines) === null)
      for (const l of lines) allocations.push({ paymentId, invoiceNumber: l.invoiceNumber, amount: l.amount })
    else refused++
  }
  return { allocations, refused }
}

const books = fc.record({
  invoices: fc.array(invoiceArb, { minLength: 1, maxLength: 6 }),
  payments: fc.array(paymentArb, { minLength: 1, maxLength: 4 }),
  requests: fc.array(requestArb, { maxLength: 20 }),
})

describe('allocating payments', () => {
  it('never takes a payment beyond its amount nor an invoice beyond its balance', () => {
    fc.assert(
      fc.property(books, ({ invoices, payments, requests }) => {
        const { allocations } = allocateAll(invoices, payments, requests)
        payments.forEach((p, id) => {
          const taken = allocations.filter((a) => a.paymentId === id)
          expect(sum(taken.map((a) => a.amount))).toBeLessThanOrEqual(p.amount)
          for (const a of taken)
            expect(invoices[Number(a.invoiceNumber.slice(-6)) - 1]!.currency).toBe(p.currency)
        })
        const paid = paidByInvoice(allocations)
        invoices.forEach((inv, i) => {
          const balance = invoiceBalance({ ...inv, paid: paid.get(number(i + 1)) ?? 0 })
          expect(balance).toBeGreaterThanOrEqual(0)
          expect(balance).toBe(
            inv.total -
              inv.credited -
              sum(allocations.filter((a) => a.invoiceNumber === number(i + 1)).map((a) => a.amount)),
          )
        })
        for (const a of allocations) expect(Number.isSafeInteger(a.amount) && a.amount > 0).toBe(true)
      }),
      { numRuns: 300 },
    )
  })

  it("leaves what is not allocated as the customer's credit, and a reversal undoes exactly its allocations", () => {
    fc.assert(
      fc.property(books, fc.nat(), ({ invoices, payments, requests }, pick) => {
        const { allocations } = allocateAll(invoices, payments, requests)
        const withIds = payments.map((p, id) => ({ ...p, id }))
        const invoiced = sum(invoices.map((inv) => inv.total - inv.credited))
        const owed = (reversed: Set<number>) => {
          const paid = paidByInvoice(allocations, reversed)
          return sum(invoices.map((inv, i) => invoiceBalance({ ...inv, paid: paid.get(number(i + 1)) ?? 0 })))
        }
        // every cent received is either on an invoice or on account
        expect(owed(new Set()) + sum(payments.map((p) => p.amount))).toBe(
          invoiced + creditOnAccount(withIds, allocations),
        )
        const reversedId = pick % payments.length
        const undone = sum(allocations.filter((a) => a.paymentId === reversedId).map((a) => a.amount))
        expect(owed(new Set([reversedId]))).toBe(owed(new Set()) + undone)
        const reversed = withIds.map((p) => (p.id === reversedId ? { ...p, reversed: true } : p))
        const others = sum(payments.map((p, id) => (id === reversedId ? 0 : p.amount)))
        expect(creditOnAccount(reversed, allocations)).toBe(
          others - sum(allocations.filter((a) => a.paymentId !== reversedId).map((a) => a.amount)),
        )
      }),
      { numRuns: 200 },
    )
  })
})

describe('allocationRefusal', () => {
  const payment = { amount: 10_000, currency: 'SGD' }
  const balances = new Map<string, AllocatableInvoice>([
    ['INV-2026-000001', { currency: 'SGD', balance: 6_000 }],
    ['INV-2026-000002', { currency: 'SGD', balance: 9_000 }],
    ['INV-2026-000003', { currency: 'USD', balance: 1_000 }],
    ['INV-2026-000004', { currency: 'SGD', balance: 0 }],
  ])
  const ask = (
    lines: [string, number][],
    soFar = 0,
    p: { amount: number; currency: string; reversed?: boolean } = payment,
  ) =>
    allocationRefusal(
      p,
      soFar,
      balances,
      lines.map(([n, amount]) => ({ invoiceNumber: `INV-2026-00000${n}`, amount })),
    )

  it('lets a payment pay several invoices in part or in full', () => {
    expect(
      ask([
        ['1', 6_000],
        ['2', 4_000],
      ]),
    ).toBeNull()
    expect(ask([['2', 1]])).toBeNull()
  })

  it('says why it refuses', () => {
    expect(
      ask([
        ['1', 6_000],
        ['2', 4_001],
      ]),
    ).toBe('Only 100.00 of this payment is left to allocate.')
    expect(ask([['1', 1]], 10_000)).toBe(paymentMessages.nothingLeft)
    expect(ask([['1', 6_001]])).toBe('INV-2026-000001 owes 60.00: allocate no more than that.')
    expect(ask([['3', 100]])).toBe('INV-2026-000003 is in USD; this payment is in SGD.')
    expect(ask([['4', 100]])).toBe(paymentMessages.unknownInvoice('INV-2026-000004'))
    expect(ask([['9', 100]])).toBe(paymentMessages.unknownInvoice('INV-2026-000009'))
    expect(
      ask([
        ['1', 100],
        ['1', 100],
      ]),
    ).toBe(paymentMessages.duplicateInvoice('INV-2026-000001'))
    expect(ask([['1', 0]])).toBe(paymentMessages.amountPositive)
    expect(ask([['1', 10.5]])).toBe(paymentMessages.amountWhole)
    expect(ask([])).toBe(paymentMessages.allocationsRequired)
    expect(ask([['1', 100]], 0, { ...payment, reversed: true })).toBe(paymentMessages.reversed)
  })
})

describe('invoiceStanding', () => {
  it('derives the state from the allocations and the due date', () => {
    const inv = { total: 10_000, credited: 0, dueDay: '2026-03-31' }
    expect(invoiceStanding({ ...inv, paid: 0 }, '2026-03-01')).toEqual({ balance: 10_000, state: 'issued' })
    expect(invoiceStanding({ ...inv, paid: 4_000 }, '2026-03-01')).toEqual({
      balance: 6_000,
      state: 'part_paid',
    })
    expect(invoiceStanding({ ...inv, paid: 4_000 }, '2026-04-01')).toEqual({
      balance: 6_000,
      state: 'overdue',
    })
    expect(invoiceStanding({ ...inv, paid: 10_000 }, '2026-04-01')).toEqual({ balance: 0, state: 'paid' })
  })
})

describe('input', () => {
  it('takes a payment with its method, amount in cents and reference', () => {
    const parsed = recordPaymentSchema.parse({
      customerId: 3,
      receivedDay: '2026-03-02',
      method: 'paynow',
      amount: 12_345,
      currency: 'SGD',
      payerReference: ' INV-2026-000001 ',
    })
    expect(parsed.payerReference).toBe('INV-2026-000001')
    const bad = recordPaymentSchema.safeParse({
      customerId: 3,
      receivedDay: '2/3/2026',
      method: 'cash',
      amount: 1.5,
      currency: 'EUR',
    })
    expect(bad.success).toBe(false)
    const messages = bad.error!.issues.map((i) => i.message)
    expect(messages).toEqual(
      expect.arrayContaining([
        paymentMessages.methodRequired,
        paymentMessages.amountWhole,
        paymentMessages.currencyRequired,
      ]),
    )
  })

  it('refuses an invoice named twice and numbers that are not invoices', () => {
    const twice = allocatePaymentSchema.safeParse({
      allocations: [
        { invoiceNumber: 'inv-2026-000001', amount: 1 },
        { invoiceNumber: 'INV-2026-000001', amount: 2 },
      ],
    })
    expect(twice.error?.issues[0]?.message).toBe(paymentMessages.duplicateInvoice('INV-2026-000001'))
    const creditNote = allocatePaymentSchema.safeParse({
      allocations: [{ invoiceNumber: 'CN-2026-000001', amount: 1 }],
    })
    expect(creditNote.error?.issues[0]?.message).toBe(paymentMessages.invoiceNumber)
  })
})
