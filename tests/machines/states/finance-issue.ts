import { expect } from 'vitest'
import type { ChargeItem } from '../../../contract/finance/charges'
import type { IssuedDocument } from '../../../contract/finance/invoice-wire'
import { invoiceTotals } from '../../../contract/finance/invoices'
import { messages } from '../../../contract/messages'
import { financeIssueMachine } from '../../../machines/finance-issue.machine'
import { type StateView, stateChecks } from '../model'

const told = ({ event }: StateView) => (event.error as { message?: string } | undefined)?.message

/** What may go on an invoice now: approved by the customer (or quoted) and on no invoice yet. */
const invoiceable = (charges: ChargeItem[]) =>
  charges.filter((charge) => charge.status === 'approved' && charge.invoiceNumber === null)

const chosenLines = ({ context }: StateView) =>
  (context.charges as ChargeItem[]).filter((charge) => context.chosen.includes(charge.id))

/** docs/invoices.md "The finance desk": issuing a booking's invoice from the charges left ticked. */
export const financeIssueStates = stateChecks(financeIssueMachine, {
  // The booking's charges are read (again, after Retry, with the failure no longer said).
  loading: ({ context, requests }) => {
    expect(requests).toEqual({ loadCharges: { bookingNumber: context.bookingNumber } })
    expect(context.message).toBeNull()
  },
  failed: (view) => {
    expect(view.requests).toEqual({})
    expect(view.context.message).toBe(told(view) || messages.generic)
  },
  // The invoiceable charges only, every one ticked as read; a tick follows the click; Issue with nothing
  // coming to more than zero sends nothing; a refusal stays said over the charges read again.
  'ready.idle': (view) => {
    const { context, event, before } = view
    expect(view.requests).toEqual({})
    for (const id of context.chosen) expect(context.charges.map((c: ChargeItem) => c.id)).toContain(id)
    if (event.type === 'xstate.done.actor.loadCharges') {
      const read = invoiceable(event.output as ChargeItem[])
      expect(context.charges).toEqual(read)
      expect([...context.chosen].sort()).toEqual(read.map((charge) => charge.id).sort())
      expect(context.message).toBe(before.context.message)
    }
    if (event.type === 'xstate.error.actor.loadCharges')
      expect([context.charges, context.message]).toEqual([before.context.charges, before.context.message])
    if (event.type === 'charge.toggled') {
      const id = event.id as number
      const known = before.context.charges.some((charge: ChargeItem) => charge.id === id)
      const was = before.context.chosen.includes(id)
      expect(context.chosen.includes(id)).toBe(known ? !was : was)
    }
    if (event.type === 'user.issue') {
      const lines = chosenLines(view)
      expect(lines.length === 0 || invoiceTotals(lines).total <= 0).toBe(true)
    }
  },
  // Exactly the ticked charges are sent, and only when their invoice comes to more than zero.
  'ready.issuing': (view) => {
    const { context } = view
    expect(view.requests).toEqual({
      issueInvoice: { bookingNumber: context.bookingNumber, chargeIds: context.chosen },
    })
    expect(invoiceTotals(chosenLines(view)).total).toBeGreaterThan(0)
    expect(context.message).toBeNull()
  },
  // Refused: said, and the charges read again (another may have invoiced one meanwhile).
  'ready.rereading': (view) => {
    expect(view.requests).toEqual({ loadCharges: { bookingNumber: view.context.bookingNumber } })
    expect((view.answered?.input as { chargeIds?: number[] } | undefined)?.chargeIds).toBeDefined()
    expect(view.context.message).toBe(told(view) || messages.generic)
  },
  // Issued: its number kept, and the page opens the invoice.
  issued: ({ context, event, actions }) => {
    expect(context.issued).toBe((event.output as IssuedDocument).invoice.number)
    expect(actions).toContain('openInvoice')
  },
})
