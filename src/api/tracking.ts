import type { TrackingView } from '../../contract/bookings'
import type { ApiClient } from './client'

/** trackShipment: 404 `trackingMessages.notFound` (also another company's HBL), 422 for a malformed number. */
export const trackShipment = (api: ApiClient, hbl: string) =>
  api<TrackingView>(`/api/tracking/${encodeURIComponent(hbl)}`)
