import { type FieldErrors, type FormRules, fieldErrors } from '../contract/rules'
import type { ApiFailure } from '../contract/wire'

/** The part of a form's context every form chart shares. */
export interface FormContext<Values> {
  values: Values
  /** Messages of every field that fails its rules now. */
  errors: FieldErrors
  /** Fields whose message is shown: left once, or the form was submitted. */
  shown: Partial<Record<keyof Values & string, true>>
}

export type FieldChange<Values> = {
  [Field in keyof Values & string]: { type: 'field.changed'; field: Field; value: Values[Field] }
}[keyof Values & string]

export function initialForm<Values>(schema: FormRules, values: Values): FormContext<Values> {
  return { values, errors: fieldErrors(schema, values), shown: {} }
}

export function changeField<Values>(
  schema: FormRules,
  context: FormContext<Values>,
  change: { field: keyof Values & string; value: unknown },
): Pick<FormContext<Values>, 'values' | 'errors'> {
  return changeFields(schema, context, { [change.field]: change.value } as Partial<Values>)
}

export function changeFields<Values>(
  schema: FormRules,
  context: FormContext<Values>,
  patch: Partial<Values>,
): Pick<FormContext<Values>, 'values' | 'errors'> {
  const values = { ...context.values, ...patch }
  return { values, errors: fieldErrors(schema, values) }
}

export function showField<Values>(context: FormContext<Values>, field: keyof Values & string) {
  return { ...context.shown, [field]: true as const }
}

export function showAll<Values extends object>(context: FormContext<Values>) {
  return Object.fromEntries(
    Object.keys(context.values).map((field) => [field, true]),
  ) as FormContext<Values>['shown']
}

export const isFormValid = (context: FormContext<unknown>) => Object.keys(context.errors).length === 0

/** The message a failed call shows: the server's own when it sent one, else the fallback. */
export function failureMessage(error: unknown, fallback: string): string {
  const message = (error as Partial<ApiFailure> | undefined)?.message
  return typeof message === 'string' && message.trim() !== '' ? message : fallback
}

export const isRateLimited = (error: unknown) => (error as Partial<ApiFailure> | undefined)?.status === 429
