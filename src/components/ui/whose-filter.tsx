import { ChoiceGroup } from './choice-group'

const whose = [
  { value: 'everyone', label: 'Everyone' },
  { value: 'mine', label: 'Mine' },
] as const

/**
 * Mine / Everyone on My Quotes and My Bookings (issue 24); the page's chart holds the choice and the server
 * filters.
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
    <ChoiceGroup
      label={`Show ${label.toLowerCase()}`}
      options={whose}
      value={mine ? 'mine' : 'everyone'}
      onChange={(value) => onChange(value === 'mine')}
    />
  )
}
