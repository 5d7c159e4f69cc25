import { Label, Radio, RadioGroup } from 'react-aria-components'
import * as styles from './whose-filter.css'

/**
 * Mine / Everyone on My Quotes and My Bookings (issue 24): a labelled radio group (arrow keys move between the
 * two, as in any radio group); the page's chart holds the choice and the server filters.
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
  return (
    <RadioGroup
      className={styles.group}
      value={mine ? 'mine' : 'everyone'}
      onChange={(value) => onChange(value === 'mine')}
      orientation="horizontal"
    >
      <Label className={styles.label}>Show {label.toLowerCase()}</Label>
      <Radio value="everyone" className={styles.option}>
        Everyone
      </Radio>
      <Radio value="mine" className={styles.option}>
        Mine
      </Radio>
    </RadioGroup>
  )
}
