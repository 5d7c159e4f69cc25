import { expect } from 'vitest'
import {
  type ChargeAnswer,
  type ChargeItem,
  chargeMessages,
  withdrawChargeSchema,
} from '../../../contract/finance/charges'
import { messages } from '../../../contract/messages'
import { bookingChargesMachine } from '../../../machines/finance-charges.machine'
import { type StateView, stateChecks } from '../model'

const told = ({ event }: StateView) => (event.error as { message?: string } | undefined)?.message

const chargeOf = (context: StateView['context'], id: number) =>
  (context.charges as ChargeItem[]).find((charge) => charge.id === id)

/** Staff withdraw only a change request the customer has not answered (a quoted line is the booking's own). */
const withdrawable = (charge: ChargeItem | undefined) =>
  charge?.source !== 'quote' && charge?.status === 'pending'

/** docs/invoices.md "Charges": a booking's Charges panel for operations and finance. */
export const financeChargesStates = stateChecks(bookingChargesMachine, {
  // The booking's charges are read (again, after Retry, with the failure no longer said).
  loading: ({ context, requests }) => {
    expect(requests).toEqual({ loadCharges: { bookingNumber: context.bookingNumber } })
    expect(context.message).toBeNull()
  },
  failed: (view) => {
    expect(view.requests).toEqual({})
    expect(view.context.message).toBe(told(view) || messages.generic)
  },
  // The charges as read. What cannot be done is not done: Add before the booking has charges (no currency yet),
  // Withdraw of a quoted line or an answered request, a download of a charge with no file. A failed read or
  // download keeps the charges and says why.
  'ready.idle': (view) => {
    const { context, event, before } = view
    expect(view.requests).toEqual({})
    expect(context.withdraw).toBeNull()
    if (event.type === 'xstate.done.actor.loadCharges') {
      expect([context.charges, context.message]).toEqual([event.output, null])
    }
    if (
      event.type === 'xstate.error.actor.loadCharges' ||
      event.type === 'xstate.error.actor.downloadAttachment'
    ) {
      expect(context.charges).toEqual(before.context.charges)
      expect(context.message).toBe(told(view) || messages.generic)
    }
    if (event.type === 'add.open') expect(context.charges).toEqual([])
    if (event.type === 'charge.withdraw')
      expect(withdrawable(chargeOf(context, event.id as number))).toBe(false)
    if (event.type === 'attachment.download')
      expect(chargeOf(context, event.id as number)?.attachment ?? null).toBeNull()
    if (event.type === 'withdraw.dismissed') expect(context.notice).toBe(before.context.notice)
    // The add form closed with nothing added: nothing said.
    if (event.type === 'xstate.done.actor.addCharge') expect(context.notice).toBeNull()
  },
  // Read again; what was just done is said meanwhile.
  'ready.reloading': (view) => {
    const { context, event } = view
    expect(view.requests).toEqual({ loadCharges: { bookingNumber: context.bookingNumber } })
    if (event.type === 'xstate.done.actor.addCharge' || event.type === 'xstate.done.actor.withdrawCharge')
      expect([context.notice, context.withdraw]).toEqual([(event.output as ChargeAnswer).message, null])
  },
  // The add form, in the currency of the booking's charges.
  'ready.adding': (view) => {
    const { context } = view
    expect(context.charges.length).toBeGreaterThan(0)
    expect(view.requests).toEqual({
      addCharge: { bookingNumber: context.bookingNumber, currency: context.charges[0].currency },
    })
    expect([context.notice, context.message]).toEqual([null, null])
  },
  // The dialog asks the reason the customer will read; Withdraw with none says so; a refusal is said in it.
  'ready.asking': (view) => {
    const { context, event, before } = view
    expect(view.requests).toEqual({})
    expect(withdrawable(chargeOf(context, context.withdraw.id))).toBe(true)
    if (event.type === 'charge.withdraw')
      expect(context.withdraw).toEqual({ id: event.id, reason: '', error: null })
    if (event.type === 'reason.changed')
      expect([context.withdraw.reason, context.withdraw.error]).toEqual([event.value, null])
    if (event.type === 'withdraw.confirmed') {
      expect(withdrawChargeSchema.safeParse({ reason: context.withdraw.reason }).success).toBe(false)
      expect(context.withdraw.error).toBe(
        context.withdraw.reason.length > 1000
          ? chargeMessages.reasonTooLong
          : chargeMessages.withdrawReasonRequired,
      )
    }
    if (event.type === 'xstate.error.actor.withdrawCharge') {
      expect(context.withdraw.reason).toBe(before.context.withdraw.reason)
      expect(context.withdraw.error).toBe(told(view) || messages.generic)
    }
  },
  // This change request, with the reason trimmed; only with a reason.
  'ready.withdrawing': (view) => {
    const { context } = view
    const reason = context.withdraw.reason.trim()
    expect(withdrawChargeSchema.safeParse({ reason }).success).toBe(true)
    expect(view.requests).toEqual({ withdrawCharge: { id: context.withdraw.id, reason } })
  },
  // The file of a charge that has one, by its name.
  'ready.downloading': (view) => {
    const { id, name } = view.requests.downloadAttachment as { id: number; name: string }
    expect(name).toBe(chargeOf(view.context, id)?.attachment?.name)
    expect(Object.keys(view.requests)).toEqual(['downloadAttachment'])
    if (view.event.type === 'attachment.download') expect(id).toBe(view.event.id)
  },
})
