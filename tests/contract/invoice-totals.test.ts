/**
 * The invoice arithmetic of contract/finance/invoices.ts as properties (issue 35, docs/invoices.md "One
 * rounding rule"): an invoice's total is the sum of its lines and its GST; GST is 9% of the standard-rated
 * total, once, half away from zero; credit notes, however many and in whatever order, never take an invoice
 * (its amounts by code, its total or its GST) below zero, and the last standard-rated credit takes exactly
 * the GST left; SGD equivalents are the document's amounts at its frozen rate.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type GstCode, gstCodes } from '../../contract/finance/charges'
import {
  type CreditableInvoice,
  type CreditLine,
  type CreditNoteTaken,
  creditedSoFar,
  creditNoteTotals,
  type FrozenRate,
  gstOn,
  invoiceTotals,
  remainingByCode,
  sgdEquivalent,
  type TaxedLine,
} from '../../contract/finance/invoices'

const moneyText = (amount: number) => `SGD ${(amount / 100).toFixed(2)}`
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)

const line = fc.record({
  amount: fc.integer({ min: 1, max: 50_000_000 }),
  gstCode: fc.constantFrom<GstCode>(...gstCodes),
})
/**
 * The lines of an invoice the server issues: a discount (a negative ZR line) now and then, as a quote may
 * carry, never more than the zero-rated lines it reduces (the server refuses an invoice with a code below zero).
 */
const lines = fc
  .tuple(fc.array(line, { minLength: 1, maxLength: 12 }), fc.option(fc.integer({ min: 1, max: 100_000 })))
  .map(([ls, discount]): TaxedLine[] => {
    const zeroRated = sum(ls.filter((l) => l.gstCode === 'ZR').map((l) => l.amount))
    const off = Math.min(discount ?? 0, zeroRated)
    return off > 0 ? [...ls, { amount: -off, gstCode: 'ZR' }] : ls
  })

/** 9% by exact decimal arithmetic, rounded half away from zero: what the rule says, written another way. */
const nineOf = (taxable: number) => {
  const hundredths = taxable * 9 // exact: |taxable| ≤ 6e8
  const sign = Math.sign(hundredths)
  const abs = Math.abs(hundredths)
  return sign * (Math.floor(abs / 100) + (abs % 100 >= 50 ? 1 : 0))
}

describe('invoiceTotals', () => {
  it('totals the lines by code, GST once on the SR total, the total their sum', () => {
    fc.assert(
      fc.property(lines, (ls) => {
        const totals = invoiceTotals(ls)
        for (const code of gstCodes)
          expect(totals.byCode[code]).toBe(sum(ls.filter((l) => l.gstCode === code).map((l) => l.amount)))
        expect(totals.subtotal).toBe(sum(ls.map((l) => l.amount)))
        expect(totals.gst).toBe(nineOf(totals.byCode.SR))
        expect(totals.total).toBe(totals.subtotal + totals.gst)
      }),
    )
  })

  it('rounds half a cent away from zero, never per line', () => {
    expect(gstOn(50)).toBe(5) // 4.5 → 5
    expect(gstOn(10_050)).toBe(905) // 904.5 → 905
    expect(gstOn(-50)).toBe(-5)
    expect(gstOn(38)).toBe(3) // 3.42 → 3
    // Two SR lines of 50: per line 5 + 5 = 10; once on 100: 9.
    expect(invoiceTotals([50, 50].map((amount) => ({ amount, gstCode: 'SR' as const }))).gst).toBe(9)
  })
})

/** An invoice as issued, with its lines numbered. */
const invoiceOf = (ls: TaxedLine[]): CreditableInvoice => ({
  lines: ls.map((l, i) => ({ ...l, lineNo: i + 1 })),
  totals: invoiceTotals(ls),
  creditedByLine: {},
  creditedGst: 0,
})

/** A run of credit requests: each a few (line, share of what is left) pairs. */
const creditRuns = fc.array(
  fc.array(fc.record({ lineIndex: fc.nat(20), share: fc.double({ min: 0, max: 1.2, noNaN: true }) }), {
    minLength: 1,
    maxLength: 4,
  }),
  { minLength: 1, maxLength: 8 },
)

describe('creditNoteTotals', () => {
  it('never takes an invoice below zero, by code, in total or in GST, whatever is asked', () => {
    fc.assert(
      fc.property(lines, creditRuns, (ls, runs) => {
        let invoice = invoiceOf(ls)
        // The credit notes issued so far, summed as the server and the console sum them.
        const issued: CreditNoteTaken[] = []
        for (const run of runs) {
          const credits: CreditLine[] = run.map(({ lineIndex, share }) => {
            const target = invoice.lines[
              lineIndex % invoice.lines.length
            ] as CreditableInvoice['lines'][number]
            const left = target.amount - (invoice.creditedByLine[target.lineNo] ?? 0)
            return { lineNo: target.lineNo, amount: Math.max(1, Math.round(left * share)) }
          })
          const outcome = creditNoteTotals(invoice, credits, moneyText)
          if (!outcome.ok) continue
          const { totals } = outcome
          expect(totals.gst).toBeGreaterThanOrEqual(0)
          expect(totals.total).toBe(totals.subtotal + totals.gst)
          expect(totals.subtotal).toBe(sum(outcome.lines.map((l) => l.amount)))
          issued.push({
            gst: totals.gst,
            lines: outcome.lines.map((l) => ({ creditsLineNo: l.lineNo, amount: l.amount })),
          })
          invoice = { ...invoice, ...creditedSoFar(issued) }
          const { creditedByLine } = invoice
          // Nothing below zero: each line, each code, the GST.
          for (const l of invoice.lines)
            if (l.amount > 0) expect(l.amount - (creditedByLine[l.lineNo] ?? 0)).toBeGreaterThanOrEqual(0)
          const left = remainingByCode(invoice)
          for (const code of gstCodes) expect(left[code]).toBeGreaterThanOrEqual(0)
          expect(invoice.totals.gst - invoice.creditedGst).toBeGreaterThanOrEqual(0)
          // Once no standard-rated amount is left, no GST is left either.
          if (left.SR === 0) expect(invoice.creditedGst).toBe(invoice.totals.gst)
        }
      }),
    )
  })

  it('credits each line at most what is left of it: one cent more is refused', () => {
    fc.assert(
      fc.property(lines, fc.nat(), (ls, pick) => {
        const invoice = invoiceOf(ls)
        const positive = invoice.lines.filter((l) => l.amount > 0)
        const target = positive[pick % positive.length] as CreditableInvoice['lines'][number]
        const over = creditNoteTotals(
          invoice,
          [{ lineNo: target.lineNo, amount: target.amount + 1 }],
          moneyText,
        )
        expect(over.ok).toBe(false)
        const exact = creditNoteTotals(invoice, [{ lineNo: target.lineNo, amount: target.amount }], moneyText)
        // A whole line is refused only when the discount makes its code's remainder smaller than the line.
        if (exact.ok) expect(exact.totals.subtotal).toBe(target.amount)
        else expect(target.gstCode).toBe('ZR')
      }),
    )
  })

  it('crediting every line in full takes exactly the invoice: total and GST', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), (ls) => {
        const invoice = invoiceOf(ls)
        const outcome = creditNoteTotals(
          invoice,
          invoice.lines.map((l) => ({ lineNo: l.lineNo, amount: l.amount })),
          moneyText,
        )
        expect(outcome.ok && outcome.totals).toEqual(invoice.totals)
      }),
    )
  })
})

describe('sgdEquivalent', () => {
  const rate = fc.record({
    sgdPerUnitMicro: fc.integer({ min: 100_000, max: 5_000_000 }),
    source: fc.constant('eShip pricing team reference rate'),
    asOf: fc.constant('2026-01-05'),
  })

  it('converts the subtotal and the GST at the frozen rate, each rounded once; the total is their sum', () => {
    fc.assert(
      fc.property(lines, rate, (ls, frozen: FrozenRate) => {
        const totals = invoiceTotals(ls)
        const sgd = sgdEquivalent(totals, frozen)
        const at = (amount: number) => {
          // Exact: amount × micro ≤ 6e8 × 5e6 fits in a double's 2^53 only as bigint; compute there.
          const product = BigInt(amount) * BigInt(frozen.sgdPerUnitMicro)
          const sign = product < 0n ? -1n : 1n
          const abs = product * sign
          return Number(sign * (abs / 1_000_000n + (abs % 1_000_000n >= 500_000n ? 1n : 0n)))
        }
        expect(sgd).toEqual({
          subtotal: at(totals.subtotal),
          gst: at(totals.gst),
          total: at(totals.subtotal) + at(totals.gst),
        })
      }),
    )
  })

  it('gives the same SGD amounts for the same document and rate, whenever it is asked', () => {
    const frozen: FrozenRate = { sgdPerUnitMicro: 1_345_600, source: 'x', asOf: '2026-01-05' }
    const totals = invoiceTotals([{ amount: 123_456, gstCode: 'SR' }])
    expect(sgdEquivalent(totals, frozen)).toEqual({ subtotal: 166_122, gst: 14_951, total: 181_073 })
  })
})
