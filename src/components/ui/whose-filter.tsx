import { useId } from 'react'
import { visuallyHidden } from '../../styles/visually-hidden.css'
import * as styles from './whose-filter.css'

/**
 * Mine / Everyone on My Quotes and My Bookings (issue 24): a labelled group of two native radios (arrow keys
 * move between them, as in any radio group); the page's chart holds the choice and the server filters.
 */
export function WhoseFilter({
  label,
  mine,
  onChange,
}: {
  /** What is listed, e.g. "Bookings": the group's label reads "Show bookings". */
  label: string
  mine: boolean
  onChange: (mine: boolean) => void
}) {
  const id = useId()
  return (
    <div role="radiogroup" aria-labelledby={`${id}label`} className={styles.group}>
      <span id={`${id}label`} className={styles.label}>
        Show {label.toLowerCase()}
      </span>
      {([false, true] as const).map((choice) => (
        <label key={String(choice)} className={styles.option}>
          <input
            type="radio"
            name={`${id}whose`}
            value={choice ? 'mine' : 'everyone'}
            checked={mine === choice}
            onChange={() => onChange(choice)}
            className={visuallyHidden}
          />
          {choice ? 'Mine' : 'Everyone'}
        </label>
      ))}
    </div>
  )
}
