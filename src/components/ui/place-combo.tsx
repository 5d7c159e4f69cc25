import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text } from 'react-aria-components'
import type { Place, PlaceHit } from '../../../contract/wire'
import { placeLabel } from '../../../machines/quote-form'
import * as styles from './place-combo.css'
import * as ui from './ui.css'

/**
 * A port or airport type-ahead: the chart looks places up; this only shows them and reports the choice. The
 * customer's quote form (origin, destination) and the operations desk (a milestone's place, a transshipment
 * port) use it, each with its own chart and endpoint.
 */
export function PlaceCombo({
  label,
  text,
  place,
  suggestions,
  error,
  description,
  emptyText = 'No match yet',
  menuTrigger = 'input',
  onType,
  onChoose,
  onBlur,
}: {
  label: string
  text: string
  place: Place | null
  suggestions: Place[]
  error?: string | undefined
  /** A line under the field (the chosen place, or what it takes); the error replaces it. */
  description?: string | undefined
  /** What the open list says when it has nothing to offer. */
  emptyText?: string
  /** "focus": the list opens as the field gets the focus (suggestions offered before anything is typed). */
  menuTrigger?: 'input' | 'focus'
  onType: (text: string) => void
  onChoose: (place: Place | null) => void
  onBlur: () => void
}) {
  const items =
    place && !suggestions.some((p) => p.code === place.code) ? [place, ...suggestions] : suggestions
  return (
    <ComboBox
      className={ui.field}
      items={items}
      inputValue={text}
      selectedKey={place?.code ?? null}
      onInputChange={(value) => {
        // Choosing an item also sets the input to its label: that is the choice, not typing.
        if (value !== text && !items.some((p) => placeLabel(p) === value)) onType(value)
      }}
      onSelectionChange={(key) => {
        const chosen = items.find((p) => p.code === key) ?? null
        if (chosen && chosen.code !== place?.code) onChoose(chosen)
      }}
      onBlur={onBlur}
      isInvalid={Boolean(error)}
      allowsEmptyCollection
      menuTrigger={menuTrigger}
    >
      <Label className={ui.label}>{label}</Label>
      <Input className={ui.input} placeholder="Port, airport, city or code" />
      {error ? (
        <Text slot="errorMessage" className={ui.fieldError}>
          {error}
        </Text>
      ) : description ? (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      ) : null}
      <Popover className={ui.listPopover}>
        <ListBox<Place>
          className={ui.listBox}
          renderEmptyState={() => <p className={ui.option}>{emptyText}</p>}
        >
          {(item) => (
            <ListBoxItem id={item.code} textValue={placeLabel(item)} className={ui.option}>
              <span className={ui.optionName}>
                {item.name}
                {item.city && item.city !== item.name ? `, ${item.city}` : ''}, {item.country_name}
              </span>
              {(item as Partial<PlaceHit>).instant ? (
                <span className={styles.instant}>Instant rates</span>
              ) : null}
              <span className={ui.optionCode}>{item.code}</span>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  )
}
