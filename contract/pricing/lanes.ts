/**
 * Which rate sheets may be offered for a quote request (mode, ends, validity, containers priced, hazard
 * classes refused), and how long a quote made from them stays good.
 */
import { containersByType } from './quantities'
import type { QuoteRequest, RateLane } from './types'

export type LaneOffer = { ok: true } | { ok: false; reason: string }

/** A refused class covers its divisions: refusing '1' refuses '1.4'. */
export function classRefused(refused: readonly string[], dgClass: string): boolean {
  return refused.some((r) => dgClass === r || dgClass.startsWith(`${r}.`))
}

/**
 * Whether `lane` can price `request`: same mode and ends, cargo ready within the sheet's validity, every
 * container type asked for priced per container, and a hazard class the carrier carries.
 */
export function laneOffers(lane: RateLane, request: QuoteRequest): LaneOffer {
  const no = (reason: string): LaneOffer => ({ ok: false, reason })
  if (lane.mode !== request.mode) return no(`This rate sheet is for ${lane.mode}, not ${request.mode}.`)
  if (
    lane.origin.toUpperCase() !== request.origin.toUpperCase() ||
    lane.destination.toUpperCase() !== request.destination.toUpperCase()
  ) {
    return no(`This rate sheet is for ${lane.origin} to ${lane.destination}.`)
  }
  if (request.readyDate < lane.validFrom || request.readyDate > lane.validTo) {
    return no(`${lane.carrier}'s rates are for cargo ready from ${lane.validFrom} to ${lane.validTo}.`)
  }
  if (request.mode === 'FCL') {
    const containers = containersByType(request.containers)
    if (containers.length === 0) return no('Add at least one container.')
    for (const { type } of containers) {
      const priced = lane.charges.some(
        (c) => c.basis === 'container' && c.containerType === type && !c.hazardousOnly,
      )
      if (!priced) return no(`${lane.carrier} has no ${type} rate on this lane.`)
    }
  } else if (!request.cargo) {
    return no('Add the packages or the cargo totals.')
  }
  const dgClass = request.hazardous?.dgClass
  if (dgClass !== undefined && classRefused(lane.refusedDgClasses, dgClass)) {
    return no(`${lane.carrier} does not carry hazard class ${dgClass}.`)
  }
  return { ok: true }
}

/** The earliest valid-to of what was used (ISO dates compare as strings); undefined when none expires. */
export function quoteValidTo(
  sources: readonly { validTo?: string | null | undefined }[],
): string | undefined {
  let earliest: string | undefined
  for (const { validTo } of sources) {
    if (validTo && (earliest === undefined || validTo < earliest)) earliest = validTo
  }
  return earliest
}

/** A quote is good to the end of its valid-to day: expired from the next day on. */
export function isExpired(validTo: string, today: string): boolean {
  return validTo < today
}
