import { expect } from 'vitest'
import { minorUnitsOf } from '../../../contract/finance/amount-text'
import {
  addChargeSchema,
  addedChargeKinds,
  type ChargeAnswer,
  chargeMessages,
  isDisbursementCode,
} from '../../../contract/finance/charges'
import { messages } from '../../../contract/messages'
import { type AddChargeValues, addChargeMachine } from '../../../machines/add-charge.machine'
import { type StateView, stateChecks } from '../model'

const told = ({ event }: StateView) => (event.error as { message?: string } | undefined)?.message

/** The charge as the API takes it: the amount read exactly, in the booking's currency, the zone for storage only. */
const bodyOf = (values: AddChargeValues, currency: string) => ({
  code: values.code,
  description: values.description,
  quantityText: values.quantityText,
  currency,
  amount: minorUnitsOf(values.amount),
  reason: values.reason,
  inFreeTradeZone: values.code === 'STO' && values.inFreeTradeZone,
})

/** What may be sent: the schema takes it, the amount reads as money, a disbursement has its receipt. */
const sendable = ({ values, currency, file }: StateView['context']) => {
  const body = bodyOf(values, currency)
  return (
    body.amount !== null &&
    addChargeSchema.safeParse(body).success &&
    (!isDisbursementCode(values.code) || file !== null)
  )
}

const kindName = (code: string) => addedChargeKinds[code as keyof typeof addedChargeKinds]?.name ?? ''

/** docs/invoices.md "Charges": operations or finance add a charge after booking. */
export const addChargeStates = stateChecks(addChargeMachine, {
  // Typing: kept as typed, checked as typed (nothing to send, a message; something to send, none); the kind
  // names the charge until a description of its own is typed; the zone is storage's only. A submit that sends
  // nothing shows every message; a refusal keeps what was typed and says it under its field or above the form.
  editing: (view) => {
    const { context, event, before } = view
    expect(view.requests).toEqual({})
    // A change is checked at once; a field the server refused stays said until the next change.
    const changed = ['field.changed', 'zone.changed', 'file.chosen'].includes(event.type)
    if (changed || !sendable(context))
      expect(Object.keys(context.errors).length === 0).toBe(sendable(context))
    if (context.values.code !== 'STO') expect(context.values.inFreeTradeZone).toBe(false)
    if (isDisbursementCode(context.values.code) && context.file === null)
      expect(context.errors.file).toEqual([chargeMessages.receiptRequired])
    if (event.type === 'field.changed') {
      expect(context.values[event.field as string]).toBe(event.value)
      if (event.field === 'code') {
        const typed = before.context.values.description
        const own = typed.trim() !== '' && typed !== kindName(before.context.values.code)
        expect(context.values.description).toBe(own ? typed : kindName(event.value as string))
      }
    }
    if (event.type === 'zone.changed' && context.values.code === 'STO')
      expect(context.values.inFreeTradeZone).toBe(event.value)
    if (event.type === 'file.chosen') expect([context.file, context.shown.file]).toEqual([event.file, true])
    if (event.type === 'field.blurred') expect(context.shown[event.field as string]).toBe(true)
    if (event.type === 'user.submit') {
      if (sendable(context)) expect(context.errors).toEqual(before.context.errors)
      expect(Object.keys(context.errors).length).toBeGreaterThan(0)
      for (const field of Object.keys(context.errors)) expect(context.shown[field]).toBe(true)
    }
    if (event.type === 'xstate.error.actor.addCharge') {
      expect([context.values, context.file]).toEqual([before.context.values, before.context.file])
      const named = Object.keys(context.errors).length > 0
      expect(context.message).toBe(named ? null : told(view) || messages.generic)
      for (const field of Object.keys(context.errors)) expect(context.shown[field]).toBe(true)
    }
  },
  // Only a charge that may be sent, as the API takes it, with its file (a disbursement's receipt).
  sending: (view) => {
    const { context } = view
    expect(sendable(context)).toBe(true)
    expect(view.requests).toEqual({
      addCharge: {
        bookingNumber: context.bookingNumber,
        body: bodyOf(context.values, context.currency),
        file: context.file,
      },
    })
  },
  // Added: the server's answer (its message, the charge) is the form's answer to the Charges panel.
  added: ({ snapshot, event }) => {
    expect(snapshot.output).toEqual(event.output as ChargeAnswer)
  },
  cancelled: ({ snapshot, event, requests }) => {
    expect(event.type).toBe('user.cancel')
    expect(requests).toEqual({})
    expect(snapshot.output).toBeNull()
  },
})
