import { type RefObject, useRef } from 'react'
import { lazyWidget } from './lazy-widget'
import type { PlaceComboProps } from './place-combo'
import * as placeStyles from './place-combo.css'
import { Field } from './text-field'
import * as styles from './ui.css'

const combo = lazyWidget(() => import('./place-combo'))
/** Loads the type-ahead's code (the field loads it itself once it is shown). */
export const loadPlaceCombo = combo.load

/**
 * The place field as it shows while the type-ahead's code (React Aria's combobox, list and popover) loads: the
 * same label, box and message, and it takes typing (the chart looks places up as it does from the real one),
 * so nothing typed meanwhile is lost. The list shows once the code is there.
 */
function PlaceFieldLoading({
  label,
  text,
  error,
  description,
  onType,
  onBlur,
  inputRef,
}: PlaceComboProps & { inputRef: RefObject<HTMLInputElement | null> }) {
  return (
    <Field label={label} error={error}>
      {(ids) => (
        <>
          <input
            ref={inputRef}
            id={ids.input}
            role="combobox"
            aria-expanded="false"
            aria-autocomplete="list"
            aria-busy="true"
            aria-invalid={error ? true : undefined}
            aria-describedby={error || description ? ids.message : undefined}
            autoComplete="off"
            className={styles.input}
            placeholder={placeStyles.placeholder}
            value={text}
            onChange={(event) => onType(event.target.value)}
            onBlur={onBlur}
          />
          {/* The error, when there is one, is Field's message under the same id; this line gives way to it. */}
          {!error && description ? (
            <p id={ids.message} className={placeStyles.description}>
              {description}
            </p>
          ) : null}
        </>
      )}
    </Field>
  )
}

/**
 * A port or airport type-ahead (place-combo.tsx), shown once its code is there: the customer area's quote form
 * renders its first screen without React Aria (docs/hydration.md). Typed into meanwhile, the type-ahead
 * takes the focus and the caret where they were, and opens its list.
 */
export function PlaceCombo(props: PlaceComboProps) {
  const loaded = combo.useLoaded()
  const inputRef = useRef<HTMLInputElement>(null)
  if (!loaded) return <PlaceFieldLoading {...props} inputRef={inputRef} />
  const input = inputRef.current
  const carried =
    input !== null && input === document.activeElement
      ? { start: input.selectionStart ?? input.value.length, end: input.selectionEnd ?? input.value.length }
      : undefined
  return <loaded.PlaceCombo {...props} carried={carried} />
}
