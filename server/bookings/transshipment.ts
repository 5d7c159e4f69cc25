/** The port of call a rate sheet's service names, where the cargo changes ship or aircraft. */
import type { Mode } from '../../contract/pricing/types'
import type { PlaceIndex } from '../locations/locations'

/** The transshipment port a rate sheet's service names ("Via Colombo"), as its code, or undefined. */
export async function transshipmentPort(
  places: Pick<PlaceIndex, 'search'>,
  service: string | null,
  mode: Mode,
): Promise<string | undefined> {
  const named = /^Via (.+)$/.exec(service ?? '')?.[1]
  if (!named) return undefined
  const [found] = await places.search({ query: named, kind: mode === 'AIR' ? 'airport' : 'port', limit: 1 })
  return found?.code
}
