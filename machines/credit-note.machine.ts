/**
 * `creditNoteMachine` (a credit note of an invoice, on its page of the finance desk, issue 35): per line of the
 * invoice an amount to credit (typed as a person writes money, read exactly by `minorUnitsOf`; empty: not
 * credited), a reason, and whether charges credited in full are billed again (`rebill`). What is typed is
 * checked as typed by the rule the server issues by (`creditNoteTotals`: at most what is left of a line, no
 * discount line, nothing below zero): a refusal is said at its line, and the preview shows the credit note's
 * totals and GST. Issue (`issueCreditNote`) → issued (final: its number is the output), or the server's refusal
 * said (at its line when it names one); Cancel → cancelled (final, no output).
 *
 * The invoice it starts from carries what its earlier credit notes took (`creditableOf`). Effects are
 * injected with `machine.provide` (the invoice's chart invokes this one).
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { amountInputText, amountTextMessage, minorUnitsOf } from '../contract/finance/amount-text'
import type { DocumentLine, InvoiceDetail, IssuedDocument } from '../contract/finance/invoice-wire'
import {
  type CreditableInvoice,
  type CreditLine,
  type CreditNoteInput,
  type CreditOutcome,
  creditedSoFar,
  creditMessages,
  creditNoteSchema,
  creditNoteTotals,
} from '../contract/finance/invoices'
import { messages } from '../contract/messages'
import { moneyText } from '../contract/pricing/money'
import type { FieldErrors } from '../contract/rules'
import { actorError, failure } from './actor-error'
import { failureMessage } from './form'

/** The invoice as the form reads it: its lines and what is left of each. */
export interface CreditTarget extends CreditableInvoice {
  number: string
  currency: string
  lines: DocumentLine[]
}

export interface CreditNoteContext {
  invoice: CreditTarget
  /** What is typed per line number ('' not credited). */
  amounts: Record<number, string>
  reason: string
  rebill: boolean
  /** Messages under `line.<n>`, `reason` and `form` (the whole credit's). */
  errors: FieldErrors
  /** The form was submitted: every message shows (a line's shows as soon as something is typed in it). */
  submitted: boolean
  /** The credit as typed, when it is one the rule accepts: the preview. */
  outcome: CreditOutcome | null
  /** The server's refusal not tied to a line. */
  message: string | null
  /** The issued credit note's number. */
  issued: string | null
}

export type CreditNoteEvent =
  | { type: 'line.changed'; lineNo: number; value: string }
  | { type: 'line.whole'; lineNo: number }
  | { type: 'reason.changed'; value: string }
  | { type: 'rebill.changed'; value: boolean }
  | { type: 'user.submit' }
  | { type: 'user.cancel' }

export const lineField = (lineNo: number) => `line.${lineNo}`

/** What the invoice's credit notes took: by line (each credit note line names the line it credits) and GST. */
export function creditableOf(invoice: InvoiceDetail, creditNotes: readonly InvoiceDetail[]): CreditTarget {
  const { creditedByLine, creditedGst } = creditedSoFar(
    creditNotes.map((note) => ({ gst: note.totals.gst, lines: note.lines })),
  )
  return {
    number: invoice.number,
    currency: invoice.currency,
    lines: invoice.lines,
    totals: invoice.totals,
    creditedByLine,
    creditedGst,
  }
}

/** What is left to credit of an invoice line. */
export const leftOf = (invoice: CreditableInvoice, lineNo: number) => {
  const line = invoice.lines.find((one) => one.lineNo === lineNo)
  return line ? Math.max(0, line.amount - (invoice.creditedByLine[lineNo] ?? 0)) : 0
}

const positiveMessage = 'Enter an amount above zero.'

/** The credit as typed: each line's message, the outcome of the rule when every typed amount reads. */
export function checkCredit(
  invoice: CreditTarget,
  amounts: Record<number, string>,
  reason: string,
): { errors: FieldErrors; outcome: CreditOutcome | null; credits: CreditLine[] } {
  const errors: FieldErrors = {}
  const credits: CreditLine[] = []
  for (const line of invoice.lines) {
    const text = amounts[line.lineNo] ?? ''
    if (text.trim() === '') continue
    const amount = minorUnitsOf(text)
    if (amount === null) errors[lineField(line.lineNo)] = [amountTextMessage]
    else if (amount === 0) errors[lineField(line.lineNo)] = [positiveMessage]
    else credits.push({ lineNo: line.lineNo, amount })
  }
  const checkedReason = creditNoteSchema.shape.reason.safeParse(reason)
  if (!checkedReason.success)
    errors.reason = [checkedReason.error.issues[0]?.message ?? creditMessages.reasonRequired]
  if (Object.keys(errors).some((field) => field.startsWith('line.')))
    return { errors, outcome: null, credits }
  const outcome = creditNoteTotals(invoice, credits, (amount) => moneyText(amount, invoice.currency))
  if (!outcome.ok)
    errors[outcome.lineNo === undefined ? 'form' : lineField(outcome.lineNo)] = [outcome.message]
  return { errors, outcome, credits }
}

const recheck = (context: CreditNoteContext, patch: Partial<CreditNoteContext>) => {
  const next = { ...context, ...patch }
  const { errors, outcome } = checkCredit(next.invoice, next.amounts, next.reason)
  return { ...patch, errors, outcome, message: null }
}

/** The server's refusal at its line: a 422's `lines.<i>.amount` names the i-th credited line. */
function serverErrors(context: CreditNoteContext, error: unknown): FieldErrors {
  const { credits } = checkCredit(context.invoice, context.amounts, context.reason)
  const errors: FieldErrors = {}
  for (const [path, list] of Object.entries(failure(error).errors ?? {})) {
    const index = /^lines\.(\d+)/.exec(path)?.[1]
    const credit = index === undefined ? undefined : credits[Number(index)]
    if (credit && list?.[0]) errors[lineField(credit.lineNo)] = [list[0]]
    else if (path === 'reason' && list?.[0]) errors.reason = [list[0]]
  }
  return errors
}

export const creditNoteMachine = setup({
  types: {
    context: {} as CreditNoteContext,
    events: {} as CreditNoteEvent,
    input: {} as { invoice: CreditTarget },
    output: {} as { number: string } | null,
  },
  actors: {
    issueCreditNote: fromPromise<IssuedDocument, { number: string; body: CreditNoteInput }>(async () => {
      throw new Error('not provided')
    }),
  },
  guards: {
    isValid: ({ context }) => Object.keys(context.errors).length === 0 && context.outcome?.ok === true,
  },
  actions: {
    changeLine: assign(({ context, event }) => {
      assertEvent(event, 'line.changed')
      return recheck(context, { amounts: { ...context.amounts, [event.lineNo]: event.value } })
    }),
    wholeLine: assign(({ context, event }) => {
      assertEvent(event, 'line.whole')
      const left = leftOf(context.invoice, event.lineNo)
      const text = left > 0 ? amountInputText(left) : ''
      return recheck(context, { amounts: { ...context.amounts, [event.lineNo]: text } })
    }),
    changeReason: assign(({ context, event }) => {
      assertEvent(event, 'reason.changed')
      return recheck(context, { reason: event.value })
    }),
    changeRebill: assign(({ event }) => {
      assertEvent(event, 'rebill.changed')
      return { rebill: event.value }
    }),
    submitted: assign(({ context }) => ({
      submitted: true,
      errors:
        context.outcome === null && Object.keys(context.errors).length === 0
          ? { form: [creditMessages.noLines] }
          : context.errors,
    })),
    setIssued: assign((_, answer: IssuedDocument) => ({ issued: answer.invoice.number })),
    refused: assign(({ context }, error: unknown) => {
      const errors = serverErrors(context, error)
      return {
        submitted: true,
        errors,
        message: Object.keys(errors).length > 0 ? null : failureMessage(error, messages.generic),
      }
    }),
  },
}).createMachine({
  id: 'creditNote',
  context: ({ input }) => {
    const base = {
      invoice: input.invoice,
      amounts: {},
      reason: '',
      rebill: false,
      submitted: false,
      message: null,
      issued: null,
    }
    const { errors, outcome } = checkCredit(base.invoice, base.amounts, base.reason)
    return { ...base, errors, outcome }
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'line.changed': { actions: 'changeLine' },
        'line.whole': { actions: 'wholeLine' },
        'reason.changed': { actions: 'changeReason' },
        'rebill.changed': { actions: 'changeRebill' },
        'user.submit': [{ guard: 'isValid', target: 'sending' }, { actions: 'submitted' }],
        'user.cancel': 'cancelled',
      },
    },
    sending: {
      invoke: {
        id: 'issueCreditNote',
        src: 'issueCreditNote',
        input: ({ context }) => ({
          number: context.invoice.number,
          body: {
            lines: checkCredit(context.invoice, context.amounts, context.reason).credits,
            reason: context.reason.trim(),
            rebill: context.rebill,
          },
        }),
        onDone: { target: 'issued', actions: { type: 'setIssued', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: { type: 'refused', params: actorError } },
      },
    },
    issued: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => (context.issued ? { number: context.issued } : null),
})
