/**
 * The operations desk (issue 23): the forwarder's operations team confirms bookings, posts milestones,
 * reviews documents and holds, releases or cancels bookings from the staff console (`/staff/bookings`), on
 * the rules the operations API already enforces (the booking chart, the DCSA events' validation). What the
 * browser's forms and the server's edge both check is here, written once (docs/operations-desk.md).
 */
import { z } from 'zod'
import type { BookingDetail } from './bookings'
import {
  type BookingStatus,
  bookingStatuses,
  equipmentEventCodes,
  eventClassifiers,
  shipmentEventCodes,
  transportEventCodes,
} from './bookings'
import type { OpsCutoff } from './operations-desk-cutoffs'
import type { Sailing } from './pricing/schedule'
import type { Mode } from './pricing/types'
import { isLocalDateTime } from './times'
import type { Place } from './wire'

export * from './operations-desk-cutoffs'

// ── Queues ────────────────────────────────────────────────────────────────────────────────────────────

/** The desk's queues, each by the nearest cut-off, then oldest first: what waits for the operations team. */
export const opsQueues = ['received', 'documents', 'eta', 'hold'] as const
export type OpsQueue = (typeof opsQueues)[number]

export const opsQueueNames: Record<OpsQueue, string> = {
  received: 'Waiting for confirmation',
  documents: 'Documents to review',
  eta: 'ETA moved',
  hold: 'On hold',
}

/** What puts a booking in each queue, as the desk explains it. */
export const opsQueueAbout: Record<OpsQueue, string> = {
  received: 'Bookings received and not yet confirmed with the carrier.',
  documents: 'Bookings with an uploaded document nobody has accepted or rejected yet.',
  eta: 'Live shipments whose latest ETA differs from the ETA at confirmation.',
  hold: 'Bookings on hold, with the reason.',
}

const modeValues = ['FCL', 'LCL', 'AIR'] as const satisfies readonly Mode[]
// A day that exists (not 2026-13-40): the server reads it as a Singapore day.
const isoDate = z.string().refine((v) => isLocalDateTime(`${v}T00:00`), 'Must be a date, YYYY-MM-DD.')
const code = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^([A-Z]{2}[A-Z2-9]{3}|[A-Z]{3})$/, 'Must be a UN/LOCODE or IATA code.')

/** The queue's filters and search, as the query string carries them (every one optional but the queue). */
export const opsQueueQuerySchema = z.object({
  queue: z.enum(opsQueues).default('received'),
  mode: z.enum(modeValues).optional(),
  origin: code.optional(),
  destination: code.optional(),
  carrier: z.string().trim().max(60).optional(),
  etdFrom: isoDate.optional(),
  etdTo: isoDate.optional(),
  /** A booking number, HBL/HAWB, carrier booking reference or container number (whole or its start). */
  q: z.string().trim().max(40).optional(),
  /** Paging: the opaque cursor of the previous page's `next`. */
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
})
export type OpsQueueQuery = z.infer<typeof opsQueueQuerySchema>

export interface OpsPlace {
  code: string
  name: string
  time_zone: string | null
}

/** A booking in a queue. */
export interface OpsQueueItem {
  number: string
  hbl: string | null
  mode: Mode
  status: BookingStatus
  heldFrom: BookingStatus | null
  /** The hold's or cancellation's reason. */
  statusReason: string | null
  company: string
  origin: OpsPlace
  destination: OpsPlace
  carrier: string
  carrierBookingRef: string | null
  containers: string[]
  /** As operations confirmed them (ISO instants); null until they do. */
  etd: string | null
  eta: string | null
  /** The sailing planned when it was booked (days): what the customer was quoted; null when none was. */
  plannedSailing: Sailing | null
  /** The nearest cut-off that still matters (planned until confirmed): the queue's order and its flag. */
  cutoff: OpsCutoff | null
  /** The ETA at confirmation (the ETA queue shows both). */
  originalEta: string | null
  /** When the booking entered this queue: booked, first unreviewed upload, ETA moved, held. Its age counts from it. */
  since: string
  /** Uploaded files not reviewed yet. */
  documentsToReview: number
}

export interface OpsQueueResponse {
  items: OpsQueueItem[]
  /** How many bookings each queue holds (with the filters but without the search). */
  counts: Record<OpsQueue, number>
  /** The cursor of the next page, or null. */
  next: string | null
}

// ── Containers (ISO 6346) ─────────────────────────────────────────────────────────────────────────────

/** ISO 6346 letter values: A = 10, B = 12, …, Z = 38 (the multiples of 11 are skipped). */
const letterValues: Record<string, number> = {}
for (let i = 0, n = 10; i < 26; i += 1, n += 1) {
  if (n % 11 === 0) n += 1
  letterValues[String.fromCharCode(65 + i)] = n
}

/** The ISO 6346 check digit of an owner code, category and serial ("CSQU305438"), or null when malformed. */
export function containerCheckDigit(first10: string): number | null {
  if (!/^[A-Z]{3}[UJZ]\d{6}$/.test(first10)) return null
  let sum = 0
  for (let i = 0; i < 10; i += 1) {
    const ch = first10[i] as string
    const value = i < 4 ? (letterValues[ch] as number) : Number(ch)
    sum += value * 2 ** i
  }
  return (sum % 11) % 10
}

export const containerMessages = {
  format: 'A container number is 4 letters (the 4th U, J or Z) and 7 digits, like MSCU1234566.',
  checkDigit: (number: string, expected: number) =>
    `${number}: the check digit should be ${expected}. Check the number on the container.`,
  duplicate: 'Each container is listed once.',
  tooMany: (booked: number) => `The booking is for ${booked} container(s).`,
} as const

/** A container number as written (spaces and dashes dropped, upper case), checked against ISO 6346. */
export const containerNumberSchema = z
  .string()
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .superRefine((value, ctx) => {
    if (!/^[A-Z]{3}[UJZ]\d{7}$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: containerMessages.format })
      return
    }
    const expected = containerCheckDigit(value.slice(0, 10))
    if (expected !== Number(value[10])) {
      ctx.addIssue({ code: 'custom', message: containerMessages.checkDigit(value, expected ?? 0) })
    }
  })

// ── Times at a place ──────────────────────────────────────────────────────────────────────────────────

/** A wall-clock time as a form takes it (`<input type="datetime-local">`): read in the place's own zone. */
export const localDateTime = z
  .string()
  // A day and time that exist (not 2026-02-30T25:00): the server reads it in the place's zone.
  .refine(isLocalDateTime, 'Must be a date and time, YYYY-MM-DDTHH:MM.')

// ── Confirming a booking ──────────────────────────────────────────────────────────────────────────────

export const confirmMessages = {
  etaAfterEtd: 'The ETA must be after the ETD.',
  cutoffBeforeEtd: 'A cut-off must be before the ETD.',
  vesselOrFlight: 'Give the vessel and voyage (sea) or the flight (air).',
} as const

/**
 * What the operations team says when confirming from the desk: the carrier's booking, the sailing or flight,
 * the planned times at the places (local wall-clock times: ETD and cut-offs at the origin, ETA at the
 * destination) and, for FCL, the container numbers once known. The server turns the local times into
 * instants with the places' zones and confirms through the booking chart (server/bookings/service.ts).
 */
export const deskConfirmSchema = z
  .object({
    carrier: z.string().trim().min(2, 'Give the carrier.').max(60),
    carrierBookingRef: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9][A-Z0-9/-]{2,34}$/, 'A carrier booking reference is 3–35 letters, digits, - or /.'),
    vesselName: z.string().trim().max(100).optional(),
    vesselIMONumber: z
      .string()
      .regex(/^\d{7}$/, 'An IMO number is 7 digits.')
      .optional(),
    voyage: z.string().trim().max(50).optional(),
    flight: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{2}\d{1,4}[A-Z]?$/, 'A flight is the airline code and number, like SQ7372.')
      .optional(),
    etd: localDateTime,
    eta: localDateTime,
    cargoCutoff: localDateTime.optional(),
    documentsCutoff: localDateTime.optional(),
    vgmCutoff: localDateTime.optional(),
    containers: z.array(containerNumberSchema).max(50).default([]),
    transshipment: code.optional(),
  })
  .superRefine((body, ctx) => {
    // ETD and ETA are wall-clock times in different zones (a flight east across the date line lands at an
    // earlier local time than it left): the server compares them as instants, in the places' zones.
    for (const key of ['cargoCutoff', 'documentsCutoff', 'vgmCutoff'] as const) {
      const at = body[key]
      // Both are wall-clock times at the origin: compared as they are written.
      if (at && at >= body.etd)
        ctx.addIssue({ code: 'custom', path: [key], message: confirmMessages.cutoffBeforeEtd })
    }
    const seen = new Set<string>()
    body.containers.forEach((container, index) => {
      if (seen.has(container)) {
        ctx.addIssue({ code: 'custom', path: ['containers', index], message: containerMessages.duplicate })
      }
      seen.add(container)
    })
    if (!body.flight && !(body.vesselName && body.voyage)) {
      ctx.addIssue({ code: 'custom', path: ['vesselName'], message: confirmMessages.vesselOrFlight })
    }
  })
export type DeskConfirmInput = z.input<typeof deskConfirmSchema>
export type DeskConfirm = z.output<typeof deskConfirmSchema>

// ── Milestones by form ────────────────────────────────────────────────────────────────────────────────

/** The DCSA event kinds a form may post, by event type. */
export const milestoneCodes = {
  SHIPMENT: shipmentEventCodes.filter((c) => !['HOLD', 'RELS', 'CANC', 'CONF'].includes(c)),
  TRANSPORT: transportEventCodes,
  EQUIPMENT: equipmentEventCodes,
} as const

/**
 * A milestone as the desk's form posts it. `eventID` is made by the form once (a UUID), so a submit sent
 * twice is stored once (the operations feed's idempotency). The server builds the DCSA event and applies it
 * through the same path as `postTrackingEvents` (server/bookings/apply-events.ts).
 */
export const deskMilestoneSchema = z
  .object({
    eventID: z.uuid('The event needs an id.'),
    eventType: z.enum(['SHIPMENT', 'TRANSPORT', 'EQUIPMENT']),
    code: z.string().trim().toUpperCase().min(4).max(4),
    classifier: z.enum(eventClassifiers),
    /** Where: a UN/LOCODE or IATA code from the location search. */
    location: code,
    /** When, at the place. */
    localTime: localDateTime,
    vesselName: z.string().trim().max(100).optional(),
    voyage: z.string().trim().max(50).optional(),
    flight: z.string().trim().toUpperCase().max(10).optional(),
    container: containerNumberSchema.optional(),
    emptyIndicatorCode: z.enum(['LADEN', 'EMPTY']).optional(),
  })
  .superRefine((body, ctx) => {
    const codes = milestoneCodes[body.eventType] as readonly string[]
    if (!codes.includes(body.code)) {
      ctx.addIssue({
        code: 'custom',
        path: ['code'],
        message: `Not a ${body.eventType.toLowerCase()} event code.`,
      })
    }
  })
export type DeskMilestoneInput = z.input<typeof deskMilestoneSchema>

export const reasonSchema = z.object({
  reason: z.string().trim().min(3, 'Give the reason (the customer reads it).').max(500),
})

/** Retracting a wrong event: it leaves the customer's timeline; the reason stays in the audit trail. */
export const retractSchema = reasonSchema

/** Cancelling needs a reason; holding too; releasing needs none. */
export const holdSchema = reasonSchema
export const cancelSchema = reasonSchema

// ── A booking on the desk ─────────────────────────────────────────────────────────────────────────────

/** An event as the desk lists it: every stored event of the booking, retracted ones marked. */
export interface DeskEvent {
  eventID: string
  eventType: 'SHIPMENT' | 'TRANSPORT' | 'EQUIPMENT'
  code: string
  classifier: (typeof eventClassifiers)[number]
  eventDateTime: string
  location: OpsPlace
  vesselName: string | null
  voyage: string | null
  flight: string | null
  container: string | null
  reason: string | null
  /** Who posted it: a staff member's name, an integration key's name, the feed, or the system. */
  postedBy: string | null
}

export const opsBookingStatuses = bookingStatuses

/**
 * A booking as the desk shows it: everything the customer sees (their BookingDetail, documents with every
 * file and its review) plus what only operations hold.
 */
export interface OpsBookingDetail {
  booking: BookingDetail
  company: { id: number; name: string }
  /** The customer's user who booked. */
  bookedBy: { name: string; email: string }
  carrierBookingRef: string | null
  containers: string[]
  /** Cut-offs at the origin (ISO instants), once confirmed; null when not given. */
  cutoffs: { cargo: string | null; documents: string | null; vgm: string | null }
  /** The ETA at confirmation. */
  originalEta: string | null
  /** Every event stored for the booking, newest first; retracted ones are gone (their reason is in the audit trail). */
  events: DeskEvent[]
  /** FCL: how many containers were booked (the confirm form takes at most that many numbers). */
  containersBooked: number | null
  /**
   * The transshipment port the quoted service names ("Via Colombo"), null when it names none: with the planned
   * sailing (`booking.plannedSailing`), what the confirm form starts from.
   */
  quotedTransshipment: Place | null
}

export const opsDeskPaths = {
  queue: '/api/staff/bookings',
  booking: (number: string) => `/api/staff/bookings/${encodeURIComponent(number)}`,
  confirm: (number: string) => `/api/staff/bookings/${encodeURIComponent(number)}/confirm`,
  events: (number: string) => `/api/staff/bookings/${encodeURIComponent(number)}/events`,
  retract: (number: string, eventId: string) =>
    `/api/staff/bookings/${encodeURIComponent(number)}/events/${encodeURIComponent(eventId)}/retract`,
  hold: (number: string) => `/api/staff/bookings/${encodeURIComponent(number)}/hold`,
  release: (number: string) => `/api/staff/bookings/${encodeURIComponent(number)}/release`,
  cancel: (number: string) => `/api/staff/bookings/${encodeURIComponent(number)}/cancel`,
  document: (number: string, id: string) =>
    `/api/staff/bookings/${encodeURIComponent(number)}/documents/${encodeURIComponent(id)}`,
  review: (number: string, id: string) =>
    `/api/staff/bookings/${encodeURIComponent(number)}/documents/${encodeURIComponent(id)}/review`,
  requestDocument: (number: string, kind: string) =>
    `/api/staff/bookings/${encodeURIComponent(number)}/documents/${encodeURIComponent(kind)}/request`,
} as const
