import { useContext, useEffect } from 'react'
import {
  ComboBox,
  ComboBoxStateContext,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
} from 'react-aria-components'
import type { Place, PlaceHit } from '../../../contract/wire'
import { placeLabel } from '../../../machines/quote-form'
import * as styles from './place-combo.css'
import * as ui from './ui.css'

export interface PlaceComboProps {
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
}

/** Opens the list as it is shown: place-field.tsx's field was typed into while this code loaded. */
function OpenWhenShown() {
  const state = useContext(ComboBoxStateContext)
  useEffect(() => state?.open(null, 'manual'), [state])
  return null
}

/**
 * A port or airport type-ahead: the chart looks places up; this only shows them and reports the choice. The
 * customer's quote form (origin, destination; through place-field.tsx, which draws it natively while this
 * loads) and the operations desk (a milestone's place, a transshipment port) use it, each with its own chart
 * and endpoint.
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
  carried,
}: PlaceComboProps & {
  /** Where the caret was in the field shown while this loaded: the focus comes here, and the list opens. */
  carried?: { start: number; end: number } | undefined
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
      {...(carried ? { autoFocus: true } : {})}
    >
      {carried && text.trim() ? <OpenWhenShown /> : null}
      <Label className={ui.label}>{label}</Label>
      <Input
        className={ui.input}
        placeholder={styles.placeholder}
        ref={(input) => {
          if (input && carried) input.setSelectionRange(carried.start, carried.end)
        }}
      />
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
