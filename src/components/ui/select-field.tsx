import type { ReactNode } from 'react'
import { Checkbox as AriaCheckbox, type CheckboxProps } from 'react-aria-components'
import { Field } from './text-field'
import * as styles from './ui.css'

export interface SelectFieldProps<Option extends string> {
  label: string
  options: readonly Option[]
  value: Option | ''
  onChange: (value: Option) => void
  onBlur?: () => void
  error?: string | undefined
  placeholder?: string
  name?: string
}

/**
 * A dropdown of fixed text options (sources, modes, statuses): a native select (issue 37). The browser's own
 * list is what a phone shows best, and it needs no script to open; React Aria's select was most of a
 * customer page's first script. Until something is chosen it shows the placeholder, which cannot be chosen.
 */
export function SelectField<Option extends string>({
  label,
  options,
  value,
  onChange,
  onBlur,
  error,
  placeholder = 'Select',
  name,
}: SelectFieldProps<Option>) {
  return (
    <Field label={label} error={error}>
      {(ids) => (
        <select
          id={ids.input}
          name={name}
          className={[styles.input, styles.nativeSelect].join(' ')}
          value={value}
          onChange={(event) => onChange(event.target.value as Option)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.message : undefined}
        >
          <option value="" disabled>
            {placeholder}
          </option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}

/** A checkbox with its message underneath. */
export function CheckboxField({
  children,
  error,
  ...props
}: CheckboxProps & { children: ReactNode; error?: string | undefined }) {
  return (
    <div className={styles.field}>
      <AriaCheckbox {...props} isInvalid={Boolean(error)} className={styles.checkbox}>
        <span className={styles.checkboxBox} aria-hidden="true" />
        <span>{children}</span>
      </AriaCheckbox>
      {error ? <p className={styles.fieldError}>{error}</p> : null}
    </div>
  )
}
