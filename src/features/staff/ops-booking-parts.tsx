import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { placeTime, type TimePlace } from '../../../contract/times'
import type { opsBookingMachine } from '../../../machines/ops-booking.machine'
import type { OpsFormName, PlaceForm } from '../../../machines/ops-booking-setup'
import { placeFields, placeSuggestions } from '../../../machines/ops-places'
import { PlaceCombo } from '../../components/ui/place-combo'
import * as ui from '../../components/ui/ui.css'
import * as styles from './ops.css'

/** What the operations booking page's parts share: the chart's actor, a form's helpers, its selects and places. */
export type OpsActor = ActorRefFrom<typeof opsBookingMachine>

const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/

/**
 * "GMT+8": a place's offset at a wall-clock time typed there (read as that time in UTC, which is right except
 * within hours of a change of summer time), or now when nothing is typed yet; "UTC" for a place without a zone.
 */
function zoneText(place: TimePlace, local: string): string {
  const at = LOCAL.test(local) ? new Date(`${local}:00Z`) : new Date()
  const text = placeTime(at, { name: '', time_zone: place.time_zone }, { named: false })
  return /\(([^)]+)\)$/.exec(text)?.[1] ?? 'UTC'
}

export const atPlace = (what: string, place: TimePlace, local: string) =>
  `${what} at ${place.name} (${zoneText(place, local)})`

/** The form helpers of one of the page's forms. */
export function useOpsForm(actor: OpsActor, form: OpsFormName) {
  const { errors, shown } = useSelector(actor, (s) => s.context[form])
  return {
    errorOf: (path: string) => (shown[path] ? errors[path]?.[0] : undefined),
    set: (field: string) => (value: string) => actor.send({ type: 'field.changed', form, field, value }),
    blur: (field: string) => () => actor.send({ type: 'field.blurred', form, field }),
  }
}

export function NativeSelect({
  id,
  label,
  value,
  options,
  error,
  onChange,
}: {
  id: string
  label: string
  value: string
  options: readonly { value: string; label: string }[]
  error?: string | undefined
  onChange: (value: string) => void
}) {
  return (
    <div className={ui.field}>
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      <select
        id={id}
        className={styles.nativeInput}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className={ui.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

/**
 * A form's place, from the location search (the customer's quote form's type-ahead on the staff endpoint): the
 * route's places are offered first, as soon as the field has the focus.
 */
export function PlaceSearch({
  actor,
  form,
  label,
  hint,
}: {
  actor: OpsActor
  form: PlaceForm
  label: string
  hint: string
}) {
  const { text, place } = useSelector(actor, (s) => s.context.placeSearch[form])
  const suggestions = useSelector(actor, (s) => placeSuggestions(s.context, form))
  const searching = useSelector(
    actor,
    (s) => s.context.lookup.form === form && !s.matches({ ready: { lookup: 'idle' } }),
  )
  const { errorOf, blur } = useOpsForm(actor, form)
  const field = placeFields[form]
  return (
    <PlaceCombo
      label={label}
      text={text}
      place={place}
      suggestions={suggestions}
      error={errorOf(field)}
      description={hint}
      emptyText={
        searching ? 'Searching…' : text.trim().length < 2 ? 'Type two letters or more.' : 'No place found.'
      }
      menuTrigger="focus"
      onType={(value) => actor.send({ type: 'place.typed', form, text: value })}
      onChoose={(chosen) => actor.send({ type: 'place.chosen', form, place: chosen })}
      onBlur={blur(field)}
    />
  )
}
