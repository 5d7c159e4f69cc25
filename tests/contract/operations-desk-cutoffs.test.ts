/**
 * The operations desk's order (contract/operations-desk-cutoffs.ts, re-exported by contract/operations-desk.ts):
 * a booking's nearest cut-off, planned until confirmed; the flag it earns; the queue's order.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { BookingStatus } from '../../contract/bookings'
import {
  type CutoffSource,
  compareQueueOrder,
  cutoffUrgency,
  nearestCutoff,
  type OpsCutoff,
  type QueueOrderKey,
  queueOrderKey,
} from '../../contract/operations-desk'

const SGT = 'Asia/Singapore'
const KOLKATA = 'Asia/Kolkata'

const source = (over: Partial<CutoffSource> = {}): CutoffSource => ({
  status: 'Booking Received',
  heldFrom: null,
  cutoffs: { cargo: null, documents: null, vgm: null },
  plannedSailing: { cargoCutoff: '2026-12-03', docCutoff: '2026-12-02' },
  ...over,
})

describe('a booking’s nearest cut-off', () => {
  it('is the planned sailing’s earlier day until operations confirm, held or not', () => {
    expect(nearestCutoff(source(), SGT)).toEqual({ kind: 'documents', at: '2026-12-02', planned: true })
    const held = source({ status: 'On Hold', heldFrom: 'Booking Received' })
    expect(nearestCutoff(held, SGT)).toEqual({ kind: 'documents', at: '2026-12-02', planned: true })
    // The same day: the cargo's first.
    const same = source({ plannedSailing: { cargoCutoff: '2026-12-02', docCutoff: '2026-12-02' } })
    expect(nearestCutoff(same, SGT)?.kind).toBe('cargo')
    expect(nearestCutoff(source({ plannedSailing: null }), SGT)).toBeNull()
  })

  it('is the earliest the carrier gave once confirmed, never the planned one', () => {
    const confirmed = source({
      status: 'Confirmed',
      cutoffs: {
        cargo: '2026-12-05T09:00:00.000Z',
        documents: '2026-12-04T09:00:00.000Z',
        vgm: '2026-12-04T08:00:00.000Z',
      },
    })
    expect(nearestCutoff(confirmed, SGT)).toEqual({
      kind: 'vgm',
      at: '2026-12-04T08:00:00.000Z',
      planned: false,
    })
    expect(nearestCutoff(source({ status: 'Confirmed' }), SGT)).toBeNull()
  })

  it('drops the cargo cut-off once the cargo is received, and every cut-off once it departs', () => {
    const cutoffs = { cargo: '2026-12-01T09:00:00.000Z', documents: '2026-12-02T09:00:00.000Z', vgm: null }
    expect(nearestCutoff(source({ status: 'Cargo Received', cutoffs }), SGT)?.kind).toBe('documents')
    const heldReceived = source({ status: 'On Hold', heldFrom: 'Cargo Received', cutoffs })
    expect(nearestCutoff(heldReceived, SGT)?.kind).toBe('documents')
    for (const status of ['Departed', 'Arrived', 'Delivered', 'Cancelled'] as BookingStatus[])
      expect(nearestCutoff(source({ status, cutoffs }), SGT), status).toBeNull()
  })
})

describe('the flag a cut-off earns', () => {
  const planned = (at: string): OpsCutoff => ({ kind: 'cargo', at, planned: true })
  const confirmed = (at: string): OpsCutoff => ({ kind: 'cargo', at, planned: false })
  // 1 Dec 2026, 22:00 in Singapore.
  const now = new Date('2026-12-01T14:00:00.000Z')

  it('by the origin’s calendar: passed, today, tomorrow, or none when later', () => {
    expect(cutoffUrgency(planned('2026-11-30'), SGT, now)).toBe('passed')
    expect(cutoffUrgency(planned('2026-12-01'), SGT, now)).toBe('today')
    expect(cutoffUrgency(planned('2026-12-02'), SGT, now)).toBe('tomorrow')
    expect(cutoffUrgency(planned('2026-12-03'), SGT, now)).toBeNull()
    expect(cutoffUrgency(null, SGT, now)).toBeNull()
  })

  it('a confirmed instant is passed the moment it goes, today and tomorrow at the origin', () => {
    expect(cutoffUrgency(confirmed('2026-12-01T13:59:00.000Z'), SGT, now)).toBe('passed')
    expect(cutoffUrgency(confirmed('2026-12-01T15:30:00.000Z'), SGT, now)).toBe('today')
    // 2 Dec 08:00 in Singapore.
    expect(cutoffUrgency(confirmed('2026-12-02T00:00:00.000Z'), SGT, now)).toBe('tomorrow')
    // At Nhava Sheva it is 1 Dec 19:30: 2 Dec 05:29 there is tomorrow; in Singapore the same instant is today.
    expect(cutoffUrgency(confirmed('2026-12-01T23:59:00.000Z'), KOLKATA, now)).toBe('tomorrow')
    expect(cutoffUrgency(confirmed('2026-12-01T15:59:00.000Z'), SGT, now)).toBe('today')
  })
})

describe('the queue’s order', () => {
  const item = (number: string, since: string, at: string | null, planned = true) => ({
    number,
    since,
    cutoff: at ? { kind: 'cargo' as const, at, planned } : null,
  })

  it('puts the nearest cut-off first, whatever the age, and bookings without one last, oldest first', () => {
    const old = item('ESB-2026000001', '2026-11-20T00:00:00.000Z', '2026-12-09')
    const tomorrow = item('ESB-2026000002', '2026-11-30T00:00:00.000Z', '2026-12-02')
    const none = item('ESB-2026000003', '2026-11-10T00:00:00.000Z', null)
    const noneYounger = item('ESB-2026000004', '2026-11-11T00:00:00.000Z', null)
    const keys = [none, old, noneYounger, tomorrow].map((one) => queueOrderKey(one, SGT))
    expect(keys.sort(compareQueueOrder).map((k) => k.number)).toEqual([
      'ESB-2026000002',
      'ESB-2026000001',
      'ESB-2026000003',
      'ESB-2026000004',
    ])
  })

  it('sorts a planned day at its start at the origin, beside confirmed instants', () => {
    // 2 Dec 00:00 in Singapore is 1 Dec 16:00Z: before a cut-off at 1 Dec 17:00Z, after one at 15:00Z.
    const day = queueOrderKey(item('ESB-2026000010', '2026-11-01T00:00:00.000Z', '2026-12-02'), SGT)
    const after = queueOrderKey(
      item('ESB-2026000011', '2026-11-01T00:00:00.000Z', '2026-12-01T17:00:00.000Z', false),
      SGT,
    )
    const before = queueOrderKey(
      item('ESB-2026000012', '2026-11-01T00:00:00.000Z', '2026-12-01T15:00:00.000Z', false),
      SGT,
    )
    expect([after, day, before].sort(compareQueueOrder).map((k) => k.number)).toEqual([
      'ESB-2026000012',
      'ESB-2026000010',
      'ESB-2026000011',
    ])
  })

  const keyArb: fc.Arbitrary<QueueOrderKey> = fc.record({
    cutoffAt: fc.option(fc.integer({ min: 0, max: 1_000 }), { nil: null }),
    since: fc
      .integer({ min: 0, max: 1_000 })
      .map((ms) => new Date(1_800_000_000_000 + ms * 60_000).toISOString()),
    number: fc.integer({ min: 1, max: 50 }).map((n) => `ESB-2026${String(n).padStart(6, '0')}`),
  })

  it('is a total order: antisymmetric, transitive, and equal only for the same key', () => {
    fc.assert(
      fc.property(keyArb, keyArb, keyArb, (a, b, c) => {
        expect(Math.sign(compareQueueOrder(a, b))).toBe(-Math.sign(compareQueueOrder(b, a)) || 0)
        if (compareQueueOrder(a, b) <= 0 && compareQueueOrder(b, c) <= 0)
          expect(compareQueueOrder(a, c)).toBeLessThanOrEqual(0)
        if (compareQueueOrder(a, b) === 0) expect(a).toEqual(b)
      }),
    )
  })

  it('never puts a booking with a cut-off after one without, nor a later cut-off before an earlier one', () => {
    fc.assert(
      fc.property(fc.array(keyArb, { maxLength: 30 }), (keys) => {
        const sorted = [...keys].sort(compareQueueOrder)
        for (let i = 1; i < sorted.length; i += 1) {
          const [prev, next] = [sorted[i - 1] as QueueOrderKey, sorted[i] as QueueOrderKey]
          if (prev.cutoffAt === null) expect(next.cutoffAt).toBeNull()
          else if (next.cutoffAt !== null) expect(prev.cutoffAt).toBeLessThanOrEqual(next.cutoffAt)
        }
      }),
    )
  })
})
