/**
 * The wording every screen and document of a booking shares (issue 34): counts, the notify party, the ETD
 * and ETA marked planned until operations confirm.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bookingTimeText } from '../../contract/bookings'
import { NO_NOTIFY_PARTY, notifyPartyText, partyLines } from '../../contract/parties'
import { countText } from '../../contract/text'
import { detail, innsa, sgsin } from '../fixtures/bookings'

describe('countText', () => {
  it('is singular for one and plural for any other count', () => {
    expect(countText(1, 'day')).toBe('1 day')
    expect(countText(0, 'day')).toBe('0 days')
    expect(countText(2, 'company', 'companies')).toBe('2 companies')
    expect(countText(1, 'company', 'companies')).toBe('1 company')
    expect(countText(12_500, 'booking')).toBe('12,500 bookings')
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (n) => {
        expect(countText(n, 'day').endsWith(n === 1 ? ' day' : ' days')).toBe(true)
        expect(countText(n, 'day')).not.toMatch(/^1 days$/)
      }),
    )
  })
})

describe('notifyPartyText', () => {
  it('is the party’s lines, or “Same as consignee” when none was given', () => {
    expect(notifyPartyText(null)).toBe(NO_NOTIFY_PARTY)
    expect(notifyPartyText(undefined)).toBe('Same as consignee')
    const party = { name: 'Harbour Notify Ltd', address: '1 Harbour Front Avenue' }
    expect(notifyPartyText(party)).toBe('Harbour Notify Ltd\n1 Harbour Front Avenue')
    expect(notifyPartyText({ ...party, contact: 'Ann, +65 6000 0000' })).toBe(
      'Harbour Notify Ltd\n1 Harbour Front Avenue\nAnn, +65 6000 0000',
    )
    expect(partyLines({ ...party, contact: null })).toEqual([party.name, party.address])
  })
})

describe('bookingTimeText', () => {
  const planned = { ...detail, etd: '2026-12-01', eta: '2026-12-12', plannedTimes: true }
  it('marks the planned sailing’s days until operations confirm, at the origin and destination', () => {
    expect(bookingTimeText(planned, 'etd', { named: true })).toBe('1 Dec 2026 at Singapore (planned)')
    expect(bookingTimeText(planned, 'eta', { named: false })).toBe('12 Dec 2026 (planned)')
    expect(bookingTimeText(planned, 'etd', { now: new Date('2026-11-28T15:00:00Z') })).toBe(
      '1 Dec at Singapore (planned)',
    )
  })
  it('gives confirmed times there, unmarked; nothing when not known', () => {
    expect(bookingTimeText(detail, 'etd', { named: false })).toBe('20 Nov 2026, 18:00 (GMT+8)')
    expect(bookingTimeText(detail, 'eta', { named: true })).toBe(
      `29 Nov 2026, 09:30 at ${innsa.name} (GMT+5:30)`,
    )
    expect(bookingTimeText({ ...detail, etd: null }, 'etd')).toBeNull()
    expect(sgsin.time_zone).toBe('Asia/Singapore')
  })
})
