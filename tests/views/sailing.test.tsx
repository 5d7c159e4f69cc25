import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { singaporeDateOf } from '../../contract/dates'
import { sailingFor } from '../../contract/pricing/schedule'
import { formatScheduleDay } from '../../src/app/datetime'
import { SailingFacts } from '../../src/features/quotes/sailing'
import { airSinToBom, fclSgToIn } from '../contract/pricing-fixtures'

afterEach(cleanup)

describe('an option’s schedule', () => {
  it('shows the sailing, its cut-offs and the free time', () => {
    // Ready Thursday 26 Nov 2026 for the Wednesday service: Wednesday 2 December.
    render(
      <SailingFacts
        mode="FCL"
        sailing={sailingFor(fclSgToIn, '2026-11-26')}
        transitDays={9}
        freeDays={fclSgToIn.freeDays}
      />,
    )
    const facts = screen.getByTestId('option-schedule')
    const year = (text: string) => (singaporeDateOf(new Date()).startsWith('2026') ? text : `${text} 2026`)
    const text = facts.textContent ?? ''
    expect(text).toContain(`ETD ${year('Wed 2 Dec')} · ETA ${year('Fri 11 Dec')} · 9 days`)
    expect(text).toContain(`Cargo cut-off ${year('Mon 30 Nov')} · Documents ${year('Sun 29 Nov')}`)
    expect(text).toContain('14 free days at destination (demurrage and detention combined)')
    expect(facts.querySelector('time[datetime="2026-12-02"]')).not.toBeNull()
  })

  it('shows the transit days alone without a schedule, and the free time when the sheet states it', () => {
    render(<SailingFacts mode="AIR" sailing={null} transitDays={1} freeDays={null} />)
    expect(screen.getByTestId('option-schedule').textContent).toBe('1 day')
    cleanup()
    render(
      <SailingFacts
        mode="AIR"
        sailing={sailingFor({ ...airSinToBom, departureDays: [] }, '2026-11-26')}
        transitDays={2}
        freeDays={2}
      />,
    )
    expect(screen.getByTestId('option-schedule').textContent).toBe(
      '2 days2 free days of storage at the destination airport',
    )
  })
})

describe('a schedule day', () => {
  it('is written with its weekday, and its year when not this one', () => {
    const now = new Date('2026-11-20T04:00:00Z')
    expect(formatScheduleDay('2026-12-02', now)).toBe('Wed 2 Dec')
    expect(formatScheduleDay('2027-01-01', now)).toBe('Fri 1 Jan 2027')
    // 31 Dec 2026, 20:00 UTC is already 2027 in Singapore.
    expect(formatScheduleDay('2027-01-04', new Date('2026-12-31T20:00:00Z'))).toBe('Mon 4 Jan')
  })
})
