import { type FieldErrors, type FormRules, fieldErrors } from '../contract/rules'
import type { ApiFailure } from '../contract/wire'
import { failure } from './actor-error'

/**
 * The part of a form's context every form chart shares. `Field` names what a message can sit under: a value's
 * name, or a path into one (the quote form's `packages.0.weightKg`).
 */
export interface FormContext<Values, Field extends string = keyof Values & string> {
  values: Values
  /** Messages of every field that fails its rules now. */
  errors: FieldErrors
  /** Fields whose message is shown: left once, or the form was submitted. */
  shown: Partial<Record<Field, true>>
}

/** A form's rules: the contract's zod schema of its values, or a function giving every field's messages. */
export type Validation<Values> = FormRules | ((values: Values) => FieldErrors)

const errorsOf = <Values>(rules: Validation<Values>, values: Values): FieldErrors =>
  typeof rules === 'function' ? rules(values) : fieldErrors(rules, values)

/**
 * A schema's messages under each issue's whole path (`containers.1`, `lines.0.amount`), each message once:
 * the rules of a form whose fields are paths into its values. Empty when valid.
 */
export function pathErrors(result: {
  success: boolean
  error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } | undefined
}): FieldErrors {
  const errors: FieldErrors = {}
  if (result.success || !result.error) return errors
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.')
    const list = errors[path] ?? []
    if (!list.includes(issue.message)) list.push(issue.message)
    errors[path] = list
  }
  return errors
}

export type FieldChange<Values> = {
  [Field in keyof Values & string]: { type: 'field.changed'; field: Field; value: Values[Field] }
}[keyof Values & string]

export function initialForm<Values>(rules: Validation<Values>, values: Values): FormContext<Values> {
  return { values, errors: errorsOf(rules, values), shown: {} }
}

export function changeField<Values>(
  rules: Validation<Values>,
  context: Pick<FormContext<Values>, 'values'>,
  change: { field: keyof Values & string; value: unknown },
): Pick<FormContext<Values>, 'values' | 'errors'> {
  return changeFields(rules, context, { [change.field]: change.value } as Partial<Values>)
}

export function changeFields<Values>(
  rules: Validation<Values>,
  context: Pick<FormContext<Values>, 'values'>,
  patch: Partial<Values>,
): Pick<FormContext<Values>, 'values' | 'errors'> {
  const values = { ...context.values, ...patch }
  return { values, errors: errorsOf(rules, values) }
}

export function showField<Values, Field extends string>(context: FormContext<Values, Field>, field: Field) {
  return { ...context.shown, [field]: true as const }
}

/** Every field's message shows (the form was submitted): each value's, and each path a message sits under. */
export function showAll<Values extends object, Field extends string>(context: FormContext<Values, Field>) {
  return Object.fromEntries(
    [...Object.keys(context.values), ...Object.keys(context.errors)].map((field) => [field, true]),
  ) as FormContext<Values, Field>['shown']
}

export const isFormValid = (context: Pick<FormContext<unknown>, 'errors'>) =>
  Object.keys(context.errors).length === 0

/** The message a failed call shows: the server's own when it sent one, else the fallback. */
export function failureMessage(error: unknown, fallback: string): string {
  const message = (error as Partial<ApiFailure> | undefined)?.message
  return typeof message === 'string' && message.trim() !== '' ? message : fallback
}

/** The server's field messages (a 422's `errors`, or a 409 naming its field) for the form's own fields. */
export const serverFieldErrors = (error: unknown, fields: readonly string[]): FieldErrors =>
  Object.fromEntries(
    Object.entries(failure(error).errors ?? {}).filter(
      ([field, list]) => fields.includes(field) && (list?.length ?? 0) > 0,
    ),
  )

export const isRateLimited = (error: unknown) => (error as Partial<ApiFailure> | undefined)?.status === 429
