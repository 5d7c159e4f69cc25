/**
 * DCSA Track & Trace events as `postTrackingEvents` takes them, in either shape the standard defines, made
 * into one internal shape (PostedEvent). docs/dcsa.md has the mapping; in short:
 *
 * - The flat shape of T&T v2 (2.2, 2.3), which is also this API's own form: `eventID` (UUID), `eventType`, …
 *   at the top level. A TRANSPORT event's place is its `transportCall` (`location.UNLocationCode` or
 *   `UNLocationCode`); an EQUIPMENT event's is `eventLocation.UNLocationCode`, else its transport call's.
 *   This API's own form also puts the place of any event in `eventLocation` (`IATACode` for an airport).
 * - T&T v3: `{ metadata: { eventID, eventCreatedDateTime, eventType, retractedEventID? }, payload: { … } }`,
 *   the transport call's place in `transportCall.location.UNLocationCode`, the vessel's name in `vessel.name`,
 *   the voyage in `carrierExportVoyageNumber` / `carrierImportVoyageNumber`, the booking in
 *   `relatedDocumentReferences: [{ type: 'BKG' | 'TRD', value }]`. A `retractedEventID` withdraws an event.
 *
 * Fields the tracking does not use (seals, facility codes, publisher, …) are accepted and dropped. Events the
 * standard defines but the tracking keeps nothing of (a shipping instruction drafted, customs selected a
 * container for a scan, …) come out as `ignored` with the reason: accepted, not stored.
 */
import { z } from '@hono/zod-openapi'
import {
  equipmentEventCodes,
  eventClassifiers,
  shipmentEventCodes,
  type TrackingEvent,
  transportEventCodes,
} from '../../contract/bookings'
import { isStorableText, textMessages } from '../../contract/text'

// ── The codes ──────────────────────────────────────────────────────────────────────────────────────────────

const eventTypes = ['SHIPMENT', 'TRANSPORT', 'EQUIPMENT'] as const
type EventType = (typeof eventTypes)[number]
const codeFields = {
  SHIPMENT: 'shipmentEventTypeCode',
  TRANSPORT: 'transportEventTypeCode',
  EQUIPMENT: 'equipmentEventTypeCode',
} as const

/** shipmentEventTypeCode of T&T 2.2, 2.3 and 3.0. */
const dcsaShipmentCodes = [
  'RECE',
  'DRFT',
  'PENA',
  'PENU',
  'PENC',
  'REJE',
  'APPR',
  'ISSU',
  'SURR',
  'SUBM',
  'VOID',
  'CONF',
  'REQS',
  'CMPL',
  'HOLD',
  'RELS',
  'CANC',
] as const
/** equipmentEventTypeCode of T&T 2.2 and 3.0. */
const dcsaEquipmentCodes = [
  'LOAD',
  'DISC',
  'GTIN',
  'GTOT',
  'STUF',
  'STRP',
  'PICK',
  'AVPU',
  'DROP',
  'AVDO',
  'INSP',
  'RSEA',
  'RMVD',
  'CUSS',
  'CUSI',
  'CUSR',
  'CROS',
] as const
/** The flat shape also takes this API's own shipment codes (CUSE, CUSI and DLVR: customs and delivery). */
const flatShipmentCodes = [...new Set([...dcsaShipmentCodes, ...shipmentEventCodes])] as [string, ...string[]]

const oneOf = (field: string, codes: readonly string[]) => `${field} must be one of ${codes.join(', ')}.`
const codeEnum = (field: string, codes: readonly string[]) =>
  z.enum(codes as [string, ...string[]], { message: oneOf(field, codes) })

/** Document types whose shipment events are about the booking itself. */
const bookingDocuments = ['BKG', 'CBR']

// ── Shared fields ──────────────────────────────────────────────────────────────────────────────────────────

/** No NUL character and no unpaired surrogate: PostgreSQL text cannot hold them (contract/text.ts). */
const storable = isStorableText
const notStorable = textMessages.badCharacter
const text = (max: number) => z.string().trim().min(1).max(max).refine(storable, notStorable)

const isoDateTime = z.iso.datetime({ offset: true, message: 'Must be an ISO 8601 date-time.' })
const unLocationCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}[A-Z2-9]{3}$/, 'Must be a UN/LOCODE (two letters of country, three of place).')
/** This API's own eventLocation also takes an airport's IATA code in UNLocationCode. */
const placeCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(
    /^([A-Z]{2}[A-Z2-9]{3}|[A-Z]{3})$/,
    'Must be a UN/LOCODE (5 characters) or an IATA code (3 letters).',
  )
const imoNumber = z.string().regex(/^\d{7}$/, 'vesselIMONumber must be 7 digits.')
const classifier = z.enum(eventClassifiers, { message: 'eventClassifierCode must be PLN, EST or ACT.' })
const emptyIndicator = z.enum(['LADEN', 'EMPTY'], { message: 'emptyIndicatorCode must be LADEN or EMPTY.' })
const eventType = z.enum(eventTypes, { message: 'eventType must be SHIPMENT, TRANSPORT or EQUIPMENT.' })
/** A document type: DCSA 2.2 wrote 'BKG (Booking)' for 'BKG'; the code is the first word. */
const documentType = z
  .string()
  .trim()
  .max(30)
  .transform((value) => value.split(/\s/)[0]?.toUpperCase() ?? '')

// ── The flat shape (T&T v2.2 / v2.3, and this API's own form) ───────────────────────────────────────────────

const flatLocation = z.object({
  UNLocationCode: placeCode.optional(),
  IATACode: placeCode.optional().openapi({ description: "This API's own: an airport, for air freight." }),
})

export const flatEventSchema = z
  .object({
    eventID: z.uuid('eventID must be a UUID.'),
    eventType,
    eventClassifierCode: classifier,
    eventDateTime: isoDateTime,
    eventCreatedDateTime: isoDateTime,
    shipmentEventTypeCode: codeEnum('shipmentEventTypeCode', flatShipmentCodes).optional(),
    transportEventTypeCode: codeEnum('transportEventTypeCode', transportEventCodes).optional(),
    equipmentEventTypeCode: codeEnum('equipmentEventTypeCode', dcsaEquipmentCodes).optional(),
    eventTypeCode: text(4)
      .optional()
      .openapi({ deprecated: true, description: 'DCSA 2.2: the code, before the three above.' }),
    eventLocation: flatLocation.optional().openapi({
      description:
        "Where it happened: optional for EQUIPMENT events (then the transport call's place), this API's own for the other types.",
    }),
    transportCall: z
      .object({
        UNLocationCode: unLocationCode.optional(),
        location: z.object({ UNLocationCode: unLocationCode.optional() }).optional(),
        vessel: z
          .object({ vesselIMONumber: imoNumber.optional(), vesselName: text(100).optional() })
          .optional(),
        exportVoyageNumber: text(50).optional(),
        importVoyageNumber: text(50).optional(),
        carrierVoyageNumber: text(50).optional().openapi({ deprecated: true }),
        flightNumber: z
          .string()
          .trim()
          .min(2)
          .max(10)
          .refine(storable, notStorable)
          .optional()
          .openapi({ description: "This API's own: the flight, for air freight." }),
      })
      .optional(),
    equipmentReference: text(15).optional(),
    emptyIndicatorCode: emptyIndicator.optional(),
    documentReferences: z
      .array(z.object({ documentReferenceType: documentType, documentReferenceValue: text(100) }))
      .optional()
      .openapi({ description: 'BKG: the booking number; TRD: the HBL (HAWB). Others are ignored.' }),
    references: z.array(z.object({ referenceType: text(3), referenceValue: text(100) })).optional(),
    documentTypeCode: documentType
      .optional()
      .openapi({ description: 'A DCSA shipment event: the document it is about.' }),
    documentID: text(100).optional(),
    reason: z.string().trim().max(500).refine(storable, notStorable).optional(),
  })
  .openapi('DcsaEventV2', {
    description:
      "T&T 2.2/2.3 (flat), and this API's own form: the place of any event in eventLocation, a flight in transportCall.flightNumber, CUSE/CUSI/DLVR shipment events",
  })

// ── The T&T v3 shape ────────────────────────────────────────────────────────────────────────────────────────

const v3Location = z.object({
  locationType: text(4).optional(),
  UNLocationCode: unLocationCode.optional(),
})
const v3Vessel = z.object({ vesselIMONumber: imoNumber.optional(), name: text(100).optional() })

const v3Payload = z.object({
  eventType: eventType.optional(),
  eventClassifierCode: classifier,
  eventDateTime: isoDateTime,
  shipmentEventTypeCode: codeEnum('shipmentEventTypeCode', dcsaShipmentCodes).optional(),
  transportEventTypeCode: codeEnum('transportEventTypeCode', transportEventCodes).optional(),
  equipmentEventTypeCode: codeEnum('equipmentEventTypeCode', dcsaEquipmentCodes).optional(),
  documentTypeCode: documentType.optional(),
  documentReference: text(100).optional(),
  reason: z.string().trim().max(250).refine(storable, notStorable).optional(),
  transportCall: z
    .object({
      modeOfTransport: text(10).optional(),
      location: v3Location.optional(),
      carrierExportVoyageNumber: text(50).optional(),
      carrierImportVoyageNumber: text(50).optional(),
      universalExportVoyageReference: text(5).optional(),
      universalImportVoyageReference: text(5).optional(),
      vessel: v3Vessel.optional(),
      barge: v3Vessel.optional(),
    })
    .optional(),
  eventLocation: v3Location.optional(),
  equipmentReference: text(15).optional(),
  emptyIndicatorCode: emptyIndicator.optional(),
  relatedDocumentReferences: z
    .array(z.object({ type: documentType, value: text(100) }))
    .optional()
    .openapi({ description: 'BKG: the booking number; TRD: the HBL (HAWB). Others are ignored.' }),
  references: z.array(z.object({ type: text(3), value: text(100) })).optional(),
})

export const v3EventSchema = z
  .object({
    metadata: z.object({
      eventID: text(100),
      eventCreatedDateTime: isoDateTime,
      eventType,
      retractedEventID: text(100).optional(),
    }),
    payload: v3Payload
      .optional()
      .openapi({ description: 'Required unless metadata.retractedEventID is given.' }),
  })
  .openapi('DcsaEventV3', { description: 'T&T 3.0: metadata and payload' })

// ── The internal shape ─────────────────────────────────────────────────────────────────────────────────────

/** An event to store: the contract's TrackingEvent (its place still open for a shipment event) and its booking. */
export type KeptEvent = Omit<TrackingEvent, 'location'> & {
  kind: 'event'
  /** UN/LOCODE or IATA code; undefined for a shipment event that names none. */
  location: string | undefined
  bookingNumber?: string | undefined
  hbl?: string | undefined
}
export type PostedEvent =
  | KeptEvent
  | { kind: 'retraction'; eventID: string; retractedEventID: string }
  | { kind: 'ignored'; eventID: string; why: string }

type FlatEvent = z.infer<typeof flatEventSchema>
type V3Event = z.infer<typeof v3EventSchema>
type Issue = { path: (string | number)[]; message: string }

/** UUIDs compare without case (stored lower-case); other eventIDs (v3 allows any text) as they are. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const eventIdKey = (id: string) => (UUID.test(id) ? id.toLowerCase() : id)

/** What both shapes say, in one form. */
interface Fields {
  eventID: string
  eventType: EventType
  eventClassifierCode: TrackingEvent['eventClassifierCode']
  eventDateTime: string
  eventCreatedDateTime: string
  code: string | undefined
  /** A DCSA shipment event's document (documentTypeCode); undefined in this API's own form. */
  document: string | undefined
  eventPlace: string | undefined
  callPlace: string | undefined
  vesselName?: string | undefined
  vesselIMONumber?: string | undefined
  exportVoyage?: string | undefined
  importVoyage?: string | undefined
  flight?: string | undefined
  equipmentReference?: string | undefined
  /** The container of the references (type EQ): an EQUIPMENT event's when it has no equipmentReference. */
  eqReference?: string | undefined
  emptyIndicatorCode?: 'LADEN' | 'EMPTY' | undefined
  reason?: string | undefined
  /** Document references (type, value), the shipment event's own document first. */
  documents: { type: string; value: string }[]
  /** Where to point when something is missing. */
  paths: { code: string[]; place: string[]; placeHint: string; documents: string[]; documentsHint: string }
}

function fromFlat(e: FlatEvent): Fields {
  const codeField = codeFields[e.eventType]
  const call = e.transportCall
  const eventPlace = e.eventLocation?.UNLocationCode ?? e.eventLocation?.IATACode
  const eq = e.references?.find((r) => r.referenceType.toUpperCase() === 'EQ')?.referenceValue
  return {
    eventID: e.eventID.toLowerCase(),
    eventType: e.eventType,
    eventClassifierCode: e.eventClassifierCode,
    eventDateTime: e.eventDateTime,
    eventCreatedDateTime: e.eventCreatedDateTime,
    code: e[codeField] ?? e.eventTypeCode?.toUpperCase(),
    document: e.eventType === 'SHIPMENT' ? e.documentTypeCode : undefined,
    eventPlace,
    callPlace: call?.location?.UNLocationCode ?? call?.UNLocationCode,
    vesselName: call?.vessel?.vesselName,
    vesselIMONumber: call?.vessel?.vesselIMONumber,
    exportVoyage: call?.exportVoyageNumber ?? call?.carrierVoyageNumber,
    importVoyage: call?.importVoyageNumber,
    flight: call?.flightNumber,
    equipmentReference: e.equipmentReference,
    eqReference: eq,
    emptyIndicatorCode: e.emptyIndicatorCode,
    reason: e.reason || undefined,
    documents: [
      ...(e.documentTypeCode && e.documentID ? [{ type: e.documentTypeCode, value: e.documentID }] : []),
      ...(e.documentReferences ?? []).map((r) => ({
        type: r.documentReferenceType,
        value: r.documentReferenceValue,
      })),
    ],
    paths: {
      code: [codeField],
      place: e.eventType === 'TRANSPORT' ? ['transportCall'] : ['eventLocation'],
      placeHint:
        e.eventType === 'TRANSPORT'
          ? 'transportCall.location.UNLocationCode or transportCall.UNLocationCode (or eventLocation, IATACode for air)'
          : 'eventLocation.UNLocationCode (IATACode for air), or a transportCall with its UNLocationCode',
      documents: ['documentReferences'],
      documentsHint: 'documentReferences',
    },
  }
}

function fromV3(meta: V3Event['metadata'], p: NonNullable<V3Event['payload']>): Fields {
  const codeField = codeFields[meta.eventType]
  const call = p.transportCall
  const vessel = call?.vessel ?? call?.barge
  const eq = p.references?.find((r) => r.type.toUpperCase() === 'EQ')?.value
  return {
    eventID: eventIdKey(meta.eventID),
    eventType: meta.eventType,
    eventClassifierCode: p.eventClassifierCode,
    eventDateTime: p.eventDateTime,
    eventCreatedDateTime: meta.eventCreatedDateTime,
    code: p[codeField],
    document: meta.eventType === 'SHIPMENT' ? p.documentTypeCode : undefined,
    eventPlace: p.eventLocation?.UNLocationCode,
    callPlace: call?.location?.UNLocationCode,
    vesselName: vessel?.name,
    vesselIMONumber: vessel?.vesselIMONumber,
    exportVoyage: call?.carrierExportVoyageNumber ?? call?.universalExportVoyageReference,
    importVoyage: call?.carrierImportVoyageNumber ?? call?.universalImportVoyageReference,
    equipmentReference: p.equipmentReference,
    eqReference: eq,
    emptyIndicatorCode: p.emptyIndicatorCode,
    reason: p.reason || undefined,
    documents: [
      ...(p.documentTypeCode && p.documentReference
        ? [{ type: p.documentTypeCode, value: p.documentReference }]
        : []),
      ...(p.relatedDocumentReferences ?? []),
    ],
    paths: {
      code: ['payload', codeField],
      place:
        meta.eventType === 'TRANSPORT'
          ? ['payload', 'transportCall', 'location']
          : ['payload', 'eventLocation'],
      placeHint:
        meta.eventType === 'TRANSPORT'
          ? 'transportCall.location.UNLocationCode'
          : 'eventLocation.UNLocationCode, or a transportCall with location.UNLocationCode',
      documents: ['payload', 'relatedDocumentReferences'],
      documentsHint: 'relatedDocumentReferences (or documentTypeCode and documentReference)',
    },
  }
}

/**
 * What the tracking keeps of an event with this code: its code, or why nothing. A DCSA shipment event
 * (with its documentTypeCode) is about a document: only a booking's confirmation, hold, release and
 * cancellation, and a document issued or rejected, mean something here (RECE of a document is not this
 * API's RECE, cargo received).
 */
function keptCode(f: Fields, code: string): { code: string } | { why: string } {
  const notKept = (what: string, because: string) => ({ why: `${what} is not kept: ${because}.` })
  if (f.eventType === 'TRANSPORT') return { code }
  if (f.eventType === 'EQUIPMENT') {
    return (equipmentEventCodes as readonly string[]).includes(code)
      ? { code }
      : notKept(`EQUIPMENT ${code}`, 'the tracking has no milestone or record for it')
  }
  if (f.document === undefined) {
    return (shipmentEventCodes as readonly string[]).includes(code)
      ? { code }
      : notKept(`SHIPMENT ${code}`, 'the tracking has no milestone or record for it')
  }
  const what = `SHIPMENT ${code} of a ${f.document} document`
  if (f.eventClassifierCode !== 'ACT') return notKept(what, 'only actual (ACT) shipment events are')
  if (code === 'ISSU' || code === 'REJE') return { code }
  if (bookingDocuments.includes(f.document) && ['CONF', 'HOLD', 'RELS', 'CANC'].includes(code))
    return { code }
  return notKept(
    what,
    "the tracking keeps a booking's confirmation, hold, release and cancellation, and documents issued or rejected",
  )
}

/** The event in the internal shape, or the issues that make it invalid. */
function interpret(f: Fields): PostedEvent | Issue[] {
  const issues: Issue[] = []
  const codeField = f.paths.code.at(-1) as string
  if (!f.code) {
    return [{ path: f.paths.code, message: `A ${f.eventType} event needs its ${codeField}.` }]
  }
  const allowed =
    f.eventType === 'TRANSPORT'
      ? transportEventCodes
      : f.eventType === 'EQUIPMENT'
        ? dcsaEquipmentCodes
        : f.paths.code[0] === 'payload'
          ? dcsaShipmentCodes
          : flatShipmentCodes
  // eventTypeCode (deprecated) is checked here; the type's own field by its schema.
  if (!(allowed as readonly string[]).includes(f.code)) {
    return [{ path: f.paths.code, message: oneOf(codeField, allowed) }]
  }
  if (f.eventType === 'SHIPMENT' && f.eventClassifierCode !== 'ACT' && f.document === undefined) {
    issues.push({
      path: [...f.paths.code.slice(0, -1), 'eventClassifierCode'],
      message: 'Shipment events are always ACT.',
    })
  }
  if (issues.length > 0) return issues
  const kept = keptCode(f, f.code)
  if ('why' in kept) return { kind: 'ignored', eventID: f.eventID, why: kept.why }

  const location = f.eventType === 'TRANSPORT' ? (f.callPlace ?? f.eventPlace) : (f.eventPlace ?? f.callPlace)
  if (!location && f.eventType !== 'SHIPMENT') {
    issues.push({
      path: f.paths.place,
      message: `A ${f.eventType} event needs its place: ${f.paths.placeHint}.`,
    })
  }
  const bkg = f.documents.find((d) => d.type === 'BKG')?.value.toUpperCase()
  const trd = f.documents.find((d) => d.type === 'TRD')?.value.toUpperCase()
  if (!bkg && !trd) {
    issues.push({
      path: f.paths.documents,
      message: `Name the booking (BKG) or HBL (TRD) in ${f.paths.documentsHint}.`,
    })
  }
  let reason = f.reason
  if (f.eventType === 'SHIPMENT' && (kept.code === 'HOLD' || kept.code === 'CANC') && !reason) {
    // This API's own form has always asked for the reason; DCSA makes it optional.
    if (f.document === undefined) {
      issues.push({
        path: [...f.paths.code.slice(0, -1), 'reason'],
        message: 'A hold or cancellation needs its reason.',
      })
    } else reason = 'No reason was given.'
  }
  if (issues.length > 0) return issues

  const voyage =
    kept.code === 'ARRI' ? (f.importVoyage ?? f.exportVoyage) : (f.exportVoyage ?? f.importVoyage)
  const code = kept.code as never
  return {
    kind: 'event',
    eventID: f.eventID,
    eventType: f.eventType,
    eventClassifierCode: f.eventClassifierCode,
    eventDateTime: new Date(f.eventDateTime).toISOString(),
    eventCreatedDateTime: new Date(f.eventCreatedDateTime).toISOString(),
    shipmentEventTypeCode: f.eventType === 'SHIPMENT' ? code : undefined,
    transportEventTypeCode: f.eventType === 'TRANSPORT' ? code : undefined,
    equipmentEventTypeCode: f.eventType === 'EQUIPMENT' ? code : undefined,
    location,
    vesselName: f.vesselName,
    vesselIMONumber: f.vesselIMONumber,
    voyage,
    flight: f.flight,
    equipmentReference: f.equipmentReference ?? (f.eventType === 'EQUIPMENT' ? f.eqReference : undefined),
    emptyIndicatorCode: f.emptyIndicatorCode,
    reason,
    bookingNumber: bkg,
    hbl: trd,
  }
}

function interpretV3(e: V3Event): PostedEvent | Issue[] {
  const { metadata, payload } = e
  if (metadata.retractedEventID) {
    if (payload)
      return [{ path: ['payload'], message: 'A retraction (metadata.retractedEventID) has no payload.' }]
    return {
      kind: 'retraction',
      eventID: eventIdKey(metadata.eventID),
      retractedEventID: eventIdKey(metadata.retractedEventID),
    }
  }
  if (!payload)
    return [{ path: ['payload'], message: 'An event needs its payload (or metadata.retractedEventID).' }]
  if (payload.eventType && payload.eventType !== metadata.eventType) {
    return [
      {
        path: ['payload', 'eventType'],
        message: `payload.eventType must be metadata.eventType (${metadata.eventType}).`,
      },
    ]
  }
  if (metadata.eventType === 'SHIPMENT' && !payload.documentTypeCode) {
    // T&T 3.0 requires it: a shipment event is about a document.
    return [
      { path: ['payload', 'documentTypeCode'], message: 'A SHIPMENT event needs its documentTypeCode.' },
    ]
  }
  return interpret(fromV3(metadata, payload))
}

const isV3 = (value: unknown) => typeof value === 'object' && value !== null && 'metadata' in value

/** One posted event, in either shape, made into a PostedEvent (a field error per problem otherwise). */
export const postedEventSchema = z
  .unknown()
  .transform((value, ctx): PostedEvent => {
    const parsed = isV3(value) ? v3EventSchema.safeParse(value) : flatEventSchema.safeParse(value)
    const result = !parsed.success
      ? parsed.error.issues.map((i) => ({ path: i.path as (string | number)[], message: i.message }))
      : isV3(value)
        ? interpretV3(parsed.data as V3Event)
        : interpret(fromFlat(parsed.data as FlatEvent))
    if (!Array.isArray(result)) return result
    for (const issue of result) ctx.addIssue({ code: 'custom', ...issue })
    return z.NEVER
  })
  .openapi({
    oneOf: [{ $ref: '#/components/schemas/DcsaEventV3' }, { $ref: '#/components/schemas/DcsaEventV2' }],
  } as never)

export const postEventsSchema = z.object({
  events: z
    .array(postedEventSchema)
    .min(1, 'Send at least one event.')
    .max(1000, 'At most 1,000 events a batch.'),
})

/** Events in either shape, for callers inside the server (the demo data): throws on an invalid one. */
export function parsePostedEvents(events: unknown[]): PostedEvent[] {
  return postEventsSchema.parse({ events }).events
}
