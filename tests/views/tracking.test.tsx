import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { TrackingView } from '../../contract/bookings'
import { milestoneStates } from '../../contract/milestones'
import {
  etaMoved,
  formatAccountTime,
  formatDay,
  formatPlaceTime,
  formatTimeThere,
} from '../../src/app/datetime'
import { MilestoneTimeline } from '../../src/components/shipment/milestone-timeline'
import { mapDescription, RouteMap } from '../../src/features/tracking/route-map'
import { parseTrackingSearch } from '../../src/features/tracking/search'
import { milestones, tracking } from '../fixtures/bookings'

afterEach(cleanup)

/** A tracking view of a single leg, as the API sends it. */
function routeView(
  from: { code: string; name: string; at: [number, number] },
  to: { code: string; name: string; at: [number, number] },
  points: [number, number][],
): TrackingView {
  const ref = (p: typeof from) => ({ code: p.code, name: p.name, country_code: '', time_zone: null })
  return {
    ...tracking,
    origin: ref(from),
    destination: ref(to),
    map: {
      legs: [{ mode: 'SEA', points }],
      places: [
        { code: from.code, name: from.name, role: 'origin', at: from.at },
        { code: to.code, name: to.name, role: 'destination', at: to.at },
      ],
      position: null,
    },
  }
}

const singapore = { code: 'SGSIN', name: 'Singapore', at: [103.851, 1.28] as [number, number] }
const portKlang = { code: 'MYPKG', name: 'Port Klang', at: [101.4, 3] as [number, number] }
const losAngeles = { code: 'USLAX', name: 'Los Angeles', at: [-118.244, 34.052] as [number, number] }
// The sea route the server sends for each (server/tracking/route-map.ts), cut down to its turns.
const shortHop = routeView(singapore, portKlang, [
  [103.851, 1.28],
  [103.6, 1.1],
  [102, 2],
  [101.2, 2.7],
  [101.4, 3],
])
const pacific = routeView(singapore, losAngeles, [
  [103.851, 1.28],
  [114.6, 6.3],
  [123.8, 9.1],
  [137.4, 20.7],
  [156.8, 33.2],
  [179, 40.5],
  [-179, 40.6],
  [-170.1, 41.3],
  [-144.9, 40.8],
  [-120.9, 34.3],
  [-118.244, 34.052],
])

/** The map's drawing area: its viewBox. */
function viewBox(map: Element) {
  const [x, y, width, height] = (map.getAttribute('viewBox') ?? '').split(' ').map(Number)
  return { x: x ?? Number.NaN, y: y ?? Number.NaN, width: width ?? Number.NaN, height: height ?? Number.NaN }
}

const marker = (map: Element, code: string) => {
  const dot = map.querySelector(`circle[data-code="${code}"]`)
  return [Number(dot?.getAttribute('cx')), Number(dot?.getAttribute('cy'))] as const
}

/**
 * The box a label's text takes on screen, from its attributes (jsdom lays nothing out): 13 px bold capitals,
 * about 0.7 em wide each, from 0.75 em above the baseline to 0.2 em below.
 */
function labelBox(map: Element, code: string) {
  return labelOf(map.querySelector(`text[data-code="${code}"]`))
}

function labelOf(text: Element | null) {
  const x = Number(text?.getAttribute('x'))
  const y = Number(text?.getAttribute('y'))
  const width = (text?.textContent?.length ?? 0) * 13 * 0.7
  const anchor = text?.getAttribute('text-anchor') ?? 'start'
  const left = anchor === 'end' ? x - width : anchor === 'middle' ? x - width / 2 : x
  return { left, right: left + width, top: y - 13 * 0.75, bottom: y + 13 * 0.2 }
}

type Box = ReturnType<typeof labelOf>
const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
const around = ([x, y]: readonly [number, number], r: number): Box => ({
  left: x - r,
  right: x + r,
  top: y - r,
  bottom: y + r,
})

describe('the route map', () => {
  it('has a name and a text alternative, and draws the land, the legs, the places and position', async () => {
    render(<RouteMap view={tracking} />)
    const map = screen.getByRole('img', { name: /Route map of ESHBL2026000001: Singapore to Nhava Sheva/ })
    expect(mapDescription(tracking)).toBe(
      'Origin: Singapore (SGSIN); Transshipment: Colombo (LKCMB); Destination: Nhava Sheva (INNSA). Current position: In the Bay of Bengal, on the way to Colombo.',
    )
    const caption = within(map.closest('figure')?.querySelector('figcaption') as HTMLElement).getByText(
      /Current position:/,
    )
    expect(caption.textContent).toContain('Bay of Bengal')
    expect((await screen.findByTestId('map-land')).getAttribute('d')).toMatch(/^M/)
    expect(map.querySelectorAll('[data-testid="map-leg"]')).toHaveLength(2)
    expect(map.querySelector('[data-testid="map-position"]')).not.toBeNull()
    // West of Singapore is Colombo, then Nhava Sheva to its north; all on the map.
    const { width, height } = viewBox(map)
    const [sx, sy] = marker(map, 'SGSIN')
    const [cx, cy] = marker(map, 'LKCMB')
    const [nx, ny] = marker(map, 'INNSA')
    expect(cx).toBeLessThan(sx)
    expect(nx).toBeLessThan(cx)
    expect(ny).toBeLessThan(cy)
    expect(sy).toBeGreaterThan(ny)
    for (const [x, y] of [marker(map, 'SGSIN'), marker(map, 'LKCMB'), marker(map, 'INNSA')]) {
      expect(x).toBeGreaterThan(0)
      expect(x).toBeLessThan(width)
      expect(y).toBeGreaterThan(0)
      expect(y).toBeLessThan(height)
    }
  })

  it('scales to its box’s width (width 100 %) with a viewBox of a map’s proportions', async () => {
    render(<RouteMap view={tracking} />)
    const map = screen.getByTestId('route-map')
    expect(map.getAttribute('width')).toBe('100%')
    const { x, y, width, height } = viewBox(map)
    expect([x, y]).toEqual([0, 0])
    expect(width / height).toBeGreaterThan(1.2)
    expect(width / height).toBeLessThan(2.2)
    await screen.findByTestId('map-land')
  })

  it('fits a short hop (Singapore to Port Klang): the ports far apart, their labels clear of each other', async () => {
    render(<RouteMap view={shortHop} />)
    const map = screen.getByTestId('route-map')
    const { width, height } = viewBox(map)
    const sg = marker(map, 'SGSIN')
    const pk = marker(map, 'MYPKG')
    // On the whole world's map they were 6 units apart on 960, their labels one on the other.
    expect(Math.hypot(sg[0] - pk[0], sg[1] - pk[1])).toBeGreaterThan(0.2 * width)
    // Not zoomed in past the coast round them: both well inside the map.
    for (const [x, y] of [sg, pk]) {
      expect(x).toBeGreaterThan(0.15 * width)
      expect(x).toBeLessThan(0.85 * width)
      expect(y).toBeGreaterThan(0.15 * height)
      expect(y).toBeLessThan(0.85 * height)
    }
    const sgLabel = labelBox(map, 'SGSIN')
    const pkLabel = labelBox(map, 'MYPKG')
    expect(overlaps(sgLabel, pkLabel)).toBe(false)
    // Neither covers the other port's dot, and both are on the map.
    expect(overlaps(sgLabel, around(pk, 5.5))).toBe(false)
    expect(overlaps(pkLabel, around(sg, 5.5))).toBe(false)
    for (const box of [sgLabel, pkLabel]) {
      expect(box.left).toBeGreaterThanOrEqual(0)
      expect(box.right).toBeLessThanOrEqual(width)
      expect(box.top).toBeGreaterThanOrEqual(0)
      expect(box.bottom).toBeLessThanOrEqual(height)
    }
    await screen.findByTestId('map-land')
  })

  it('fits a phone’s width in CSS px, and keeps apart the labels of two places at one spot', async () => {
    const clientWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth')
    // The map's box on a 390 px phone.
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 358 })
    try {
      const sameSpot = routeView(singapore, { ...singapore, name: 'Singapore (again)' }, [
        singapore.at,
        singapore.at,
      ])
      render(<RouteMap view={sameSpot} />)
      const map = screen.getByTestId('route-map')
      expect(viewBox(map).width).toBe(358)
      const [first, second] = [...map.querySelectorAll('text')].map((text) => labelOf(text))
      expect(overlaps(first as Box, second as Box)).toBe(false)
      await screen.findByTestId('map-land')
    } finally {
      if (clientWidth) Object.defineProperty(HTMLElement.prototype, 'clientWidth', clientWidth)
    }
  })

  it('draws a Pacific crossing whole, in the middle of the map: Singapore on the left, Los Angeles on the right', async () => {
    render(<RouteMap view={pacific} />)
    const map = screen.getByTestId('route-map')
    const { width } = viewBox(map)
    const [sx] = marker(map, 'SGSIN')
    const [lx] = marker(map, 'USLAX')
    expect(sx).toBeLessThan(0.25 * width)
    expect(lx).toBeGreaterThan(0.75 * width)
    // One stroke, with no step across the map (the date line is in the middle of it).
    const d = map.querySelector('[data-testid="map-leg"]')?.getAttribute('d') ?? ''
    expect(d.match(/M/g)).toHaveLength(1)
    const xs = [...d.matchAll(/[ML]\s*(-?[\d.]+)[ ,](-?[\d.]+)/g)].map((m) => Number(m[1]))
    expect(xs.length).toBeGreaterThan(5)
    for (let i = 1; i < xs.length; i++)
      expect(Math.abs((xs[i] as number) - (xs[i - 1] as number))).toBeLessThan(0.3 * width)
    await screen.findByTestId('map-land')
  })
})

describe('times in the place’s time zone', () => {
  it('shows a time where it happens, named, with the zone; the account’s own in Singapore time', () => {
    const now = new Date('2026-06-01T00:00:00Z')
    const nhavaSheva = { name: 'Nhava Sheva', time_zone: 'Asia/Kolkata' }
    expect(formatPlaceTime('2026-11-20T10:00:00Z', nhavaSheva, now)).toBe(
      '20 Nov, 15:30 at Nhava Sheva (GMT+5:30)',
    )
    expect(formatPlaceTime('2025-11-20T10:00:00Z', nhavaSheva, now)).toBe(
      '20 Nov 2025, 15:30 at Nhava Sheva (GMT+5:30)',
    )
    expect(formatTimeThere('2026-11-20T10:00:00Z', nhavaSheva, now)).toBe('20 Nov, 15:30 (GMT+5:30)')
    expect(formatPlaceTime('2026-11-20T10:00:00Z', { name: 'Somewhere', time_zone: null }, now)).toBe(
      '20 Nov, 10:00 at Somewhere (UTC)',
    )
    expect(formatPlaceTime('2026-11-20T10:00:00Z', { name: 'Somewhere', time_zone: 'Not/AZone' }, now)).toBe(
      '20 Nov, 10:00 at Somewhere (UTC)',
    )
    expect(formatAccountTime('2026-11-20T10:00:00Z', now)).toBe('20 Nov, 18:00 (GMT+8)')
    expect(formatAccountTime('2027-01-02T10:00:00Z', now)).toBe('2 Jan 2027, 18:00 (GMT+8)')
    expect(formatDay('2026-11-17')).toBe('17 Nov 2026')
    expect(formatDay('2026-09-05')).toBe('5 Sep 2026')
  })

  it('says how far the ETA moved', () => {
    expect(etaMoved(48)).toBe('+48 h later than planned')
    expect(etaMoved(-12)).toBe('12 h earlier than planned')
    expect(etaMoved(0.2)).toBe('On schedule')
  })

  it('marks milestones done, current and next, each time in its own place’s zone', () => {
    expect(milestoneStates(milestones, 'Departed')).toEqual(['done', 'current', 'next', 'next'])
    // The row's title names the place; its times give the place's offset, the year when not this one.
    render(
      <MilestoneTimeline milestones={milestones} status="Departed" now={new Date('2027-01-10T00:00:00Z')} />,
    )
    const items = screen.getAllByRole('listitem')
    expect(items[0]?.textContent).toContain('Singapore (SGSIN)')
    expect(items[0]?.textContent).toContain('Actual5 Nov 2026, 10:00 (GMT+8)')
    expect(items[1]?.getAttribute('aria-current')).toBe('step')
    expect(items[1]?.textContent).toContain('Estimated21 Nov 2026, 18:00 (GMT+8)')
    expect(items[1]?.textContent).toContain('MAERSK SELETAR, voyage 245W')
    expect(items[3]?.textContent).toContain('Nhava Sheva (INNSA)')
    expect(items[3]?.textContent).toContain('Planned27 Nov 2026, 09:30 (GMT+5:30)')
    cleanup()
    render(
      <MilestoneTimeline milestones={milestones} status="Departed" now={new Date('2026-03-01T00:00:00Z')} />,
    )
    expect(screen.getAllByRole('listitem')[0]?.textContent).toContain('Actual5 Nov, 10:00 (GMT+8)')
  })

  it('shows a milestone the shipment is past as not reported, without its old plan or estimate', () => {
    render(<MilestoneTimeline milestones={milestones} status="Delivered" />)
    const items = screen.getAllByRole('listitem')
    expect(items.map((item) => item.getAttribute('data-state'))).toEqual([
      'done',
      'unreported',
      'unreported',
      'unreported',
    ])
    expect(items[1]?.textContent).toContain('Not reported')
    expect(items[1]?.textContent).not.toContain('Estimated')
    expect(items[3]?.textContent).not.toContain('Planned')
    expect(screen.queryByText('Next up')).toBeNull()
  })
})

it('reads ?hbl= from the address', () => {
  expect(parseTrackingSearch({ hbl: 'ESHBL2026000001' })).toEqual({ hbl: 'ESHBL2026000001' })
  expect(parseTrackingSearch({ hbl: 7 })).toEqual({})
})
