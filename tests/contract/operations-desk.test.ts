/**
 * The operations desk's contract (contract/operations-desk.ts) and the wall-clock times it reads in a place's
 * zone (contract/times.ts zonedInstant): what the console's forms and the server's edge both check.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  confirmMessages,
  containerCheckDigit,
  containerMessages,
  containerNumberSchema,
  deskConfirmSchema,
  deskMilestoneSchema,
  holdSchema,
  opsQueueQuerySchema,
} from '../../contract/operations-desk'
import { localDateTimeIn, placeTime, zonedInstant } from '../../contract/times'

const messagesOf = (result: {
  success: boolean
  error?: { issues: { path: PropertyKey[]; message: string }[] }
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.map(String).join('.'), i.message]))

describe('container numbers (ISO 6346)', () => {
  it('take published numbers with their check digits', () => {
    // The standard's own example (BIC), and the one the form's message shows.
    for (const number of ['CSQU3054383', 'MSCU1234566']) {
      expect(containerNumberSchema.safeParse(number).success, number).toBe(true)
    }
    expect(containerCheckDigit('CSQU305438')).toBe(3)
  })

  it('read a number as written: spaces, dashes and lower case', () => {
    expect(containerNumberSchema.parse('csqu 305438-3')).toBe('CSQU3054383')
  })

  it('refuse a wrong check digit, naming the right one', () => {
    const result = containerNumberSchema.safeParse('CSQU3054384')
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe(containerMessages.checkDigit('CSQU3054384', 3))
  })

  it('refuse what is not a container number', () => {
    for (const text of ['CSQ3054383', 'CSQX3054383', 'CSQU305438', '1234CSQU567']) {
      expect(containerNumberSchema.safeParse(text).error?.issues[0]?.message, text).toBe(
        containerMessages.format,
      )
    }
  })

  it('a changed digit of a valid number fails its check digit (property)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z]{3}[UJZ]\d{6}$/),
        fc.integer({ min: 4, max: 9 }),
        fc.integer({ min: 1, max: 9 }),
        (first10, at, delta) => {
          const digit = containerCheckDigit(first10) as number
          const changed = `${first10.slice(0, at)}${(Number(first10[at]) + delta) % 10}${first10.slice(at + 1)}`
          expect(containerNumberSchema.safeParse(`${first10}${digit}`).success).toBe(true)
          // A single changed digit is always caught when the check digit is not the ambiguous 10 (written 0).
          const sum10 = containerCheckDigit(changed)
          if (sum10 !== digit)
            expect(containerNumberSchema.safeParse(`${changed}${digit}`).success).toBe(false)
        },
      ),
    )
  })
})

const confirm = {
  carrier: 'Maersk',
  carrierBookingRef: 'maeu240011',
  vesselName: 'MAERSK SELETAR',
  voyage: '245W',
  etd: '2026-11-20T18:00',
  eta: '2026-12-01T09:00',
  containers: [],
}

describe('the desk’s confirm form', () => {
  it('takes a sailing, upper-casing the reference', () => {
    const parsed = deskConfirmSchema.parse(confirm)
    expect(parsed.carrierBookingRef).toBe('MAEU240011')
  })

  it('refuses a cut-off not before the ETD, a repeated container and no vessel or flight; leaves the ETA to the zones', () => {
    const result = deskConfirmSchema.safeParse({
      ...confirm,
      vesselName: undefined,
      eta: '2026-11-20T18:00',
      cargoCutoff: '2026-11-21T12:00',
      containers: ['CSQU3054383', 'csqu3054383'],
    })
    // An ETA earlier on the clock than the ETD may still be later: a flight east across the date line lands
    // before the local time it left. The server compares the instants in the places' zones.
    expect(messagesOf(result)).toEqual({
      cargoCutoff: confirmMessages.cutoffBeforeEtd,
      'containers.1': containerMessages.duplicate,
      vesselName: confirmMessages.vesselOrFlight,
    })
  })

  it('refuses a bad carrier reference, IMO number and local time', () => {
    const result = deskConfirmSchema.safeParse({
      ...confirm,
      carrierBookingRef: 'x',
      vesselIMONumber: '12345',
      etd: '2026-11-20 18:00',
    })
    expect(Object.keys(messagesOf(result)).sort()).toEqual(['carrierBookingRef', 'etd', 'vesselIMONumber'])
  })
})

describe('the desk’s milestone form', () => {
  const milestone = {
    eventID: '0b5c1f4e-5c8e-4c3a-9d27-0f3f5c1a2b3c',
    eventType: 'TRANSPORT',
    code: 'depa',
    classifier: 'ACT',
    location: 'sgsin',
    localTime: '2026-11-20T18:00',
  } as const

  it('takes a code of its event type, upper-cased', () => {
    expect(deskMilestoneSchema.parse(milestone)).toMatchObject({ code: 'DEPA', location: 'SGSIN' })
  })

  it('refuses a code of another type, and the chart’s own events (HOLD, CONF)', () => {
    expect(messagesOf(deskMilestoneSchema.safeParse({ ...milestone, code: 'GTIN' }))).toEqual({
      code: 'Not a transport event code.',
    })
    expect(
      messagesOf(deskMilestoneSchema.safeParse({ ...milestone, eventType: 'SHIPMENT', code: 'HOLD' })),
    ).toEqual({ code: 'Not a shipment event code.' })
  })

  it('needs a uuid eventID and a place code', () => {
    const result = deskMilestoneSchema.safeParse({ ...milestone, eventID: 'one', location: 'Singapore' })
    expect(Object.keys(messagesOf(result)).sort()).toEqual(['eventID', 'location'])
  })
})

describe('the queue’s query and the reasons', () => {
  it('defaults to the received queue, 50 a page, and refuses an unknown queue or a bad date', () => {
    expect(opsQueueQuerySchema.parse({})).toMatchObject({ queue: 'received', limit: 50 })
    const result = opsQueueQuerySchema.safeParse({ queue: 'late', etdFrom: '3 Dec', limit: '500' })
    expect(Object.keys(messagesOf(result)).sort()).toEqual(['etdFrom', 'limit', 'queue'])
  })

  it('a hold needs a reason the customer can read', () => {
    expect(messagesOf(holdSchema.safeParse({ reason: ' ' }))).toEqual({
      reason: 'Give the reason (the customer reads it).',
    })
  })
})

describe('zonedInstant: a wall-clock time at a place as an instant', () => {
  it('reads a time at Nhava Sheva (GMT+5:30) and Singapore', () => {
    expect(zonedInstant('2026-12-03T14:00', 'Asia/Kolkata')).toBe('2026-12-03T08:30:00.000Z')
    expect(zonedInstant('2026-12-03T14:00', 'Asia/Singapore')).toBe('2026-12-03T06:00:00.000Z')
  })

  it('reads a place without a zone, or one Intl does not know, as UTC', () => {
    expect(zonedInstant('2026-12-03T14:00', null)).toBe('2026-12-03T14:00:00.000Z')
    expect(zonedInstant('2026-12-03T14:00', 'Mars/Olympus')).toBe('2026-12-03T14:00:00.000Z')
  })

  it('follows daylight saving: summer and winter at Rotterdam', () => {
    expect(zonedInstant('2026-07-01T12:00', 'Europe/Amsterdam')).toBe('2026-07-01T10:00:00.000Z')
    expect(zonedInstant('2026-01-15T12:00', 'Europe/Amsterdam')).toBe('2026-01-15T11:00:00.000Z')
  })

  it('takes the first of a time that happens twice (clocks back), and moves a skipped one on (clocks forward)', () => {
    // New York, 1 Nov 2026: 01:30 happens at 05:30Z (EDT) and again at 06:30Z (EST).
    expect(zonedInstant('2026-11-01T01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z')
    // 8 Mar 2026: 02:30 never happens; read with the offset before (EST), it is 03:30 EDT.
    expect(zonedInstant('2026-03-08T02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z')
    expect(localDateTimeIn('2026-03-08T07:30:00.000Z', 'America/New_York')).toBe('2026-03-08T03:30')
    // Sydney goes forward on 4 Oct 2026 and back on 5 Apr 2026.
    expect(zonedInstant('2026-10-04T02:30', 'Australia/Sydney')).toBe('2026-10-03T16:30:00.000Z')
    expect(zonedInstant('2026-04-05T02:30', 'Australia/Sydney')).toBe('2026-04-04T15:30:00.000Z')
  })

  it('refuses text that is no local time', () => {
    expect(() => zonedInstant('2026-02-30T10:00', 'Asia/Kolkata')).toThrow(RangeError)
    expect(() => zonedInstant('2026-12-03 14:00', 'Asia/Kolkata')).toThrow(RangeError)
  })

  const zones = [
    'Asia/Singapore',
    'Asia/Kolkata',
    'Asia/Kathmandu',
    'Europe/Amsterdam',
    'America/New_York',
    'America/Los_Angeles',
    'Australia/Sydney',
    'Australia/Lord_Howe',
    'Pacific/Chatham',
    'America/St_Johns',
    'UTC',
  ]
  const minute = 60_000
  const instants = fc
    .integer({ min: Date.UTC(2000, 0, 1) / minute, max: Date.UTC(2040, 0, 1) / minute })
    .map((m) => new Date(m * minute))

  it('round-trips with the place’s own reading of an instant (property)', () => {
    fc.assert(
      fc.property(instants, fc.constantFrom(...zones), (at, zone) => {
        const local = localDateTimeIn(at, zone)
        const back = zonedInstant(local, zone)
        // Read back as the same wall-clock time, and shown at the place as the same day and time.
        expect(localDateTimeIn(back, zone)).toBe(local)
        const shown = (iso: string | Date) => placeTime(iso, { name: 'Port', time_zone: zone }).split(' (')[0]
        expect(shown(back)).toBe(shown(at))
        // The same instant, or (a time the clocks went back over) the earlier of the two.
        expect(Date.parse(back) <= at.getTime()).toBe(true)
        if (Date.parse(back) !== at.getTime())
          expect(at.getTime() - Date.parse(back)).toBeLessThanOrEqual(3_600_000)
      }),
      { numRuns: 2000 },
    )
  })

  it('gives a wall-clock time that reads back as itself, unless the clocks skipped it (property)', () => {
    fc.assert(
      fc.property(instants, fc.constantFrom(...zones), (at, zone) => {
        // Any wall-clock time (read from UTC, so also the skipped ones).
        const local = at.toISOString().slice(0, 16)
        const back = localDateTimeIn(zonedInstant(local, zone), zone)
        if (back !== local) {
          // Skipped: moved on by the change (at most an hour; Lord Howe's half hour).
          expect(Date.parse(`${back}Z`) - Date.parse(`${local}Z`)).toBeGreaterThan(0)
          expect(Date.parse(`${back}Z`) - Date.parse(`${local}Z`)).toBeLessThanOrEqual(3_600_000)
        }
      }),
      { numRuns: 2000 },
    )
  })
})
