/**
 * Payment reminders (issue 36, docs/payments.md "Reminders"): which reminder of an invoice is due today, written
 * once for the job that sends them (server/jobs/invoice-reminders.ts, whose claim selects by the same windows),
 * and the billing contact a company's Admin names to receive them too.
 *
 * The stages are site.config's `billing.reminders.daysFromDue`: days before the due date (positive), on it (0)
 * and after it (negative). A stage comes on its day (the due day less its days, in Singapore days) and each is
 * sent at most once (table invoice_reminders, primary key invoice and stage name). On any day the one stage
 * that may be sent is the latest that has come: after days without the job (a server down over a weekend)
 * the invoice gets that one reminder, never a backlog of the ones it missed. None is sent once the invoice
 * owes nothing (paid or credited in full), and none whose day was on or before the invoice's issue day (the
 * invoice's own mail said when it is due: a prepaid invoice, due the day it is issued, gets no "due today").
 */
import { z } from 'zod'
import { addDays, daysBetween } from '../dates'
import { companyEmailField } from '../team'

// ── Stages ─────────────────────────────────────────────────────────────────────────────────────────────

export type ReminderKind = 'before' | 'due' | 'after'

/** A stage's stable name (the invoice_reminders rows keep it): `before-3`, `due`, `after-7`. */
export function reminderStageName(daysFromDue: number): string {
  if (daysFromDue > 0) return `before-${daysFromDue}`
  if (daysFromDue === 0) return 'due'
  return `after-${-daysFromDue}`
}

/** A stage by its name: what kind it is and its days from the due date; undefined for a name of none. */
export function reminderStageOf(name: string): { kind: ReminderKind; daysFromDue: number } | undefined {
  if (name === 'due') return { kind: 'due', daysFromDue: 0 }
  const match = /^(before|after)-([1-9]\d{0,2})$/.exec(name)
  if (!match) return undefined
  const days = Number(match[2])
  return match[1] === 'before' ? { kind: 'before', daysFromDue: days } : { kind: 'after', daysFromDue: -days }
}

/**
 * Each stage with the due days for which it is, on `today`, the latest stage that has come: due after
 * `dueAfter` (exclusive; null: however long ago) and by `dueBy` (inclusive). The windows do not overlap, so
 * an invoice is in one at most; the job's claim joins invoices to them.
 */
export interface ReminderWindow {
  stage: string
  daysFromDue: number
  dueAfter: string | null
  dueBy: string
}

export function reminderWindows(daysFromDue: readonly number[], today: string): ReminderWindow[] {
  // Earliest first: 3 days before, on the day, 7 days after, …
  const days = [...new Set(daysFromDue)].sort((a, b) => b - a)
  return days.map((d, i) => {
    const next = days[i + 1]
    return {
      stage: reminderStageName(d),
      daysFromDue: d,
      dueAfter: next === undefined ? null : addDays(today, next),
      dueBy: addDays(today, d),
    }
  })
}

/**
 * The stage of an invoice's reminder to send today, or null: the latest stage whose day has come (its day is
 * `dueDay` less its days), when the invoice still owes something (`balance`, minor units, above zero), the
 * stage has not been sent (`alreadySent` holds the names sent) and its day came after the invoice was issued
 * (`issueDay`, when given). Earlier stages the job missed are never sent.
 */
export function reminderDue(
  daysFromDue: readonly number[],
  dueDay: string,
  today: string,
  balance: number,
  alreadySent: ReadonlySet<string>,
  issueDay?: string,
): string | null {
  if (balance <= 0) return null
  const window = reminderWindows(daysFromDue, today).find(
    (w) => dueDay <= w.dueBy && (w.dueAfter === null || dueDay > w.dueAfter),
  )
  if (!window) return null
  // The stage's day, on or before the issue day: the invoice's mail said it.
  if (issueDay !== undefined && daysBetween(issueDay, dueDay) <= window.daysFromDue) return null
  return alreadySent.has(window.stage) ? null : window.stage
}

// ── The billing contact ────────────────────────────────────────────────────────────────────────────────

/** Where My Team reads and sets it (customer operations getBillingContact, updateBillingContact). */
export const billingContactPath = '/api/team/billing-contact'

export const billingContactMessages = {
  saved: 'Billing contact saved: payment reminders go to them too.',
  cleared: "Billing contact removed: payment reminders go to your company's Admins only.",
} as const

/** PUT /api/team/billing-contact: an email, or null to remove it. */
export const billingContactSchema = z.object({ email: companyEmailField.nullable() })
export type BillingContactInput = z.input<typeof billingContactSchema>

/** GET /api/team/billing-contact. */
export interface BillingContact {
  email: string | null
}

/** PUT's answer. */
export interface BillingContactSaved {
  message: string
  billingContact: BillingContact
}
