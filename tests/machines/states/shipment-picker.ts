import { expect } from 'vitest'
import type { BookingSummary } from '../../../contract/bookings'
import { messages } from '../../../contract/messages'
import { shipmentPickerMachine } from '../../../machines/shipment-picker.machine'
import { stateChecks } from '../model'

/** HBL Tracking opened without a number: the company's shipments with a house bill to pick from. */
export const shipmentPickerStates = stateChecks(shipmentPickerMachine, {
  // The company's bookings asked for; nothing listed yet.
  loading: ({ context, event, requests }) => {
    expect(Object.keys(requests)).toEqual(['listShipments'])
    expect(['xstate.init', 'user.retry']).toContain(event.type)
    expect(context.shipments).toEqual([])
  },
  // Only shipments with an HBL (issued at confirmation), newest first, the 12 newest, with the count of all.
  ready: ({ context, event }) => {
    expect(event.type).toBe('xstate.done.actor.listShipments')
    const trackable = (event.output as BookingSummary[]).filter((booking) => booking.hbl !== null)
    const newest = [...trackable].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, 12)
    expect(context.shipments).toEqual(newest)
    expect([context.total, context.message]).toEqual([trackable.length, null])
  },
  // The failure's message (the server's, else the generic one) with Try again; nothing stale listed.
  failed: ({ context, event, requests }) => {
    expect(event.type).toBe('xstate.error.actor.listShipments')
    const told = (event.error as { message?: string }).message
    expect(context.message).toBe(told?.trim() ? told : messages.generic)
    expect([context.shipments, requests]).toEqual([[], {}])
  },
})
