/**
 * What is read of a booking's charges (issue 35, docs/invoices.md): a booking's charges for its customer and for
 * the console, the company's change requests waiting for an answer (its list and its dashboard), the change
 * requests waiting on any customer (the finance desk), and a charge's attachment. Customers read only their
 * company's; staff read every company's.
 */
import type { Kysely } from 'kysely'
import type { ChargeItem, PendingChargeItem } from '../../contract/finance/charges'
import type { WaitingCharge } from '../../contract/finance/invoice-wire'
import { placesOf } from '../bookings/detail'
import type { Database } from '../db/schema'
import type { PlaceIndex } from '../locations/locations'
import { siteConfig } from '../site-config'

/** Who is named to a customer for anything the forwarder's staff did. */
export const staffNameForCustomers = `${siteConfig.brand} operations`

/** Whose eyes read a charge: a customer sees staff as the team, the console sees each by name. */
export type Reader = 'customer' | 'staff'

function chargeRows(db: Kysely<Database>) {
  return db
    .selectFrom('booking_charges as ch')
    .innerJoin('bookings as b', 'b.id', 'ch.booking_id')
    .leftJoin('staff_members as rs', 'rs.id', 'ch.requested_by')
    .leftJoin('users as du', 'du.id', 'ch.decided_by_user')
    .leftJoin('staff_members as ds', 'ds.id', 'ch.decided_by_staff')
    .leftJoin('invoices as i', 'i.id', 'ch.invoice_id')
    .select([
      'ch.id',
      'ch.booking_id',
      'ch.customer_id',
      'ch.code',
      'ch.description',
      'ch.quantity_text',
      'ch.currency',
      'ch.amount',
      'ch.gst_code',
      'ch.gst_reason',
      'ch.source',
      'ch.status',
      'ch.reason',
      'ch.decision_reason',
      'ch.requested_at',
      'ch.requested_by',
      'ch.decided_at',
      'ch.decided_by_user',
      'ch.decided_by_staff',
      'ch.attachment_key',
      'ch.attachment_name',
      'ch.attachment_size',
      'ch.attachment_type',
      'b.number as booking_number',
      'b.origin',
      'b.destination',
      'rs.name as requested_by_name',
      'du.esus_name as decided_by_user_name',
      'ds.name as decided_by_staff_name',
      'i.number as invoice_number',
    ])
}

export type ChargeRow = Awaited<ReturnType<ReturnType<typeof chargeRows>['executeTakeFirstOrThrow']>>

const iso = (at: Date | string) => new Date(at).toISOString()

/** A charge as `reader` reads it. */
export function chargeItem(row: ChargeRow, reader: Reader): ChargeItem {
  const staffName = (id: number | null, name: string | null) =>
    id === null ? null : reader === 'customer' ? staffNameForCustomers : (name ?? staffNameForCustomers)
  return {
    id: row.id,
    bookingNumber: row.booking_number,
    code: row.code,
    description: row.description,
    quantityText: row.quantity_text,
    currency: row.currency,
    amount: row.amount,
    gstCode: row.gst_code,
    gstReason: row.gst_reason,
    source: row.source,
    status: row.status,
    reason: row.reason,
    decisionReason: row.decision_reason,
    requestedAt: iso(row.requested_at),
    requestedBy: staffName(row.requested_by, row.requested_by_name),
    decidedAt: row.decided_at ? iso(row.decided_at) : null,
    decidedBy:
      row.decided_by_user !== null
        ? row.decided_by_user_name
        : staffName(row.decided_by_staff, row.decided_by_staff_name),
    attachment:
      row.attachment_key && row.attachment_name
        ? {
            name: row.attachment_name,
            size: row.attachment_size ?? 0,
            contentType: row.attachment_type ?? 'application/octet-stream',
          }
        : null,
    invoiceNumber: row.invoice_number,
  }
}

/** A booking's charges in order (quoted lines first, then added ones); `customerId` scopes a customer's read. */
export async function bookingCharges(
  db: Kysely<Database>,
  bookingNumber: string,
  reader: Reader,
  customerId?: number,
): Promise<ChargeItem[]> {
  let query = chargeRows(db).where('b.number', '=', bookingNumber)
  if (customerId !== undefined) query = query.where('ch.customer_id', '=', customerId)
  const rows = await query.orderBy('ch.position').orderBy('ch.id').execute()
  return rows.map((row) => chargeItem(row, reader))
}

/** One charge by id (a customer's only when `customerId` is theirs), or undefined. */
export function findCharge(db: Kysely<Database>, id: number, customerId?: number) {
  let query = chargeRows(db).where('ch.id', '=', id)
  if (customerId !== undefined) query = query.where('ch.customer_id', '=', customerId)
  return query.executeTakeFirst()
}

/** The company's change requests waiting for an answer, oldest first, with each booking's route. */
export async function pendingCharges(
  db: Kysely<Database>,
  places: PlaceIndex,
  customerId: number,
): Promise<PendingChargeItem[]> {
  const rows = await chargeRows(db)
    .where('ch.customer_id', '=', customerId)
    .where('ch.status', '=', 'pending')
    .orderBy('ch.requested_at')
    .orderBy('ch.id')
    .execute()
  const { ref } = await placesOf(
    places,
    rows.flatMap((row) => [row.origin, row.destination]),
  )
  const place = (code: string) => `${ref(code).name} (${code})`
  return rows.map((row) => ({
    ...chargeItem(row, 'customer'),
    route: `${place(row.origin)} → ${place(row.destination)}`,
  }))
}

/** The dashboard's Needs attention: the company's change requests waiting, oldest first. */
export async function dashboardPendingCharges(db: Kysely<Database>, customerId: number) {
  const rows = await db
    .selectFrom('booking_charges as ch')
    .innerJoin('bookings as b', 'b.id', 'ch.booking_id')
    .select(['ch.id', 'b.number', 'ch.description', 'ch.currency', 'ch.amount', 'ch.requested_at'])
    .where('ch.customer_id', '=', customerId)
    .where('ch.status', '=', 'pending')
    .orderBy('ch.requested_at')
    .orderBy('ch.id')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    bookingNumber: row.number,
    description: row.description,
    currency: row.currency,
    amount: row.amount,
    requestedAt: iso(row.requested_at),
  }))
}

/** Change requests waiting on any customer, oldest first (the finance desk, operations). */
export async function listWaitingCharges(db: Kysely<Database>, limit = 500): Promise<WaitingCharge[]> {
  const rows = await db
    .selectFrom('booking_charges as ch')
    .innerJoin('bookings as b', 'b.id', 'ch.booking_id')
    .innerJoin('customers as c', 'c.id', 'ch.customer_id')
    .leftJoin('staff_members as rs', 'rs.id', 'ch.requested_by')
    .select([
      'ch.id',
      'b.number',
      'ch.customer_id',
      'c.name as customer_name',
      'ch.code',
      'ch.description',
      'ch.currency',
      'ch.amount',
      'ch.requested_at',
      'rs.name as requested_by',
    ])
    .where('ch.status', '=', 'pending')
    .orderBy('ch.requested_at')
    .orderBy('ch.id')
    .limit(limit)
    .execute()
  return rows.map((row) => ({
    id: row.id,
    bookingNumber: row.number,
    customerId: row.customer_id,
    customerName: row.customer_name,
    code: row.code,
    description: row.description,
    currency: row.currency,
    amount: row.amount,
    requestedAt: iso(row.requested_at),
    requestedBy: row.requested_by,
  }))
}
