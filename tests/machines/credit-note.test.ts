import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { InvoiceDetail } from '../../contract/finance/invoice-wire'
import { invoiceTotals } from '../../contract/finance/invoices'
import { type CreditTarget, creditableOf, creditNoteMachine } from '../../machines/credit-note.machine'

const lines = [
  {
    lineNo: 1,
    code: 'OFR',
    description: 'Ocean freight',
    quantityText: '1 × 40HC',
    amount: 150000,
    gstCode: 'ZR' as const,
    creditsLineNo: null,
  },
  {
    lineNo: 2,
    code: 'STO',
    description: 'Storage',
    quantityText: '3 days',
    amount: 10005,
    gstCode: 'SR' as const,
    creditsLineNo: null,
  },
  {
    lineNo: 3,
    code: 'DSC',
    description: 'Discount',
    quantityText: '1',
    amount: -5000,
    gstCode: 'ZR' as const,
    creditsLineNo: null,
  },
]

const invoice: CreditTarget = {
  number: 'INV-2026-000001',
  currency: 'SGD',
  lines,
  totals: invoiceTotals(lines),
  creditedByLine: {},
  creditedGst: 0,
}

function start(target: CreditTarget = invoice, answer?: () => Promise<unknown>) {
  const sent: unknown[] = []
  const actor = createActor(
    creditNoteMachine.provide({
      actors: {
        issueCreditNote: fromPromise(async ({ input }) => {
          sent.push(input)
          if (answer) return (await answer()) as never
          return {
            message: 'Credit note CN-2026-000001 issued.',
            invoice: { number: 'CN-2026-000001' },
          } as never
        }),
      },
    }),
    { input: { invoice: target } },
  ).start()
  return { actor, sent }
}

describe('the credit note form', () => {
  it('reads typed money exactly and previews the totals by the issuing rule', () => {
    const { actor } = start()
    actor.send({ type: 'line.changed', lineNo: 2, value: '100.05' })
    const { outcome, errors } = actor.getSnapshot().context
    expect(errors['line.2']).toBeUndefined()
    expect(outcome).toMatchObject({
      ok: true,
      totals: { byCode: { SR: 10005, ZR: 0, OS: 0 }, subtotal: 10005 },
    })
    // All of the standard-rated amount credited: exactly the invoice's GST comes back.
    expect(outcome?.ok && outcome.totals.gst).toBe(invoice.totals.gst)
  })

  it('says a refusal at its line: more than is left, a discount line, not an amount', () => {
    const { actor } = start()
    actor.send({ type: 'line.changed', lineNo: 1, value: '1,500.01' })
    expect(actor.getSnapshot().context.errors['line.1']).toEqual([
      'Line 1 has only SGD 1,500.00 left to credit.',
    ])
    actor.send({ type: 'line.changed', lineNo: 1, value: '12.345' })
    expect(actor.getSnapshot().context.errors['line.1']?.[0]).toMatch(/at most two decimals/)
    actor.send({ type: 'line.changed', lineNo: 1, value: '' })
    actor.send({ type: 'line.changed', lineNo: 3, value: '10' })
    expect(actor.getSnapshot().context.errors['line.3']).toEqual([
      'Line 3 is a discount: it cannot be credited.',
    ])
  })

  it('counts what earlier credit notes took, and fills a line with what is left', () => {
    const note = {
      number: 'CN-2026-000001',
      totals: { byCode: { SR: 0, ZR: 50000, OS: 0 }, subtotal: 50000, gst: 0, total: 50000 },
      lines: [
        {
          lineNo: 1,
          code: 'OFR',
          description: '',
          quantityText: '',
          amount: 50000,
          gstCode: 'ZR',
          creditsLineNo: 1,
        },
      ],
    } as unknown as InvoiceDetail
    const target = creditableOf({ ...invoice, lines } as unknown as InvoiceDetail, [note])
    expect(target.creditedByLine).toEqual({ 1: 50000 })
    const { actor } = start(target)
    actor.send({ type: 'line.whole', lineNo: 1 })
    expect(actor.getSnapshot().context.amounts[1]).toBe('1000.00')
    actor.send({ type: 'line.changed', lineNo: 1, value: '1000.01' })
    expect(actor.getSnapshot().context.errors['line.1']).toEqual([
      'Line 1 has only SGD 1,000.00 left to credit.',
    ])
  })

  it('sends nothing without a line and a reason, then the credit in cents with the rebill choice', async () => {
    const { actor, sent } = start()
    actor.send({ type: 'user.submit' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.errors.form).toEqual(['Choose at least one line to credit.'])
    actor.send({ type: 'line.changed', lineNo: 1, value: '0.29' })
    actor.send({ type: 'user.submit' })
    expect(actor.getSnapshot().context.errors.reason).toEqual(['Say why the invoice is credited.'])
    actor.send({ type: 'reason.changed', value: ' Wrong container count ' })
    actor.send({ type: 'rebill.changed', value: true })
    actor.send({ type: 'user.submit' })
    const done = await waitFor(actor, (s) => s.status === 'done')
    expect(sent).toEqual([
      {
        number: 'INV-2026-000001',
        body: { lines: [{ lineNo: 1, amount: 29 }], reason: 'Wrong container count', rebill: true },
      },
    ])
    expect(done.output).toEqual({ number: 'CN-2026-000001' })
  })

  it("keeps what was typed and says the server's refusal", async () => {
    const { actor } = start(invoice, () =>
      Promise.reject({ status: 409, message: 'Someone credited it first.' }),
    )
    actor.send({ type: 'line.changed', lineNo: 1, value: '10' })
    actor.send({ type: 'reason.changed', value: 'Goodwill' })
    actor.send({ type: 'user.submit' })
    const back = await waitFor(actor, (s) => s.matches('editing') && s.context.message !== null)
    expect(back.context.message).toBe('Someone credited it first.')
    expect(back.context.amounts[1]).toBe('10')
  })
})
