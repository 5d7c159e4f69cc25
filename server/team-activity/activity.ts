/**
 * The company's own activity (issue 24, docs/teams.md "Who did what"): the audit rows its people appended
 * (`audit_events.actor_customer_id`, index audit_events_actor_customer), newest first, 50 a page, filtered by
 * person, each with a sentence and the customer's page of its record. Only the company's own actors: what our
 * staff did to its records is not listed here (their trail is the staff console's).
 */
import { type Kysely, sql } from 'kysely'
import type { AuditChanges } from '../../contract/audit'
import { BOOKING_NUMBER, documentKinds, documentNames } from '../../contract/bookings'
import { subjectNumberPatterns } from '../../contract/conversations'
import { type CompanyRole, companyRoleNames, companyRoles } from '../../contract/team'
import {
  TEAM_ACTIVITY_PAGE_SIZE,
  type TeamActivityEntry,
  type TeamActivityLink,
  type TeamActivityPage,
} from '../../contract/team-activity'
import type { Database } from '../db/schema'

export interface ActivityQuery {
  customerId: number
  /** Only this person's rows; a user of another company matches nothing. */
  userId?: number | undefined
  /** 1-based. */
  page?: number | undefined
}

/** The audit row's record id as a number, when it is one (a user, invitation or request id); else null. */
const recordNumber = sql<number | null>`case when a.record_id ~ '^[0-9]{1,9}$' then a.record_id::int end`

interface Row {
  id: string
  at: Date
  actor_user_id: number | null
  actor_label: string
  actor_name: string | null
  action: string
  record_type: string
  record_id: string
  changes: AuditChanges | null
  /** The name of the user a team row is about (role changes, deactivations). */
  subject_name: string | null
  /** The email and name of the invitation or join request a team row is about. */
  subject_email: string | null
  subject_person: string | null
}

/** One page of the company's activity, with everyone it can be filtered by. */
export async function teamActivity(db: Kysely<Database>, query: ActivityQuery): Promise<TeamActivityPage> {
  const page = Math.max(1, query.page ?? 1)
  let rows = db.selectFrom('audit_events as a').where('a.actor_customer_id', '=', query.customerId)
  if (query.userId !== undefined) rows = rows.where('a.actor_user_id', '=', query.userId)
  const [counted, found, people] = await Promise.all([
    rows.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    rows
      .leftJoin('users as actor', 'actor.id', 'a.actor_user_id')
      .leftJoin('users as subject', (join) =>
        join
          .on('a.record_type', '=', 'user')
          .on(sql<boolean>`subject.id = ${recordNumber}`)
          .on('subject.customer_id', '=', query.customerId),
      )
      .leftJoin('team_invitations as invitation', (join) =>
        join
          .on('a.record_type', '=', 'team_invitation')
          .on(sql<boolean>`invitation.id = ${recordNumber}`)
          .on('invitation.customer_id', '=', query.customerId),
      )
      .leftJoin('team_join_requests as request', (join) =>
        join
          .on('a.record_type', '=', 'team_join_request')
          .on(sql<boolean>`request.id = ${recordNumber}`)
          .on('request.customer_id', '=', query.customerId),
      )
      .select([
        sql<string>`a.id::text`.as('id'),
        'a.at',
        'a.actor_user_id',
        'a.actor_label',
        'actor.esus_name as actor_name',
        'a.action',
        'a.record_type',
        'a.record_id',
        'a.changes',
        'subject.esus_name as subject_name',
        sql<string | null>`coalesce(invitation.email, request.email)`.as('subject_email'),
        sql<string | null>`coalesce(invitation.name, request.name)`.as('subject_person'),
      ])
      .orderBy('a.id', 'desc')
      .limit(TEAM_ACTIVITY_PAGE_SIZE)
      .offset((page - 1) * TEAM_ACTIVITY_PAGE_SIZE)
      .execute(),
    db
      .selectFrom('users')
      .select(['id', 'esus_name as name'])
      .where('customer_id', '=', query.customerId)
      // Those who can or could sign in: not someone whose request to join is still pending or was declined.
      .where((eb) =>
        eb.or([
          eb('activated_at', 'is not', null),
          eb.exists(
            eb
              .selectFrom('audit_events as x')
              .select('x.id')
              .whereRef('x.actor_user_id', '=', 'users.id')
              .where('x.actor_customer_id', '=', query.customerId),
          ),
        ]),
      )
      .orderBy('esus_name')
      .orderBy('id')
      .execute(),
  ])
  const total = Number(counted.n)
  return {
    entries: (found as Row[]).map(toEntry),
    page,
    pageCount: Math.max(1, Math.ceil(total / TEAM_ACTIVITY_PAGE_SIZE)),
    total,
    people,
  }
}

function toEntry(row: Row): TeamActivityEntry {
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    actor: row.actor_name ?? row.actor_label,
    actorUserId: row.actor_user_id,
    action: row.action,
    summary: describeAction(row),
    recordType: row.record_type,
    recordId: row.record_id,
    link: linkOf(row),
  }
}

const after = (changes: AuditChanges | null, field: string): unknown => changes?.[field]?.after ?? null
const before = (changes: AuditChanges | null, field: string): unknown => changes?.[field]?.before ?? null
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)

const roleName = (value: unknown): string =>
  (companyRoles as readonly unknown[]).includes(value)
    ? companyRoleNames[value as CompanyRole]
    : 'another role'

const documentName = (value: unknown): string =>
  (documentKinds as readonly unknown[]).includes(value)
    ? documentNames[value as keyof typeof documentNames].toLowerCase()
    : 'a document'

/** Someone a team row is about: the user's name, else the invitation's or request's name and email. */
function subjectOf(row: Row): string {
  if (row.subject_name) return row.subject_name
  const name = row.subject_person ?? text(after(row.changes, 'name')) ?? text(before(row.changes, 'name'))
  const email = row.subject_email ?? text(after(row.changes, 'email'))
  if (name && email) return `${name} (${email})`
  return name ?? email ?? 'a colleague'
}

/** A sentence for the action, as the Admin reads it beside who did it. */
function describeAction(row: Row): string {
  const { changes } = row
  const record = row.record_id
  switch (row.action) {
    case 'quote.created': {
      const from = text(after(changes, 'requotedFrom'))
      return from ? `Requoted ${from} as ${record}` : `Got instant quote ${record}`
    }
    case 'quote.requested':
      return `Requested quote ${record} from the sales team`
    case 'booking.created':
      return `Booked ${record}`
    case 'offer.accepted':
      return `Accepted the sales team's offer and booked ${record}`
    case 'offer.declined':
      return `Declined the sales team's offer on ${record}`
    case 'booking.cancelled':
      return `Cancelled booking ${record}`
    case 'document.uploaded': {
      const booking = text(after(changes, 'booking'))
      const name = text(after(changes, 'name'))
      return `Uploaded the ${documentName(after(changes, 'kind'))}${name ? ` "${name}"` : ''}${booking ? ` to ${booking}` : ''}`
    }
    case 'message.sent':
      return `Wrote a message on ${record}`
    case 'party.created':
      return `Added ${text(after(changes, 'name')) ?? 'a party'} to the address book`
    case 'party.updated':
      return `Changed ${text(after(changes, 'name')) ?? text(before(changes, 'name')) ?? 'a party'} in the address book`
    case 'party.deleted':
      return `Removed ${text(before(changes, 'name')) ?? 'a party'} from the address book`
    case 'profile.updated':
      return 'Changed their profile'
    case 'profile.password_changed':
      return 'Changed their password'
    case 'profile.notifications_changed':
      return 'Changed their notification settings'
    case 'team.invited':
      return `Invited ${text(after(changes, 'email')) ?? subjectOf(row)} as ${roleName(after(changes, 'role'))}`
    case 'team.invitation_resent':
      return `Sent the invitation to ${row.subject_email ?? subjectOf(row)} again`
    case 'team.invitation_revoked':
      return `Withdrew the invitation to ${row.subject_email ?? subjectOf(row)}`
    case 'team.invitation_accepted':
      return `Accepted the invitation and joined as ${roleName(after(changes, 'role'))}`
    case 'team.role_changed':
      return `Changed ${possessive(subjectOf(row))} role from ${roleName(before(changes, 'company_role'))} to ${roleName(after(changes, 'company_role'))}`
    case 'team.member_deactivated':
      return `Deactivated ${subjectOf(row)}`
    case 'team.member_reactivated':
      return `Reactivated ${subjectOf(row)}`
    case 'team.join_approved':
      return `Approved the request of ${subjectOf(row)} to join, as ${roleName(after(changes, 'role'))}`
    case 'team.join_declined':
      return `Declined the request of ${subjectOf(row)} to join`
    case 'team.billing_contact_changed': {
      const email = text(after(changes, 'billing_contact_email'))
      return email
        ? `Named ${email} the billing contact`
        : `Removed the billing contact ${text(before(changes, 'billing_contact_email')) ?? ''}`.trim()
    }
    default:
      // An action added later: its name, readable ("booking.something_new" → "Booking something new").
      return `${row.action.charAt(0).toUpperCase()}${row.action.slice(1).replace(/[._]/g, ' ')} (${record})`
  }
}

const possessive = (name: string) => (name.endsWith('s') ? `${name}'` : `${name}'s`)

function linkOf(row: Row): TeamActivityLink | null {
  if (row.record_type === 'quote' && subjectNumberPatterns.quote.test(row.record_id)) {
    return { page: 'quote', number: row.record_id }
  }
  if (row.record_type === 'booking' && BOOKING_NUMBER.test(row.record_id)) {
    return { page: 'booking', number: row.record_id }
  }
  if (row.record_type === 'document') {
    const booking = text(after(row.changes, 'booking'))
    return booking && BOOKING_NUMBER.test(booking) ? { page: 'booking', number: booking } : null
  }
  if (row.record_type === 'user' || row.record_type.startsWith('team_')) return { page: 'team' }
  return null
}
