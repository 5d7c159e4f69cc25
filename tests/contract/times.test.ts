/**
 * The one convention of times (contract/times.ts, docs/customer-area.md "Times"): the account's actions in
 * Singapore time, port and airport events in the place's local time with its name and GMT offset, the year
 * only when it is not now's. The reader's zone must never leak in: this file runs in New York.
 */
const readersZone = process.env.TZ
process.env.TZ = 'America/New_York'

import fc from 'fast-check'
import { decodePDFRawStream, PDFDocument, PDFRawStream } from 'pdf-lib'
import { afterAll, describe, expect, it } from 'vitest'
import {
  accountTime,
  asPlannedDay,
  calendarDay,
  dayIn,
  isDay,
  offsetText,
  placeTime,
  plannedDayInstant,
  plannedInstant,
  type TimePlace,
} from '../../contract/times'
import { placeTime as mailTime } from '../../server/bookings/notifications'
import { houseBillPdf } from '../../server/documents/house-bill'

afterAll(() => {
  if (readersZone === undefined) delete process.env.TZ
  else process.env.TZ = readersZone
})

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

const places: TimePlace[] = [
  { name: 'Singapore', time_zone: 'Asia/Singapore' },
  { name: 'Nhava Sheva', time_zone: 'Asia/Kolkata' },
  { name: 'Jawaharlal Nehru (Nhava Sheva)', time_zone: 'Asia/Calcutta' }, // the alias the port list uses
  { name: 'Kathmandu', time_zone: 'Asia/Kathmandu' },
  { name: 'London Heathrow', time_zone: 'Europe/London' },
  { name: 'Los Angeles', time_zone: 'America/Los_Angeles' },
  { name: 'Somewhere', time_zone: null },
]

/** Instants from 1990 to 2100, to the millisecond (every zone above keeps whole-minute offsets then). */
const instants = fc
  .integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 0, 1) })
  .map((ms) => new Date(ms))
const nows = fc.option(instants, { nil: undefined })

/** The year an instant has in a zone (an oracle apart from contract/times.ts). */
const yearIn = (at: Date, timeZone: string) =>
  Number(new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(at))

/** Intl's own offset of a zone at an instant, in minutes ("GMT+05:30" → 330): the oracle of the offset. */
function intlOffset(at: Date, timeZone: string): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value as string
  const match = /GMT(?:([+-])(\d\d):(\d\d))?/.exec(name)
  if (!match?.[1]) return 0
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]))
}

/** "GMT+5:30" → 330, "GMT" → 0, "UTC" → 0. */
function offsetOf(label: string): number {
  const match = /^(?:UTC|GMT)(?:([+-])(\d{1,2})(?::(\d\d))?)?$/.exec(label)
  if (!match) throw new Error(`not an offset: ${label}`)
  if (!match[1]) return 0
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0))
}

const TIME = /^(\d{1,2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)(?: (\d{4}))?, (\d\d):(\d\d)/

/** The instant a printed time names (to the minute): its local time minus its offset. */
function instantOf(text: string, offsetMinutes: number, yearWhenLeftOut: number): number {
  const match = TIME.exec(text)
  if (!match) throw new Error(`not a time: ${text}`)
  const year = match[3] ? Number(match[3]) : yearWhenLeftOut
  const local = Date.UTC(
    year,
    MONTHS.indexOf(match[2] as string),
    Number(match[1]),
    Number(match[4]),
    Number(match[5]),
  )
  return local - offsetMinutes * 60_000
}

const toMinute = (at: Date) => Math.floor(at.getTime() / 60_000) * 60_000

describe('the reader’s zone', () => {
  it('is New York here, and changes nothing below', () => {
    expect(new Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('America/New_York')
    expect(new Date('2026-07-01T12:00:00Z').getTimezoneOffset()).toBe(240)
  })
})

describe('a time at a place', () => {
  it('prints the local hour and minute and the offset of that instant there, and the place’s name', () => {
    fc.assert(
      fc.property(instants, fc.constantFrom(...places), nows, (at, place, now) => {
        const text = placeTime(at, place, { now })
        const match = / at (.+) \(([^()]+)\)$/.exec(text)
        expect(match?.[1]).toBe(place.name)
        const label = match?.[2] as string
        const zone = place.time_zone ?? 'UTC'
        if (place.time_zone === null) expect(label).toBe('UTC')
        else expect(offsetOf(label)).toBe(intlOffset(at, zone))
        // Local time minus the printed offset is the instant again.
        expect(instantOf(text, offsetOf(label), now ? yearIn(now, zone) : Number.NaN)).toBe(toMinute(at))
      }),
      { numRuns: 2000 },
    )
  })

  it('leaves the year out exactly when it is now’s year at that place', () => {
    fc.assert(
      fc.property(instants, fc.constantFrom(...places), instants, (at, place, now) => {
        const zone = place.time_zone ?? 'UTC'
        const text = placeTime(at, place, { now })
        const printedYear = TIME.exec(text)?.[3]
        if (yearIn(at, zone) === yearIn(now, zone)) expect(printedYear).toBeUndefined()
        else expect(printedYear).toBe(String(yearIn(at, zone)))
        // Without a `now` (mails, documents) the year is always there.
        expect(TIME.exec(placeTime(at, place))?.[3]).toBe(String(yearIn(at, zone)))
      }),
      { numRuns: 1000 },
    )
  })

  it('reads as the issue writes it', () => {
    const nhavaSheva = { name: 'Nhava Sheva', time_zone: 'Asia/Kolkata' }
    const at = '2026-11-23T09:00:00Z'
    expect(placeTime(at, nhavaSheva, { now: new Date('2026-01-01T00:00:00Z') })).toBe(
      '23 Nov, 14:30 at Nhava Sheva (GMT+5:30)',
    )
    expect(placeTime(at, nhavaSheva, { now: new Date('2027-03-01T00:00:00Z') })).toBe(
      '23 Nov 2026, 14:30 at Nhava Sheva (GMT+5:30)',
    )
    expect(placeTime(at, nhavaSheva, { now: new Date('2026-01-01T00:00:00Z'), named: false })).toBe(
      '23 Nov, 14:30 (GMT+5:30)',
    )
    expect(placeTime(at, { name: 'Kathmandu', time_zone: 'Asia/Kathmandu' })).toBe(
      '23 Nov 2026, 14:45 at Kathmandu (GMT+5:45)',
    )
    expect(placeTime(at, { name: 'Singapore', time_zone: 'Asia/Singapore' })).toBe(
      '23 Nov 2026, 17:00 at Singapore (GMT+8)',
    )
    expect(placeTime(at, { name: 'Somewhere', time_zone: null })).toBe(
      '23 Nov 2026, 09:00 at Somewhere (UTC)',
    )
    expect(placeTime(at, { name: 'Somewhere', time_zone: 'Not/AZone' })).toBe(
      '23 Nov 2026, 09:00 at Somewhere (UTC)',
    )
    expect(placeTime('not a time', nhavaSheva)).toBe('not a time')
  })

  it('follows daylight saving in London and Los Angeles', () => {
    const london = { name: 'London Heathrow', time_zone: 'Europe/London' }
    const la = { name: 'Los Angeles', time_zone: 'America/Los_Angeles' }
    // London springs forward at 01:00 UTC on 29 March 2026.
    expect(placeTime('2026-03-29T00:59:00Z', london)).toBe('29 Mar 2026, 00:59 at London Heathrow (GMT)')
    expect(placeTime('2026-03-29T01:00:00Z', london)).toBe('29 Mar 2026, 02:00 at London Heathrow (GMT+1)')
    expect(placeTime('2026-12-03T04:00:00Z', la)).toBe('2 Dec 2026, 20:00 at Los Angeles (GMT-8)')
    expect(placeTime('2026-07-03T04:00:00Z', la)).toBe('2 Jul 2026, 21:00 at Los Angeles (GMT-7)')
    // The year is the place's: New Year's Eve in Los Angeles is already next year in UTC.
    expect(placeTime('2027-01-01T05:00:00Z', la, { now: new Date('2026-06-01T00:00:00Z') })).toBe(
      '31 Dec, 21:00 at Los Angeles (GMT-8)',
    )
  })

  it('writes offsets as GMT±H[:MM]', () => {
    expect([480, 330, 345, 0, 60, -480, -210].map(offsetText)).toEqual([
      'GMT+8',
      'GMT+5:30',
      'GMT+5:45',
      'GMT',
      'GMT+1',
      'GMT-8',
      'GMT-3:30',
    ])
  })
})

describe('an action of the account', () => {
  it('is Singapore time, with its offset written as every place’s is, whatever the reader’s zone', () => {
    fc.assert(
      fc.property(instants, nows, (at, now) => {
        const text = accountTime(at, now)
        expect(text).toMatch(/ \(GMT\+8\)$/)
        const singaporeYear = (d: Date) => yearIn(d, 'Asia/Singapore')
        expect(instantOf(text, 480, now ? singaporeYear(now) : Number.NaN)).toBe(toMinute(at))
        expect(TIME.exec(text)?.[3] === undefined).toBe(
          now !== undefined && singaporeYear(now) === singaporeYear(at),
        )
        // One way to write the zone: the same as a time at the port of Singapore.
        expect(text).toBe(
          placeTime(at, { name: 'Singapore', time_zone: 'Asia/Singapore' }, { now, named: false }),
        )
      }),
      { numRuns: 1000 },
    )
    expect(accountTime('2026-11-25T06:30:00Z')).toBe('25 Nov 2026, 14:30 (GMT+8)')
    expect(accountTime('2026-11-25T06:30:00Z', new Date('2026-02-01T00:00:00Z'))).toBe(
      '25 Nov, 14:30 (GMT+8)',
    )
    // 31 Dec 20:00 UTC is already New Year's Day in Singapore.
    expect(accountTime('2026-12-31T20:00:00Z', new Date('2026-06-01T00:00:00Z'))).toBe(
      '1 Jan 2027, 04:00 (GMT+8)',
    )
  })
})

describe('a day planned without a time', () => {
  const singapore = { name: 'Singapore', time_zone: 'Asia/Singapore' }
  it('is written as the day, never with a time of day', () => {
    expect(isDay('2026-12-01')).toBe(true)
    expect(isDay('2026-12-01T12:00:00.000Z')).toBe(false)
    expect(placeTime('2026-12-01', singapore)).toBe('1 Dec 2026 at Singapore')
    expect(placeTime('2026-12-01', singapore, { now: new Date('2026-06-01T00:00:00Z') })).toBe(
      '1 Dec at Singapore',
    )
    expect(placeTime('2026-12-01', singapore, { named: false })).toBe('1 Dec 2026')
    expect(dayIn('2026-12-01', 'America/Los_Angeles')).toBe('1 Dec 2026')
  })
  it('is read back from the instant it is stored as, and only from that one', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40_000 }),
        fc.integer({ min: -86_400_000, max: 86_400_000 }),
        (n, shift) => {
          const day = new Date(Date.UTC(2000, 0, 1) + n * 86_400_000).toISOString().slice(0, 10)
          const stored = plannedDayInstant(day)
          expect(asPlannedDay(stored, day)).toBe(day)
          expect(plannedInstant(day).toISOString()).toBe(stored)
          const other = new Date(Date.parse(stored) + shift).toISOString()
          expect(asPlannedDay(other, day)).toBe(shift === 0 ? day : other)
          // A time given to the minute stays one.
          expect(asPlannedDay(other, other)).toBe(other)
          expect(asPlannedDay(null, day)).toBeNull()
        },
      ),
    )
  })
})

describe('days', () => {
  it('writes a calendar date as it is, and an instant’s day in a zone', () => {
    expect(calendarDay('2026-11-17')).toBe('17 Nov 2026')
    expect(calendarDay('2026-09-05')).toBe('5 Sep 2026')
    expect(calendarDay('soon')).toBe('soon')
    expect(dayIn('2026-11-05T03:00:00Z', 'America/Los_Angeles')).toBe('4 Nov 2026')
    expect(dayIn('2026-11-05T03:00:00Z', 'Asia/Singapore')).toBe('5 Nov 2026')
    expect(dayIn('2026-11-04T23:00:00Z', null)).toBe('4 Nov 2026')
  })
})

/** The lines a PDF's pages draw (pdf-lib writes each drawText as one hex string). */
async function drawnText(bytes: Uint8Array): Promise<string> {
  const pdf = await PDFDocument.load(bytes)
  const texts: string[] = []
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue
    const content = Buffer.from(decodePDFRawStream(object).decode()).toString('latin1')
    for (const [, hex] of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) {
      texts.push(Buffer.from(hex ?? '', 'hex').toString('latin1'))
    }
  }
  return texts.join(' ')
}

describe('mails and the house bill follow the same convention', () => {
  const losAngeles = {
    code: 'USLAX',
    name: 'Los Angeles',
    country_code: 'US',
    time_zone: 'America/Los_Angeles',
  }
  const singapore = { code: 'SGSIN', name: 'Singapore', country_code: 'SG', time_zone: 'Asia/Singapore' }

  it('a mail names the place and its offset, always with the year', () => {
    expect(mailTime(new Date('2026-12-03T04:00:00Z'), losAngeles)).toBe(
      '2 Dec 2026, 20:00 at Los Angeles (GMT-8)',
    )
    expect(mailTime('2026-11-23T09:00:00Z', { ...singapore, time_zone: null })).toBe(
      '23 Nov 2026, 09:00 at Singapore (UTC)',
    )
    expect(mailTime(null, singapore)).toBeNull()
  })

  it('the house bill dates the departure at its port and the issue in Singapore', async () => {
    const text = await drawnText(
      await houseBillPdf({
        mode: 'FCL',
        hbl: 'ESHBL2026000001',
        bookingNumber: 'ESB-2026000001',
        shipper: { name: 'Pacific Exports', address: 'Long Beach' },
        consignee: { name: 'Lion City Imports', address: '10 Anson Road' },
        notifyParty: null,
        origin: { code: 'USLAX', name: 'Los Angeles' },
        destination: { code: 'SGSIN', name: 'Singapore' },
        legs: [{ mode: 'SEA', from: losAngeles, to: singapore, etd: null, eta: null }],
        carrier: 'ONE',
        cargoDescription: 'Machine parts',
        cargoSummary: '1 x 40HC',
        hazardous: null,
        // 19:00 on 4 Nov in Los Angeles, already 5 Nov in Singapore.
        etd: new Date('2026-11-05T03:00:00Z'),
        // 23:30 on 1 Dec in New York (this process's zone), 2 Dec in Singapore.
        issuedAt: new Date('2026-12-01T16:30:00Z'),
      }),
    )
    expect(text).toContain('Date of departure: 4 Nov 2026')
    expect(text).toContain('Singapore, 2 Dec 2026')
  })
})
