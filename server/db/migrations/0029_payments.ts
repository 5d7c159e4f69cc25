import { type Kysely, sql } from 'kysely'

// The money, part 2 (issue 36, docs/payments.md): payments and their allocations, bank statements and their
// lines, credit control and payment reminders.
//
// - `payments`: money received from a company (method, day, amount, currency, the payer's reference); a line
//   of a bank statement it came from is named once. `reversed_at` (a bounced cheque) takes its allocations out
//   of force; nothing is deleted. `refunded` is what was paid back of its credit on account, the sum of its
//   `payment_refunds` (each refund: its day and the bank's reference), kept under the payment's row lock.
// - `payment_allocations`: a payment's amount put against an invoice of the same company and currency. The
//   server checks them with contract `allocationRefusal` inside the transaction that locks the payment's row
//   (then the invoices' rows, by id): no payment allocated beyond its amount, no invoice paid beyond its
//   balance, whoever allocates at the same time.
// - `bank_statements` and `bank_statement_lines`: a file finance uploaded, and each credit line of it stored
//   once per account and identity (AcctSvcrRef or a hash of the line): the same or an overlapping file adds
//   nothing. A line is open until finance matches it (to a payment) or ignores it.
// - `customers.credit_limit` (minor units of the billing currency; null: site.config's default) and
//   `billing_contact_email` (a billing contact the company's Admin names: reminders go there too).
// - `bookings.credit_hold`: why a booking waits for finance's release (null: it does not); the release is
//   kept (`credit_released_at`, `credit_released_by`) and audited.
// - `invoice_reminders`: each reminder of an invoice, sent at most once (primary key invoice and stage).

const METHODS = ['paynow', 'fast', 'giro', 'cheque', 'other']

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table customers
      add column credit_limit integer check (credit_limit >= 0),
      add column billing_contact_email text`.execute(db)
  await sql`
    alter table bookings
      add column credit_hold text,
      add column credit_held_at timestamptz,
      add column credit_released_at timestamptz,
      add column credit_released_by integer references staff_members (id) on delete set null`.execute(db)
  await sql`create index bookings_credit_hold on bookings (credit_held_at) where credit_hold is not null`.execute(
    db,
  )

  await sql`
    create table bank_statements (
      id serial primary key,
      account text not null,
      format text not null check (format in ('camt053', 'csv')),
      filename text not null,
      lines_in_file integer not null,
      lines_added integer not null,
      uploaded_by integer references staff_members (id) on delete set null,
      uploaded_at timestamptz not null
    )`.execute(db)

  await sql`
    create table payments (
      id serial primary key,
      customer_id integer not null references customers (id),
      received_day date not null,
      method text not null check (method in (${sql.join(METHODS.map((m) => sql.lit(m)))})),
      currency text not null check (currency in ('SGD', 'USD')),
      amount integer not null check (amount > 0),
      payer_reference text not null default '',
      recorded_by integer references staff_members (id) on delete set null,
      recorded_at timestamptz not null,
      refunded integer not null default 0 check (refunded >= 0 and refunded <= amount),
      reversed_at timestamptz,
      reversed_by integer references staff_members (id) on delete set null,
      reversal_reason text,
      check ((reversed_at is null) = (reversal_reason is null))
    )`.execute(db)
  await sql`create index payments_customer on payments (customer_id, received_day desc, id desc)`.execute(db)
  await sql`create index payments_received on payments (recorded_at desc, id desc)`.execute(db)

  await sql`
    create table payment_allocations (
      id serial primary key,
      payment_id integer not null references payments (id),
      invoice_id integer not null references invoices (id),
      amount integer not null check (amount > 0),
      allocated_by integer references staff_members (id) on delete set null,
      allocated_at timestamptz not null
    )`.execute(db)
  await sql`
    create table payment_refunds (
      id serial primary key,
      payment_id integer not null references payments (id),
      amount integer not null check (amount > 0),
      refunded_day date not null,
      reference text not null default '',
      refunded_by integer references staff_members (id) on delete set null,
      refunded_at timestamptz not null
    )`.execute(db)
  await sql`create index payment_refunds_payment on payment_refunds (payment_id)`.execute(db)
  await sql`create index payment_allocations_payment on payment_allocations (payment_id)`.execute(db)
  await sql`create index payment_allocations_invoice on payment_allocations (invoice_id)`.execute(db)

  await sql`
    create table bank_statement_lines (
      id serial primary key,
      statement_id integer not null references bank_statements (id),
      account text not null,
      identity text not null,
      source text not null,
      booking_day date not null,
      value_day date,
      amount integer not null check (amount > 0),
      currency text not null,
      end_to_end_id text,
      structured_references text[] not null default '{}',
      unstructured text,
      counterparty text,
      account_servicer_reference text,
      status text not null default 'open' check (status in ('open', 'matched', 'ignored')),
      payment_id integer unique references payments (id),
      decided_by integer references staff_members (id) on delete set null,
      decided_at timestamptz,
      unique (account, identity),
      check ((status = 'matched') = (payment_id is not null))
    )`.execute(db)
  await sql`create index bank_statement_lines_open on bank_statement_lines (booking_day, id) where status = 'open'`.execute(
    db,
  )

  await sql`
    create table invoice_reminders (
      invoice_id integer not null references invoices (id),
      stage text not null,
      sent_at timestamptz not null,
      recipients text[] not null,
      primary key (invoice_id, stage)
    )`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists invoice_reminders`.execute(db)
  await sql`drop table if exists bank_statement_lines`.execute(db)
  await sql`drop table if exists payment_refunds`.execute(db)
  await sql`drop table if exists payment_allocations`.execute(db)
  await sql`drop table if exists payments`.execute(db)
  await sql`drop table if exists bank_statements`.execute(db)
  await sql`drop index if exists bookings_credit_hold`.execute(db)
  await sql`
    alter table bookings
      drop column if exists credit_hold, drop column if exists credit_held_at,
      drop column if exists credit_released_at, drop column if exists credit_released_by`.execute(db)
  await sql`alter table customers drop column if exists credit_limit, drop column if exists billing_contact_email`.execute(
    db,
  )
}
