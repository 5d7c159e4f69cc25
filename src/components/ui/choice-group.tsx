import { type ReactNode, useId } from 'react'
import { visuallyHidden } from '../../styles/visually-hidden.css'
import * as styles from './choice-group.css'

/**
 * One choice of a few, shown at once as a row of pills: a labelled group of native radios (arrow keys move
 * between them and choose, as in any radio group; the phone's own focus and hit areas). The quote form's mode
 * and cargo description, the results' sort, Mine / Everyone. Native, so a page that shows one loads no
 * React Aria for it (docs/hydration.md).
 */
export function ChoiceGroup<Value extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: ReactNode
  options: readonly { value: Value; label: ReactNode }[]
  value: Value
  onChange: (value: Value) => void
}) {
  const id = useId()
  return (
    <div role="radiogroup" aria-labelledby={`${id}label`} className={styles.group}>
      <span id={`${id}label`} className={styles.label}>
        {label}
      </span>
      {options.map((option) => (
        <label key={option.value} className={styles.option}>
          <input
            type="radio"
            name={`${id}choice`}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            className={visuallyHidden}
          />
          {option.label}
        </label>
      ))}
    </div>
  )
}
