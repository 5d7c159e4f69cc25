import { type ReactNode, type Ref, useState } from 'react'
import {
  Button as AriaButton,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  Input,
  Label,
  Text,
} from 'react-aria-components'
import * as styles from './ui.css'

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'isInvalid' | 'children'> {
  label: ReactNode
  /** The message shown under the field; the field is invalid while there is one. */
  error?: string | undefined
  placeholder?: string
  inputClassName?: string
  /** Blocks every key that would type something other than a digit. */
  digitsOnly?: boolean
  /** The input element, for a page that moves the focus to it. */
  inputRef?: Ref<HTMLInputElement>
}

const blockNonDigits = (event: React.KeyboardEvent<HTMLInputElement>) => {
  if (event.key.length === 1 && !/\d/.test(event.key) && !event.ctrlKey && !event.metaKey)
    event.preventDefault()
}

export function TextField({
  label,
  error,
  placeholder,
  inputClassName,
  digitsOnly,
  inputRef,
  ...props
}: TextFieldProps) {
  return (
    <AriaTextField {...props} isInvalid={Boolean(error)} className={styles.field}>
      <Label className={styles.label}>{label}</Label>
      <Input
        ref={inputRef}
        className={[styles.input, inputClassName].filter(Boolean).join(' ')}
        placeholder={placeholder}
        inputMode={digitsOnly ? 'numeric' : undefined}
        onKeyDown={digitsOnly ? blockNonDigits : undefined}
      />
      {error ? (
        <Text slot="errorMessage" className={styles.fieldError}>
          {error}
        </Text>
      ) : null}
    </AriaTextField>
  )
}

const blockClipboard = (event: React.SyntheticEvent) => event.preventDefault()

/** A password field: paste, copy, cut and drop are blocked (spec section 5); a toggle shows the text. */
export function PasswordField({ label, error, ...props }: Omit<TextFieldProps, 'type' | 'digitsOnly'>) {
  const [visible, setVisible] = useState(false)
  return (
    <AriaTextField
      {...props}
      type={visible ? 'text' : 'password'}
      isInvalid={Boolean(error)}
      className={styles.field}
    >
      <Label className={styles.label}>{label}</Label>
      <div className={styles.inputGroup}>
        <Input
          className={[styles.input, styles.inputWithButton].join(' ')}
          onPaste={blockClipboard}
          onCopy={blockClipboard}
          onCut={blockClipboard}
          onDrop={blockClipboard}
          autoComplete={props.autoComplete}
        />
        <AriaButton
          className={styles.inlineButton}
          onPress={() => setVisible((shown) => !shown)}
          aria-pressed={visible}
          aria-label={visible ? 'Hide password' : 'Show password'}
        >
          {visible ? 'Hide' : 'Show'}
        </AriaButton>
      </div>
      {error ? (
        <Text slot="errorMessage" className={styles.fieldError}>
          {error}
        </Text>
      ) : null}
    </AriaTextField>
  )
}
