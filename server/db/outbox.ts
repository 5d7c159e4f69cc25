import type { Kysely } from 'kysely'
import type { Database, OutboxRow } from './schema'

export interface OutboxMail {
  to: string
  subject: string
  text: string
  html: string
}

export async function insertOutboxMail(db: Kysely<Database>, mail: OutboxMail): Promise<number> {
  const row = await db.insertInto('outbox').values(mail).returning('id').executeTakeFirstOrThrow()
  return row.id
}

/** Newest first; `to` filters by recipient, case-insensitively. */
export async function listOutbox(
  db: Kysely<Database>,
  options: { to?: string | undefined; limit?: number } = {},
): Promise<OutboxRow[]> {
  let query = db
    .selectFrom('outbox')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit ?? 200)
  if (options.to) query = query.where((eb) => eb(eb.fn('lower', ['to']), '=', options.to?.toLowerCase()))
  return query.execute()
}
