/**
 * The operations booking chart's place fields (the milestone's place, the confirmation's transshipment port):
 * chosen from a type-ahead, as the customer's quote form chooses its ports. The route's places are offered
 * first, then what the staff location search found; the code sent is the chosen place's, and text typed but
 * not chosen is refused as typed (`placeMessages`). The type-ahead's states are in ops-lookup.ts.
 */
import type { OpsBookingDetail } from '../contract/operations-desk'
import type { FieldErrors } from '../contract/rules'
import { searchText } from '../contract/text'
import type { Place } from '../contract/wire'
import type { OpsBookingContext, PlaceForm, PlaceSearch } from './ops-booking-setup'
import { placeLabel } from './quote-form'

export const placeFields = { confirm: 'transshipment', milestone: 'location' } as const

export const placeMessages = {
  /** The milestone's place, left empty. */
  missing: 'Choose where it happened: type a code, port, airport or city.',
  /** Text typed, nothing chosen from the list. */
  choose: 'Choose the place from the list.',
  /** The same for the optional transshipment port. */
  chooseOrBlank: 'Choose the place from the list, or leave it empty.',
} as const

export const noSearch: PlaceSearch = { text: '', place: null }

let regionNames: Intl.DisplayNames | undefined
const countryName = (code: string) => {
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' })
  try {
    return regionNames.of(code) ?? code
  } catch {
    return code
  }
}

/**
 * The booking's places, origin first then each leg's ends and the destination, as the type-ahead lists them;
 * for a transshipment port only the places between origin and destination.
 */
export function routePlaces(detail: OpsBookingDetail | null, form: PlaceForm = 'milestone'): Place[] {
  if (!detail) return []
  const b = detail.booking
  const kindOf = (mode: 'SEA' | 'AIR'): Place['kind'] => (mode === 'AIR' ? 'airport' : 'port')
  const main = kindOf(b.mode === 'AIR' ? 'AIR' : 'SEA')
  const all = [
    { ...b.origin, kind: main },
    ...b.legs.flatMap((leg) => [
      { ...leg.from, kind: kindOf(leg.mode) },
      { ...leg.to, kind: kindOf(leg.mode) },
    ]),
    { ...b.destination, kind: main },
  ]
  const ends = new Set([b.origin.code, b.destination.code])
  return all
    .filter((one, index) => all.findIndex((other) => other.code === one.code) === index)
    .filter((one) => form === 'milestone' || !ends.has(one.code))
    .map((one) => ({
      code: one.code,
      kind: one.kind,
      name: one.name,
      city: '',
      country_code: one.country_code,
      country_name: countryName(one.country_code),
      time_zone: one.time_zone,
    }))
}

/** Whether a place is one a text names: the start of its code, or words of its name, city or country. */
const fits = (place: Place, text: string) => {
  const wanted = searchText(text)
  return (
    wanted === '' ||
    searchText(place.code).startsWith(wanted) ||
    searchText(placeLabel(place)).includes(wanted)
  )
}

/**
 * What a form's type-ahead offers: the route's places that fit what is typed (all of them while nothing is, or
 * the chosen place's label), then what the search found for this form.
 */
export function placeSuggestions(
  context: Pick<OpsBookingContext, 'detail' | 'placeSearch' | 'lookup'>,
  form: PlaceForm,
) {
  const { text, place } = context.placeSearch[form]
  const query = place && text === placeLabel(place) ? '' : text
  const route = routePlaces(context.detail, form).filter((one) => fits(one, query))
  const found = context.lookup.form === form ? context.lookup.found : []
  return [...route, ...found.filter((one) => !route.some((other) => other.code === one.code))]
}

/** The place field's message: the search's own (nothing chosen) before the schema's on the code. */
export function withPlaceErrors(errors: FieldErrors, form: PlaceForm, search: PlaceSearch): FieldErrors {
  const field = placeFields[form]
  const { [field]: _schema, ...rest } = errors
  if (search.place !== null) return errors
  if (search.text.trim() !== '')
    return { ...rest, [field]: [form === 'milestone' ? placeMessages.choose : placeMessages.chooseOrBlank] }
  return form === 'milestone' ? { ...rest, [field]: [placeMessages.missing] } : rest
}
