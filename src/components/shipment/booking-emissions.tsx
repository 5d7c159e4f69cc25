import { singaporeDateOf } from '../../../contract/dates'
import { type BookingEmissions, co2eText, emissionsReasonText } from '../../../contract/emissions'
import { calendarDay } from '../../../contract/times'
import { EmissionsTable } from './emissions-table'
import * as panel from './price.css'

/** "10 Nov 2026", the Singapore day a figure was counted. */
const countedDay = (at: string) => calendarDay(singaporeDateOf(at))

/**
 * A booking's emissions (its page): the figure in force leg by leg, when it was counted, and the figures it
 * replaced, so a customer whose route changed sees what was shown before and why it moved.
 */
export function BookingEmissionsSection({ emissions }: { emissions: BookingEmissions }) {
  return (
    <EmissionsTable figure={emissions.figure} factors={emissions.factors}>
      <p className={panel.muted} data-testid="emissions-counted">
        Counted {emissionsReasonText[emissions.reason]}, {countedDay(emissions.countedAt)}.
        {emissions.earlier.map((before) => (
          <span key={before.countedAt}>
            {' '}
            Before: {co2eText(before.wtwGrams)}, counted {emissionsReasonText[before.reason]},{' '}
            {countedDay(before.countedAt)} ({before.factorsVersion}).
          </span>
        ))}
      </p>
    </EmissionsTable>
  )
}
