import type { ReactNode } from 'react'
import {
  Button as AriaButton,
  Checkbox as AriaCheckbox,
  type CheckboxProps,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  Text,
} from 'react-aria-components'
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

/** A dropdown of fixed text options (sources, modes). */
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
    <Select
      className={styles.field}
      selectedKey={value === '' ? null : value}
      onSelectionChange={(key) => {
        if (key !== null) onChange(String(key) as Option)
      }}
      onBlur={onBlur}
      isInvalid={Boolean(error)}
      placeholder={placeholder}
      name={name}
    >
      <Label className={styles.label}>{label}</Label>
      <AriaButton className={[styles.input, styles.selectButton].join(' ')}>
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </AriaButton>
      {error ? (
        <Text slot="errorMessage" className={styles.fieldError}>
          {error}
        </Text>
      ) : null}
      <Popover className={styles.listPopover}>
        <ListBox className={styles.listBox}>
          {options.map((option) => (
            <ListBoxItem key={option} id={option} className={styles.option}>
              {option}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
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
