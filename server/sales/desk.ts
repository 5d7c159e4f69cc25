/**
 * The sales desk's service (issue 22): the queue of quote requests with their service level, a request's
 * detail with its offers and the sheets to start one from, assigning, previewing and sending an offer
 * (offer-sending.ts), and the instant quotes to follow up; the customer's side of an offer is in offers.ts.
 * Every change goes through machines/quote-request.machine.ts.
 */
import { sql } from 'kysely'
import { addDays } from '../../contract/dates'
import {
  type DeskQueueItem,
  type DeskRequestDetail,
  type DeskState,
  deskMessages,
  type FollowUp,
} from '../../contract/quote-desk'
import { EXPIRING_SOON_DAYS, singaporeDate } from '../../contract/quotes'
import { serviceLevel } from '../../contract/working-hours'
import { type AuditContext, appendAudit, changedFields } from '../audit/audit'
import { inTransaction } from '../db/transaction'
import { effectiveState, offerVersions } from '../quotes/offers'
import { supersededSearch } from '../quotes/same-search'
import { findLanes } from '../rates/reference-rates'
import { singaporeCalendar } from './holidays'
import { offerDesk } from './offer-sending'
import {
  type Acting,
  type DeskDeps,
  type DeskRow,
  findRow,
  notFound,
  refused,
  requestRows,
  transition,
} from './requests'

export function salesDesk(deps: DeskDeps) {
  const { db, now, places, answerTargetMs } = deps
  const { preview, send } = offerDesk(deps)

  async function toItem(row: DeskRow, at: Date): Promise<DeskQueueItem> {
    const [origin, destination] = await Promise.all([places.get(row.origin), places.get(row.destination)])
    const level = serviceLevel(
      { requestedAt: row.created_at, answeredAt: row.answered_at, targetMs: answerTargetMs, now: at },
      singaporeCalendar(row.created_at),
    )
    return {
      number: row.number,
      state: effectiveState(row.state, row.latestValidTo ?? null, singaporeDate(at)),
      mode: row.mode,
      origin: { code: row.origin, name: origin?.name ?? row.origin },
      destination: { code: row.destination, name: destination?.name ?? row.destination },
      company: row.company,
      requester: row.requester,
      requestedAt: row.created_at.toISOString(),
      assignee:
        row.assigned_staff_id === null ? null : { id: row.assigned_staff_id, name: row.assigneeName ?? '' },
      serviceLevel: { level: level.level, dueAt: level.dueAt.toISOString() },
    }
  }

  /** listQuoteRequests: `open` (Requested, In progress) oldest first; `answered` (the others) newest first. */
  async function queue(view: 'open' | 'answered'): Promise<DeskQueueItem[]> {
    const at = now()
    const open: DeskState[] = ['Requested', 'In progress']
    const rows = await requestRows(db)
      .where('d.state', view === 'open' ? 'in' : 'not in', open)
      .orderBy('q.created_at', view === 'open' ? 'asc' : 'desc')
      .limit(500)
      .execute()
    return Promise.all(rows.map((row) => toItem(row, at)))
  }

  /** getQuoteRequest. */
  async function detail(number: string) {
    const row = await findRow(db, number)
    if (!row) return notFound
    const at = now()
    const today = singaporeDate(at)
    const date = row.request.readyDate < today ? today : row.request.readyDate
    const [item, offers, lanes, fx, colleagues] = await Promise.all([
      toItem(row, at),
      offerVersions(db, row.id),
      findLanes(db, { mode: row.mode, origin: row.origin, destination: row.destination, date }),
      db.selectFrom('quotes').select('fx').where('id', '=', row.id).executeTakeFirstOrThrow(),
      db
        .selectFrom('staff_members')
        .select(['id', 'name'])
        .where('deactivated_at', 'is', null)
        .where(sql<boolean>`'sales' = any(roles)`)
        .orderBy('name')
        .execute(),
    ])
    const request: DeskRequestDetail = {
      ...item,
      request: row.request,
      notes: row.notes,
      declineReason: row.decline_reason,
      offers,
      templates: lanes.map(({ carrier, service, transitDays, validTo, freeDays, charges }) => ({
        carrier,
        service,
        transitDays,
        validTo,
        freeDays,
        charges,
      })),
      currencies: Object.keys(fx.fx).sort(),
      colleagues,
    }
    return { status: 200 as const, body: { request } }
  }

  /** assignQuoteRequest: to the caller, or to a colleague with the Sales role. */
  async function assign(number: string, acting: Acting, staffId: number | undefined, audit?: AuditContext) {
    const row = await findRow(db, number)
    if (!row) return notFound
    const assignee = staffId ?? acting.staffId
    const person = await db
      .selectFrom('staff_members')
      .select(['id', 'name'])
      .where('id', '=', assignee)
      .where('deactivated_at', 'is', null)
      .where(sql<boolean>`'sales' = any(roles)`)
      .executeTakeFirst()
    if (!person) {
      return {
        status: 422 as const,
        body: { message: deskMessages.staffNotFound, errors: { staffId: [deskMessages.staffNotFound] } },
      }
    }
    const at = now()
    const changed = await inTransaction(db, async (trx) => {
      const { state, next } = await transition(trx, row.id, 'sales.assign', singaporeDate(at))
      if (!next) return refused(state)
      await trx
        .updateTable('quote_desk')
        .set({ state: next, assigned_staff_id: person.id, assigned_at: at, updated_at: at })
        .where('quote_id', '=', row.id)
        .execute()
      if (audit) {
        await appendAudit(
          trx,
          {
            ...audit,
            action: 'quote_request.assigned',
            recordType: 'quote',
            recordId: row.number,
            customerId: row.customer_id,
            changes: changedFields(
              { state, assignee: row.assigneeName ?? null },
              { state: next, assignee: person.name },
              ['state', 'assignee'],
            ),
          },
          at,
        )
      }
      return undefined
    })
    if (changed) return changed
    const updated = (await findRow(db, number)) as DeskRow
    return { status: 200 as const, body: { request: await toItem(updated, at) } }
  }

  /** followUps: instant quotes that expire unbooked within 3 days, soonest first. */
  async function followUps(): Promise<FollowUp[]> {
    const today = singaporeDate(now())
    const until = addDays(today, EXPIRING_SOON_DAYS)
    const rows = await db
      .selectFrom('quotes as q')
      .innerJoin('customers as c', 'c.id', 'q.customer_id')
      .innerJoin('users as u', 'u.id', 'q.user_id')
      .leftJoin('bookings as b', 'b.quote_id', 'q.id')
      .leftJoin('quote_desk as d', 'd.quote_id', 'q.id')
      .innerJoin(
        (eb) =>
          eb
            .selectFrom('quote_options')
            .select([
              'quote_id',
              sql<string>`max(valid_to)::text`.as('valid_to'),
              sql<string>`min(total_usd)`.as('total'),
            ])
            .groupBy('quote_id')
            .as('o'),
        (join) => join.onRef('o.quote_id', '=', 'q.id'),
      )
      .select([
        'q.number',
        'q.mode',
        'q.origin',
        'q.destination',
        'c.name as company',
        'u.esus_name',
        'u.esus_email_id',
        'o.valid_to',
        'o.total',
      ])
      .where('q.kind', '=', 'priced')
      .where('b.id', 'is', null)
      .where('d.quote_id', 'is', null)
      .where(sql<boolean>`not ${supersededSearch('q')}`)
      .where(sql<boolean>`o.valid_to::date between ${today}::date and ${until}::date`)
      .orderBy('o.valid_to')
      .orderBy('q.number')
      .limit(500)
      .execute()
    return rows.map((row) => ({
      number: row.number,
      company: row.company,
      requester: row.esus_name,
      email: row.esus_email_id,
      mode: row.mode,
      origin: row.origin,
      destination: row.destination,
      validTo: String(row.valid_to).slice(0, 10),
      totalUsd: row.total === null ? null : Number(row.total),
    }))
  }

  return { queue, detail, assign, preview, send, followUps }
}

export type SalesDesk = ReturnType<typeof salesDesk>
