import type { BookingStatus, DocumentFile, DocumentItem } from '../../contract/bookings'
import type { DocumentRequestInput, ReviewInput, UploadableKind } from '../../contract/documents'
import {
  type DeskConfirmInput,
  type DeskMilestoneInput,
  type OpsBookingDetail,
  type OpsQueueResponse,
  opsDeskPaths,
} from '../../contract/operations-desk'
import type { Mode } from '../../contract/pricing/types'
import type { Place } from '../../contract/wire'
import type { ApiClient } from './client'
import { searchPlaces } from './quotes'

/** The operations desk's calls (the staff console, issue 23), one per operation of the OpenAPI document. */

const post = <T>(api: ApiClient, path: string, body: object) => api<T>(path, { method: 'POST', body })

/** A reason the customer reads (hold, cancel, retract). */
type Reason = { reason: string }

/** The answer of hold, release and cancel: the booking's status and reason now. */
export interface OpsStatusAnswer {
  status: BookingStatus
  statusReason: string | null
}

/** listOpsBookings: a page of a queue, oldest first, with every queue's count (the query as opsQueueQuery writes it). */
export const listOpsBookings = (api: ApiClient, query: Record<string, string>) =>
  api<OpsQueueResponse>(opsDeskPaths.queue, { query })

/** getOpsBooking: 404 when there is no such booking. */
export const getOpsBooking = (api: ApiClient, number: string) =>
  api<OpsBookingDetail>(opsDeskPaths.booking(number))

/** confirmOpsBooking: issues the HBL; 409 when the booking chart refuses, 422 under the form's fields. */
export const confirmOpsBooking = (api: ApiClient, number: string, body: DeskConfirmInput) =>
  post<{ bookingNumber: string; hbl: string; status: 'Confirmed' }>(api, opsDeskPaths.confirm(number), body)

/** postOpsMilestone: a repeated eventID is stored once (`skipped: 1`). */
export const postOpsMilestone = (api: ApiClient, number: string, body: DeskMilestoneInput) =>
  post<{ applied: number; skipped: number }>(api, opsDeskPaths.events(number), body)

/** retractOpsEvent: the event leaves the customer's timeline; the reason stays in the audit trail. */
export const retractOpsEvent = (api: ApiClient, number: string, eventId: string, body: Reason) =>
  post<{ retracted: string }>(api, opsDeskPaths.retract(number, eventId), body)

export const holdOpsBooking = (api: ApiClient, number: string, body: Reason) =>
  post<OpsStatusAnswer>(api, opsDeskPaths.hold(number), body)

export const releaseOpsBooking = (api: ApiClient, number: string) =>
  post<OpsStatusAnswer>(api, opsDeskPaths.release(number), {})

export const cancelOpsBooking = (api: ApiClient, number: string, body: Reason) =>
  post<OpsStatusAnswer>(api, opsDeskPaths.cancel(number), body)

/** previewOpsDocument: the file itself (it needs the staff token, so it is fetched, then shown from a blob). */
export const previewOpsDocument = (api: ApiClient, number: string, fileId: string) =>
  api<Blob>(opsDeskPaths.document(number, fileId), { responseType: 'blob' } as never)

/** reviewOpsDocument: Accepted, or Rejected with the reason the customer reads. */
export const reviewOpsDocument = (api: ApiClient, number: string, fileId: string, body: ReviewInput) =>
  post<{ document: DocumentFile; bookingNumber: string; kind: string }>(
    api,
    opsDeskPaths.review(number, fileId),
    body,
  )

/** requestOpsDocument: asks the customer for a document by a date, with a note. */
export const requestOpsDocument = (
  api: ApiClient,
  number: string,
  kind: UploadableKind,
  body: DocumentRequestInput,
) => post<{ documents: DocumentItem[] }>(api, opsDeskPaths.requestDocument(number, kind), body)

/** The staff console's place search: the customer's type-ahead on the staff endpoint. */
const staffLocationsPath = '/api/staff/locations'

/** searchStaffLocations: ports or airports by code, name, city or country ("Instant rates" means nothing here). */
export const searchStaffLocations = async (api: ApiClient, q: string, mode: Mode): Promise<Place[]> =>
  (await searchPlaces(api, q, mode, staffLocationsPath)).map(({ instant: _instant, ...place }) => place)
