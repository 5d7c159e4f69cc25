import { afterAll, describe, expect, it } from 'vitest'
import { type BookingStatus, bookingStatuses } from '../../contract/bookings'
import { creditHoldMessages } from '../../contract/finance/credit'
import {
  bookingEventTypes,
  bookingMachine,
  bookingProgress,
  canCustomerCancel,
  isFinalStatus,
  liveStatuses,
  nextBookingStatus,
} from '../../machines/booking.machine'
import { controllablePromises, describePath, newCoverage, pathsOf, replay, uncovered } from './model'
import { bookingStates } from './states/booking'

const events = [
  { type: 'ops.hold', reason: 'Awaiting payment' },
  { type: 'ops.cancel', reason: 'Shipper withdrew' },
  { type: 'credit.hold', reason: creditHoldMessages.limit },
]

/** Every stored position: each status, and On Hold with each live status it can be held from. */
const positions: { status: BookingStatus; heldFrom: string | null }[] = bookingStatuses.flatMap((status) =>
  status === 'On Hold'
    ? liveStatuses.map((held) => ({ status: status as BookingStatus, heldFrom: held as string | null }))
    : [{ status: status as BookingStatus, heldFrom: null as string | null }],
)

describe('booking chart, model-based', () => {
  const coverage = newCoverage()
  const paths = pathsOf(bookingMachine, { events })
  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_title, path) => {
    const { pending } = controllablePromises([])
    await replay(path, { machine: bookingMachine, pending, coverage, states: bookingStates })
  })
  it('has a path to every status', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)))
    for (const { status, heldFrom } of positions) {
      expect(reached).toContain(JSON.stringify(status === 'On Hold' ? { 'On Hold': heldFrom } : status))
    }
  })
  afterAll(() => {
    expect(uncovered(bookingMachine, coverage)).toEqual({ states: [], transitions: [], checks: [] })
  })
})

describe('nextBookingStatus', () => {
  it('answers exactly what the chart does for every stored status, credit hold and event', () => {
    let refused = 0
    for (const { status, heldFrom } of positions) {
      for (const creditHold of [null, creditHoldMessages.overdue]) {
        const value = status === 'On Hold' ? { 'On Hold': heldFrom } : status
        const snapshot = bookingMachine.resolveState({ value: value as never, context: { creditHold } })
        for (const type of bookingEventTypes) {
          const event = { type, reason: 'r' } as never
          const next = nextBookingStatus(status, heldFrom, event, creditHold)
          const title = `${status}/${heldFrom}/${creditHold ? 'credit held' : 'clear'} ${type}`
          if (!snapshot.can(event)) {
            expect(next, title).toBeNull()
            refused += 1
          } else {
            expect(next, title).not.toBeNull()
          }
        }
      }
    }
    // Most pairs are refused: a booking moves one step at a time.
    expect(refused).toBeGreaterThan(100)
  })

  it('refuses confirmation while the booking waits for credit, and finance releases it where it stands', () => {
    const reason = creditHoldMessages.limit
    expect(nextBookingStatus('Booking Received', null, { type: 'credit.hold', reason })).toEqual({
      status: 'Booking Received',
      heldFrom: null,
    })
    expect(nextBookingStatus('Booking Received', null, 'ops.confirm', reason)).toBeNull()
    expect(nextBookingStatus('Booking Received', null, { type: 'credit.hold', reason }, reason)).toBeNull()
    expect(nextBookingStatus('Booking Received', null, { type: 'credit.hold', reason: ' ' })).toBeNull()
    expect(nextBookingStatus('Booking Received', null, 'finance.release', reason)).toEqual({
      status: 'Booking Received',
      heldFrom: null,
    })
    expect(nextBookingStatus('Booking Received', null, 'finance.release')).toBeNull()
    expect(nextBookingStatus('Confirmed', null, { type: 'credit.hold', reason })).toBeNull()
    // Held by operations too: finance's release leaves the operations hold, and the customer may still cancel.
    expect(nextBookingStatus('On Hold', 'Booking Received', 'finance.release', reason)).toEqual({
      status: 'On Hold',
      heldFrom: 'Booking Received',
    })
    expect(nextBookingStatus('On Hold', 'Booking Received', 'ops.release', reason)?.status).toBe(
      'Booking Received',
    )
    expect(nextBookingStatus('Booking Received', null, 'customer.cancel', reason)?.status).toBe('Cancelled')
    expect(nextBookingStatus('Cancelled', null, 'finance.release', reason)).toBeNull()
  })

  it('moves a booking forward one step at a time', () => {
    expect(nextBookingStatus('Booking Received', null, 'ops.confirm')).toEqual({
      status: 'Confirmed',
      heldFrom: null,
    })
    expect(nextBookingStatus('Confirmed', null, 'cargo.received')?.status).toBe('Cargo Received')
    expect(nextBookingStatus('Cargo Received', null, 'vessel.departed')?.status).toBe('Departed')
    expect(nextBookingStatus('Departed', null, 'vessel.arrived')?.status).toBe('Arrived')
    expect(nextBookingStatus('Arrived', null, 'cargo.delivered')?.status).toBe('Delivered')
    expect(nextBookingStatus('Booking Received', null, 'vessel.departed')).toBeNull()
    expect(nextBookingStatus('Confirmed', null, 'ops.confirm')).toBeNull()
  })

  it('holds from any live status and releases back to it', () => {
    for (const status of liveStatuses) {
      const held = nextBookingStatus(status, null, { type: 'ops.hold', reason: 'Customs check' })
      expect(held).toEqual({ status: 'On Hold', heldFrom: status })
      expect(nextBookingStatus('On Hold', status, 'ops.release')).toEqual({ status, heldFrom: null })
      expect(nextBookingStatus('On Hold', status, { type: 'ops.hold', reason: 'again' })).toBeNull()
    }
  })

  it('lets the customer cancel only while Booking Received, operations until departure', () => {
    expect(bookingStatuses.filter((s) => canCustomerCancel(s))).toEqual(['Booking Received'])
    expect(canCustomerCancel('On Hold', 'Booking Received')).toBe(false)
    expect(nextBookingStatus('Cargo Received', null, 'ops.cancel')?.status).toBe('Cancelled')
    expect(nextBookingStatus('On Hold', 'Confirmed', 'ops.cancel')?.status).toBe('Cancelled')
    expect(nextBookingStatus('Departed', null, 'ops.cancel')).toBeNull()
    expect(nextBookingStatus('On Hold', 'Departed', 'ops.cancel')).toBeNull()
  })

  it('keeps Delivered and Cancelled final', () => {
    for (const status of ['Delivered', 'Cancelled'] as const) {
      expect(isFinalStatus(status)).toBe(true)
      for (const type of bookingEventTypes) expect(nextBookingStatus(status, null, type)).toBeNull()
    }
    expect(bookingStatuses.filter(isFinalStatus)).toEqual(['Delivered', 'Cancelled'])
  })
})

describe('bookingProgress', () => {
  it('marks the steps before the status done and a held booking at the step it was held from', () => {
    expect(bookingProgress('Departed').map((s) => s.state)).toEqual([
      'done',
      'done',
      'done',
      'current',
      'todo',
      'todo',
    ])
    expect(bookingProgress('On Hold', 'Confirmed').map((s) => s.state)).toEqual([
      'done',
      'current',
      'todo',
      'todo',
      'todo',
      'todo',
    ])
    expect(bookingProgress('Delivered').every((s) => s.state === 'done')).toBe(true)
    expect(bookingProgress('Cancelled').every((s) => s.state === 'todo')).toBe(true)
  })
})
