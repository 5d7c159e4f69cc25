import type { AnyMachineSnapshot } from 'xstate'
import { type CreditTarget, creditNoteMachine } from '../../machines/credit-note.machine'
import { sgdInvoice } from '../fixtures/invoices'
import { formChecks, modelSuite } from './model-suite'
import { creditNoteStates } from './states/credit-note'

/** The SGD invoice with a discount line, half its storage line credited already. */
const invoice: CreditTarget = {
  number: sgdInvoice.number,
  currency: sgdInvoice.currency,
  lines: [
    ...sgdInvoice.lines,
    {
      lineNo: 3,
      code: 'DSC',
      description: 'Discount',
      quantityText: '1',
      amount: -5_000,
      gstCode: 'ZR',
      creditsLineNo: null,
    },
  ],
  totals: {
    ...sgdInvoice.totals,
    byCode: { SR: 18_000, ZR: 240_000, OS: 0 },
    subtotal: 258_000,
    total: 259_620,
  },
  creditedByLine: { 2: 9_000 },
  creditedGst: 810,
}

modelSuite('a credit note', creditNoteMachine, {
  promises: ['issueCreditNote'],
  events: [
    { type: 'line.changed', lineNo: 1, value: '1,000.5' },
    { type: 'line.changed', lineNo: 1, value: '12.345' },
    { type: 'line.changed', lineNo: 2, value: '90.01' },
    { type: 'line.changed', lineNo: 3, value: '10' },
    { type: 'line.changed', lineNo: 1, value: '' },
    { type: 'line.whole', lineNo: 2 },
    { type: 'reason.changed', value: ' Wrong container count ' },
    { type: 'reason.changed', value: '   ' },
    { type: 'rebill.changed', value: true },
    {
      type: 'xstate.done.actor.issueCreditNote',
      output: { message: '', invoice: { ...sgdInvoice, number: 'CN-2026-000002', kind: 'credit_note' } },
    },
    {
      type: 'xstate.error.actor.issueCreditNote',
      error: { status: 409, message: 'Someone credited it first.' },
    },
    // The network failed: no message of the server's to show.
    { type: 'xstate.error.actor.issueCreditNote', error: { status: 0 } },
    {
      type: 'xstate.error.actor.issueCreditNote',
      error: {
        status: 422,
        message: 'Check the lines.',
        errors: { 'lines.0.amount': ['Line 1 is credited in full.'] },
      },
    },
  ],
  inputs: [{ invoice }],
  serializeState: (snapshot: AnyMachineSnapshot, event, previous) =>
    JSON.stringify([
      previous?.value,
      event?.type,
      snapshot.value,
      snapshot.context.amounts,
      snapshot.context.reason.trim() !== '',
      snapshot.context.submitted,
      Boolean(snapshot.context.message),
    ]),
  // One line at a time is enough to meet every rule: line 1 typed, or another line with line 1 empty.
  filterEvents: (snapshot, event) =>
    !(
      event.type.startsWith('line.') &&
      Object.keys(snapshot.context.amounts).filter((n) => snapshot.context.amounts[n]).length > 1
    ),
  states: creditNoteStates,
  check: formChecks(['issueCreditNote'], {
    form: (context) => ({
      values: [context.amounts, context.reason, context.rebill],
      errors: context.errors,
      shown: context.submitted ? context.errors : {},
    }),
  }),
})
