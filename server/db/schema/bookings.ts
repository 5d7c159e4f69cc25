import type { ColumnType, Generated } from 'kysely'
import type { RouteLeg } from '../../../contract/bookings'
import type { QuotePrice } from '../../../contract/pricing/types'
import type { CreatedAt, DateColumn, Json, MaybeTimestamp, Timestamp } from './columns'

/** Bookings, their tracking events and documents, and the company's address book. */

export interface BookingsTable {
  id: Generated<number>
  number: string
  customer_id: number
  user_id: number
  quote_id: number
  option_id: number
  mode: 'FCL' | 'LCL' | 'AIR'
  status: string
  details: Json<Record<string, unknown>>
  price: Json<QuotePrice>
  total_usd: number
  created_at: Timestamp
  hbl: ColumnType<string | null, string | null | undefined, string | null>
  carrier: ColumnType<string, string | undefined, string>
  origin: ColumnType<string, string | undefined, string>
  destination: ColumnType<string, string | undefined, string>
  legs: ColumnType<RouteLeg[], string | undefined, string>
  etd: MaybeTimestamp
  eta: MaybeTimestamp
  original_eta: MaybeTimestamp
  notified_eta: MaybeTimestamp
  status_reason: ColumnType<string | null, string | null | undefined, string | null>
  held_from: ColumnType<string | null, string | null | undefined, string | null>
  /** Credit control (migration 0029): why the booking waits for finance's release; null when it does not. */
  credit_hold: ColumnType<string | null, string | null | undefined, string | null>
  credit_held_at: MaybeTimestamp
  credit_released_at: MaybeTimestamp
  credit_released_by: ColumnType<number | null, number | null | undefined, number | null>
  confirmed_at: MaybeTimestamp
  updated_at: MaybeTimestamp
  /** The operations desk (migration 0023): the carrier's booking reference, container numbers, cut-offs. */
  carrier_booking_ref: ColumnType<string | null, string | null | undefined, string | null>
  containers: ColumnType<string[], string[] | undefined, string[]>
  cargo_cutoff: MaybeTimestamp
  documents_cutoff: MaybeTimestamp
  vgm_cutoff: MaybeTimestamp
  /** When an event moved the ETA away from original_eta (null while it is back at it): the ETA queue. */
  eta_moved_at: MaybeTimestamp
  /** When the booking was put on hold (null when not held): the hold queue. */
  held_at: MaybeTimestamp
  /** Its oldest upload not reviewed yet, and how many (kept by a trigger of booking_documents): the documents queue. */
  documents_pending_since: MaybeTimestamp
  documents_to_review: ColumnType<number, number | undefined, number>
  /** The currency of its charges (migration 0028), set when its quoted lines become charges at confirmation. */
  currency: ColumnType<'SGD' | 'USD' | null, 'SGD' | 'USD' | null | undefined, 'SGD' | 'USD' | null>
}

/** A DCSA Track & Trace event of a booking (contract/bookings.ts TrackingEvent, in columns). */
export interface TrackingEventsTable {
  id: Generated<number>
  event_id: string
  booking_id: number
  event_type: 'SHIPMENT' | 'TRANSPORT' | 'EQUIPMENT'
  classifier: 'PLN' | 'EST' | 'ACT'
  code: string
  event_date_time: Timestamp
  event_created_date_time: Timestamp
  location: string
  vessel_name: string | null
  vessel_imo: string | null
  voyage: string | null
  flight: string | null
  equipment_reference: string | null
  empty_indicator: string | null
  reason: string | null
  received_at: Timestamp
  /** Who posted it (migration 0023): `staff:<name>`, `key:<name>`, `ops-key`, or null for the server itself. */
  posted_by: ColumnType<string | null, string | null | undefined, string | null>
}

/** A file a customer uploaded to a booking's document checklist; its bytes are in storage under `storage_key`. */
export interface BookingDocumentsTable {
  /** A uuid: the file's id in URLs. */
  id: string
  booking_id: number
  customer_id: number
  kind:
    | 'commercial_invoice'
    | 'packing_list'
    | 'safety_data_sheet'
    | 'dg_declaration'
    | 'certificate_of_origin'
  /** The name as given, cleaned for display (contract/documents.ts displayFileName); never a path. */
  name: string
  size: number
  /** As sniffed from the content, not as the browser said. */
  content_type: string
  /** A random uuid, never derived from the name. */
  storage_key: string
  status: ColumnType<'Uploaded' | 'Accepted' | 'Rejected', 'Uploaded' | 'Accepted' | 'Rejected' | undefined>
  reason: ColumnType<string | null, string | null | undefined, string | null>
  uploaded_by: number
  uploaded_at: Timestamp
  reviewed_at: MaybeTimestamp
}

/** The default document storage: each file's bytes in numbered chunks. */
export interface DocumentBlobsTable {
  key: string
  chunk_no: number
  data: Uint8Array
}

/** The company's address book (migration 0016, server/parties/): a party it reuses on bookings. */
export interface PartiesTable {
  id: Generated<number>
  customer_id: number
  name: string
  address: string
  contact: string | null
  /** Name and address normalised (contract/parties.ts partyKey): unique per company. */
  match_key: string
  as_shipper: ColumnType<boolean, boolean | undefined, boolean>
  as_consignee: ColumnType<boolean, boolean | undefined, boolean>
  as_notify: ColumnType<boolean, boolean | undefined, boolean>
  used_at: MaybeTimestamp
  created_at: CreatedAt
  updated_at: CreatedAt
}

/** A document the operations team asked for (migration 0017): one per booking and kind, the newest kept. */
export interface DocumentRequestsTable {
  booking_id: number
  kind: BookingDocumentsTable['kind']
  /** YYYY-MM-DD (Singapore): the item is due on it, overdue after it. */
  due_date: DateColumn
  note: string | null
  requested_at: CreatedAt
}
