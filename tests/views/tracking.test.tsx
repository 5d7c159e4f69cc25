import { cleanup, render, screen, within } from '@testing-library/react'
import { geoNaturalEarth1 } from 'd3-geo'
import { afterEach, describe, expect, it } from 'vitest'
import { milestoneStates } from '../../contract/milestones'
import { etaMoved, formatDateTime, formatDay } from '../../src/app/datetime'
import { MilestoneTimeline } from '../../src/components/shipment/milestone-timeline'
import { mapPins } from '../../src/features/home/world-map.gen'
import { linePath, lineSegments, project } from '../../src/features/tracking/projection'
import { mapDescription, RouteMap } from '../../src/features/tracking/route-map'
import { parseTrackingSearch } from '../../src/features/tracking/search'
import { milestones, tracking } from '../fixtures/bookings'

afterEach(cleanup)

// The projection scripts/world-map.ts draws /world-map.svg with.
const d3 = geoNaturalEarth1().fitExtent(
  [
    [4, 4],
    [956, 496],
  ],
  { type: 'Sphere' },
)

describe('the route map projection', () => {
  it('is the home map’s own: d3-geo’s fitted Natural Earth, everywhere on the globe', () => {
    for (let lon = -180; lon <= 180; lon += 15) {
      for (let lat = -85; lat <= 85; lat += 17) {
        const [x, y] = project([lon, lat])
        const [dx, dy] = d3([lon, lat]) ?? [Number.NaN, Number.NaN]
        expect(x).toBeCloseTo(dx, 6)
        expect(y).toBeCloseTo(dy, 6)
      }
    }
  })

  it('puts Singapore where the home map’s pin is', () => {
    const pin = mapPins.find((p) => p.name === 'Singapore')
    const [x, y] = project([103.82, 1.35])
    expect(Math.abs(x - (pin?.x ?? 0))).toBeLessThan(0.1)
    expect(Math.abs(y - (pin?.y ?? 0))).toBeLessThan(0.1)
  })

  it('cuts a Pacific crossing at the date line instead of drawing it across the map', () => {
    const segments = lineSegments([
      [103.8, 1.3],
      [170, 20],
      [-170, 30],
      [-118.2, 33.7],
    ])
    expect(segments).toHaveLength(2)
    expect(segments[0]?.at(-1)).toEqual([180, 25])
    expect(segments[1]?.[0]).toEqual([-180, 25])
    expect(
      linePath([
        [103.8, 1.3],
        [-118.2, 33.7],
      ]).match(/M/g),
    ).toHaveLength(2)
    expect(
      linePath([
        [103.8, 1.3],
        [72.9, 18.9],
      ]).match(/M/g),
    ).toHaveLength(1)
  })
})

describe('the route map', () => {
  it('has a name and a text alternative, and draws the places and position on the projection', () => {
    render(<RouteMap view={tracking} />)
    const map = screen.getByRole('img', { name: /Route map of ESHBL2026000001: Singapore to Nhava Sheva/ })
    expect(map.querySelector('image')?.getAttribute('href')).toBe('/world-map.svg')
    expect(mapDescription(tracking)).toBe(
      'Origin: Singapore (SGSIN); Transshipment: Colombo (LKCMB); Destination: Nhava Sheva (INNSA). Current position: In the Bay of Bengal, on the way to Colombo.',
    )
    const caption = within(map.closest('figure')?.querySelector('figcaption') as HTMLElement).getByText(
      /Current position:/,
    )
    expect(caption.textContent).toContain('Bay of Bengal')
    const singapore = map.querySelector('[data-code="SGSIN"] circle')
    const [x, y] = project([103.82, 1.26])
    expect(Number(singapore?.getAttribute('cx'))).toBeCloseTo(x, 3)
    expect(Number(singapore?.getAttribute('cy'))).toBeCloseTo(y, 3)
    expect(map.querySelectorAll('[data-testid="map-leg"]')).toHaveLength(2)
    expect(map.querySelector('[data-testid="map-position"]')).not.toBeNull()
  })
})

describe('times in the place’s time zone', () => {
  it('shows a time where it happens, with the zone', () => {
    expect(formatDateTime('2026-11-20T10:00:00Z', 'Asia/Singapore')).toBe('20 Nov 2026, 18:00 SGT')
    expect(formatDateTime('2026-11-20T10:00:00Z', 'Asia/Kolkata')).toBe('20 Nov 2026, 15:30 GMT+5:30')
    expect(formatDateTime('2026-11-20T10:00:00Z', null)).toBe('20 Nov 2026, 10:00 UTC')
    expect(formatDateTime('2026-11-20T10:00:00Z', 'Not/AZone')).toBe('20 Nov 2026, 10:00 UTC')
    expect(formatDay('2026-11-17')).toBe('17 Nov 2026')
  })

  it('says how far the ETA moved', () => {
    expect(etaMoved(48)).toBe('+48 h later than planned')
    expect(etaMoved(-12)).toBe('12 h earlier than planned')
    expect(etaMoved(0.2)).toBe('On schedule')
  })

  it('marks milestones done, current and next, each time in its own place’s zone', () => {
    expect(milestoneStates(milestones, 'Departed')).toEqual(['done', 'current', 'next', 'next'])
    render(<MilestoneTimeline milestones={milestones} status="Departed" />)
    const items = screen.getAllByRole('listitem')
    expect(items[0]?.textContent).toContain('Actual5 Nov 2026, 10:00 SGT')
    expect(items[1]?.getAttribute('aria-current')).toBe('step')
    expect(items[1]?.textContent).toContain('Estimated21 Nov 2026, 18:00 SGT')
    expect(items[1]?.textContent).toContain('MAERSK SELETAR, voyage 245W')
    expect(items[3]?.textContent).toContain('Planned27 Nov 2026, 09:30 GMT+5:30')
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
