/**
 * What the quote-offer chart (`quoteOfferMachine`, quote-offer.machine.ts) works with and computes, without
 * effects: its input, context and events, the preview price of the chosen option and of each service, and the
 * confirmation form (its starting values, a party from the address book, its messages, the body it sends).
 */
import { priceQuote } from '../contract/pricing/price'
import type { ContainerType } from '../contract/pricing/types'
import {
  type QuotePrice,
  type ServiceSelection,
  type TruckingZone,
  truckingZones,
} from '../contract/pricing/types'
import {
  type BookingCreated,
  type ConfirmBody,
  confirmSchema,
  containersOf,
  type Party,
  type QuoteDetail,
} from '../contract/quotes'
import type { FieldErrors } from '../contract/rules'

export interface QuoteOfferInput {
  number: string
  optionId: number | null
  step: 'services' | 'confirm'
  /** The customer's company: the shipper's name to start from. */
  company?: string | undefined
}

export interface QuoteOfferContext {
  number: string
  optionId: number | null
  step: 'services' | 'confirm'
  /** The customer's company (the shipper's name to start from), '' when unknown. */
  company: string
  quote: QuoteDetail | null
  services: ServiceSelection
  price: QuotePrice | null
  /** The total confirmed against: the preview's, or the server's new price after a 409. */
  shownTotalUsd: number
  /** The price the server answered with when it had changed. */
  changedPrice: QuotePrice | null
  serviceMessage: string | null
  values: ConfirmValues
  errors: FieldErrors
  shown: Partial<Record<string, true>>
  booking: BookingCreated | null
  message: string | null
}

export type ServiceChange =
  | { service: 'exportCustoms' | 'importCustoms' | 'insurance'; value: boolean }
  | { service: 'pickup' | 'delivery'; value: TruckingZone | null }

export type QuoteOfferEvent =
  | ({ type: 'service.changed' } & ServiceChange)
  | { type: 'user.continue' }
  | { type: 'field.changed'; field: keyof ConfirmValues & string; value: unknown }
  | { type: 'field.blurred'; field: string }
  /** A party chosen from the address book fills its fieldset. */
  | { type: 'party.picked'; role: PartyRole; party: Party }
  | { type: 'user.submit' }
  | { type: 'user.requote' }
  | { type: 'user.retry' }
  | { type: 'dialog.acknowledged' }

/** The chosen option priced with `services` by the same function the server uses, or null if it cannot be. */
export function previewPrice(
  quote: QuoteDetail | null,
  optionId: number | null,
  services: ServiceSelection,
): QuotePrice | null {
  const option = quote?.options.find((o) => o.id === optionId)
  if (!quote || !option) return null
  try {
    return priceQuote({
      lane: option.lane,
      request: quote.request,
      services,
      originServices: quote.serviceTariffs.origin,
      destinationServices: quote.serviceTariffs.destination,
      fx: quote.fx,
      firstLclEligible: quote.firstLclEligible,
      originCountry: quote.origin.country_code,
      destinationCountry: quote.destination.country_code,
    })
  } catch {
    return null
  }
}

/** What each service adds to the total as the others stand (USD minor units), null where it cannot be priced. */
export interface ServicePrices {
  exportCustoms: number | null
  importCustoms: number | null
  insurance: number | null
  pickup: Record<TruckingZone, number | null>
  delivery: Record<TruckingZone, number | null>
}

/**
 * The price of each service before it is chosen ("+ USD 85"): the total with it minus the total without
 * it, the other services as chosen now, by the same pricing as the total (insurance depends on the freight,
 * a zone replaces another). Null where it cannot be priced (insurance without a cargo value).
 */
export function servicePrices(
  quote: QuoteDetail | null,
  optionId: number | null,
  services: ServiceSelection,
): ServicePrices {
  // Each selection priced once: the totals without a zone, or without a ticked service, recur.
  const totals = new Map<string, number | null>()
  const total = (selection: ServiceSelection) => {
    const key = JSON.stringify(selection)
    if (!totals.has(key)) totals.set(key, previewPrice(quote, optionId, selection)?.totalUsd ?? null)
    return totals.get(key) ?? null
  }
  const added = (on: ServiceSelection, off: ServiceSelection) => {
    const [withIt, without] = [total(on), total(off)]
    return withIt === null || without === null ? null : withIt - without
  }
  const flag = (key: 'exportCustoms' | 'importCustoms' | 'insurance') =>
    added({ ...services, [key]: true }, { ...services, [key]: false })
  const zones = (key: 'pickup' | 'delivery') =>
    Object.fromEntries(
      truckingZones.map((zone) => [zone, added({ ...services, [key]: zone }, { ...services, [key]: null })]),
    ) as Record<TruckingZone, number | null>
  return {
    exportCustoms: flag('exportCustoms'),
    importCustoms: flag('importCustoms'),
    insurance: (quote?.request.cargoValue ?? 0) > 0 ? flag('insurance') : null,
    pickup: zones('pickup'),
    delivery: zones('delivery'),
  }
}

export interface ConfirmValues {
  shipperName: string
  shipperAddress: string
  shipperContact: string
  consigneeName: string
  consigneeAddress: string
  consigneeContact: string
  notifyName: string
  notifyAddress: string
  pickupAddress: string
  deliveryAddress: string
  cargoDescription: string
  /** FCL: each container's gross weight in kg as typed, one per container of the request (containersOf). */
  containerWeights: string[]
  acceptTerms: boolean
}

export const emptyConfirm: ConfirmValues = {
  shipperName: '',
  shipperAddress: '',
  shipperContact: '',
  consigneeName: '',
  consigneeAddress: '',
  consigneeContact: '',
  notifyName: '',
  notifyAddress: '',
  pickupAddress: '',
  deliveryAddress: '',
  cargoDescription: '',
  containerWeights: [],
  acceptTerms: false,
}

/** The parties of the form, as the address book names them. */
export type PartyRole = 'shipper' | 'consignee' | 'notify'

/** A party picked from the address book fills its fieldset (which stays editable); notify has no contact. */
export function pickParty(values: ConfirmValues, role: PartyRole, party: Party): ConfirmValues {
  if (role === 'notify') return { ...values, notifyName: party.name, notifyAddress: party.address }
  return {
    ...values,
    [`${role}Name`]: party.name,
    [`${role}Address`]: party.address,
    [`${role}Contact`]: party.contact ?? '',
  }
}

/** A typed weight as the API takes it: '' is missing, "18,400" is 18400, anything else as Number reads it. */
const weightOf = (typed: string) => {
  const text = typed.replace(/[\s,]/g, '')
  return text === '' ? undefined : Number(text)
}

/** The body of confirmQuote from the form (services travel with it). */
export function toConfirmInput(
  values: ConfirmValues,
  optionId: number | null,
  services: ServiceSelection,
  shownTotalUsd: number,
): ConfirmBody {
  const party = (name: string, address: string, contact: string) => ({
    name,
    address,
    ...(contact.trim() ? { contact } : {}),
  })
  const notify = values.notifyName.trim() || values.notifyAddress.trim()
  return {
    optionId: optionId ?? 0,
    services,
    shipper: party(values.shipperName, values.shipperAddress, values.shipperContact),
    consignee: party(values.consigneeName, values.consigneeAddress, values.consigneeContact),
    ...(notify ? { notifyParty: party(values.notifyName, values.notifyAddress, '') } : {}),
    ...(services.pickup ? { pickupAddress: values.pickupAddress } : {}),
    ...(services.delivery ? { deliveryAddress: values.deliveryAddress } : {}),
    cargoDescription: values.cargoDescription,
    // A missing weight travels as undefined to the schema (its "required" message); the form sends none.
    ...(values.containerWeights.length > 0
      ? { containerWeightsKg: values.containerWeights.map(weightOf) as number[] }
      : {}),
    acceptTerms: values.acceptTerms as true,
    shownTotalUsd,
  }
}

/**
 * The confirmation form's messages keyed by its fields (shipper.name → shipperName; a container's weight by
 * its place, as the API's 422 names it: containerWeightsKg.0). `containers`: containersOf the quote's request.
 */
export function confirmErrors(
  values: ConfirmValues,
  services: ServiceSelection,
  containers: readonly ContainerType[] = [],
): FieldErrors {
  const result = confirmSchema(services, containers).safeParse(toConfirmInput(values, 1, services, 0))
  if (result.success) return {}
  const errors: FieldErrors = {}
  for (const issue of result.error.issues) {
    const [head = '', second] = issue.path.map(String)
    const field =
      second && ['shipper', 'consignee', 'notifyParty'].includes(head)
        ? `${head === 'notifyParty' ? 'notify' : head}${second[0]?.toUpperCase()}${second.slice(1)}`
        : second !== undefined && head === 'containerWeightsKg'
          ? `${head}.${second}`
          : head
    const list = errors[field] ?? []
    if (!list.includes(issue.message)) list.push(issue.message)
    errors[field] = list
  }
  return errors
}

/** The option a quote is shown with: the one asked for when the quote has it, else the one chosen, else the first. */
export const optionOf = (quote: QuoteDetail, asked: number | null): number | null =>
  asked !== null && quote.options.some((o) => o.id === asked)
    ? asked
    : (quote.chosenOptionId ?? quote.options[0]?.id ?? null)

/**
 * The confirmation form as a quote loads: it starts from what is known, the customer's company as the shipper
 * and the commodity as the cargo description, one weight per container; what was typed stays.
 */
export function startingValues(values: ConfirmValues, quote: QuoteDetail, company: string): ConfirmValues {
  const containers = containersOf(quote.request)
  return {
    ...values,
    shipperName: values.shipperName || company,
    cargoDescription: values.cargoDescription || quote.request.commodity,
    containerWeights:
      values.containerWeights.length === containers.length
        ? values.containerWeights
        : containers.map(() => ''),
  }
}
