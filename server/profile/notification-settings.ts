import type { Kysely } from 'kysely'
import type {
  NotificationKind,
  NotificationSettings,
  NotificationSettingsInput,
} from '../../contract/profile'
import type { Database } from '../db/schema'

/** The users column of each kind of mail. */
export const notificationColumns = {
  milestones: 'notify_milestones',
  etaChanges: 'notify_eta_changes',
  documents: 'notify_documents',
  quoteExpiry: 'notify_quote_expiry',
  messages: 'notify_messages',
  companyBookings: 'notify_company_bookings',
} as const satisfies Record<NotificationKind, keyof Database['users']>

/** A user's settings; undefined when there is no such user. */
export async function getNotificationSettings(
  db: Kysely<Database>,
  userId: number,
): Promise<NotificationSettings | undefined> {
  const row = await db
    .selectFrom('users')
    .select([
      'notify_milestones',
      'notify_eta_changes',
      'notify_documents',
      'notify_quote_expiry',
      'notify_messages',
      'notify_company_bookings',
    ])
    .where('id', '=', userId)
    .executeTakeFirst()
  return row && toSettings(row)
}

export async function saveNotificationSettings(
  db: Kysely<Database>,
  userId: number,
  settings: NotificationSettingsInput,
): Promise<NotificationSettings | undefined> {
  const row = await db
    .updateTable('users')
    .set({
      notify_milestones: settings.milestones,
      notify_eta_changes: settings.etaChanges,
      notify_documents: settings.documents,
      notify_quote_expiry: settings.quoteExpiry,
      // Left as it is by a client that does not send it.
      ...(settings.messages === undefined ? {} : { notify_messages: settings.messages }),
      ...(settings.companyBookings === undefined
        ? {}
        : { notify_company_bookings: settings.companyBookings }),
    })
    .where('id', '=', userId)
    .returning([
      'notify_milestones',
      'notify_eta_changes',
      'notify_documents',
      'notify_quote_expiry',
      'notify_messages',
      'notify_company_bookings',
    ])
    .executeTakeFirst()
  return row && toSettings(row)
}

function toSettings(row: {
  notify_milestones: boolean
  notify_eta_changes: boolean
  notify_documents: boolean
  notify_quote_expiry: boolean
  notify_messages: boolean
  notify_company_bookings: boolean
}): NotificationSettings {
  return {
    milestones: row.notify_milestones,
    etaChanges: row.notify_eta_changes,
    documents: row.notify_documents,
    quoteExpiry: row.notify_quote_expiry,
    messages: row.notify_messages,
    companyBookings: row.notify_company_bookings,
  }
}

/** The mail kinds a booking sends (`companyBookings` chooses whose bookings, not a kind). */
export type BookingMailKind = Exclude<NotificationKind, 'companyBookings' | 'quoteExpiry' | 'messages'>

export interface BookingRecipient {
  userId: number
  email: string
  name: string
}

/**
 * Who gets a mail of `kind` about a booking of `customerId` (issue 24, docs/teams.md): `people` (the person who
 * booked it; for a rejected file also its uploader), and every colleague who chose "All company bookings";
 * each only while active (activated, not deactivated) and only when their own setting for the kind is on; each
 * once, `people` first. One query, in the caller's transaction.
 */
export async function bookingRecipients(
  db: Kysely<Database>,
  booking: { customerId: number; people: readonly number[] },
  kind: BookingMailKind,
): Promise<BookingRecipient[]> {
  const first = new Set(booking.people)
  const rows = await db
    .selectFrom('users')
    .select(['id', 'esus_email_id', 'esus_name'])
    .where('customer_id', '=', booking.customerId)
    .where('activated_at', 'is not', null)
    .where('deactivated_at', 'is', null)
    .where(notificationColumns[kind], '=', true)
    .where((eb) =>
      eb.or([
        ...(first.size > 0 ? [eb('id', 'in', [...first])] : []),
        eb('notify_company_bookings', '=', true),
      ]),
    )
    .orderBy('id')
    .execute()
  return rows
    .map((row) => ({ userId: row.id, email: row.esus_email_id, name: row.esus_name }))
    .sort((a, b) => Number(first.has(b.userId)) - Number(first.has(a.userId)))
}
