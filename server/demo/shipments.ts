/**
 * The demo customer's shipments: one or more in every booking status, each with the event history the
 * operations team and carriers would have posted by `now` (DCSA Track & Trace events, planned, estimated and
 * actual). Pure: the seed (server/demo/seed.ts) books them through the quote code and posts the events
 * through the operations code, so the demo data passes the same rules as real data.
 */
import type { BookingStatus } from '../../contract/bookings'
import {
  type ContainerCount,
  type HazardousDetails,
  type LooseCargo,
  type Mode,
  noServices,
  type ServiceSelection,
} from '../../contract/pricing/types'
import { containerNumber, imoNumber, stableUuid } from './identifiers'

const HOUR = 3_600_000
const DAY = 24 * HOUR

export interface DemoShipment {
  /** Stable name: the seed finds what it made by it. */
  key: string
  mode: Mode
  origin: string
  destination: string
  commodity: string
  cargoDescription: string
  containers?: ContainerCount[]
  cargo?: LooseCargo
  cargoValueUsd: number
  hazardous?: HazardousDetails
  services: ServiceSelection
  shipper: { name: string; address: string }
  consignee: { name: string; address: string }
  /** The status it has reached by now. */
  target: BookingStatus
  /** A transshipment port (UN/LOCODE), for a sea route with two legs. */
  via?: string
  /** How far the carrier's estimate moved the arrival, in hours (an ETA change the customer is told of). */
  etaMovedHours?: number
  /** Why it is on hold or cancelled. */
  reason?: string
}

const demoShipper = { name: 'eShip Demo Trading Pte Ltd', address: '1 Demo Harbour Road, Singapore 000001' }

export const demoShipments: DemoShipment[] = [
  {
    key: 'delivered-fcl-nhava-sheva',
    mode: 'FCL',
    origin: 'SGSIN',
    destination: 'INNSA',
    commodity: 'Industrial pumps',
    cargoDescription: 'Centrifugal pumps and spare parts in wooden crates',
    containers: [{ type: '40HC', count: 2 }],
    cargoValueUsd: 84_000,
    services: { ...noServices, exportCustoms: true, insurance: true },
    shipper: demoShipper,
    consignee: {
      name: 'Mumbai Engineering Works Pvt Ltd',
      address: 'Plot 14, MIDC Taloja, Navi Mumbai 410208, India',
    },
    target: 'Delivered',
  },
  {
    key: 'departed-fcl-los-angeles',
    mode: 'FCL',
    origin: 'SGSIN',
    destination: 'USLAX',
    commodity: 'Consumer electronics',
    cargoDescription: 'Bluetooth speakers, 1,200 cartons on 24 pallets',
    containers: [{ type: '40HC', count: 1 }],
    cargoValueUsd: 152_000,
    services: { ...noServices, exportCustoms: true, insurance: true },
    shipper: demoShipper,
    consignee: { name: 'Pacific Gadgets Inc.', address: '2100 E Carson St, Long Beach, CA 90810, USA' },
    target: 'Departed',
    etaMovedHours: 48,
  },
  {
    key: 'departed-fcl-karachi-via-colombo',
    mode: 'FCL',
    origin: 'SGSIN',
    destination: 'PKKHI',
    commodity: 'Palm oil derivatives',
    cargoDescription: 'Stearic acid in 25 kg bags, 800 bags',
    containers: [{ type: '20GP', count: 2 }],
    cargoValueUsd: 36_000,
    services: noServices,
    shipper: demoShipper,
    consignee: { name: 'Indus Chemicals (Pvt) Ltd', address: 'Plot 22, SITE Area, Karachi 75700, Pakistan' },
    target: 'Departed',
    via: 'LKCMB',
  },
  {
    key: 'arrived-air-heathrow',
    mode: 'AIR',
    origin: 'SIN',
    destination: 'LHR',
    commodity: 'Medical devices',
    cargoDescription: 'Patient monitors, 6 cartons',
    cargo: {
      kind: 'packages',
      packages: [{ count: 6, lengthCm: 80, widthCm: 60, heightCm: 50, weightKg: 28 }],
    },
    cargoValueUsd: 96_000,
    services: { ...noServices, exportCustoms: true, importCustoms: true, insurance: true },
    shipper: demoShipper,
    consignee: {
      name: 'Thames Medical Supplies Ltd',
      address: 'Unit 4, Bath Road, Hounslow TW6 2AA, United Kingdom',
    },
    target: 'Arrived',
  },
  {
    key: 'cargo-received-lcl-jebel-ali',
    mode: 'LCL',
    origin: 'SGSIN',
    destination: 'AEJEA',
    commodity: 'Furniture fittings',
    cargoDescription: 'Stainless steel hinges and handles, 8 pallets',
    cargo: { kind: 'totals', volumeCbm: 6.4, weightKg: 2_100, pieces: 8 },
    cargoValueUsd: 22_000,
    services: { ...noServices, exportCustoms: true },
    shipper: demoShipper,
    consignee: { name: 'Gulf Interiors LLC', address: 'Warehouse 7, Jebel Ali Free Zone South, Dubai, UAE' },
    target: 'Cargo Received',
  },
  {
    key: 'confirmed-fcl-rotterdam-hazardous',
    mode: 'FCL',
    origin: 'SGSIN',
    destination: 'NLRTM',
    commodity: 'Paints',
    cargoDescription: 'Water-based paint in 20 L drums, 320 drums',
    containers: [{ type: '20GP', count: 1 }],
    cargoValueUsd: 18_500,
    hazardous: { unNumber: '1263', dgClass: '3', packingGroup: 'III' },
    services: noServices,
    shipper: demoShipper,
    consignee: { name: 'Maas Coatings B.V.', address: 'Waalhaven Z.z. 19, 3089 JH Rotterdam, Netherlands' },
    target: 'Confirmed',
  },
  {
    key: 'on-hold-fcl-hamburg',
    mode: 'FCL',
    origin: 'SGSIN',
    destination: 'DEHAM',
    commodity: 'Machine parts',
    cargoDescription: 'CNC spindle assemblies in crates',
    containers: [{ type: '40GP', count: 1 }],
    cargoValueUsd: 61_000,
    services: noServices,
    shipper: demoShipper,
    consignee: { name: 'Elbe Maschinenbau GmbH', address: 'Am Sandtorkai 40, 20457 Hamburg, Germany' },
    target: 'On Hold',
    reason: 'Awaiting the commercial invoice for export declaration.',
  },
  {
    key: 'received-lcl-laem-chabang',
    mode: 'LCL',
    origin: 'SGSIN',
    destination: 'THLCH',
    commodity: 'Printed packaging',
    cargoDescription: 'Folding cartons, flat-packed, 4 pallets',
    cargo: { kind: 'totals', volumeCbm: 3.2, weightKg: 900, pieces: 4 },
    cargoValueUsd: 7_800,
    services: noServices,
    shipper: demoShipper,
    consignee: {
      name: 'Siam Snack Foods Co., Ltd.',
      address: '99 Moo 4, Bang Phli, Samut Prakan 10540, Thailand',
    },
    target: 'Booking Received',
  },
  {
    key: 'cancelled-air-frankfurt',
    mode: 'AIR',
    origin: 'SIN',
    destination: 'FRA',
    commodity: 'Semiconductors',
    cargoDescription: 'Wafer carriers, 3 cartons',
    cargo: { kind: 'totals', volumeCbm: 0.9, weightKg: 120, pieces: 3 },
    cargoValueUsd: 240_000,
    services: { ...noServices, insurance: true },
    shipper: demoShipper,
    consignee: {
      name: 'Rhein Microsystems AG',
      address: 'Cargo City Süd, Gebäude 532, 60549 Frankfurt, Germany',
    },
    target: 'Cancelled',
    reason: 'Order cancelled by the consignee.',
  },
]

/** A DCSA Track & Trace v2-style event as the operations endpoint accepts it. */
export interface OpsEvent {
  eventID: string
  eventType: 'SHIPMENT' | 'TRANSPORT' | 'EQUIPMENT'
  eventClassifierCode: 'PLN' | 'EST' | 'ACT'
  eventDateTime: string
  eventCreatedDateTime: string
  shipmentEventTypeCode?: string
  transportEventTypeCode?: string
  equipmentEventTypeCode?: string
  eventLocation: { UNLocationCode: string } | { IATACode: string }
  transportCall?: {
    vessel?: { vesselIMONumber: string; vesselName: string }
    exportVoyageNumber?: string
    flightNumber?: string
  }
  equipmentReference?: string
  emptyIndicatorCode?: 'LADEN' | 'EMPTY'
  reason?: string
  documentReferences: { documentReferenceType: 'BKG' | 'TRD'; documentReferenceValue: string }[]
}

export interface ShipmentPlan {
  /** When the booking was made. */
  bookedAt: Date
  /** What operations confirms (undefined: never confirmed). */
  confirm?: {
    at: Date
    etd: Date
    eta: Date
    vesselName?: string
    vesselIMONumber?: string
    voyage?: string
    flight?: string
    via?: string
  }
  /** After the confirmation, oldest first, each posted at its eventCreatedDateTime. */
  events: OpsEvent[]
}

const vessels: Record<string, string[]> = {
  Maersk: ['Maersk Kinloss', 'Maersk Seletar'],
  MSC: ['MSC Aurora', 'MSC Tina'],
  'CMA CGM': ['CMA CGM Jules Verne', 'CMA CGM Amerigo Vespucci'],
  'Hapag-Lloyd': ['Berlin Express', 'Singapore Express'],
  ONE: ['ONE Harmony', 'ONE Commitment'],
  Evergreen: ['Ever Ace', 'Ever Lambent'],
  'COSCO Shipping': ['COSCO Shipping Aries', 'COSCO Shipping Virgo'],
  'Yang Ming': ['YM Wellness', 'YM Warranty'],
  HMM: ['HMM Algeciras', 'HMM Oslo'],
  PIL: ['Kota Pemimpin', 'Kota Permata'],
}
const airlinePrefixes: Record<string, string> = {
  'Singapore Airlines Cargo': 'SQ',
  'Emirates SkyCargo': 'EK',
  'Qatar Airways Cargo': 'QR',
  'Cathay Cargo': 'CX',
  'Lufthansa Cargo': 'LH',
  'Etihad Cargo': 'EY',
}

function hashOf(text: string): number {
  let h = 2166136261
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 16777619)
  return h >>> 0
}

/** Where the status is decided by now: the target's own event happened `ago` before now. */
const sinceTarget = 6 * HOUR

/**
 * The dates and events of a demo shipment, so that by `now` it has reached its target status: every event
 * up to the one that makes that status happened; what follows is planned or estimated. Times in UTC.
 */
export function planShipment(
  shipment: DemoShipment,
  lane: { carrier: string; transitDays: number },
  bookingNumber: string,
  now: Date,
): ShipmentPlan {
  const t = now.getTime()
  const seed = hashOf(`${shipment.key}:${lane.carrier}`)
  const sea = shipment.mode !== 'AIR'
  const transit = sea ? Math.max(3, lane.transitDays) * DAY : Math.max(1, lane.transitDays) * DAY
  // The day of departure, placed so that the target's event happened 6 hours ago.
  const etdFromTarget: Record<BookingStatus, number> = {
    'Booking Received': t + 9 * DAY,
    Confirmed: t + 6 * DAY,
    'On Hold': t + 5 * DAY,
    'Cargo Received': t + 2 * DAY - sinceTarget,
    Departed: t - sinceTarget - (shipment.via ? transit * 0.55 : transit * 0.3),
    Arrived: t - sinceTarget - transit,
    Delivered: t - sinceTarget - transit - 3 * DAY,
    Cancelled: t + 8 * DAY,
  }
  // On the hour, and never later than placed: the target's event must have happened by now.
  const etd = new Date(Math.floor(etdFromTarget[shipment.target] / HOUR) * HOUR)
  const eta = new Date(etd.getTime() + transit)
  const bookedAt = new Date(
    Math.min(etd.getTime() - 8 * DAY, shipment.target === 'Booking Received' ? t - 3 * HOUR : t - 2 * DAY),
  )
  const vesselList = vessels[lane.carrier] ?? ['Kota Pemimpin']
  const vesselName = vesselList[seed % vesselList.length] ?? 'Kota Pemimpin'
  const vesselIMONumber = imoNumber(930_000 + (seed % 60_000))
  const voyage = `${String(10 + (seed % 80)).padStart(3, '0')}${sea ? 'W' : ''}`
  const flight = `${airlinePrefixes[lane.carrier] ?? 'SQ'} ${7000 + (seed % 900)}`
  const transport = sea
    ? { vessel: { vesselIMONumber, vesselName }, exportVoyageNumber: voyage }
    : { flightNumber: flight }
  const booking = [{ documentReferenceType: 'BKG' as const, documentReferenceValue: bookingNumber }]
  const boxes = sea
    ? (shipment.containers ?? [{ type: '40HC', count: 1 }]).flatMap(({ count }, group) =>
        Array.from({ length: count }, (_, i) =>
          containerNumber(
            ['MSK', 'MSC', 'CMA', 'HLX', 'ONE'][seed % 5] ?? 'MSK',
            (seed + group * 17 + i * 101) % 1e6,
          ),
        ),
      )
    : []
  const events: OpsEvent[] = []
  let n = 0
  const event = (
    at: number,
    classifier: OpsEvent['eventClassifierCode'],
    type: OpsEvent['eventType'],
    code: string,
    location: string,
    extra: Partial<OpsEvent> = {},
  ) => {
    n += 1
    const created = classifier === 'ACT' ? at + 20 * 60_000 : Math.min(at, etd.getTime() - 5 * DAY)
    events.push({
      eventID: stableUuid(`demo:${bookingNumber}:${n}:${code}:${classifier}`),
      eventType: type,
      eventClassifierCode: classifier,
      eventDateTime: new Date(at).toISOString(),
      eventCreatedDateTime: new Date(Math.min(created, t)).toISOString(),
      ...(type === 'SHIPMENT' ? { shipmentEventTypeCode: code } : {}),
      ...(type === 'TRANSPORT' ? { transportEventTypeCode: code, transportCall: transport } : {}),
      ...(type === 'EQUIPMENT' ? { equipmentEventTypeCode: code } : {}),
      eventLocation: location.length === 3 ? { IATACode: location } : { UNLocationCode: location },
      documentReferences: booking,
      ...extra,
    })
  }
  const { origin, destination, via } = shipment
  const done = (at: number) => at <= t - sinceTarget + 60_000
  const confirm =
    shipment.target === 'Booking Received' || shipment.target === 'Cancelled'
      ? undefined
      : {
          at: new Date(bookedAt.getTime() + 20 * HOUR),
          etd,
          eta,
          ...(sea ? { vesselName, vesselIMONumber, voyage } : { flight }),
          ...(via ? { via } : {}),
        }
  if (shipment.target === 'Cancelled') {
    event(t - 2 * DAY, 'ACT', 'SHIPMENT', 'CANC', origin, { reason: shipment.reason ?? 'Cancelled' })
    return { bookedAt, events }
  }
  if (!confirm) return { bookedAt, events }
  if (shipment.target === 'On Hold') {
    event(t - sinceTarget, 'ACT', 'SHIPMENT', 'HOLD', origin, { reason: shipment.reason ?? 'On hold' })
    return { bookedAt, confirm, events }
  }

  // Cargo in: gate in of each laden container (sea FCL), or cargo received at the CFS or airport terminal.
  const cargoIn = etd.getTime() - 2 * DAY - (shipment.target === 'Cargo Received' ? 0 : 0)
  if (done(cargoIn)) {
    if (shipment.mode === 'FCL') {
      for (const box of boxes)
        event(cargoIn, 'ACT', 'EQUIPMENT', 'GTIN', origin, {
          equipmentReference: box,
          emptyIndicatorCode: 'LADEN',
        })
    } else event(cargoIn, 'ACT', 'SHIPMENT', 'RECE', origin)
  }
  const exportCleared = etd.getTime() - 1 * DAY
  if (done(exportCleared)) event(exportCleared, 'ACT', 'SHIPMENT', 'CUSE', origin)
  const loaded = etd.getTime() - 6 * HOUR
  // Loaded: each container onto the vessel; air cargo (no container number) onto the aircraft, once.
  if (done(loaded)) {
    if (!sea) event(loaded, 'ACT', 'EQUIPMENT', 'LOAD', origin)
    for (const box of boxes)
      event(loaded, 'ACT', 'EQUIPMENT', 'LOAD', origin, {
        equipmentReference: box,
        emptyIndicatorCode: 'LADEN',
      })
  }
  if (done(etd.getTime())) event(etd.getTime(), 'ACT', 'TRANSPORT', 'DEPA', origin)
  else return { bookedAt, confirm, events }

  // At sea or in the air: transshipment, then the carrier's estimates of the arrival.
  let arrival = eta.getTime()
  if (via) {
    const atHub = etd.getTime() + transit * 0.4
    const offHub = atHub + 2 * DAY
    // The connecting vessel (or flight) on from the hub, as the carrier reports it when it sails.
    const onward = sea
      ? {
          vessel: {
            vesselIMONumber: imoNumber(930_000 + ((seed + 7_919) % 60_000)),
            vesselName: vesselList[(seed + 1) % vesselList.length] ?? 'Kota Pemimpin',
          },
          exportVoyageNumber: `${String(10 + ((seed + 37) % 80)).padStart(3, '0')}E`,
        }
      : { flightNumber: `${airlinePrefixes[lane.carrier] ?? 'SQ'} ${7000 + ((seed + 1) % 900)}` }
    if (done(atHub)) event(atHub, 'ACT', 'TRANSPORT', 'ARRI', via)
    if (done(offHub)) event(offHub, 'ACT', 'TRANSPORT', 'DEPA', via, { transportCall: onward })
  }
  if (shipment.etaMovedHours) {
    const told = Math.min(etd.getTime() + 2 * DAY, t - sinceTarget / 2)
    arrival += shipment.etaMovedHours * HOUR
    event(arrival, 'EST', 'TRANSPORT', 'ARRI', destination, {
      eventCreatedDateTime: new Date(told).toISOString(),
    })
  }
  if (!done(arrival)) return { bookedAt, confirm, events }
  event(arrival, 'ACT', 'TRANSPORT', 'ARRI', destination)
  const discharged = arrival + 8 * HOUR
  if (!sea && done(discharged)) event(discharged, 'ACT', 'EQUIPMENT', 'DISC', destination)
  if (done(discharged))
    for (const box of boxes)
      event(discharged, 'ACT', 'EQUIPMENT', 'DISC', destination, {
        equipmentReference: box,
        emptyIndicatorCode: 'LADEN',
      })
  const importCleared = arrival + 1 * DAY
  if (done(importCleared)) event(importCleared, 'ACT', 'SHIPMENT', 'CUSI', destination)
  const available = arrival + 1 * DAY + 4 * HOUR
  if (done(available)) event(available, 'ACT', 'EQUIPMENT', 'AVPU', destination)
  const gateOut = arrival + 2 * DAY
  if (shipment.mode === 'FCL' && done(gateOut))
    for (const box of boxes)
      event(gateOut, 'ACT', 'EQUIPMENT', 'GTOT', destination, {
        equipmentReference: box,
        emptyIndicatorCode: 'LADEN',
      })
  const delivered = arrival + 3 * DAY
  if (done(delivered)) event(delivered, 'ACT', 'SHIPMENT', 'DLVR', destination)
  return { bookedAt, confirm, events }
}
