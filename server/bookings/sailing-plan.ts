/**
 * The rules that choose a booking's planned sailing on the server (contract/pricing/planned-sailing.ts): the
 * operations desk's working hours, confirmation time and the customer's preparation time from site.config.ts
 * `operationsDesk`, and Singapore's public holidays (server/sales/holidays.ts). Read by the booking
 * (server/bookings/create.ts) and the quote options (server/quotes/views.ts).
 */
import { type SailingPlanRules, sailingPlanRules } from '../../contract/pricing/planned-sailing'
import { siteConfig } from '../../site.config'
import { singaporeHolidays } from '../sales/holidays'

/** The planning rules for a booking made (or a quote shown) at `at`. */
export function sailingPlanAt(at: Date, desk = siteConfig.operationsDesk): SailingPlanRules {
  return sailingPlanRules(desk, singaporeHolidays(at))
}
