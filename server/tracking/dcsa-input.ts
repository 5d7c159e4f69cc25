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
 * container for a scan, …) come out as `ignored` with the reason: accepted, not stored. The zod schemas of
 * the two shapes, and the codes each accepts, are dcsa-schemas.ts.
 */
import { z } from '@hono/zod-openapi'
import {
  equipmentEventCodes,
  shipmentEventCodes,
  type TrackingEvent,
  transportEventCodes,
} from '../../contract/bookings'
import {
  codeFields,
  dcsaEquipmentCodes,
  dcsaShipmentCodes,
  type EventType,
  flatEventSchema,
  flatShipmentCodes,
  oneOf,
  v3EventSchema,
} from './dcsa-schemas'

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

/** Document types whose shipment events are about the booking itself. */
const bookingDocuments = ['BKG', 'CBR']

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
