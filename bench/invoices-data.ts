/**
 * The data of the invoice measures (bench/invoices.ts) and of the test of two processes issuing at once
 * (tests/server/invoices-processes.test.ts), written directly in the database: a Singapore customer with a
 * billing address and a password, one confirmed booking in SGD with `charges` approved charges to invoice, a
 * finance staff member's session, and `invoices` issued invoices (every tenth with a credit note) for the lists.
 */
import { type Kysely, sql } from 'kysely'
import { hashPassword } from '../server/auth/password'
import { hashToken, newToken } from '../server/auth/tokens'
import { createUser } from '../server/auth/users'
import type { Database } from '../server/db/schema'
import { prepareDatabase } from '../server/prepare'
import { insertStaff } from '../server/staff/accounts'
import { openStaffSession } from '../server/staff/sessions'

export const INVOICE_BENCH_PASSWORD = 'Bench#2026inv'

export interface InvoiceData {
  email: string
  customerId: number
  bookingNumber: string
  /** Approved, not invoiced. */
  chargeIds: number[]
  /** A finance staff member's bearer token. */
  financeToken: string
}

export async function seedInvoiceData(
  db: Kysely<Database>,
  { charges, invoices }: { charges: number; invoices: number },
): Promise<InvoiceData> {
  await prepareDatabase(db, { demoSeed: false })
  const now = new Date()
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const country = await db
    .selectFrom('countries')
    .select(['mcou_rid', 'eshp_mcpy'])
    .where('mcou_code', '=', 'SG')
    .executeTakeFirstOrThrow()
  const email = `invoices.${run}@bench.example`
  const userId = await createUser(db, {
    esus_name: 'Bench Payer',
    esus_company_name: 'Bench Invoices Pte Ltd',
    esus_regn_no: `BENCHI${run}`.slice(0, 20).toUpperCase(),
    esus_email_id: email,
    password_hash: await hashPassword(INVOICE_BENCH_PASSWORD),
    esus_mcou: country.mcou_rid,
    code: '+65',
    esus_phone: '61234567',
    esus_address1: '1 Bench Road, Singapore',
    esus_source: 'Others',
    esus_mcpy: country.eshp_mcpy,
    activated_at: now,
  })
  const { customer_id: customerId } = await db
    .selectFrom('users')
    .select('customer_id')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  await db
    .updateTable('customers')
    .set({ billing_address: '1 Bench Road\nSingapore 000001', billing_currency: 'SGD' })
    .where('id', '=', customerId)
    .execute()
  const request = JSON.stringify({ mode: 'FCL', origin: 'SGSIN', destination: 'INNSA', containers: [] })
  const quote = await sql<{ id: number }>`
    insert into quotes (number, customer_id, user_id, kind, mode, origin, destination, request, services,
      first_lcl_eligible, fx, service_tariffs, valid_to, created_at)
    values (${`INVQ-${run}`}, ${customerId}, ${userId}, 'priced', 'FCL', 'SGSIN', 'INNSA', ${request}::jsonb,
      '{}'::jsonb, false, '{}'::jsonb, '{}'::jsonb, null, ${now}) returning id`.execute(db)
  const quoteId = quote.rows[0]?.id
  const option = await sql<{ id: number }>`
    insert into quote_options (quote_id, lane, carrier, transit_days, valid_to, total_usd)
    values (${quoteId}, '{}'::jsonb, 'Bench Line', 12, current_date + 30, 420000) returning id`.execute(db)
  const bookingNumber = `ESB-2099${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`
  const booking = await sql<{ id: number }>`
    insert into bookings (number, customer_id, user_id, quote_id, option_id, mode, status, details, price,
      total_usd, created_at, hbl, carrier, origin, destination, legs, confirmed_at, updated_at, currency)
    values (${bookingNumber}, ${customerId}, ${userId}, ${quoteId}, ${option.rows[0]?.id}, 'FCL', 'Confirmed',
      '{}'::jsonb, '{"totalUsd": 420000, "lines": []}'::jsonb, 420000, ${now}, ${`ESHBL${bookingNumber.slice(4)}`},
      'Bench Line', 'SGSIN', 'INNSA', '[]'::jsonb, ${now}, ${now}, 'SGD') returning id`.execute(db)
  const bookingId = booking.rows[0]?.id as number
  const chargeRows = await sql<{ id: number }>`
    insert into booking_charges (booking_id, customer_id, position, code, description, quantity_text, currency,
      amount, gst_code, gst_reason, source, status, requested_at, decided_at)
    select ${bookingId}, ${customerId}, g, 'LOC', 'Local delivery ' || g, '1 × per shipment', 'SGD',
      10000 + g, case when g % 2 = 0 then 'SR' else 'ZR' end, 'bench', 'quote', 'approved', ${now}, ${now}
    from generate_series(1, ${charges}) g returning id`.execute(db)
  if (invoices > 0) {
    const parties = sql`'{"name": "Bench Invoices Pte Ltd", "addressLines": ["1 Bench Road"], "uen": "BENCH"}'::jsonb`
    await sql`
      insert into invoices (kind, number, customer_id, booking_id, credits_invoice_id, issued_at, issue_day, due_day,
        payment_terms_days, currency, sr_amount, zr_amount, os_amount, subtotal, gst, total, gst_rate_bps, fx,
        supplier, customer, issued_by)
      select 'invoice', 'INV-2098-' || lpad(g::text, 6, '0'), ${customerId}, ${bookingId}, null,
        ${now}::timestamptz - interval '1 hour' * (${invoices} - g), (${now}::timestamptz - interval '1 hour' * (${invoices} - g))::date,
        (${now}::timestamptz - interval '1 hour' * (${invoices} - g))::date + 30, 30, 'SGD',
        10000, 50000, 0, 60000, 900, 60900, 900, 'null'::jsonb, ${parties}, ${parties}, null
      from generate_series(1, ${invoices}) g`.execute(db)
    await sql`
      insert into invoices (kind, number, customer_id, booking_id, credits_invoice_id, issued_at, issue_day, due_day,
        payment_terms_days, currency, sr_amount, zr_amount, os_amount, subtotal, gst, total, gst_rate_bps, fx,
        supplier, customer, reason, issued_by)
      select 'credit_note', 'CN-2098-' || lpad((row_number() over (order by i.id))::text, 6, '0'), i.customer_id,
        i.booking_id, i.id, i.issued_at + interval '1 minute', i.issue_day, null, 30, 'SGD', 0, 50000, 0, 50000, 0,
        50000, 900, 'null'::jsonb, i.supplier, i.customer, 'Bench credit', null
      from invoices i where i.number like 'INV-2098-%' and i.id % 10 = 0`.execute(db)
  }
  const member = await insertStaff(
    db,
    { email: `finance.${run}@bench.example`, name: 'Bench Finance', roles: ['finance'] },
    now,
  )
  if (!member) throw new Error('bench staff email taken')
  const financeToken = newToken()
  await openStaffSession(db, member.id, hashToken(financeToken), now)
  // After the bulk load, the vacuum, statistics and checkpoint PostgreSQL would otherwise do during a measure
  // (as bench/tracking.ts does).
  await sql`vacuum analyze`.execute(db)
  await sql`checkpoint`.execute(db).catch(() => {})
  return { email, customerId, bookingNumber, chargeIds: chargeRows.rows.map((r) => r.id), financeToken }
}

/** Issues one invoice of `chargeId` on `origin`: the number, or the answer's status and text. */
export async function issueOne(origin: string, data: InvoiceData, chargeId: number) {
  const res = await fetch(`${origin}/api/staff/bookings/${data.bookingNumber}/invoices`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${data.financeToken}` },
    body: JSON.stringify({ chargeIds: [chargeId] }),
  })
  const body = (await res.json()) as { invoice?: { number: string }; message?: string }
  if (res.status !== 201 || !body.invoice) throw new Error(`issue answered ${res.status}: ${body.message}`)
  return body.invoice.number
}

/** Whether `numbers` are distinct and consecutive (INV-YYYY-nnnnnn of one year). */
export function consecutive(numbers: string[]): boolean {
  const n = numbers.map((number) => Number(number.slice(-6))).sort((a, b) => a - b)
  const first = n[0] ?? 0
  return new Set(numbers).size === numbers.length && n.every((value, i) => value === first + i)
}
