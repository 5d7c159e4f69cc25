import { TextField as AriaTextField, Label, Text, TextArea } from 'react-aria-components'
import { chargeBasisWords, chargeSideWords } from '../../../contract/charge-words'
import { chargeBases, chargeSides, containerTypes } from '../../../contract/pricing/types'
import type { LineField, LineValues } from '../../../machines/offer-values'
import { Button } from '../../components/ui/button'
import { TextField } from '../../components/ui/text-field'
import * as ui from '../../components/ui/ui.css'
import * as styles from './sales-desk.css'

/** A native select with its label and message (the console's lists of fixed codes). */
function SelectBox({
  id,
  label,
  value,
  options,
  error,
  onChange,
  onBlur,
  placeholder,
}: {
  id: string
  label: string
  value: string
  options: readonly { value: string; label: string }[]
  error?: string | undefined
  onChange: (value: string) => void
  onBlur?: () => void
  placeholder?: string
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
        onBlur={onBlur}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
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

const plain = (values: readonly string[]) => values.map((value) => ({ value, label: value }))
const worded = <T extends string>(values: readonly T[], words: Record<T, string>) =>
  values.map((value) => ({ value, label: words[value] }))

/** A charge's name: it wraps onto more lines rather than being cut (one line of text: Enter adds none). */
function NameField({
  value,
  error,
  onChange,
  onBlur,
}: {
  value: string
  error: string | undefined
  onChange: (value: string) => void
  onBlur: () => void
}) {
  return (
    <AriaTextField
      className={ui.field}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      isInvalid={Boolean(error)}
    >
      <Label className={ui.label}>Name</Label>
      <TextArea
        className={[ui.input, styles.nameInput].join(' ')}
        rows={1}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault()
        }}
      />
      {error ? (
        <Text slot="errorMessage" className={ui.fieldError}>
          {error}
        </Text>
      ) : null}
    </AriaTextField>
  )
}

/** An offer's charge line: its fields, each with its message, and removing it. */
export function LineFields({
  index,
  line,
  currencies,
  errorOf,
  setLine,
  onBlur,
  onRemove,
  disabled,
}: {
  index: number
  line: LineValues
  currencies: string[]
  errorOf: (path: string) => string | undefined
  setLine: (index: number, field: LineField) => (value: string) => void
  onBlur: (field: LineField) => void
  onRemove: () => void
  disabled: boolean
}) {
  const path = (field: LineField) => `lines.${index}.${field}`
  const id = (field: LineField) => `line-${index}-${field}`
  const percent = line.basis === 'percent'
  return (
    <fieldset className={styles.line} disabled={disabled} data-testid="charge-line">
      <legend className={styles.lineLegend}>
        Line {index + 1}: {line.code || 'new'} {line.name}
      </legend>
      <div className={styles.lineHead}>
        <TextField
          label="Code"
          value={line.code}
          onChange={setLine(index, 'code')}
          onBlur={() => onBlur('code')}
          error={errorOf(path('code'))}
        />
        <NameField
          value={line.name}
          onChange={setLine(index, 'name')}
          onBlur={() => onBlur('name')}
          error={errorOf(path('name'))}
        />
      </div>
      <div className={styles.lineGrid}>
        <SelectBox
          id={id('side')}
          label="Category"
          value={line.side}
          options={worded(chargeSides, chargeSideWords)}
          onChange={setLine(index, 'side')}
          error={errorOf(path('side'))}
        />
        <SelectBox
          id={id('basis')}
          label="Basis"
          value={line.basis}
          options={worded(chargeBases, chargeBasisWords)}
          onChange={setLine(index, 'basis')}
          error={errorOf(path('basis'))}
        />
        {line.basis === 'container' ? (
          <SelectBox
            id={id('containerType')}
            label="Container type"
            value={line.containerType}
            options={plain(containerTypes)}
            placeholder="Choose"
            onChange={setLine(index, 'containerType')}
            onBlur={() => onBlur('containerType')}
            error={errorOf(path('containerType'))}
          />
        ) : null}
        <SelectBox
          id={id('currency')}
          label="Currency"
          value={line.currency}
          options={plain(currencies.includes(line.currency) ? currencies : [line.currency, ...currencies])}
          onChange={setLine(index, 'currency')}
          error={errorOf(path('currency'))}
        />
        <TextField
          label={percent ? 'Rate (%)' : `Amount (${line.currency})`}
          value={line.amount}
          onChange={setLine(index, 'amount')}
          onBlur={() => onBlur('amount')}
          error={errorOf(path('amount'))}
        />
        <TextField
          label={`Minimum (${line.currency}, optional)`}
          value={line.minimum}
          onChange={setLine(index, 'minimum')}
          onBlur={() => onBlur('minimum')}
          error={errorOf(path('minimum'))}
        />
      </div>
      <Button tone="quiet" isDisabled={disabled} aria-label={`Remove line ${index + 1}`} onPress={onRemove}>
        Remove line
      </Button>
    </fieldset>
  )
}
