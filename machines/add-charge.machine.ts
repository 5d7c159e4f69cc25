/**
 * `addChargeMachine` (a charge added after booking, on the operations desk's booking page, issue 35): the code
 * (`addedChargeKinds`; the GST code it gets is shown by `addedChargeGst`, storage in a free trade zone ticked
 * apart), a description (the kind's name until one is typed), the quantity as the customer reads it, the amount
 * in the booking's currency typed as a person writes money (`minorUnitsOf`), the reason, and a file: required
 * for a disbursement (DTY, IGS: the receipt from Singapore Customs), optional otherwise. Checked as typed by
 * `addChargeSchema` (a field's message shows once it is left, or on submit). Send (`addCharge`) → added (final,
 * the server's answer is the output), or its refusal said under the fields it names; Cancel → cancelled.
 *
 * Effects are injected with `machine.provide` (the charges panel's chart invokes this one).
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { amountTextMessage, minorUnitsOf } from '../contract/finance/amount-text'
import {
  type AddChargeInput,
  type AddedChargeCode,
  addChargeSchema,
  addedChargeCodes,
  addedChargeGst,
  addedChargeKinds,
  type ChargeAnswer,
  chargeMessages,
  type GstDecision,
  isDisbursementCode,
} from '../contract/finance/charges'
import { messages } from '../contract/messages'
import type { FieldErrors } from '../contract/rules'
import { actorError } from './actor-error'
import { failureMessage, pathErrors, serverFieldErrors } from './form'

export interface AddChargeValues {
  code: AddedChargeCode | ''
  inFreeTradeZone: boolean
  description: string
  quantityText: string
  amount: string
  reason: string
}

export type AddChargeField = keyof AddChargeValues | 'file'

export interface AddChargeContext {
  bookingNumber: string
  /** The booking's currency: every charge of it is in this one. */
  currency: string
  values: AddChargeValues
  file: File | null
  errors: FieldErrors
  shown: Partial<Record<AddChargeField, true>>
  /** A refusal not tied to a field. */
  message: string | null
  /** The server's answer once the charge is added. */
  answer: ChargeAnswer | null
}

export type AddChargeEvent =
  | { type: 'field.changed'; field: Exclude<keyof AddChargeValues, 'inFreeTradeZone'>; value: string }
  | { type: 'zone.changed'; value: boolean }
  | { type: 'file.chosen'; file: File | null }
  | { type: 'field.blurred'; field: AddChargeField }
  | { type: 'user.submit' }
  | { type: 'user.cancel' }

const fields: AddChargeField[] = ['code', 'description', 'quantityText', 'amount', 'reason', 'file']

export const emptyCharge: AddChargeValues = {
  code: '',
  inFreeTradeZone: false,
  description: '',
  quantityText: '1',
  amount: '',
  reason: '',
}

/** The GST code the charge will get, with its reason; null before a code is chosen. */
export const gstOfValues = (values: AddChargeValues): GstDecision | null =>
  values.code === '' ? null : addedChargeGst(values.code, values.code === 'STO' && values.inFreeTradeZone)

/** The charge as the API takes it (the amount read exactly; the schema judges the rest). */
export const chargeBody = (values: AddChargeValues, currency: string): AddChargeInput => ({
  code: values.code as AddedChargeCode,
  description: values.description,
  quantityText: values.quantityText,
  currency,
  amount: minorUnitsOf(values.amount) ?? Number.NaN,
  reason: values.reason,
  inFreeTradeZone: values.code === 'STO' && values.inFreeTradeZone,
})

export function addChargeErrors(values: AddChargeValues, currency: string, file: File | null): FieldErrors {
  const errors = pathErrors(addChargeSchema.safeParse(chargeBody(values, currency)))
  if (values.code === '' || !(addedChargeCodes as string[]).includes(values.code))
    errors.code = [chargeMessages.codeUnknown]
  if (values.amount.trim() !== '' && minorUnitsOf(values.amount) === null) errors.amount = [amountTextMessage]
  else if (values.amount.trim() === '') errors.amount = [chargeMessages.amountPositive]
  if (isDisbursementCode(values.code) && file === null) errors.file = [chargeMessages.receiptRequired]
  return errors
}

const recheck = (context: AddChargeContext, values: AddChargeValues, file: File | null) => ({
  values,
  file,
  errors: addChargeErrors(values, context.currency, file),
  message: null,
})

export const addChargeMachine = setup({
  types: {
    context: {} as AddChargeContext,
    events: {} as AddChargeEvent,
    input: {} as { bookingNumber: string; currency: string },
    output: {} as ChargeAnswer | null,
  },
  actors: {
    addCharge: fromPromise<ChargeAnswer, { bookingNumber: string; body: AddChargeInput; file: File | null }>(
      async () => {
        throw new Error('not provided')
      },
    ),
  },
  guards: {
    isValid: ({ context }) => Object.keys(context.errors).length === 0,
  },
  actions: {
    change: assign(({ context, event }) => {
      assertEvent(event, 'field.changed')
      const values = { ...context.values, [event.field]: event.value }
      // A new kind names the charge until a description of its own is typed.
      if (event.field === 'code') {
        const before = context.values.code === '' ? '' : addedChargeKinds[context.values.code].name
        const code = event.value as AddedChargeCode
        if (context.values.description.trim() === '' || context.values.description === before)
          values.description = addedChargeKinds[code]?.name ?? ''
        if (code !== 'STO') values.inFreeTradeZone = false
      }
      return recheck(context, values, context.file)
    }),
    changeZone: assign(({ context, event }) => {
      assertEvent(event, 'zone.changed')
      return recheck(context, { ...context.values, inFreeTradeZone: event.value }, context.file)
    }),
    chooseFile: assign(({ context, event }) => {
      assertEvent(event, 'file.chosen')
      return { ...recheck(context, context.values, event.file), shown: { ...context.shown, file: true } }
    }),
    blur: assign(({ context, event }) => {
      assertEvent(event, 'field.blurred')
      return { shown: { ...context.shown, [event.field]: true } }
    }),
    setAnswer: assign((_, answer: ChargeAnswer) => ({ answer })),
    showAll: assign({ shown: () => Object.fromEntries(fields.map((field) => [field, true])) }),
    refused: assign((_, error: unknown) => {
      const errors = serverFieldErrors(error, fields)
      return {
        errors,
        message: Object.keys(errors).length > 0 ? null : failureMessage(error, messages.generic),
      }
    }),
  },
}).createMachine({
  id: 'addCharge',
  context: ({ input }) => ({
    bookingNumber: input.bookingNumber,
    currency: input.currency,
    values: emptyCharge,
    file: null,
    errors: addChargeErrors(emptyCharge, input.currency, null),
    shown: {},
    message: null,
    answer: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.changed': { actions: 'change' },
        'zone.changed': { actions: 'changeZone' },
        'file.chosen': { actions: 'chooseFile' },
        'field.blurred': { actions: 'blur' },
        'user.submit': [{ guard: 'isValid', target: 'sending' }, { actions: 'showAll' }],
        'user.cancel': 'cancelled',
      },
    },
    sending: {
      invoke: {
        id: 'addCharge',
        src: 'addCharge',
        input: ({ context }) => ({
          bookingNumber: context.bookingNumber,
          body: chargeBody(context.values, context.currency),
          file: isDisbursementCode(context.values.code) || context.file ? context.file : null,
        }),
        onDone: { target: 'added', actions: { type: 'setAnswer', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: [{ type: 'refused', params: actorError }, 'showAll'] },
      },
    },
    added: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => context.answer,
})
