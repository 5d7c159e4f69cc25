import { type Kysely, sql } from 'kysely'

// The money, part 1 (issue 35, docs/invoices.md): the finance role, a booking's charges with their approval,
// tax invoices and credit notes, the customer's billing details, and mails with attachments.
//
// - `booking_charges`: one row per line billed or to be billed. Quoted lines are written at confirmation,
//   approved; a change or a disbursement waits for the customer (machines/charge-request.machine.ts).
//   `invoice_id` is the invoice it is billed on; a credit note that credits it in full with `rebill` frees it.
// - `invoices` and `invoice_lines`: issued documents (`kind` invoice or credit_note), every field frozen at
//   issue; the database refuses UPDATE, DELETE and TRUNCATE of both. Numbers come from `counters` rows
//   ('INV' or 'CN', year), counted up in the issuing transaction: gapless, never reused, across processes.
// - `customers`: payment terms (0 = prepaid), billing currency (null: SGD for a Singapore company, else USD)
//   and the billing address printed on invoices.
// - `bookings.currency`: the currency its charges are in, set when its quoted lines become charges.
// - `outbox.attachments`: files sent with a mail (an invoice's PDF), as [{ filename, contentType, base64 }].

const ROLES = ['admin', 'sales', 'operations', 'pricing', 'finance']

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table staff_members drop constraint staff_members_roles`.execute(db)
  await sql`
    alter table staff_members add constraint staff_members_roles check (
      cardinality(roles) > 0 and roles <@ array[${sql.join(ROLES.map((role) => sql.lit(role)))}]::text[]
    )`.execute(db)

  await sql`
    alter table customers
      add column payment_terms_days integer not null default 30
        check (payment_terms_days in (0, 7, 14, 30, 60)),
      add column billing_currency text check (billing_currency in ('SGD', 'USD')),
      add column billing_address text`.execute(db)
  await sql`alter table bookings add column currency text check (currency in ('SGD', 'USD'))`.execute(db)
  await sql`alter table outbox add column attachments jsonb not null default '[]'::jsonb`.execute(db)

  await sql`
    create table invoices (
      id serial primary key,
      kind text not null check (kind in ('invoice', 'credit_note')),
      number text not null unique,
      customer_id integer not null references customers (id),
      booking_id integer not null references bookings (id),
      credits_invoice_id integer references invoices (id),
      issued_at timestamptz not null,
      issue_day date not null,
      due_day date,
      payment_terms_days integer not null,
      currency text not null,
      sr_amount integer not null,
      zr_amount integer not null,
      os_amount integer not null,
      subtotal integer not null,
      gst integer not null,
      total integer not null,
      gst_rate_bps integer not null,
      fx jsonb,
      supplier jsonb not null,
      customer jsonb not null,
      reason text,
      rebill boolean not null default false,
      issued_by integer references staff_members (id),
      check ((kind = 'credit_note') = (credits_invoice_id is not null)),
      check (subtotal = sr_amount + zr_amount + os_amount and total = subtotal + gst),
      check (total > 0 and gst >= 0)
    )`.execute(db)
  await sql`create index invoices_customer on invoices (customer_id, issued_at desc, id desc)`.execute(db)
  await sql`create index invoices_issued on invoices (issued_at desc, id desc)`.execute(db)
  await sql`create index invoices_booking on invoices (booking_id)`.execute(db)
  await sql`create index invoices_credits on invoices (credits_invoice_id) where credits_invoice_id is not null`.execute(
    db,
  )

  await sql`
    create table booking_charges (
      id serial primary key,
      booking_id integer not null references bookings (id) on delete cascade,
      customer_id integer not null references customers (id),
      position integer not null,
      code text not null,
      description text not null,
      quantity_text text not null,
      currency text not null,
      amount integer not null,
      gst_code text not null check (gst_code in ('SR', 'ZR', 'OS')),
      gst_reason text not null,
      source text not null check (source in ('quote', 'change', 'disbursement')),
      status text not null check (status in ('pending', 'approved', 'declined', 'withdrawn')),
      reason text,
      decision_reason text,
      requested_by integer references staff_members (id) on delete set null,
      requested_at timestamptz not null,
      decided_by_user integer references users (id) on delete set null,
      decided_by_staff integer references staff_members (id) on delete set null,
      decided_at timestamptz,
      attachment_key text,
      attachment_name text,
      attachment_size integer,
      attachment_type text,
      invoice_id integer references invoices (id),
      check (source = 'quote' or amount > 0),
      check (source <> 'disbursement' or gst_code = 'OS'),
      check (source <> 'quote' or status = 'approved'),
      check (invoice_id is null or status = 'approved')
    )`.execute(db)
  await sql`create index booking_charges_booking on booking_charges (booking_id, position)`.execute(db)
  await sql`
    create index booking_charges_pending on booking_charges (customer_id, requested_at)
    where status = 'pending'`.execute(db)
  await sql`
    create index booking_charges_uninvoiced on booking_charges (booking_id)
    where status = 'approved' and invoice_id is null`.execute(db)

  await sql`
    create table invoice_lines (
      invoice_id integer not null references invoices (id),
      line_no integer not null,
      charge_id integer references booking_charges (id),
      code text not null,
      description text not null,
      quantity_text text not null,
      amount integer not null,
      gst_code text not null check (gst_code in ('SR', 'ZR', 'OS')),
      credits_line_no integer,
      primary key (invoice_id, line_no)
    )`.execute(db)
  await sql`create index invoice_lines_charge on invoice_lines (charge_id)`.execute(db)

  // Issued means frozen.
  await sql`
    create function issued_documents_refuse_change() returns trigger language plpgsql as $$
    begin
      raise exception 'An issued invoice or credit note is never changed: % of % is refused.', tg_op, tg_table_name
        using errcode = 'insufficient_privilege';
    end
    $$`.execute(db)
  for (const table of ['invoices', 'invoice_lines']) {
    await sql`
      create trigger ${sql.id(`${table}_frozen`)} before update or delete on ${sql.table(table)}
      for each row execute function issued_documents_refuse_change()`.execute(db)
    await sql`
      create trigger ${sql.id(`${table}_no_truncate`)} before truncate on ${sql.table(table)}
      for each statement execute function issued_documents_refuse_change()`.execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists invoice_lines`.execute(db)
  await sql`drop table if exists booking_charges`.execute(db)
  await sql`drop table if exists invoices`.execute(db)
  await sql`drop function if exists issued_documents_refuse_change()`.execute(db)
  await sql`alter table outbox drop column if exists attachments`.execute(db)
  await sql`alter table bookings drop column if exists currency`.execute(db)
  await sql`
    alter table customers drop column if exists payment_terms_days, drop column if exists billing_currency,
      drop column if exists billing_address`.execute(db)
}
