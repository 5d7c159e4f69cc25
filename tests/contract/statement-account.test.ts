/**
 * A statement of account's figures (contract/finance/statement-account.ts, issue 36): for any company's
 * invoices, credit notes and payments (allocated, refunded, reversed), the buckets sum to the balance, the
 * balance is the invoices less the credit notes less the payments in force (less what was refunded), and the
 * activity's running balance goes from the opening balance to the closing one, which is the balance when the
 * period ends today.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDays } from '../../contract/dates'
import { ageBuckets } from '../../contract/finance/ageing'
import { paidByInvoice } from '../../contract/finance/payments'
import {
  periodOf,
  type StatementDocument,
  type StatementPayment,
  statementFigures,
  statementPeriods,
} from '../../contract/finance/statement-account'

const TODAY = '2026-06-15'
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)
const dayArb = fc.integer({ min: -400, max: 0 }).map((d) => addDays(TODAY, d))

const modelArb = fc
  .record({
    invoices: fc.array(
      fc.record({
        total: fc.integer({ min: 1, max: 5_000_000 }),
        day: dayArb,
        terms: fc.constantFrom(0, 7, 30),
      }),
      { minLength: 1, maxLength: 12 },
    ),
    notes: fc.array(
      fc.record({ of: fc.nat(), share: fc.double({ min: 0, max: 1.2, noNaN: true }), day: dayArb }),
      {
        maxLength: 6,
      },
    ),
    payments: fc.array(
      fc.record({
        amount: fc.integer({ min: 1, max: 5_000_000 }),
        day: dayArb,
        allocations: fc.array(
          fc.record({ of: fc.nat(), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
          {
            maxLength: 3,
          },
        ),
        refundShare: fc.double({ min: 0, max: 1, noNaN: true }),
        reversedAfter: fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }),
      }),
      { maxLength: 8 },
    ),
  })
  .map(({ invoices, notes, payments }) => {
    const numbers = invoices.map((_, i) => `INV-2026-${String(i + 1).padStart(6, '0')}`)
    const documents: StatementDocument[] = invoices.map((invoice, i) => ({
      kind: 'invoice',
      number: numbers[i] as string,
      bookingNumber: 'ESB-2026000001',
      issueDay: invoice.day,
      dueDay: addDays(invoice.day, invoice.terms),
      total: invoice.total,
      credited: 0,
      paid: 0,
      creditsNumber: null,
    }))
    notes.forEach((note, i) => {
      const invoice = documents[note.of % invoices.length] as StatementDocument
      const total = Math.floor(invoice.total * note.share)
      invoice.credited += total
      documents.push({
        kind: 'credit_note',
        number: `CN-2026-${String(i + 1).padStart(6, '0')}`,
        bookingNumber: 'ESB-2026000001',
        issueDay: note.day > invoice.issueDay ? note.day : invoice.issueDay,
        dueDay: null,
        total,
        credited: 0,
        paid: 0,
        creditsNumber: invoice.number,
      })
    })
    const allocations: { paymentId: number; invoiceNumber: string; amount: number }[] = []
    const reversed = new Set<number>()
    const statementPayments: StatementPayment[] = payments.map((p, id) => {
      let allocated = 0
      for (const a of p.allocations) {
        const amount = Math.floor((p.amount - allocated) * a.share)
        if (amount <= 0) continue
        allocated += amount
        allocations.push({ paymentId: id, invoiceNumber: numbers[a.of % numbers.length] as string, amount })
      }
      const refunded = Math.floor((p.amount - allocated) * p.refundShare)
      if (p.reversedAfter !== null) reversed.add(id)
      return {
        id,
        receivedDay: p.day,
        method: 'fast',
        payerReference: '',
        currency: 'SGD',
        amount: p.amount,
        allocated,
        refunded,
        reversed:
          p.reversedAfter === null
            ? null
            : { day: [addDays(p.day, p.reversedAfter), TODAY].sort()[0] as string, reason: 'Bounced' },
        refunds: refunded > 1 ? [{ day: p.day, amount: Math.floor(refunded / 2) }] : [],
      }
    })
    const paid = paidByInvoice(allocations, reversed)
    for (const doc of documents) if (doc.kind === 'invoice') doc.paid = paid.get(doc.number) ?? 0
    return { documents, payments: statementPayments }
  })

describe('statementFigures', () => {
  it('sums the buckets to the balance: invoices less credit notes less the payments in force', () => {
    fc.assert(
      fc.property(modelArb, ({ documents, payments }) => {
        const figures = statementFigures(documents, payments, TODAY, {
          from: addDays(TODAY, -500),
          to: TODAY,
        })
        expect(sum(ageBuckets.map((b) => figures.buckets[b]))).toBe(figures.balance)
        const invoiced = sum(documents.filter((d) => d.kind === 'invoice').map((d) => d.total))
        const credited = sum(documents.filter((d) => d.kind === 'credit_note').map((d) => d.total))
        const received = sum(payments.filter((p) => !p.reversed).map((p) => p.amount - p.refunded))
        expect(figures.balance).toBe(invoiced - credited - received)
      }),
      { numRuns: 300 },
    )
  })

  it('runs the activity from the opening balance to the closing one, which is the balance today', () => {
    fc.assert(
      fc.property(modelArb, fc.constantFrom(...statementPeriods), ({ documents, payments }, choice) => {
        const period = periodOf(choice, TODAY)
        const figures = statementFigures(documents, payments, TODAY, period)
        let running = figures.openingBalance
        for (const row of figures.activity) {
          expect(row.day >= period.from && row.day <= period.to).toBe(true)
          running += row.amount
          expect(row.balance).toBe(running)
        }
        expect(figures.closingBalance).toBe(running)
        expect(figures.closingBalance).toBe(figures.balance)
        const days = figures.activity.map((row) => row.day)
        expect(days).toEqual(days.toSorted())
      }),
      { numRuns: 300 },
    )
  })

  it('gives the default period as the last 90 days to today', () => {
    expect(periodOf('90d', TODAY)).toEqual({ from: '2026-03-18', to: TODAY })
    expect(periodOf('year', TODAY)).toEqual({ from: '2026-01-01', to: TODAY })
  })
})
