import { type Insertable, type Kysely, sql } from 'kysely'
import type { Database, EnquiryRow } from '../db/schema'
import type { EnquiriesTable } from '../db/schema/records'

export type NewEnquiry = Omit<Insertable<EnquiriesTable>, 'id' | 'created_at'>

/**
 * Stores the enquiry; undefined when its email (in any case) already has one. The unique index decides,
 * not a look-up first, so simultaneous enquiries with one email store exactly one row; a conflict leaves
 * the caller's transaction usable.
 */
export async function insertEnquiry(
  db: Kysely<Database>,
  enquiry: NewEnquiry,
  now: Date,
): Promise<EnquiryRow | undefined> {
  return db
    .insertInto('enquiries')
    .values({ ...enquiry, created_at: now })
    .onConflict((oc) => oc.expression(sql`lower(mail)`).doNothing())
    .returningAll()
    .executeTakeFirst()
}
