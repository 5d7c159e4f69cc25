import { useId, useRef } from 'react'
import type { CountryPickerProps } from './country-picker'
import { lazyWidget } from './lazy-widget'
import { Field } from './text-field'
import * as styles from './ui.css'

const picker = lazyWidget(() => import('./country-picker'))
/** Loads the searchable list's code (the field loads it itself once the page has hydrated). */
export const loadCountryPicker = picker.load

/**
 * The country field as it shows while its list cannot be used yet: before the page has hydrated, while the
 * countries load and while the searchable list's code (React Aria's combobox and popover, and the locale
 * detection its first use starts) loads after the page. The same label, box and button, read-only, and marked
 * `data-pending` so a press on it is held and given to the real field once it is there
 * (src/app/early-input.ts). Leaving it shows its message as leaving the real one does.
 */
function CountryFieldLoading({
  label,
  name,
  onBlur,
  error,
  inputRef,
}: CountryPickerProps & { inputRef: React.RefObject<HTMLInputElement | null> }) {
  return (
    <div data-pending>
      <Field label={label} error={error} inputId={`${name ?? 'country'}-loading`}>
        {(ids) => (
          <div className={styles.inputGroup}>
            <input
              ref={inputRef}
              id={ids.input}
              name={name}
              role="combobox"
              aria-expanded="false"
              aria-busy="true"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? ids.message : undefined}
              readOnly
              className={[styles.input, styles.inputWithButton].join(' ')}
              placeholder="Search country"
              onBlur={onBlur}
            />
            <button type="button" className={styles.inlineButton} aria-label="Show countries" tabIndex={-1}>
              ▾
            </button>
          </div>
        )}
      </Field>
    </div>
  )
}

/** The dialling-code dropdown as it shows while it loads: the same label and button, marked `data-pending`. */
function DiallingCodeLoading({ label, error }: CountryPickerProps) {
  const id = useId()
  return (
    <div className={styles.field} data-pending>
      <span className={styles.label} id={`${id}label`}>
        {label}
      </span>
      <button
        type="button"
        className={[styles.input, styles.selectButton].join(' ')}
        aria-labelledby={`${id}value ${id}label`}
        aria-describedby={error ? `${id}message` : undefined}
        aria-haspopup="listbox"
        aria-expanded="false"
        aria-busy="true"
      >
        <span id={`${id}value`}>Code</span>
        <span aria-hidden="true">▾</span>
      </button>
      {error ? (
        <p id={`${id}message`} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** The lists' code: loaded once the page has hydrated, and on a later page already there. */
const usePicker = picker.useLoaded

/**
 * A searchable country list (src/components/ui/country-picker.tsx), shown once its code and the countries
 * are both there: the page hydrates and paints without React Aria, which /register loaded for this field
 * alone (docs/hydration.md). Focus on the field while it loads stays on it.
 */
export function CountryComboBox(props: CountryPickerProps) {
  const loaded = usePicker()
  const inputRef = useRef<HTMLInputElement>(null)
  if (!loaded || props.countries.length === 0) return <CountryFieldLoading {...props} inputRef={inputRef} />
  const hadFocus = inputRef.current !== null && inputRef.current === document.activeElement
  return <loaded.CountryComboBox {...props} autoFocus={hadFocus} />
}

/**
 * The contact forms' dialling-code dropdown (country-picker.tsx), shown once its code and the countries are
 * both there, as the country field is: /contact-us and the footer's form hydrate without React Aria.
 */
export function DiallingCodeSelect(props: CountryPickerProps) {
  const loaded = usePicker()
  if (!loaded || props.countries.length === 0) return <DiallingCodeLoading {...props} />
  return <loaded.DiallingCodeSelect {...props} />
}
