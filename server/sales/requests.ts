/**
 * What the sales desk's answers share (issue 22): its dependencies, the request rows the queue and a detail
 * read, the change an event makes to a request, and the answers that refuse one.
 */
import { type Kysely, sql } from 'kysely'
import { type DeskState, deskMessages } from '../../contract/quote-desk'
import { nextRequestState, type QuoteRequestEventType } from '../../machines/quote-request.machine'
import type { Database } from '../db/schema'
import type { PlaceIndex } from '../locations/locations'
import type { Mailer } from '../mail/index'
import { effectiveState } from '../quotes/offers'

export interface DeskDeps {
  db: Kysely<Database>
  now: () => Date
  mailer: Mailer
  places: PlaceIndex
  /** SALES_ANSWER_TARGET: the working time within which a request should have its offer (default 2 hours). */
  answerTargetMs: number
}

export interface Acting {
  staffId: number
  name: string
}

export const notFound = { status: 404 as const, body: { message: deskMessages.notFound } }
export const refused = (state: DeskState) => ({
  status: 409 as const,
  body: { message: deskMessages.notAllowed(state) },
})

/** The requests with what the queue shows; `where` narrows them. */
export function requestRows(db: Kysely<Database>) {
  return db
    .selectFrom('quote_desk as d')
    .innerJoin('quotes as q', 'q.id', 'd.quote_id')
    .innerJoin('customers as c', 'c.id', 'q.customer_id')
    .innerJoin('users as u', 'u.id', 'q.user_id')
    .leftJoin('staff_members as s', 's.id', 'd.assigned_staff_id')
    .select([
      'q.id',
      'q.number',
      'q.mode',
      'q.origin',
      'q.destination',
      'q.created_at',
      'q.request',
      'q.notes',
      'q.customer_id',
      'c.name as company',
      'u.esus_name as requester',
      'u.esus_email_id as requesterEmail',
      'd.state',
      'd.assigned_staff_id',
      's.name as assigneeName',
      'd.answered_at',
      'd.decline_reason',
      (eb) =>
        eb
          .selectFrom('quote_offers as o')
          .select(sql<string>`max(o.lane->>'validTo')`.as('v'))
          .whereRef('o.quote_id', '=', 'q.id')
          .where('o.superseded_at', 'is', null)
          .as('latestValidTo'),
    ])
}
/** A request as the queue shows it. */
export type DeskRow = Awaited<ReturnType<ReturnType<typeof requestRows>['execute']>>[number]

/** One request by its quote number. */
export async function findRow(db: Kysely<Database>, number: string) {
  return requestRows(db).where('q.number', '=', number).executeTakeFirst()
}

/** The change `event` makes to the request, or the refusal; locks the request's row meanwhile. */
export async function transition(
  trx: Kysely<Database>,
  quoteId: number,
  event: QuoteRequestEventType,
  today: string,
) {
  const desk = await trx
    .selectFrom('quote_desk')
    .select('state')
    .where('quote_id', '=', quoteId)
    .forUpdate()
    .executeTakeFirstOrThrow()
  const latest = await trx
    .selectFrom('quote_offers')
    .select(sql<string>`max(lane->>'validTo')`.as('v'))
    .where('quote_id', '=', quoteId)
    .where('superseded_at', 'is', null)
    .executeTakeFirst()
  const state = effectiveState(desk.state, latest?.v ?? null, today)
  return { state, next: nextRequestState(state, event) }
}
