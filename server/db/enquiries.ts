import type { Insertable, Kysely } from 'kysely'
import { isUniqueViolation } from './errors'
import type { Database, EnquiriesTable, EnquiryRow } from './schema'

export type NewEnquiry = Omit<Insertable<EnquiriesTable>, 'id' | 'created_at'>

/** The unique index on lower(mail) (migration 0003). */
export const ENQUIRY_MAIL_INDEX = 'enquiries_mail_lower_key'

/**
 * Stores the enquiry; undefined when its email (in any case) already has one. The unique index decides,
 * not a look-up first, so simultaneous enquiries with one email store exactly one row.
 */
export async function insertEnquiry(
  db: Kysely<Database>,
  enquiry: NewEnquiry,
  now: Date,
): Promise<EnquiryRow | undefined> {
  try {
    return await db
      .insertInto('enquiries')
      .values({ ...enquiry, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow()
  } catch (error) {
    if (isUniqueViolation(error, ENQUIRY_MAIL_INDEX)) return undefined
    throw error
  }
}
