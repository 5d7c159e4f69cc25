/**
 * Bookings, their documents and their tracking as the API returns them and the SPA shows them. Plain
 * TypeScript: shared by server and browser. The legal status changes live in machines/booking.machine.ts;
 * the DCSA Track & Trace vocabulary (shared/FREIGHT.md) is kept as DCSA writes it.
 */
import type { BookingEmissions } from './emissions'
import type { CreditHold } from './finance/credit'
import type { Sailing } from './pricing/schedule'
import type { Mode, QuotePrice, ServiceSelection } from './pricing/types'
import type { Party } from './quotes'
import { placeTime } from './times'
import type { Place } from './wire'

export const bookingStatuses = [
  'Booking Received',
  'Confirmed',
  'Cargo Received',
  'Departed',
  'Arrived',
  'Delivered',
  'On Hold',
  'Cancelled',
] as const
export type BookingStatus = (typeof bookingStatuses)[number]

/** The status a booking counts as: a held booking as the status it was held from. */
export function effectiveStatus(status: BookingStatus, heldFrom: BookingStatus | null = null): BookingStatus {
  return status === 'On Hold' ? (heldFrom ?? status) : status
}

/** A place as lists and timelines show it: code, name, country and the time zone its times are shown in. */
export type PlaceRef = Pick<Place, 'code' | 'name' | 'country_code' | 'time_zone'>

/** `ESB-` + year + 6 digits; `ESHBL` + year + 6 digits (a HAWB for air keeps the same form). */
export const BOOKING_NUMBER = /^ESB-\d{10}$/
export const HBL_NUMBER = /^ESHBL\d{10}$/

export interface BookingSummary {
  number: string
  /** Issued when the booking is confirmed: the house bill of lading (sea) or house air waybill (air). */
  hbl: string | null
  mode: Mode
  origin: PlaceRef
  destination: PlaceRef
  carrier: string
  /**
   * The latest planned, estimated or actual departure and arrival known: ISO date-times, or calendar days
   * (YYYY-MM-DD, contract/times.ts `isDay`) where only the day is planned. Until operations confirm, the
   * days of the sailing planned when the booking was made (`plannedTimes`).
   */
  etd: string | null
  eta: string | null
  /** Whether `etd` and `eta` are the planned sailing's, not yet confirmed by operations: shown "(planned)". */
  plannedTimes: boolean
  status: BookingStatus
  /** Document items still Required or Rejected. */
  documentsOutstanding: number
  quoteNumber: string
  createdAt: string
  /** The person of the company who booked it (issue 24): "Booked by Priya Tan". */
  bookedBy: string
}

/** The mark of a planned time, not yet confirmed by operations. */
export const PLANNED_MARK = '(planned)'

/**
 * A booking's ETD (at its origin) or ETA (at its destination) in the same words on My Bookings, the booking
 * page, the confirmation page and its PDF: "1 Dec 2026 (planned)" until operations confirm, then the time
 * there ("15 Jan, 18:00 (GMT+8)", with `named` "… at Singapore (GMT+8)"); null when not known. Screens pass
 * `now` (the year is left out in its year); documents do not.
 */
export function bookingTimeText(
  booking: Pick<BookingSummary, 'etd' | 'eta' | 'plannedTimes' | 'origin' | 'destination'>,
  which: 'etd' | 'eta',
  options: { now?: Date | undefined; named?: boolean } = {},
): string | null {
  const at = booking[which]
  if (!at) return null
  const text = placeTime(at, which === 'etd' ? booking.origin : booking.destination, options)
  return booking.plannedTimes ? `${text} ${PLANNED_MARK}` : text
}

export interface BookingsResponse {
  bookings: BookingSummary[]
}

/** One leg of the route: a voyage between two ports, or a flight between two airports. */
export interface RouteLeg {
  mode: 'SEA' | 'AIR'
  from: PlaceRef
  to: PlaceRef
  vesselName?: string | undefined
  vesselIMONumber?: string | undefined
  voyage?: string | undefined
  flight?: string | undefined
  etd: string | null
  eta: string | null
}

// ── Documents ────────────────────────────────────────────────────────────────────────────────────────

export const documentKinds = [
  'commercial_invoice',
  'packing_list',
  'safety_data_sheet',
  'dg_declaration',
  'certificate_of_origin',
  'hbl',
] as const
export type DocumentKind = (typeof documentKinds)[number]

export const documentNames: Record<DocumentKind, string> = {
  commercial_invoice: 'Commercial invoice',
  packing_list: 'Packing list',
  safety_data_sheet: 'Safety data sheet',
  dg_declaration: 'Dangerous goods declaration',
  certificate_of_origin: 'Certificate of origin',
  hbl: 'House bill of lading',
}

export const documentStatuses = [
  'Required',
  'Optional',
  'Uploaded',
  'Accepted',
  'Rejected',
  'Issued',
  /** Required, never received, and no longer due: the shipment has departed or the booking was cancelled. */
  'Not received',
] as const
export type DocumentStatus = (typeof documentStatuses)[number]

/** What a customer may upload: by content (magic bytes), never by name. */
export const uploadTypes = ['application/pdf', 'image/jpeg', 'image/png', 'xlsx', 'docx'] as const
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024

export const documentMessages = {
  tooLarge: 'The file is larger than 10 MB.',
  badType: 'Upload a PDF, JPEG, PNG, XLSX or DOCX file.',
  empty: 'The file is empty.',
  notFound: 'Document not found.',
  notUploadable: 'This document is issued by us and cannot be uploaded.',
  bookingClosed: 'Documents cannot be uploaded to a cancelled booking.',
  departed: 'The shipment has departed: its documents are no longer taken here. Please contact us.',
} as const

export interface DocumentFile {
  id: string
  /** The name the customer gave the file: shown and offered on download, never used as a path. */
  name: string
  size: number
  contentType: string
  uploadedAt: string
  status: 'Uploaded' | 'Accepted' | 'Rejected'
  reason: string | null
  /** Who uploaded it (issue 24): the person of the company, or the forwarder's name for a file we issued. */
  uploadedBy: string
}

export interface DocumentItem {
  kind: DocumentKind
  name: string
  /** Required items count as outstanding until a file is uploaded; optional ones never do. */
  required: boolean
  /** ISO date (in Singapore) by which the item is due, from the ETD; null when there is no ETD yet. */
  dueDate: string | null
  status: DocumentStatus
  /** Why the latest file was rejected. */
  reason: string | null
  overdue: boolean
  files: DocumentFile[]
  /**
   * Set while the operations team asks for this item (contract/documents.ts): it is due on the request's
   * date and taken even after the departure, until a file is uploaded after the request.
   */
  requested?: { note: string | null } | undefined
}

export interface DocumentsResponse {
  documents: DocumentItem[]
}

// ── Tracking (DCSA Track & Trace v2 style) ───────────────────────────────────────────────────────────

export const eventClassifiers = ['PLN', 'EST', 'ACT'] as const
export type EventClassifier = (typeof eventClassifiers)[number]

export const shipmentEventCodes = [
  'RECE',
  'CONF',
  'ISSU',
  'REJE',
  'HOLD',
  'RELS',
  'CANC',
  'CUSE',
  'CUSI',
  'DLVR',
] as const
export const transportEventCodes = ['ARRI', 'DEPA'] as const
export const equipmentEventCodes = [
  'GTIN',
  'LOAD',
  'DISC',
  'GTOT',
  'STUF',
  'STRP',
  'PICK',
  'DROP',
  'INSP',
  'RSEA',
  'RMVD',
  'AVPU',
] as const

export interface TrackingEvent {
  eventID: string
  eventType: 'SHIPMENT' | 'TRANSPORT' | 'EQUIPMENT'
  eventClassifierCode: EventClassifier
  eventDateTime: string
  eventCreatedDateTime: string
  shipmentEventTypeCode?: (typeof shipmentEventCodes)[number] | undefined
  transportEventTypeCode?: (typeof transportEventCodes)[number] | undefined
  equipmentEventTypeCode?: (typeof equipmentEventCodes)[number] | undefined
  /** UN/LOCODE (sea) or IATA code (air) of where it happens. */
  location: string
  vesselName?: string | undefined
  vesselIMONumber?: string | undefined
  voyage?: string | undefined
  flight?: string | undefined
  equipmentReference?: string | undefined
  emptyIndicatorCode?: 'LADEN' | 'EMPTY' | undefined
  /** A shipment event's remark (a hold's reason, a rejection's reason). */
  reason?: string | undefined
}

export const milestoneKeys = [
  'bookingConfirmed',
  'gateIn',
  'exportCustomsCleared',
  'loaded',
  'departed',
  'transshipment',
  'arrived',
  'discharged',
  'importCustomsCleared',
  'availableForPickup',
  'delivered',
] as const
export type MilestoneKey = (typeof milestoneKeys)[number]

export const milestoneLabels: Record<MilestoneKey, string> = {
  bookingConfirmed: 'Booking Confirmed',
  gateIn: 'Gate In',
  exportCustomsCleared: 'Export Customs Cleared',
  loaded: 'Loaded',
  departed: 'Departed',
  transshipment: 'Transshipment',
  arrived: 'Arrived',
  discharged: 'Discharged',
  importCustomsCleared: 'Import Customs Cleared',
  availableForPickup: 'Available for Pickup',
  delivered: 'Delivered',
}

export interface Milestone {
  key: MilestoneKey
  label: string
  location: PlaceRef | null
  /** ISO date-times; shown in `location.time_zone`. */
  planned: string | null
  estimated: string | null
  actual: string | null
  vesselName?: string | undefined
  voyage?: string | undefined
  flight?: string | undefined
}

export interface TrackingView {
  hbl: string
  bookingNumber: string
  mode: Mode
  status: BookingStatus
  origin: PlaceRef
  destination: PlaceRef
  legs: RouteLeg[]
  milestones: Milestone[]
  eta: {
    /** The latest EST or ACT arrival at the final port, else the planned one. */
    current: string | null
    /** The first planned arrival. */
    original: string | null
    /** current − original, in hours (positive: later). */
    movedHours: number
  }
  /** The map: each leg's line as [longitude, latitude] points, and where the cargo is now. */
  map: {
    legs: { mode: 'SEA' | 'AIR'; points: [number, number][] }[]
    places: {
      code: string
      name: string
      role: 'origin' | 'transshipment' | 'destination'
      at: [number, number]
    }[]
    position: { at: [number, number]; description: string } | null
  }
}

export const trackingMessages = {
  notFound: 'No shipment with this HBL number.',
  badNumber: 'Enter an HBL number such as ESHBL2026000123.',
} as const

// ── A booking in full ────────────────────────────────────────────────────────────────────────────────

export interface BookingDetail extends BookingSummary {
  shipper: Party
  consignee: Party
  notifyParty: Party | null
  pickupAddress: string | null
  deliveryAddress: string | null
  cargoDescription: string
  /** The quote's request, summarised: "2 × 40HC", "3 packages, 2.4 CBM, 800 kg", hazardous details. */
  cargoSummary: string
  /** FCL: each container's gross weight as confirmed (kg, cargo and packing without the tare), in order; else null. */
  containerWeightsKg: number[] | null
  hazardous: { unNumber: string; dgClass: string; packingGroup: string } | null
  services: ServiceSelection
  /** The charges as confirmed. */
  price: QuotePrice
  /**
   * The sailing (or flight) the confirmed option planned for the cargo-ready date, stored when the booking was
   * made (sailingFor): ETD, ETA, cut-offs, free days. Null when the rate sheet published no schedule.
   */
  plannedSailing: Sailing | null
  legs: RouteLeg[]
  documents: DocumentItem[]
  milestones: Milestone[]
  /** Why the booking is on hold, or why it was cancelled. */
  statusReason: string | null
  /** While On Hold: the status it was held from (and returns to). */
  heldFrom?: BookingStatus | null
  /** Cancel is offered while the booking is still Booking Received. */
  canCancel: boolean
  /** Why it waits for finance's credit release, since when (docs/payments.md "Credit control"); null: it does not. */
  creditHold: CreditHold | null
  /** Its emissions in force and the figures they replaced (docs/emissions.md); null when not counted. */
  emissions: BookingEmissions | null
}

export const bookingMessages = {
  notFound: 'Booking not found.',
  cannotCancel: 'This booking can no longer be cancelled. Please contact us.',
  cancelled: 'The booking has been cancelled.',
} as const

/** My Bookings' filters, as listBookings takes them. */
export interface BookingFilters {
  status: BookingStatus | ''
  mode: Mode | ''
  q: string
  /** Only the bookings the signed-in user made (Mine), or the company's (Everyone, the default). */
  mine: boolean
}

export const noBookingFilters: BookingFilters = { status: '', mode: '', q: '', mine: false }
