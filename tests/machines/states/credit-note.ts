import { expect } from 'vitest'
import { minorUnitsOf } from '../../../contract/finance/amount-text'
import type { IssuedDocument } from '../../../contract/finance/invoice-wire'
import {
  type CreditLine,
  creditMessages,
  creditNoteSchema,
  creditNoteTotals,
} from '../../../contract/finance/invoices'
import { messages } from '../../../contract/messages'
import { moneyText } from '../../../contract/pricing/money'
import { type CreditTarget, creditNoteMachine } from '../../../machines/credit-note.machine'
import { type StateView, stateChecks } from '../model'

const told = ({ event }: StateView) => (event.error as { message?: string } | undefined)?.message

/** The lines typed, read as money (a line left empty is not credited; null: one does not read or is zero). */
function typedCredits(invoice: CreditTarget, amounts: Record<number, string>): CreditLine[] | null {
  const credits: CreditLine[] = []
  for (const line of invoice.lines) {
    const text = amounts[line.lineNo] ?? ''
    if (text.trim() === '') continue
    const amount = minorUnitsOf(text)
    if (amount === null || amount === 0) return null
    credits.push({ lineNo: line.lineNo, amount })
  }
  return credits
}

/** The credit as typed is one the issuing rule takes, with a reason. */
function acceptable({ invoice, amounts, reason }: StateView['context']) {
  const credits = typedCredits(invoice, amounts)
  if (credits === null || credits.length === 0 || !creditNoteSchema.shape.reason.safeParse(reason).success)
    return false
  return creditNoteTotals(invoice, credits, (amount) => moneyText(amount, invoice.currency)).ok
}

/** docs/invoices.md "Credit notes": a credit note of an invoice, line by line, previewed by the issuing rule. */
export const creditNoteStates = stateChecks(creditNoteMachine, {
  // Typing: what is typed is kept as typed and checked as typed; the preview is the rule's own outcome; a submit
  // that sends nothing shows why (the rule's or the server's refusal not yet answered by a change); a refusal keeps everything typed and says it at its line or above the form.
  editing: (view) => {
    const { context, event, before } = view
    expect(view.requests).toEqual({})
    if (event.type === 'line.changed') expect(context.amounts[event.lineNo as number]).toBe(event.value)
    if (event.type === 'reason.changed') expect(context.reason).toBe(event.value)
    if (event.type === 'rebill.changed') expect(context.rebill).toBe(event.value)
    if (event.type === 'line.whole') {
      const lineNo = event.lineNo as number
      const line = context.invoice.lines.find((one: { lineNo: number }) => one.lineNo === lineNo)
      const left = line.amount - (context.invoice.creditedByLine[lineNo] ?? 0)
      expect(minorUnitsOf(context.amounts[lineNo] ?? '') ?? 0).toBe(Math.max(0, left))
    }
    const credits = typedCredits(context.invoice, context.amounts)
    if (credits === null) expect(context.outcome).toBeNull()
    else if (!event.type.startsWith('xstate.'))
      expect(context.outcome).toEqual(
        creditNoteTotals(context.invoice, credits, (amount) => moneyText(amount, context.invoice.currency)),
      )
    if (event.type === 'user.submit') {
      // Refused by the rule, or by the server at a line left as it was.
      if (acceptable(context)) expect(context.errors).toEqual(before.context.errors)
      expect(context.submitted).toBe(true)
      expect(Object.keys(context.errors).length).toBeGreaterThan(0)
      if (credits?.length === 0) expect(context.errors.form).toEqual([creditMessages.noLines])
    }
    if (event.type === 'xstate.error.actor.issueCreditNote') {
      expect([context.amounts, context.reason, context.rebill]).toEqual([
        before.context.amounts,
        before.context.reason,
        before.context.rebill,
      ])
      const named = Object.keys(context.errors).length > 0
      expect(context.message).toBe(named ? null : told(view) || messages.generic)
    }
  },
  // Sent only when the rule takes it: the lines typed in minor units, the reason trimmed, the rebill choice.
  sending: (view) => {
    const { context } = view
    expect(acceptable(context)).toBe(true)
    expect(view.requests).toEqual({
      issueCreditNote: {
        number: context.invoice.number,
        body: {
          lines: typedCredits(context.invoice, context.amounts),
          reason: context.reason.trim(),
          rebill: context.rebill,
        },
      },
    })
  },
  // Issued: the number the server gave is the form's answer to the invoice's page.
  issued: ({ snapshot, event }) => {
    const number = (event.output as IssuedDocument).invoice.number
    expect(snapshot.output).toEqual({ number })
  },
  // Cancelled: nothing sent, no answer.
  cancelled: ({ snapshot, event, requests }) => {
    expect(event.type).toBe('user.cancel')
    expect(requests).toEqual({})
    expect(snapshot.output).toBeNull()
  },
})
