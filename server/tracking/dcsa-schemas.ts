/**
 * The zod schemas of the two DCSA Track & Trace event shapes `postTrackingEvents` takes (the flat shape of
 * T&T 2.2/2.3, which is also this API's own form, and T&T 3.0's metadata and payload), with the event codes
 * each accepts. What an event means for the tracking is dcsa-input.ts; docs/dcsa.md has the mapping.
 */
import { z } from '@hono/zod-openapi'
import { eventClassifiers, shipmentEventCodes, transportEventCodes } from '../../contract/bookings'
import { isStorableText, textMessages } from '../../contract/text'

// ── The codes ──────────────────────────────────────────────────────────────────────────────────────────────

const eventTypes = ['SHIPMENT', 'TRANSPORT', 'EQUIPMENT'] as const
export type EventType = (typeof eventTypes)[number]
export const codeFields = {
  SHIPMENT: 'shipmentEventTypeCode',
  TRANSPORT: 'transportEventTypeCode',
  EQUIPMENT: 'equipmentEventTypeCode',
} as const

/** shipmentEventTypeCode of T&T 2.2, 2.3 and 3.0. */
export const dcsaShipmentCodes = [
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
export const dcsaEquipmentCodes = [
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
export const flatShipmentCodes = [...new Set([...dcsaShipmentCodes, ...shipmentEventCodes])] as [
  string,
  ...string[],
]

export const oneOf = (field: string, codes: readonly string[]) =>
  `${field} must be one of ${codes.join(', ')}.`
const codeEnum = (field: string, codes: readonly string[]) =>
  z.enum(codes as [string, ...string[]], { message: oneOf(field, codes) })

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
