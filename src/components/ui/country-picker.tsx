import {
  Button as AriaButton,
  ComboBox,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  ListLayout,
  Popover,
  Select,
  SelectValue,
  Text,
  Virtualizer,
} from 'react-aria-components'
import type { Country } from '../../../contract/wire'
import { Flag } from '../layout/flag'
import * as styles from './ui.css'

function CountryOption({ country }: { country: Country }) {
  return (
    <ListBoxItem
      id={country.mcou_rid}
      textValue={`${country.mcou_name} ${country.mcou_code} ${country.mcou_country_dialing_code}`}
      className={styles.option}
    >
      <Flag code={country.mcou_code} name="" className={styles.optionFlag} lazy />
      <span className={styles.optionName}>{country.mcou_name}</span>
      <span className={styles.optionCode}>{country.mcou_country_dialing_code}</span>
    </ListBoxItem>
  )
}

/**
 * The open list of countries: virtualized, so opening it renders the rows in view and a few beyond (19 when
 * measured), not all 250 (which took seconds on a throttled phone). Typing still finds any country: the
 * Select's typeahead scrolls to it, the ComboBox filters.
 */
function CountryList({ items }: { items?: Country[] }) {
  return (
    <Popover className={[styles.listPopover, styles.virtualPopover].join(' ')}>
      {/* No layout padding: with it, pressing the last row scrolled the list by the padding (React Aria
          scrolls the pressed row into view with it), the row moved from under the pointer and the
          choice was lost (1 press in 4 in a browser test). The popover pads the list instead. */}
      <Virtualizer layout={ListLayout} layoutOptions={{ estimatedRowHeight: 40 }}>
        <ListBox className={styles.virtualListBox} {...(items ? { items } : {})}>
          {(country: Country) => <CountryOption country={country} />}
        </ListBox>
      </Virtualizer>
    </Popover>
  )
}

export interface CountryPickerProps {
  label: string
  countries: Country[]
  selectedId: number | null
  onChange: (countryId: number | null) => void
  onBlur?: () => void
  error?: string | undefined
  name?: string
  /** Takes focus when shown (the field loading had it). */
  autoFocus?: boolean
}

/** A searchable country list (name, ISO code or dialling code) with flags; clearing the text clears it. */
export function CountryComboBox({
  label,
  countries,
  selectedId,
  onChange,
  onBlur,
  error,
  name,
  autoFocus,
}: CountryPickerProps) {
  return (
    <ComboBox
      // defaultItems lets the ComboBox filter as the user types; the list arrives once.
      key={countries.length}
      className={styles.field}
      defaultItems={countries}
      selectedKey={selectedId}
      onSelectionChange={(key) => onChange(key === null ? null : Number(key))}
      onInputChange={(text) => {
        if (text === '' && selectedId !== null) onChange(null)
      }}
      onBlur={onBlur}
      isInvalid={Boolean(error)}
      name={name}
      menuTrigger="focus"
      // Its message is the app's, shown when the field is left: no native validation bubble.
      validationBehavior="aria"
      {...(autoFocus ? { autoFocus } : {})}
    >
      <Label className={styles.label}>{label}</Label>
      <div className={styles.inputGroup}>
        <Input className={[styles.input, styles.inputWithButton].join(' ')} placeholder="Search country" />
        <AriaButton className={styles.inlineButton} aria-label="Show countries">
          ▾
        </AriaButton>
      </div>
      {error ? (
        <Text slot="errorMessage" className={styles.fieldError}>
          {error}
        </Text>
      ) : null}
      <CountryList />
    </ComboBox>
  )
}

/** A read-only dropdown of dialling codes (the contact forms' country code). */
export function DiallingCodeSelect({
  label,
  countries,
  selectedId,
  onChange,
  error,
  name,
}: CountryPickerProps) {
  return (
    <Select
      className={styles.field}
      selectedKey={selectedId}
      onSelectionChange={(key) => onChange(key === null ? null : Number(key))}
      isInvalid={Boolean(error)}
      name={name}
      placeholder="Code"
    >
      <Label className={styles.label}>{label}</Label>
      <AriaButton className={[styles.input, styles.selectButton].join(' ')}>
        <SelectValue>
          {({ selectedItem, defaultChildren }) => {
            const country = selectedItem as Country | null
            return country ? country.mcou_country_dialing_code : defaultChildren
          }}
        </SelectValue>
        <span aria-hidden="true">▾</span>
      </AriaButton>
      {error ? (
        <Text slot="errorMessage" className={styles.fieldError}>
          {error}
        </Text>
      ) : null}
      <CountryList items={countries} />
    </Select>
  )
}
