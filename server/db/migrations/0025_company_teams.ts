import { type Kysely, sql } from 'kysely'

// Company teams (issue 24, docs/teams.md): a company's users hold a role in it (Admin, Member, Viewer), its
// Admins invite colleagues by mail, and a registration with the registration number of a company that has an
// account becomes a request to join it. The first user of every existing company becomes its Admin.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table users
      add column company_role text not null default 'member'
        constraint users_company_role_check check (company_role in ('admin', 'member', 'viewer')),
      add column deactivated_by_user integer references users (id),
      add column notify_company_bookings boolean not null default false`.execute(db)
  await sql`
    update users u set company_role = 'admin'
    where u.id = (select min(x.id) from users x where x.customer_id = u.customer_id)`.execute(db)
  // A registration finds the company with its number in its country.
  await sql`create index customers_country_regn_no on customers (country_id, regn_no)`.execute(db)

  await sql`
    create table team_invitations (
      id serial primary key,
      customer_id integer not null references customers (id),
      email text not null constraint team_invitations_email_lower check (email = lower(email)),
      name text not null,
      role text not null constraint team_invitations_role_check check (role in ('admin', 'member', 'viewer')),
      token_hash char(64) not null unique,
      invited_by integer not null references users (id),
      created_at timestamptz not null,
      sent_at timestamptz not null,
      expires_at timestamptz not null,
      revoked_at timestamptz,
      accepted_at timestamptz,
      user_id integer references users (id)
    )`.execute(db)
  // One open invitation per company and email (an expired one is sent again, not doubled).
  await sql`
    create unique index team_invitations_open on team_invitations (customer_id, email)
    where revoked_at is null and accepted_at is null`.execute(db)

  await sql`
    create table team_join_requests (
      id serial primary key,
      customer_id integer not null references customers (id),
      user_id integer references users (id) on delete set null,
      email text not null,
      name text not null,
      created_at timestamptz not null,
      decided_at timestamptz,
      decided_by integer references users (id),
      decision text constraint team_join_requests_decision_check check (decision in ('approved', 'declined')),
      role text constraint team_join_requests_role_check check (role in ('member', 'viewer'))
    )`.execute(db)
  await sql`
    create unique index team_join_requests_pending_user on team_join_requests (user_id)
    where decided_at is null`.execute(db)
  await sql`
    create index team_join_requests_pending_customer on team_join_requests (customer_id, created_at)
    where decided_at is null`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists team_join_requests`.execute(db)
  await sql`drop table if exists team_invitations`.execute(db)
  await sql`drop index if exists customers_country_regn_no`.execute(db)
  await sql`
    alter table users drop column notify_company_bookings, drop column deactivated_by_user,
      drop column company_role`.execute(db)
}
