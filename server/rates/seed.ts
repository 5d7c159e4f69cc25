import { type Kysely, sql } from 'kysely'
import {
  modes as allModes,
  type ChargeLine,
  type ContainerType,
  type Mode,
  type RateLane,
  type ServiceTariff,
} from '../../contract/pricing/types'
import type { Database } from '../db/schema'
import { refreshLocationRanks } from '../locations/locations'
import { insertLanes } from './reference-rates'

// Illustrative rate sheets (README: "the figures are illustrative"): realistic in shape and magnitude
// (shared/FREIGHT.md), made up in detail. Both directions between Singapore and the main port and airport
// of every country the home page names; 2 to 3 carriers per ocean lane, 1 to 2 airlines per air lane.
// Validity as in practice (FCL about two weeks, LCL to month end, air about a week), from the day of
// seeding, so a fresh install always has valid rates; a server start makes a new set when the last runs
// out within three days. Schedules as services run: FCL weekly (one or two loops a week per carrier, cargo
// at the terminal 2 days and documents 3 days before departure, 7 to 14 free days of demurrage and detention
// combined), LCL weekly consolidations (cargo at the CFS and documents 3 days before, 3 to 5 free days of
// storage), air several flights a week or daily (cargo and documents the day before, 2 free days of
// storage).

export const SINGAPORE = { country: 'SG', port: 'SGSIN', airport: 'SIN', lat: 1.28, lon: 103.85 } as const

/** The main port (UN/LOCODE) and airport (IATA) of each country served, with a representative point. */
export const partners = [
  { country: 'IN', port: 'INNSA', airport: 'BOM', lat: 18.95, lon: 72.95 },
  { country: 'US', port: 'USLAX', airport: 'LAX', lat: 33.74, lon: -118.27 },
  { country: 'GB', port: 'GBFXT', airport: 'LHR', lat: 51.96, lon: 1.35 },
  { country: 'FR', port: 'FRLEH', airport: 'CDG', lat: 49.49, lon: 0.11 },
  { country: 'DE', port: 'DEHAM', airport: 'FRA', lat: 53.55, lon: 9.99 },
  { country: 'NL', port: 'NLRTM', airport: 'AMS', lat: 51.95, lon: 4.14 },
  { country: 'ES', port: 'ESVLC', airport: 'MAD', lat: 39.45, lon: -0.32 },
  { country: 'PK', port: 'PKKHI', airport: 'KHI', lat: 24.84, lon: 66.98 },
  { country: 'AE', port: 'AEJEA', airport: 'DXB', lat: 25.01, lon: 55.06 },
  { country: 'TH', port: 'THLCH', airport: 'BKK', lat: 13.08, lon: 100.88 },
  { country: 'LK', port: 'LKCMB', airport: 'CMB', lat: 6.95, lon: 79.84 },
  { country: 'BD', port: 'BDCGP', airport: 'DAC', lat: 22.3, lon: 91.8 },
  { country: 'CN', port: 'CNSHA', airport: 'PVG', lat: 31.23, lon: 121.49 },
  { country: 'JP', port: 'JPTYO', airport: 'NRT', lat: 35.62, lon: 139.79 },
  { country: 'HK', port: 'HKHKG', airport: 'HKG', lat: 22.29, lon: 114.16 },
  { country: 'TW', port: 'TWKHH', airport: 'TPE', lat: 22.61, lon: 120.28 },
  { country: 'VN', port: 'VNSGN', airport: 'SGN', lat: 10.77, lon: 106.7 },
  { country: 'MY', port: 'MYPKG', airport: 'KUL', lat: 3.0, lon: 101.39 },
  { country: 'ID', port: 'IDTPP', airport: 'CGK', lat: -6.1, lon: 106.88 },
  { country: 'AU', port: 'AUSYD', airport: 'SYD', lat: -33.86, lon: 151.2 },
  { country: 'SA', port: 'SAJED', airport: 'JED', lat: 21.29, lon: 39.24 },
  { country: 'QA', port: 'QADOH', airport: 'DOH', lat: 25.35, lon: 51.49 },
] as const

const oceanCarriers = [
  'Maersk',
  'MSC',
  'CMA CGM',
  'Hapag-Lloyd',
  'ONE',
  'Evergreen',
  'COSCO Shipping',
  'Yang Ming',
  'HMM',
  'PIL',
]
const coLoaders = ['ECU Worldwide', 'Shipco Transport', 'Vanguard Logistics']
const airlines = [
  'Singapore Airlines Cargo',
  'Emirates SkyCargo',
  'Qatar Airways Cargo',
  'Cathay Cargo',
  'Lufthansa Cargo',
  'Etihad Cargo',
]
const hubs = ['Colombo', 'Port Klang', 'Tanjung Pelepas', 'Jebel Ali', 'Busan']

/** A number in [0, 1) that depends only on the text: the same seed makes the same sheets. */
function unit(text: string): number {
  let h = 2166136261
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 16777619)
  }
  return ((h >>> 0) % 100_000) / 100_000
}

function pick<T>(list: readonly T[], count: number, key: string): T[] {
  return [...list].sort((a, b) => unit(`${key}:${String(a)}`) - unit(`${key}:${String(b)}`)).slice(0, count)
}

function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180
  const dLat = (b.lat - a.lat) * rad
  const dLon = (b.lon - a.lon) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2
  return 2 * 6371 * Math.asin(Math.sqrt(h))
}

/** `count` ISO weekdays (1 Monday … 7 Sunday) for a service, spread through the week, sorted. */
function departureDays(key: string, count: number): number[] {
  if (count >= 7) return [1, 2, 3, 4, 5, 6, 7]
  const first = Math.floor(unit(`${key}:day`) * 7)
  const step = 7 / count
  const days = Array.from({ length: count }, (_, i) => ((first + Math.round(i * step)) % 7) + 1)
  return [...new Set(days)].sort((a, b) => a - b)
}

/** Dollars to cents, rounded to whole dollars above 100 as tariffs are. */
const cents = (dollars: number) => Math.round(dollars >= 100 ? Math.round(dollars) * 100 : dollars * 100)

const isoDate = (date: Date) => date.toISOString().slice(0, 10)
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000)

function monthEnd(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0))
}

/** FCL about two weeks, LCL to month end (the next one when this one ends within ten days), air a week. */
export function validity(mode: Mode, today: Date): { validFrom: string; validTo: string } {
  if (mode === 'FCL') return { validFrom: isoDate(today), validTo: isoDate(addDays(today, 14)) }
  if (mode === 'AIR') return { validFrom: isoDate(today), validTo: isoDate(addDays(today, 7)) }
  const end = monthEnd(today)
  const validTo = end.getTime() - today.getTime() < 10 * 86_400_000 ? monthEnd(addDays(end, 1)) : end
  return { validFrom: isoDate(today), validTo: isoDate(validTo) }
}

type NewLane = Omit<RateLane, 'id'>

interface End {
  country: string
  port: string
  airport: string
}

/** Terminal handling per container at one end: Singapore's in SGD, elsewhere in USD. */
function thc(end: End, type: ContainerType, side: 'origin' | 'destination'): ChargeLine {
  const reefer = type.endsWith('RF')
  const forty = !type.startsWith('20')
  const sg = end.country === 'SG'
  const base = sg ? (forty ? 350 : 250) : (forty ? 210 : 150) + Math.round(unit(end.port) * 60)
  return {
    code: side === 'origin' ? 'OTHC' : 'DTHC',
    name: `${side === 'origin' ? 'Origin' : 'Destination'} terminal handling`,
    side,
    basis: 'container',
    containerType: type,
    currency: sg ? 'SGD' : 'USD',
    amount: cents(base + (reefer ? 150 : 0)),
    minimum: 0,
  }
}

function perBl(
  end: End,
  side: 'origin' | 'destination',
  code: string,
  name: string,
  usd: number,
): ChargeLine {
  const sg = end.country === 'SG'
  return {
    code,
    name,
    side,
    basis: 'shipment',
    currency: sg ? 'SGD' : 'USD',
    amount: cents(sg ? usd * 1.3 : usd),
    minimum: 0,
  }
}

function fclLanes(from: End, to: End, km: number, today: Date): NewLane[] {
  const key = `FCL:${from.port}:${to.port}`
  const reefers = unit(`${key}:reefer`) < 0.6
  const types: ContainerType[] = [
    '20GP',
    '40GP',
    '40HC',
    '45HC',
    ...(reefers ? (['20RF', '40RF'] as const) : []),
  ]
  return pick(oceanCarriers, 2 + Math.floor(unit(`${key}:n`) * 2), key).map((carrier, index) => {
    const factor = 0.9 + unit(`${key}:${carrier}`) * 0.25
    const base20 = (220 + km * 0.1) * factor
    const boxRate: Record<ContainerType, number> = {
      '20GP': base20,
      '40GP': base20 * 1.5,
      '40HC': base20 * 1.5 + 50,
      '45HC': (base20 * 1.5 + 50) * 1.15,
      '20RF': base20 * 2.1,
      '40RF': base20 * 3,
    }
    const via =
      km > 3000 && unit(`${key}:${carrier}:via`) < 0.5 ? pick(hubs, 1, `${key}:${carrier}`)[0] : undefined
    const charges: ChargeLine[] = []
    for (const type of types) {
      const forty = !type.startsWith('20')
      charges.push(
        {
          code: 'BAS',
          name: 'Ocean freight',
          side: 'freight',
          basis: 'container',
          containerType: type,
          currency: 'USD',
          amount: cents(boxRate[type]),
          minimum: 0,
        },
        {
          code: 'BAF',
          name: 'Bunker adjustment factor',
          side: 'freight',
          basis: 'container',
          containerType: type,
          currency: 'USD',
          amount: cents((forty ? 2 : 1) * (60 + km * 0.012)),
          minimum: 0,
        },
        thc(from, type, 'origin'),
        thc(to, type, 'destination'),
        {
          code: 'SEAL',
          name: 'Container seal',
          side: 'origin',
          basis: 'container',
          containerType: type,
          currency: 'USD',
          amount: cents(15),
          minimum: 0,
        },
        {
          code: 'DGS',
          name: 'Dangerous goods surcharge',
          side: 'freight',
          basis: 'container',
          containerType: type,
          currency: 'USD',
          amount: cents(forty ? 450 : 275),
          minimum: 0,
          hazardousOnly: true,
        },
      )
    }
    charges.push(
      perBl(from, 'origin', 'DOC', 'Documentation (B/L)', 50),
      perBl(to, 'destination', 'DDOC', 'Destination documentation', 60),
    )
    return {
      mode: 'FCL',
      origin: from.port,
      destination: to.port,
      carrier,
      service: via ? `Via ${via}` : 'Direct',
      transitDays: Math.max(2, Math.round(km / 600) + (via ? 5 : 1) + index),
      // Mostly one loop a week; some carriers run two.
      departureDays: departureDays(`${key}:${carrier}`, unit(`${key}:${carrier}:loops`) < 0.3 ? 2 : 1),
      cargoCutoffDays: 2,
      docCutoffDays: 3,
      freeDays: pick([7, 10, 14], 1, `${key}:${carrier}:free`)[0] ?? 7,
      ...validity('FCL', today),
      currency: 'USD',
      refusedDgClasses: unit(`${key}:${carrier}:dg`) < 0.5 ? ['1', '6.2', '7'] : ['1', '7'],
      charges,
    }
  })
}

function lclLanes(from: End, to: End, km: number, today: Date): NewLane[] {
  const key = `LCL:${from.port}:${to.port}`
  return pick(coLoaders, 2, key).map((carrier, index) => {
    const factor = 0.9 + unit(`${key}:${carrier}`) * 0.25
    const perRt = cents((18 + km * 0.0045) * factor)
    const cfs = (end: End, side: 'origin' | 'destination'): ChargeLine => ({
      code: side === 'origin' ? 'OCFS' : 'DCFS',
      name: `${side === 'origin' ? 'Origin' : 'Destination'} CFS handling`,
      side,
      basis: 'wm',
      currency: end.country === 'SG' ? 'SGD' : 'USD',
      amount: cents(end.country === 'SG' ? 22 : 16),
      minimum: cents(end.country === 'SG' ? 44 : 32),
    })
    return {
      mode: 'LCL',
      origin: from.port,
      destination: to.port,
      carrier,
      service: index === 0 ? 'Direct consolidation' : 'Hub consolidation',
      transitDays: Math.max(4, Math.round(km / 550) + 5 + index * 3),
      departureDays: departureDays(`${key}:${carrier}`, 1),
      cargoCutoffDays: 3,
      docCutoffDays: 3,
      freeDays: 3 + Math.floor(unit(`${key}:${carrier}:free`) * 3),
      ...validity('LCL', today),
      currency: 'USD',
      refusedDgClasses: ['1', '2.1', '6.2', '7'],
      charges: [
        {
          code: 'OFR',
          name: 'Ocean freight (W/M)',
          side: 'freight',
          basis: 'wm',
          currency: 'USD',
          amount: perRt,
          minimum: perRt,
        },
        cfs(from, 'origin'),
        cfs(to, 'destination'),
        perBl(from, 'origin', 'DOC', 'Documentation (HBL)', 35),
        perBl(to, 'destination', 'DDOC', 'Delivery order fee', 45),
        {
          code: 'DGS',
          name: 'Dangerous goods surcharge',
          side: 'freight',
          basis: 'shipment',
          currency: 'USD',
          amount: cents(150),
          minimum: 0,
          hazardousOnly: true,
        },
      ],
    }
  })
}

function airLanes(from: End, to: End, km: number, today: Date): NewLane[] {
  const key = `AIR:${from.airport}:${to.airport}`
  return pick(airlines, 1 + Math.floor(unit(`${key}:n`) * 2), key).map((carrier, index) => {
    const factor = 0.9 + unit(`${key}:${carrier}`) * 0.25
    const n = (1.1 + km * 0.00028) * factor
    const rate = (share: number) => cents(n * share)
    const sg = (end: End) => end.country === 'SG'
    return {
      mode: 'AIR',
      origin: from.airport,
      destination: to.airport,
      carrier,
      service: index === 0 ? 'General cargo' : 'General cargo (via hub)',
      transitDays: Math.max(1, Math.round(km / 5000) + 1 + index),
      // Daily, or three to five flights a week.
      departureDays: departureDays(
        `${key}:${carrier}`,
        unit(`${key}:${carrier}:daily`) < 0.5 ? 7 : 3 + Math.floor(unit(`${key}:${carrier}:flights`) * 3),
      ),
      cargoCutoffDays: 1,
      docCutoffDays: 1,
      freeDays: 2,
      ...validity('AIR', today),
      currency: 'USD',
      refusedDgClasses: unit(`${key}:${carrier}:dg`) < 0.5 ? ['1', '6.2', '7'] : ['1', '7'],
      charges: [
        {
          code: 'AFR',
          name: 'Air freight',
          side: 'freight',
          basis: 'kg',
          currency: 'USD',
          amount: 0,
          breaks: {
            '-45': rate(1),
            '+45': rate(0.82),
            '+100': rate(0.72),
            '+300': rate(0.64),
            '+500': rate(0.6),
            '+1000': rate(0.55),
          },
          minimum: cents(75 + km * 0.002),
        },
        {
          code: 'FSC',
          name: 'Fuel surcharge',
          side: 'freight',
          basis: 'kg',
          currency: 'USD',
          amount: cents(0.85),
          minimum: 0,
        },
        {
          code: 'SSC',
          name: 'Security surcharge',
          side: 'freight',
          basis: 'kg',
          currency: 'USD',
          amount: cents(0.15),
          minimum: cents(10),
        },
        {
          code: 'OTHC',
          name: 'Origin terminal handling',
          side: 'origin',
          basis: 'kg',
          currency: sg(from) ? 'SGD' : 'USD',
          amount: cents(sg(from) ? 0.3 : 0.22),
          minimum: cents(sg(from) ? 35 : 25),
        },
        perBl(from, 'origin', 'AWB', 'Air waybill fee', 25),
        {
          code: 'DTHC',
          name: 'Destination terminal handling',
          side: 'destination',
          basis: 'kg',
          currency: sg(to) ? 'SGD' : 'USD',
          amount: cents(sg(to) ? 0.3 : 0.2),
          minimum: cents(sg(to) ? 35 : 25),
        },
        {
          code: 'DGS',
          name: 'Dangerous goods acceptance',
          side: 'freight',
          basis: 'shipment',
          currency: 'USD',
          amount: cents(120),
          minimum: 0,
          hazardousOnly: true,
        },
      ],
    }
  })
}

/** Every illustrative lane of `modes`, both directions between Singapore and each partner, from `today`. */
export function seedLanes(today: Date, modes: readonly Mode[] = allModes): NewLane[] {
  const lanes: NewLane[] = []
  for (const partner of partners) {
    const km = distanceKm(SINGAPORE, partner)
    for (const [from, to] of [
      [SINGAPORE, partner],
      [partner, SINGAPORE],
    ] as const) {
      if (modes.includes('FCL')) lanes.push(...fclLanes(from, to, km, today))
      if (modes.includes('LCL')) lanes.push(...lclLanes(from, to, km, today))
      if (modes.includes('AIR')) lanes.push(...airLanes(from, to, km, today))
    }
  }
  return lanes
}

/** Customs, insurance and trucking: Singapore's in SGD, a default for everywhere else in USD. */
export const serviceTariffSeed: (ServiceTariff & { country: string })[] = [
  {
    country: 'SG',
    currency: 'SGD',
    exportCustomsFee: cents(45),
    importCustomsFee: cents(55),
    insuranceRateBps: 35,
    insuranceMinimum: cents(50),
    trucking: {
      A: { perContainer: cents(280), perShipment: cents(60), per100Kg: cents(6) },
      B: { perContainer: cents(360), perShipment: cents(85), per100Kg: cents(8) },
      C: { perContainer: cents(460), perShipment: cents(110), per100Kg: cents(11) },
    },
  },
  {
    country: '*',
    currency: 'USD',
    exportCustomsFee: cents(75),
    importCustomsFee: cents(95),
    insuranceRateBps: 40,
    insuranceMinimum: cents(40),
    trucking: {
      A: { perContainer: cents(240), perShipment: cents(65), per100Kg: cents(7) },
      B: { perContainer: cents(330), perShipment: cents(90), per100Kg: cents(9) },
      C: { perContainer: cents(450), perShipment: cents(125), per100Kg: cents(12) },
    },
  },
]

/**
 * Illustrative exchange rates, units per USD in millionths: the currencies of the seeded sheets and those a
 * pricing team's file is likely to use. Only currencies with two decimals (ISO 4217 minor unit 2).
 */
export const fxSeed: Record<string, number> = {
  USD: 1_000_000,
  SGD: 1_300_000,
  EUR: 920_000,
  GBP: 790_000,
  INR: 84_000_000,
  CNY: 7_200_000,
  AED: 3_672_500,
  AUD: 1_520_000,
  MYR: 4_700_000,
  HKD: 7_800_000,
}

/**
 * The exchange rates and services tariffs a new database starts with (any database, demo or not: quoting
 * needs them); existing ones are left as the pricing team set them.
 */
export async function ensureReferenceRates(db: Kysely<Database>, today: Date): Promise<void> {
  const asOf = isoDate(today)
  await db
    .insertInto('fx_rates')
    .values(Object.entries(fxSeed).map(([currency, per]) => ({ currency, per_usd_micro: per, as_of: asOf })))
    .onConflict((oc) => oc.column('currency').doNothing())
    .execute()
  await db
    .insertInto('service_tariffs')
    .values(
      serviceTariffSeed.map((t) => ({
        country_code: t.country,
        currency: t.currency,
        export_customs_fee: t.exportCustomsFee,
        import_customs_fee: t.importCustomsFee,
        insurance_rate_bps: t.insuranceRateBps,
        insurance_minimum: t.insuranceMinimum,
        trucking: JSON.stringify(t.trucking),
      })),
    )
    .onConflict((oc) => oc.column('country_code').doNothing())
    .execute()
}

/**
 * Makes the illustrative sheets of each mode that has no seeded lane with a schedule valid three days from
 * now (a new install, the last set running out, or sheets seeded before schedules: migration 0015). Returns
 * the number of lanes made.
 */
export async function ensureSeedRates(db: Kysely<Database>, today: Date): Promise<number> {
  await ensureReferenceRates(db, today)
  const soon = isoDate(addDays(today, 3))
  const current = await db
    .selectFrom('rate_lanes')
    .select('mode')
    .distinct()
    .where('source', '=', 'seed')
    .where('valid_to', '>=', soon)
    .where(sql<boolean>`cardinality(departure_days) > 0`)
    .execute()
  const due = allModes.filter((mode) => !current.some((row) => row.mode === mode))
  if (due.length === 0) return 0
  const lanes = seedLanes(today, due)
  await insertLanes(db, lanes, 'seed')
  await refreshLocationRanks(db)
  return lanes.length
}
