/**
 * After Confirm: the booking keeps the sailing its option planned (ETD, ETA, cut-offs, free days), its
 * documents are due from that ETD at once, operations confirm it on that sailing unless they say otherwise,
 * and the booking confirmation PDF says all of it; another company's booking answers 404.
 */
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operationsStep } from '../../contract/booking-confirmation'
import { type BookingDetail, bookingMessages } from '../../contract/bookings'
import { addDays } from '../../contract/dates'
import { moneyText } from '../../contract/pricing/money'
import { plannedSailingFor, plannedSailingOf } from '../../contract/pricing/planned-sailing'
import { sailingFor } from '../../contract/pricing/schedule'
import type { PricedLine } from '../../contract/pricing/types'
import { bookingConfirmationData } from '../../server/bookings/confirmation-data'
import { bookingConfirmationOf } from '../../server/bookings/confirmation-pdf'
import { sailingPlanAt } from '../../server/bookings/sailing-plan'
import { detail } from '../fixtures/bookings'
import { otherCompany } from '../fixtures/site'
import { type Auth, type BookingServer, setupBookingServer } from './booking-helpers'
import { pdfText } from './pdf-text'

const generatedAt = new Date('2026-11-10T03:00:00Z')
const appUrl = 'https://app.merlion-freight.test'

describe('bookingConfirmationData', () => {
  const data = bookingConfirmationData(detail, { site: otherCompany, appUrl, generatedAt })
  const section = (title: string) =>
    Object.fromEntries(
      (data.sections.find((s) => s.title === title)?.rows ?? []).map((r) => [r.label, r.text]),
    )

  it('is headed by the configured company, with the booking and quote numbers', () => {
    expect(data.brand).toBe('Merlion Freight')
    expect(data.author).toBe(otherCompany.legalName)
    expect(data.issuer.join('\n')).toContain(`UEN ${otherCompany.uen}`)
    expect(data.reference).toBe(`Booking ${detail.number}   Quote ${detail.quoteNumber}`)
    expect(section('Booking')).toMatchObject({ 'Booking number': detail.number, Quote: detail.quoteNumber })
  })

  it('shows the planned sailing with its cut-offs and free time, beside the confirmed departure', () => {
    expect(section('Planned sailing')).toMatchObject({
      'Cargo cut-off': '18 Nov 2026',
      'Documents cut-off': '17 Nov 2026',
      'Departure (planned)': '20 Nov 2026',
      'Arrival (planned)': '29 Nov 2026',
      'Free time': '14 free days at destination (demurrage and detention combined)',
      // Confirmed by operations: the times there, as every screen writes them, with the vessel.
      'Departure (ETD)': '20 Nov 2026, 18:00 at Singapore (GMT+8)',
      'Arrival (ETA)': '29 Nov 2026, 09:30 at Nhava Sheva (GMT+5:30)',
      'Vessel / voyage': 'MAERSK SELETAR / 245W',
    })
    // Until operations confirm: the planned sailing's days, marked planned, as on the screens.
    const unconfirmed = bookingConfirmationData(
      {
        ...detail,
        etd: '2026-11-20',
        eta: '2026-11-29',
        plannedTimes: true,
        hbl: null,
        status: 'Booking Received',
      },
      { site: otherCompany, appUrl, generatedAt },
    )
    const rows = unconfirmed.sections.find((s) => s.title === 'Planned sailing')?.rows ?? []
    expect(rows.map((r) => [r.label, r.text])).toEqual([
      ['Departure (ETD)', '20 Nov 2026 at Singapore (planned)'],
      ['Arrival (ETA)', '29 Nov 2026 at Nhava Sheva (planned)'],
      ['Cargo cut-off', '18 Nov 2026'],
      ['Documents cut-off', '17 Nov 2026'],
      ['Transit', '9 days'],
      ['Free time', '14 free days at destination (demurrage and detention combined)'],
    ])
  })

  it('words a missing notify party as the house bill does', () => {
    expect(section('Parties')['Notify party']).toBe('Same as consignee')
    const notify = { name: 'Harbour Notify Ltd', address: '1 Harbour Front Avenue', contact: '+65 6000 0000' }
    const named = bookingConfirmationData(
      { ...detail, notifyParty: notify },
      { site: otherCompany, appUrl, generatedAt },
    )
    expect(named.sections.find((s) => s.title === 'Parties')?.rows[2]).toEqual({
      label: 'Notify party',
      text: 'Harbour Notify Ltd\n1 Harbour Front Avenue\n+65 6000 0000',
    })
  })

  it('lists the confirmed charges through the one money formatter, and the total in USD and SGD', () => {
    expect(data.charges).toEqual([
      { name: 'Origin terminal handling', quantity: '1 × 40HC', amount: 'SGD 350.00', usd: 'USD 260.00' },
      { name: 'Ocean freight', quantity: '1 × 40HC', amount: 'USD 903.00', usd: 'USD 903.00' },
    ])
    expect(data.total).toBe(`${moneyText(116_300, 'USD')} (${moneyText(156_500, 'SGD')})`)
    expect(data.chargeNotes).toContain('Not included: Duties and taxes.')
  })

  it('lists the documents due with their dates, and what happens next with the operations promise', () => {
    expect(data.documents.map((d) => [d.name, d.need, d.due])).toEqual(
      detail.documents
        .filter((d) => d.kind !== 'hbl')
        .map((d) => [d.name, d.required ? 'Required' : 'Optional', expect.stringMatching(/\d{4}$|known$/)]),
    )
    const received = {
      ...detail,
      status: 'Booking Received' as const,
      hbl: null,
      etd: '2026-11-20',
      eta: '2026-11-29',
      plannedTimes: true,
    }
    const next = bookingConfirmationData(received, { site: otherCompany, appUrl, generatedAt }).nextSteps
    expect(next[0]).toBe(
      `Our operations team confirms the booking with ${detail.carrier} within two hours (every day, 7am–11pm UK time). ` +
        'We then issue the house bill of lading and mail it to you.',
    )
    expect(next[1]).toContain(`${appUrl}/user/bookings/${detail.number}`)
    expect(next[2]).toBe(
      'Deliver the cargo by 18 Nov 2026 (cargo cut-off) for the planned departure on 20 Nov 2026.',
    )
    expect(data.terms).toContain(`${appUrl}/info/terms-conditions`)
  })

  it('says a cancelled booking is cancelled', () => {
    expect(operationsStep({ ...detail, status: 'Cancelled' }, otherCompany.operationsDesk)).toMatch(
      /cancelled/,
    )
  })

  it('draws a PDF of every section, on as many pages as the charges need', async () => {
    const freight = detail.price.lines[1] as PricedLine
    const many: BookingDetail = {
      ...detail,
      price: {
        ...detail.price,
        lines: Array.from({ length: 60 }, (_, i) => ({
          ...freight,
          name: `Charge ${i}`,
        })),
      },
    }
    const bytes = await bookingConfirmationOf(many, { site: otherCompany, appUrl, generatedAt })
    const pdf = await PDFDocument.load(bytes)
    expect(pdf.getPageCount()).toBeGreaterThan(1)
    expect(pdf.getTitle()).toBe(`Booking confirmation ${detail.number}`)
    const text = pdfText(bytes)
    for (const shown of [
      'BOOKING CONFIRMATION',
      'Charge 59',
      'Documents due',
      'What happens next',
      'Merlion',
      'Emissions',
      'Total, well-to-wheel',
    ]) {
      expect(text.toUpperCase()).toContain(shown.toUpperCase())
    }
  })
})

describe('plannedSailingFor', () => {
  const lane = {
    mode: 'FCL' as const,
    transitDays: 9,
    departureDays: [3],
    cargoCutoffDays: 2,
    docCutoffDays: 3,
    freeDays: 14,
  }

  // Tuesday 10 Nov 2026, 10:00 in Singapore: the desk confirms by Wednesday 10:00, the customer is ready by
  // Thursday 10:00, so the cut-offs fall from Friday 13 Nov.
  const bookedAt = new Date('2026-11-10T10:00:00+08:00')
  const rules = sailingPlanAt(bookedAt)

  it("is the sheet's sailing for the ready date, or for the first day the customer can make", () => {
    expect(plannedSailingFor(lane, '2026-11-16', bookedAt, rules)).toEqual(sailingFor(lane, '2026-11-16'))
    expect(plannedSailingFor(lane, '2026-11-01', bookedAt, rules)).toEqual(sailingFor(lane, '2026-11-13'))
  })

  it('is null for a sheet without a schedule, and reads back only a whole sailing', () => {
    expect(plannedSailingFor({ mode: 'FCL', transitDays: 9 }, '2026-11-16', bookedAt, rules)).toBeNull()
    expect(plannedSailingFor({ ...lane, departureDays: [] }, '2026-11-16', bookedAt, rules)).toBeNull()
    expect(plannedSailingOf({})).toBeNull()
    expect(plannedSailingOf({ plannedSailing: { etd: 'soon' } })).toBeNull()
    const sailing = sailingFor(lane, '2026-11-16')
    expect(plannedSailingOf({ plannedSailing: sailing })).toEqual(sailing)
  })
})

describe('a booking made through the API', () => {
  let s: BookingServer
  let alice: Auth
  let bob: Auth
  let number: string
  let booking: BookingDetail

  beforeAll(async () => {
    s = await setupBookingServer()
    alice = await s.login()
    bob = await s.login()
    number = await s.book(alice)
    booking = (await (await s.call(alice, `/api/bookings/${number}`)).json()) as BookingDetail
  }, 90_000)

  afterAll(async () => {
    await s?.database.close()
  })

  it('keeps the planned sailing of its option, and lists its documents due from the planned ETD', () => {
    const sailing = booking.plannedSailing
    expect(sailing, 'the seed sheets publish a schedule').not.toBeNull()
    if (!sailing) return
    expect(sailing.etd >= s.clock.now().toISOString().slice(0, 10)).toBe(true)
    expect(sailing.cargoCutoff <= sailing.etd && sailing.docCutoff <= sailing.etd).toBe(true)
    // Until operations confirm, its ETD and ETA are the planned sailing's days, marked planned.
    expect(booking).toMatchObject({
      status: 'Booking Received',
      etd: sailing.etd,
      eta: sailing.eta,
      plannedTimes: true,
      hbl: null,
    })
    expect(booking.documents.map((d) => [d.kind, d.dueDate])).toEqual([
      ['commercial_invoice', addDays(sailing.etd, -3)],
      ['packing_list', addDays(sailing.etd, -3)],
      // ETD − 1, but never after the documents cut-off (3 days before an FCL or LCL sailing, 1 before a flight).
      ['certificate_of_origin', sailing.docCutoff],
    ])
  })

  it('answers the confirmation as a PDF to its company only', async () => {
    const res = await s.call(alice, `/api/bookings/${number}/confirmation.pdf`)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('application/pdf')
    expect(res.headers.get('Content-Disposition')).toContain(`filename*=UTF-8''${number}-confirmation.pdf`)
    const bytes = new Uint8Array(await res.arrayBuffer())
    const pdf = await PDFDocument.load(bytes)
    expect(pdf.getTitle()).toBe(`Booking confirmation ${number}`)
    expect(pdf.getSubject()).toBe(`Quote ${booking.quoteNumber}`)
    const text = pdfText(bytes)
    expect(text).toContain(number)
    const etd = booking.plannedSailing?.etd ?? ''
    const [year, month, day] = etd.split('-')
    const months = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ')
    expect(text).toContain(`${Number(day)} ${months[Number(month) - 1]} ${year}`)
    expect(text).toContain(moneyText(booking.price.totalUsd, 'USD'))

    for (const [auth, path] of [
      [bob, `/api/bookings/${number}/confirmation.pdf`],
      [alice, '/api/bookings/ESB-2099999999/confirmation.pdf'],
      [alice, '/api/bookings/nonsense/confirmation.pdf'],
    ] as const) {
      const refused = await s.call(auth, path)
      expect(refused.status).toBe(404)
      expect(await refused.json()).toEqual({ message: bookingMessages.notFound })
    }
    expect((await s.app.request(`/api/bookings/${number}/confirmation.pdf`)).status).toBe(401)
  })

  it('is confirmed by operations on the planned sailing when they give no ETD', async () => {
    const other = await s.book(alice)
    const planned = (await (await s.call(alice, `/api/bookings/${other}`)).json()) as BookingDetail
    await s.confirm(other)
    const confirmed = (await (await s.call(alice, `/api/bookings/${other}`)).json()) as BookingDetail
    // Confirmed on the planned sailing's days, with no time of day nobody gave.
    expect(confirmed).toMatchObject({
      etd: planned.plannedSailing?.etd,
      eta: planned.plannedSailing?.eta,
      plannedTimes: false,
    })
    expect(confirmed.legs[0]?.etd).toBe(planned.plannedSailing?.etd)
    // Still the same due dates: the confirmed ETD is the planned one.
    expect(confirmed.documents[0]?.dueDate).toBe(planned.documents[0]?.dueDate)
  })
})
