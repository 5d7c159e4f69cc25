import { type Kysely, sql } from 'kysely'

// The staff's Messages inbox (issue 34, docs/conversations.md): a conversation waits for an answer until a staff
// member replies or marks it handled. The mark is the conversation's (one for the whole desk, not a person's
// read mark): the newest customer message it covers, who set it and when. A customer's message after it
// brings the conversation back; every mark is also in the audit trail (`conversation.handled`).

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table conversation_handled (
      subject_type text not null check (subject_type in ('quote', 'booking')),
      subject_id integer not null,
      customer_id integer not null references customers (id) on delete cascade,
      handled_message_id bigint not null,
      handled_by integer references staff_members (id) on delete set null,
      handled_at timestamptz not null,
      primary key (subject_type, subject_id)
    )`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists conversation_handled`.execute(db)
}
