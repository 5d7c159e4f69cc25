import { priceQuote } from '../contract/pricing/price'
import type { QuotePrice, ServiceSelection } from '../contract/pricing/types'
import { type ConfirmBody, confirmSchema, type QuoteDetail } from '../contract/quotes'
import type { FieldErrors } from '../contract/rules'

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
  acceptTerms: false,
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
    acceptTerms: values.acceptTerms as true,
    shownTotalUsd,
  }
}

/** The confirmation form's messages keyed by its fields (shipper.name → shipperName). */
export function confirmErrors(values: ConfirmValues, services: ServiceSelection): FieldErrors {
  const result = confirmSchema(services).safeParse(toConfirmInput(values, 1, services, 0))
  if (result.success) return {}
  const errors: FieldErrors = {}
  for (const issue of result.error.issues) {
    const [head = '', second] = issue.path.map(String)
    const field =
      second && ['shipper', 'consignee', 'notifyParty'].includes(head)
        ? `${head === 'notifyParty' ? 'notify' : head}${second[0]?.toUpperCase()}${second.slice(1)}`
        : head
    const list = errors[field] ?? []
    if (!list.includes(issue.message)) list.push(issue.message)
    errors[field] = list
  }
  return errors
}
