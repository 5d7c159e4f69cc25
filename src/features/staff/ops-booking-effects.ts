import { fromPromise } from 'xstate'
import { opsBookingMachine } from '../../../machines/ops-booking.machine'
import type { ApiClient } from '../../api/client'
import {
  cancelOpsBooking,
  confirmOpsBooking,
  getOpsBooking,
  holdOpsBooking,
  postOpsMilestone,
  previewOpsDocument,
  releaseOpsBooking,
  requestOpsDocument,
  retractOpsEvent,
  reviewOpsDocument,
  searchStaffLocations,
} from '../../api/operations-desk'

/** The operations booking chart with its effects: the desk's calls (src/api/operations-desk.ts) and blob URLs. */
export const opsBookingWith = (api: ApiClient) =>
  opsBookingMachine.provide({
    actors: {
      loadBooking: fromPromise(({ input }) => getOpsBooking(api, input.number)),
      confirmBooking: fromPromise(({ input }) => confirmOpsBooking(api, input.number, input.body)),
      postMilestone: fromPromise(({ input }) => postOpsMilestone(api, input.number, input.body)),
      act: fromPromise(({ input }) => {
        // The chart gives the reason of the actions that take one.
        const reason = { reason: input.reason ?? '' }
        const target = input.target ?? ''
        switch (input.action) {
          case 'hold':
            return holdOpsBooking(api, input.number, reason)
          case 'release':
            return releaseOpsBooking(api, input.number)
          case 'cancel':
            return cancelOpsBooking(api, input.number, reason)
          case 'retract':
            return retractOpsEvent(api, input.number, target, reason)
          case 'accept':
            return reviewOpsDocument(api, input.number, target, { status: 'Accepted' })
          case 'reject':
            return reviewOpsDocument(api, input.number, target, { status: 'Rejected', ...reason })
        }
      }),
      requestDocument: fromPromise(({ input }) =>
        requestOpsDocument(api, input.number, input.kind, input.body),
      ),
      // The file needs the staff token: fetched, then shown from a blob URL.
      loadPreview: fromPromise(async ({ input }) => {
        const blob = await previewOpsDocument(api, input.number, input.fileId)
        return { url: URL.createObjectURL(blob), contentType: blob.type }
      }),
      searchPlaces: fromPromise(({ input }) => searchStaffLocations(api, input.q, input.mode)),
    },
    actions: {
      revokeUrl: (_, url) => {
        if (url) URL.revokeObjectURL(url)
      },
    },
  })
