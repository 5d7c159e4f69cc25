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
    })
    .where('id', '=', userId)
    .returning([
      'notify_milestones',
      'notify_eta_changes',
      'notify_documents',
      'notify_quote_expiry',
      'notify_messages',
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
}): NotificationSettings {
  return {
    milestones: row.notify_milestones,
    etaChanges: row.notify_eta_changes,
    documents: row.notify_documents,
    quoteExpiry: row.notify_quote_expiry,
    messages: row.notify_messages,
  }
}

/**
 * Whether the user wants mails of this kind: what a booking mail (milestones, ETA changes, documents) or a
 * quote reminder asks before it is queued. Pass the transaction that queues the mail. False for an unknown
 * user.
 */
export async function notificationAllowed(
  db: Kysely<Database>,
  userId: number,
  kind: NotificationKind,
): Promise<boolean> {
  const column = notificationColumns[kind]
  const row = await db.selectFrom('users').select(column).where('id', '=', userId).executeTakeFirst()
  return row ? Boolean((row as Record<string, unknown>)[column]) : false
}

/** The batch form: which of `userIds` want mails of this kind (unknown ids are left out). */
export async function usersAllowing(
  db: Kysely<Database>,
  userIds: readonly number[],
  kind: NotificationKind,
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set()
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', [...new Set(userIds)])
    .where(notificationColumns[kind], '=', true)
    .execute()
  return new Set(rows.map((row) => row.id))
}
