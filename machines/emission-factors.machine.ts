/**
 * `emissionFactorsMachine` (the console's Emission factors page, /staff/rates/emissions, issue 38; docs/emissions.md
 * "Updating the factors"): loads the versions (`getEmissionFactors`) → ready, failed (retry), or forbidden (not
 * the Pricing role: said, nothing to retry). In ready the form holds a new version, prefilled with the table in
 * force (its name left empty: a version needs one of its own), checked as typed with the contract's
 * `emissionFactorsInputSchema`:
 * - Check sends it to the dry run (`dryRunEmissionFactors`) → checked: what it changes, each factor and each
 *   reference shipment before and after. Typing again drops the dry run (Check again);
 * - Apply (only from checked: what was checked is what is applied) puts it in force (`applyEmissionFactors`):
 *   the versions are shown with it in force and the form starts again from it.
 * A name used already (409) is said under the version's name, the server's other field messages (422) under
 * theirs, any other failure in the page's message; what was typed stays. Effects are provided by the page.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import {
  type EmissionFactorsHistory,
  type EmissionFactorsInput,
  emissionFactorMessages,
  emissionFactorsInputSchema,
  type FactorsDryRun,
} from '../contract/emission-factors'
import { type EmissionFactorKey, type EmissionFactors, emissionFactorKeys } from '../contract/emissions'
import { messages } from '../contract/messages'
import type { FieldErrors } from '../contract/rules'
import { actorError, failure } from './actor-error'
import {
  changeField,
  type FormContext,
  failureMessage,
  initialForm,
  isFormValid,
  pathErrors,
  serverFieldErrors,
  showAll,
  showField,
} from './form'

export type FactorPart = 'wtwGPerTkm' | 'ttwGPerTkm' | 'source'
export type FactorField = `factors.${EmissionFactorKey}.${FactorPart}`
export type FactorsFormField = 'version' | 'source' | 'note' | FactorField
/** The form as typed: every field's text. */
export type FactorsFormValues = Record<FactorsFormField, string>

export const factorField = (key: EmissionFactorKey, part: FactorPart): FactorField => `factors.${key}.${part}`

const formFields: FactorsFormField[] = [
  'version',
  'source',
  'note',
  ...emissionFactorKeys.flatMap((key) =>
    (['wtwGPerTkm', 'ttwGPerTkm', 'source'] as const).map((part) => factorField(key, part)),
  ),
]

/** A new version's form, prefilled from `table`: its source and numbers; no name, no note. */
export function formValuesOf(table: EmissionFactors): FactorsFormValues {
  const values = { version: '', source: table.source, note: '' } as FactorsFormValues
  for (const key of emissionFactorKeys) {
    const factor = table.factors[key]
    values[factorField(key, 'wtwGPerTkm')] = String(factor.wtwGPerTkm)
    values[factorField(key, 'ttwGPerTkm')] = String(factor.ttwGPerTkm)
    values[factorField(key, 'source')] = factor.source
  }
  return values
}

/** Every field empty: the form before the table in force is known. */
const emptyValues = Object.fromEntries(formFields.map((field) => [field, ''])) as FactorsFormValues

/** A number as typed: digits with a decimal point; anything else is not one (the contract says so). */
const numberOf = (text: string): number | undefined => {
  const trimmed = text.trim()
  if (trimmed === '') return undefined
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN
}

/** The version the form holds, as the API takes it (the note only when given). */
export function factorsInputOf(values: FactorsFormValues): EmissionFactorsInput {
  const factors = {} as EmissionFactorsInput['factors']
  for (const key of emissionFactorKeys) {
    factors[key] = {
      wtwGPerTkm: numberOf(values[factorField(key, 'wtwGPerTkm')]) as number,
      ttwGPerTkm: numberOf(values[factorField(key, 'ttwGPerTkm')]) as number,
      source: values[factorField(key, 'source')],
    }
  }
  const note = values.note.trim()
  return { version: values.version, source: values.source, ...(note ? { note } : {}), factors }
}

/** The contract's messages for the form as typed, by field. */
export const factorsFormErrors = (values: FactorsFormValues): FieldErrors =>
  pathErrors(emissionFactorsInputSchema.safeParse(factorsInputOf(values)))

export interface EmissionFactorsContext extends FormContext<FactorsFormValues> {
  history: EmissionFactorsHistory | null
  /** The dry run of the form as it is (dropped when it is typed in again). */
  dryRun: FactorsDryRun | null
  /** The version just applied, for the page's status line. */
  applied: string | null
  /** A failure to load, or to check or apply without field messages. */
  message: string | null
}

export type EmissionFactorsEvent =
  | { type: 'user.retry' }
  | { type: 'field.changed'; field: FactorsFormField; value: string }
  | { type: 'field.blurred'; field: FactorsFormField }
  | { type: 'user.check' }
  | { type: 'user.apply' }

const outputOf = <T>({ event }: { event: { output: T } }) => event.output

export const emissionFactorsMachine = setup({
  types: {
    context: {} as EmissionFactorsContext,
    events: {} as EmissionFactorsEvent,
  },
  actors: {
    getEmissionFactors: fromPromise<EmissionFactorsHistory>(async () => {
      throw new Error('not provided')
    }),
    dryRunEmissionFactors: fromPromise<FactorsDryRun, EmissionFactorsInput>(async () => {
      throw new Error('not provided')
    }),
    applyEmissionFactors: fromPromise<EmissionFactorsHistory, EmissionFactorsInput>(async () => {
      throw new Error('not provided')
    }),
  },
  guards: {
    isValid: ({ context }) => isFormValid(context),
    isTaken: (_, error: unknown) => failure(error).status === 409,
    isForbidden: (_, error: unknown) => failure(error).status === 403,
    hasFieldErrors: (_, error: unknown) => Object.keys(serverFieldErrors(error, formFields)).length > 0,
  },
  actions: {
    setHistory: assign((_, history: EmissionFactorsHistory) => ({
      history,
      ...initialForm(factorsFormErrors, formValuesOf(history.inForce.table)),
      message: null,
    })),
    loadFailed: assign((_, error: unknown) => ({ message: failureMessage(error, messages.generic) })),
    change: assign(({ context, event }) => {
      assertEvent(event, 'field.changed')
      return changeField(factorsFormErrors, context, event)
    }),
    show: assign(({ context, event }) => {
      assertEvent(event, 'field.blurred')
      return { shown: showField(context, event.field) }
    }),
    showAll: assign(({ context }) => ({ shown: showAll(context) })),
    clearSaid: assign({ message: null, applied: null }),
    dropDryRun: assign({ dryRun: null }),
    setDryRun: assign((_, dryRun: FactorsDryRun) => ({ dryRun })),
    applied: assign((_, history: EmissionFactorsHistory) => ({
      history,
      ...initialForm(factorsFormErrors, formValuesOf(history.inForce.table)),
      dryRun: null,
      applied: history.inForce.table.version,
    })),
    versionTaken: assign(({ context }) => ({
      errors: { ...context.errors, version: [emissionFactorMessages.versionTaken] },
      shown: showAll(context),
      dryRun: null,
    })),
    fieldsRefused: assign(({ context }, error: unknown) => ({
      errors: serverFieldErrors(error, formFields),
      shown: showAll(context),
      dryRun: null,
    })),
    failed: assign((_, error: unknown) => ({ message: failureMessage(error, messages.generic) })),
  },
}).createMachine({
  id: 'emissionFactors',
  context: () => ({
    ...initialForm(factorsFormErrors, emptyValues),
    history: null,
    dryRun: null,
    applied: null,
    message: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'getEmissionFactors',
        src: 'getEmissionFactors',
        onDone: { target: 'ready', actions: { type: 'setHistory', params: outputOf } },
        onError: [
          // Not the Pricing role (the server's 403): said, and nothing to try again.
          {
            guard: { type: 'isForbidden', params: actorError },
            target: 'forbidden',
            actions: { type: 'loadFailed', params: actorError },
          },
          { target: 'failed', actions: { type: 'loadFailed', params: actorError } },
        ],
      },
    },
    failed: {
      on: { 'user.retry': { target: 'loading', actions: 'clearSaid' } },
    },
    forbidden: {},
    ready: {
      initial: 'editing',
      on: { 'field.blurred': { actions: 'show' } },
      states: {
        editing: {
          on: {
            'field.changed': { actions: 'change' },
            'user.check': [
              { guard: 'isValid', target: 'checking', actions: ['showAll', 'clearSaid'] },
              { actions: 'showAll' },
            ],
          },
        },
        checking: {
          invoke: {
            id: 'dryRunEmissionFactors',
            src: 'dryRunEmissionFactors',
            input: ({ context }) => factorsInputOf(context.values),
            onDone: { target: 'checked', actions: { type: 'setDryRun', params: outputOf } },
            onError: [
              { guard: { type: 'isTaken', params: actorError }, target: 'editing', actions: 'versionTaken' },
              {
                guard: { type: 'hasFieldErrors', params: actorError },
                target: 'editing',
                actions: { type: 'fieldsRefused', params: actorError },
              },
              { target: 'editing', actions: { type: 'failed', params: actorError } },
            ],
          },
        },
        /** The dry run shown: Apply puts this very version in force; typing again drops it. */
        checked: {
          on: {
            'field.changed': { target: 'editing', actions: ['change', 'dropDryRun'] },
            'user.check': { target: 'checking', actions: ['clearSaid', 'dropDryRun'] },
            'user.apply': { target: 'applying', actions: 'clearSaid' },
          },
        },
        applying: {
          invoke: {
            id: 'applyEmissionFactors',
            src: 'applyEmissionFactors',
            input: ({ context }) => factorsInputOf(context.values),
            onDone: { target: 'editing', actions: { type: 'applied', params: outputOf } },
            onError: [
              { guard: { type: 'isTaken', params: actorError }, target: 'editing', actions: 'versionTaken' },
              {
                guard: { type: 'hasFieldErrors', params: actorError },
                target: 'editing',
                actions: { type: 'fieldsRefused', params: actorError },
              },
              // Nothing was applied (the server failed or could not be reached): the dry run stays, Apply again.
              { target: 'checked', actions: { type: 'failed', params: actorError } },
            ],
          },
        },
      },
    },
  },
})
