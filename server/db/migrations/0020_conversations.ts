import { type Kysely, sql } from 'kysely'

// Conversations between a customer's company and the forwarder's staff (docs/conversations.md): one per quote
// and per booking, its messages, each reader's mark, and the claims of the 5-minute unread mail. Inserting a
// message notifies `conversations` with the schema and the message's id (never its text): every server
// process loads it once and pushes it to the event streams allowed to see it (server/events/hub.ts).

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table conversation_messages (
      id bigint generated always as identity primary key,
      customer_id integer not null references customers (id) on delete cascade,
      subject_type text not null check (subject_type in ('quote', 'booking')),
      subject_id integer not null,
      author_kind text not null check (author_kind in ('customer', 'staff')),
      author_user_id integer references users (id) on delete set null,
      author_staff_id integer references staff_members (id) on delete set null,
      body text not null check (char_length(body) between 1 and 4000),
      created_at timestamptz not null default now(),
      check ((author_kind = 'customer') = (author_staff_id is null))
    )`.execute(db)
  await sql`
    create index conversation_messages_subject on conversation_messages (subject_type, subject_id, id)`.execute(
    db,
  )
  await sql`create index conversation_messages_customer on conversation_messages (customer_id, id)`.execute(
    db,
  )
  await sql`create index conversation_messages_created on conversation_messages (created_at)`.execute(db)
  await sql`
    create table conversation_reads (
      reader_kind text not null check (reader_kind in ('customer', 'staff')),
      reader_id integer not null,
      customer_id integer not null references customers (id) on delete cascade,
      subject_type text not null check (subject_type in ('quote', 'booking')),
      subject_id integer not null,
      last_read_message_id bigint not null,
      read_at timestamptz not null default now(),
      primary key (reader_kind, reader_id, subject_type, subject_id)
    )`.execute(db)
  await sql`
    create index conversation_reads_subject on conversation_reads (subject_type, subject_id, reader_kind)`.execute(
    db,
  )
  await sql`
    create table conversation_mail_notices (
      message_id bigint primary key references conversation_messages (id) on delete cascade,
      claimed_at timestamptz not null,
      mailed boolean not null
    )`.execute(db)
  await sql`
    create function notify_conversation_message() returns trigger language plpgsql as $$
    begin
      perform pg_notify('conversations', tg_table_schema || ' ' || new.id);
      return null;
    end
    $$`.execute(db)
  await sql`
    create trigger conversation_messages_notify after insert on conversation_messages
    for each row execute function notify_conversation_message()`.execute(db)
  // The customer's switch for the unread-message mail, on for every account (contract/profile.ts).
  await sql`alter table users add column notify_messages boolean not null default true`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column if exists notify_messages`.execute(db)
  await sql`drop trigger if exists conversation_messages_notify on conversation_messages`.execute(db)
  await sql`drop function if exists notify_conversation_message()`.execute(db)
  await sql`drop table if exists conversation_mail_notices`.execute(db)
  await sql`drop table if exists conversation_reads`.execute(db)
  await sql`drop table if exists conversation_messages`.execute(db)
}
