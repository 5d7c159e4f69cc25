/**
 * One source for each fact on every screen (issue 34): for the same booking, My Bookings' list, the booking's
 * page and confirmation page (both drawn from GET /api/bookings/{number}), its confirmation PDF and HBL
 * tracking say the same ETD and ETA (marked planned until operations confirm), the same notify party, never
 * a vessel for a leg called unassigned, and no planned minute nobody planned.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type BookingDetail,
  type BookingSummary,
  bookingTimeText,
  type TrackingView,
} from '../../contract/bookings'
import { legCarriage } from '../../contract/milestones'
import { notifyPartyText } from '../../contract/parties'
import { isDay } from '../../contract/times'
import { type Auth, type BookingServer, dcsa, setupBookingServer } from './booking-helpers'
import { pdfText } from './pdf-text'

let s: BookingServer
let alice: Auth

beforeAll(async () => {
  s = await setupBookingServer()
  alice = await s.login()
}, 90_000)

afterAll(async () => {
  await s?.database.close()
})

/** The booking as each answer has it: its row in the list, its detail, its PDF's text. */
async function answers(number: string) {
  const list = (await (await s.call(alice, '/api/bookings')).json()) as { bookings: BookingSummary[] }
  const row = list.bookings.find((b) => b.number === number) as BookingSummary
  const detail = (await (await s.call(alice, `/api/bookings/${number}`)).json()) as BookingDetail
  const pdf = await s.call(alice, `/api/bookings/${number}/confirmation.pdf`)
  expect(pdf.status).toBe(200)
  return { row, detail, pdf: pdfText(new Uint8Array(await pdf.arrayBuffer())) }
}

async function track(hbl: string) {
  return (await (await s.call(alice, `/api/tracking/${hbl}`)).json()) as TrackingView
}

describe('before operations confirm', () => {
  it('the list, the page, the confirmation and its PDF give the planned sailing’s ETD and ETA, marked planned', async () => {
    const number = await s.book(alice)
    const { row, detail, pdf } = await answers(number)
    const sailing = detail.plannedSailing
    expect(sailing, 'the seed sheets publish a schedule').not.toBeNull()
    for (const answer of [row, detail]) {
      expect(answer).toMatchObject({ etd: sailing?.etd, eta: sailing?.eta, plannedTimes: true })
    }
    // The words every screen and the PDF use, from either answer.
    const etd = bookingTimeText(detail, 'etd', { named: true }) as string
    const eta = bookingTimeText(detail, 'eta', { named: true }) as string
    expect(etd).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4} at Singapore \(planned\)$/)
    expect(bookingTimeText(row, 'etd', { named: true })).toBe(etd)
    expect(bookingTimeText(row, 'eta', { named: true })).toBe(eta)
    expect(pdf).toContain(etd)
    expect(pdf).toContain(eta)
  })

  it('words a notify party left out the same on the page as in the PDF', async () => {
    const number = await s.book(alice)
    const { detail, pdf } = await answers(number)
    expect(detail.notifyParty).toBeNull()
    expect(notifyPartyText(detail.notifyParty)).toBe('Same as consignee')
    expect(pdf).toContain('Notify party')
    expect(pdf).toContain('Same as consignee')
    expect(pdf).not.toMatch(/^None$/m)
  })
})

describe('once operations confirm', () => {
  it('with no times given: days everywhere, never a minute nobody planned', async () => {
    const number = await s.book(alice)
    const before = (await answers(number)).detail
    const hbl = await s.confirm(number, { transshipment: 'LKCMB' })
    const { row, detail, pdf } = await answers(number)
    for (const answer of [row, detail]) {
      expect(answer).toMatchObject({
        etd: before.plannedSailing?.etd,
        eta: before.plannedSailing?.eta,
        plannedTimes: false,
      })
    }
    expect(pdf).toContain(bookingTimeText(detail, 'etd', { named: true }) as string)
    const view = await track(hbl)
    // The planned times are days; the transshipment port's are not made up.
    const times = [
      ...view.legs.flatMap((leg) => [leg.etd, leg.eta]),
      ...view.milestones.flatMap((m) => [m.planned, m.estimated]),
      view.eta.current,
    ].filter((t): t is string => t !== null)
    expect(times.length).toBeGreaterThan(0)
    for (const time of times) expect(isDay(time), time).toBe(true)
    expect(view.legs.map((leg) => [leg.from.code, leg.etd, leg.to.code, leg.eta])).toEqual([
      ['SGSIN', before.plannedSailing?.etd, 'LKCMB', null],
      ['LKCMB', null, 'INNSA', before.plannedSailing?.eta],
    ])
    expect(view.milestones.find((m) => m.key === 'transshipment')).toMatchObject({
      planned: null,
      estimated: null,
    })
    expect(view.eta.current).toBe(before.plannedSailing?.eta)
  })

  it('never names a vessel for a leg tracking calls unassigned', async () => {
    const number = await s.book(alice)
    const hbl = await s.confirm(number, {
      etd: '2025-06-20T10:00:00Z',
      eta: '2025-07-02T04:00:00Z',
      vesselName: 'MSC ANNA',
      voyage: '412W',
      transshipment: 'LKCMB',
    })
    // The first vessel's arrival at the transshipment port names it (as a carrier's feed does).
    const posted = await s.postEvents([
      dcsa({
        ref: hbl,
        code: 'ARRI',
        classifier: 'EST',
        at: '2025-06-26T02:00:00Z',
        location: 'LKCMB',
        vessel: 'MSC ANNA',
        voyage: '412W',
      }),
    ])
    expect(posted.status).toBe(200)
    const agree = (view: Pick<TrackingView, 'legs' | 'milestones' | 'status'>) => {
      const onward = view.legs[1]
      const transshipment = view.milestones.find((m) => m.key === 'transshipment')
      expect(transshipment?.vesselName).toBe(onward?.vesselName)
      expect(transshipment?.voyage).toBe(onward?.voyage)
      return onward ? legCarriage(onward, view.status) : null
    }
    const view = await track(hbl)
    expect(agree(view)).toBe('Vessel to be assigned')
    // The booking's page reads the same legs and milestones.
    agree((await answers(number)).detail)

    // Once the onward vessel is reported, the leg and its milestone name it alike.
    await s.postEvents([
      dcsa({
        ref: hbl,
        code: 'DEPA',
        classifier: 'EST',
        at: '2025-06-27T20:00:00Z',
        location: 'LKCMB',
        vessel: 'MAERSK KOWLOON',
        voyage: '77N',
      }),
    ])
    expect(agree(await track(hbl))).toBe('MAERSK KOWLOON, voyage 77N')
    // Times operations gave are shown to the minute.
    expect((await track(hbl)).legs[0]?.etd).toBe('2025-06-20T10:00:00.000Z')
  })
})
