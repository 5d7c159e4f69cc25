import { type ReactNode, useId } from 'react'
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

export interface CheckboxFieldProps {
  /** The label: text, and links that open without ticking the box. */
  children: ReactNode
  isSelected: boolean
  onChange: (isSelected: boolean) => void
  isDisabled?: boolean
  name?: string
  error?: string | undefined
}

/**
 * A checkbox with its message underneath: a native checkbox (Space ticks it, the label's text too) drawn as
 * the styled box beside it, the message tied to it by `aria-describedby`.
 */
export function CheckboxField({
  children,
  isSelected,
  onChange,
  isDisabled,
  name,
  error,
}: CheckboxFieldProps) {
  const messageId = useId()
  return (
    <div className={styles.field}>
      <label className={styles.checkbox}>
        <input
          type="checkbox"
          className={styles.checkboxInput}
          checked={isSelected}
          onChange={(event) => onChange(event.currentTarget.checked)}
          disabled={isDisabled}
          name={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? messageId : undefined}
        />
        <span className={styles.checkboxBox} aria-hidden="true" />
        <span>{children}</span>
      </label>
      {error ? (
        <p id={messageId} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  )
}
