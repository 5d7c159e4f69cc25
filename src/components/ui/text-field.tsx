import { type FocusEvent, type KeyboardEvent, type ReactNode, type Ref, useId, useState } from 'react'
import * as styles from './ui.css'

/**
 * A labelled text input with its message: a native input, no React Aria (issue 37). A text field needs no
 * behaviour the browser lacks, and React Aria's shared code and its locale detection were most of a sign-in
 * page's script before it could hydrate (docs/hydration.md). The label names the input, the message
 * describes it and marks it invalid, as React Aria's TextField did.
 */
export interface TextFieldProps {
  label: ReactNode
  value: string
  /** Absent on a read-only field. */
  onChange?: (value: string) => void
  /** The message shown under the field; the field is invalid while there is one. */
  error?: string | undefined
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void
  name?: string
  id?: string
  type?: 'text' | 'email' | 'password' | 'tel' | 'url' | 'search' | 'date' | 'datetime-local'
  autoComplete?: string
  inputMode?: 'text' | 'email' | 'tel' | 'url' | 'numeric' | 'decimal' | 'search' | 'none'
  maxLength?: number
  placeholder?: string
  isDisabled?: boolean
  isReadOnly?: boolean
  autoFocus?: boolean
  className?: string
  inputClassName?: string
  /** Blocks every key that would type something other than a digit. */
  digitsOnly?: boolean
  /** The input element, for a page that moves the focus to it. */
  inputRef?: Ref<HTMLInputElement>
}

const blockNonDigits = (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key.length === 1 && !/\d/.test(event.key) && !event.ctrlKey && !event.metaKey)
    event.preventDefault()
}

/** A label tied to its control, and the control's message under it (`aria-describedby` while shown). */
export function Field({
  label,
  error,
  className,
  inputId,
  children,
}: {
  label: ReactNode
  error: string | undefined
  className?: string | undefined
  inputId?: string | undefined
  children: (ids: { input: string; message: string }) => ReactNode
}) {
  const own = useId()
  const ids = { input: inputId ?? `${own}input`, message: `${own}message` }
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={ids.input}>
        {label}
      </label>
      {children(ids)}
      {error ? (
        <p id={ids.message} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

export function TextField({
  label,
  error,
  className,
  inputClassName,
  digitsOnly,
  inputRef,
  onChange,
  onKeyDown,
  isDisabled,
  isReadOnly,
  id,
  ...props
}: TextFieldProps) {
  return (
    <Field label={label} error={error} className={className} inputId={id}>
      {(ids) => (
        <input
          {...props}
          ref={inputRef}
          id={ids.input}
          className={[styles.input, inputClassName].filter(Boolean).join(' ')}
          disabled={isDisabled}
          readOnly={isReadOnly}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.message : undefined}
          inputMode={digitsOnly ? 'numeric' : props.inputMode}
          onChange={(event) => onChange?.(event.target.value)}
          onKeyDown={digitsOnly ? blockNonDigits : onKeyDown}
        />
      )}
    </Field>
  )
}

const blockClipboard = (event: React.SyntheticEvent) => event.preventDefault()

/** A password field: paste, copy, cut and drop are blocked (spec section 5); a toggle shows the text. */
export function PasswordField({
  label,
  error,
  className,
  onChange,
  isDisabled,
  isReadOnly,
  ...props
}: Omit<TextFieldProps, 'type' | 'digitsOnly' | 'inputClassName' | 'inputRef' | 'onKeyDown' | 'id'>) {
  const [visible, setVisible] = useState(false)
  return (
    <Field label={label} error={error} className={className}>
      {(ids) => (
        <div className={styles.inputGroup}>
          <input
            {...props}
            id={ids.input}
            type={visible ? 'text' : 'password'}
            className={[styles.input, styles.inputWithButton].join(' ')}
            disabled={isDisabled}
            readOnly={isReadOnly}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ids.message : undefined}
            onChange={(event) => onChange?.(event.target.value)}
            onPaste={blockClipboard}
            onCopy={blockClipboard}
            onCut={blockClipboard}
            onDrop={blockClipboard}
          />
          <button
            type="button"
            className={styles.inlineButton}
            onClick={() => setVisible((shown) => !shown)}
            aria-pressed={visible}
            aria-label={visible ? 'Hide password' : 'Show password'}
            disabled={isDisabled}
          >
            {visible ? 'Hide' : 'Show'}
          </button>
        </div>
      )}
    </Field>
  )
}
