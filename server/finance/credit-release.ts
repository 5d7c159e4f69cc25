/**
 * Finance releases a booking held for credit (docs/payments.md "Credit control"): through the booking chart's
 * `finance.release` (refused when the booking does not wait), in one transaction under the booking's lock: the
 * hold cleared, who released it and when kept (`credit_released_at`, `credit_released_by`), the audit row, and
 * a mail to the person who booked through the outbox. The bookings' trigger announces the change to the open
 * pages (migration 0023); the route also tells its own process (hub.bookings.changedHere).
 */
import type { Kysely } from 'kysely'
import type { BookingStatus } from '../../contract/bookings'
import { creditMessages } from '../../contract/finance/credit'
import { nextBookingStatus } from '../../machines/booking.machine'
import { type AuditContext, appendAudit } from '../audit/audit'
import type { Database } from '../db/schema'
import { compose, linkPara, oneLine, para } from '../mail/compose'
import type { Mail, Mailer } from '../mail/index'
import { type SiteConfig, siteConfig } from '../site-config'

export type ReleaseOutcome =
  | {
      status: 200
      body: { message: string; bookingNumber: string }
      changed: { number: string; customerId: number }[]
    }
  | { status: 404 | 409; body: { message: string } }

/** The booker's mail: the booking goes ahead. */
export function creditReleasedMail(
  input: { to: string; name: string; bookingNumber: string; bookingLink: string },
  site: SiteConfig = siteConfig,
): Mail {
  return compose(site, input.to, oneLine(`Booking ${input.bookingNumber}: released by our finance team`), [
    para(`Hello ${input.name},`),
    para(
      `Our finance team has released booking ${input.bookingNumber}: it no longer waits on your company's account, and we will confirm it with the carrier shortly.`,
    ),
    linkPara('Follow it here:', 'Your booking', input.bookingLink),
  ])
}

export async function releaseCreditHold(
  deps: { db: Kysely<Database>; mailer: Mailer },
  number: string,
  staffId: number,
  audit: AuditContext,
  at: Date,
): Promise<ReleaseOutcome> {
  return deps.db.transaction().execute(async (trx) => {
    const booking = await trx
      .selectFrom('bookings as b')
      .innerJoin('users as u', 'u.id', 'b.user_id')
      .select([
        'b.id',
        'b.number',
        'b.customer_id',
        'b.status',
        'b.held_from',
        'b.credit_hold',
        'u.esus_email_id',
        'u.esus_name',
      ])
      .where('b.number', '=', number)
      .forUpdate('b')
      .executeTakeFirst()
    if (!booking) return { status: 404 as const, body: { message: creditMessages.notFound } }
    const released = nextBookingStatus(
      booking.status as BookingStatus,
      booking.held_from,
      'finance.release',
      booking.credit_hold,
    )
    if (!released) return { status: 409 as const, body: { message: creditMessages.notHeld(number) } }
    await trx
      .updateTable('bookings')
      .set({ credit_hold: null, credit_released_at: at, credit_released_by: staffId, updated_at: at })
      .where('id', '=', booking.id)
      .execute()
    await appendAudit(
      trx,
      {
        ...audit,
        action: 'booking.credit_released',
        recordType: 'booking',
        recordId: number,
        customerId: booking.customer_id,
        changes: { creditHold: { before: booking.credit_hold, after: null } },
      },
      at,
    )
    await deps.mailer.queue(
      trx,
      creditReleasedMail({
        to: booking.esus_email_id,
        name: booking.esus_name,
        bookingNumber: number,
        bookingLink: `${deps.mailer.appUrl}/user/bookings/${encodeURIComponent(number)}`,
      }),
      at,
    )
    return {
      status: 200 as const,
      body: { message: creditMessages.released(number), bookingNumber: number },
      changed: [{ number, customerId: booking.customer_id }],
    }
  })
}
