/**
 * The customer directory (issue 23, docs/staff.md "The customer directory"): the companies with their counts
 * and last activity, and one company as its users see it. What a company's users see is read through the
 * customer side's own functions with the company's scope (My Quotes' list, My Bookings' list, a booking's
 * document checklist, the conversations' messages), so the staff see exactly what the customer does.
 */
import { type Kysely, sql } from 'kysely'
import {
  CUSTOMER_PAGE_SIZE,
  type CustomerBooking,
  type CustomerCompany,
  type CustomerConversation,
  type CustomerDetail,
  type CustomerListPage,
  type CustomerListQuery,
} from '../../contract/customer-directory'
import type { QuoteRequest } from '../../contract/pricing/types'
import { placesOf, summaryOf } from '../bookings/detail'
import { findBooking, listBookings } from '../bookings/queries'
import { isMine, messagesAfter, type Reader, toWireMessage } from '../conversations/service'
import type { Database } from '../db/schema'
import { bookingDocuments } from '../documents/queries'
import type { PlaceIndex } from '../locations/locations'
import type { QuoteService } from '../quotes/service'
import { customerUsers } from './users'

/** LIKE's wildcards taken literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

interface CompanyRow {
  id: number
  name: string
  regn_no: string
  created_at: Date
  mcou_code: string
  mcou_name: string
  users: number
  quotes: number
  bookings: number
  last_activity: Date | null
}

/**
 * The companies with their counts and last activity: the latest of a login of one of its users (a session
 * opened), a quote or booking made, and a message one of its users wrote. Each is a max over an index.
 */
const companyColumns = sql`
  c.id, c.name, c.regn_no, c.created_at, co.mcou_code, co.mcou_name,
  (select count(*) from users u where u.customer_id = c.id)::int as users,
  (select count(*) from quotes q where q.customer_id = c.id)::int as quotes,
  (select count(*) from bookings b where b.customer_id = c.id)::int as bookings,
  greatest(
    (select max(s.created_at) from sessions s join users u on u.id = s.user_id where u.customer_id = c.id),
    (select max(q.created_at) from quotes q where q.customer_id = c.id),
    (select max(b.created_at) from bookings b where b.customer_id = c.id),
    (select max(m.created_at) from conversation_messages m
      where m.customer_id = c.id and m.author_kind = 'customer')
  ) as last_activity`

const toCompany = (row: CompanyRow): CustomerCompany => ({
  id: row.id,
  name: row.name,
  regnNo: row.regn_no,
  country: { code: row.mcou_code, name: row.mcou_name },
  users: Number(row.users),
  quotes: Number(row.quotes),
  bookings: Number(row.bookings),
  lastActivity: row.last_activity ? new Date(row.last_activity).toISOString() : null,
  createdAt: new Date(row.created_at).toISOString(),
})

/**
 * A page of the directory, by company name: companies whose name, or one of whose users' name or email,
 * holds `q` (any case), in the country of `country`.
 */
export async function listCustomers(
  db: Kysely<Database>,
  query: CustomerListQuery,
): Promise<CustomerListPage> {
  const page = query.page ?? 1
  const needle = query.q?.trim()
  const pattern = needle ? `%${likeLiteral(needle)}%` : undefined
  const where = sql`where true
    ${query.country ? sql`and co.mcou_code = ${query.country}` : sql``}
    ${
      pattern
        ? sql`and (c.name ilike ${pattern} or exists (
            select 1 from users u where u.customer_id = c.id
              and (u.esus_name ilike ${pattern} or u.esus_email_id ilike ${pattern})))`
        : sql``
    }`
  const from = sql`from customers c join countries co on co.mcou_rid = c.country_id ${where}`
  const [rows, counted] = await Promise.all([
    sql<CompanyRow>`select ${companyColumns} ${from}
      order by lower(c.name), c.id
      limit ${CUSTOMER_PAGE_SIZE} offset ${(page - 1) * CUSTOMER_PAGE_SIZE}`.execute(db),
    sql<{ total: number }>`select count(*)::int as total ${from}`.execute(db),
  ])
  return {
    customers: rows.rows.map(toCompany),
    page,
    pageSize: CUSTOMER_PAGE_SIZE,
    total: Number(counted.rows[0]?.total ?? 0),
  }
}

/** One company as the directory lists it; undefined when there is none. */
export async function findCompany(db: Kysely<Database>, id: number): Promise<CustomerCompany | undefined> {
  const { rows } = await sql<CompanyRow>`select ${companyColumns}
    from customers c join countries co on co.mcou_rid = c.country_id where c.id = ${id}`.execute(db)
  return rows[0] && toCompany(rows[0])
}

export interface DirectoryDeps {
  db: Kysely<Database>
  now: () => Date
  places: PlaceIndex
  /** The customers' quote service: My Quotes' list. */
  quotes: Pick<QuoteService, 'list'>
}

/**
 * The company's bookings as My Bookings lists them, each with its document checklist as the booking's page
 * shows it (due dates from the confirmed or planned ETD, the review state of every file).
 */
async function companyBookings(
  { db, now, places }: DirectoryDeps,
  customerId: number,
): Promise<CustomerBooking[]> {
  const rows = await listBookings(db, customerId)
  const { ref } = await placesOf(
    places,
    rows.flatMap((row) => [row.origin, row.destination]),
  )
  const at = now()
  const bookings: CustomerBooking[] = []
  // One at a time: a company's bookings are read on one connection, not all of the pool's.
  for (const row of rows) {
    const booking = await findBooking(db, customerId, row.number)
    if (!booking) continue
    const { documents, outstanding } = await bookingDocuments(
      db,
      { ...booking, hazardous: Boolean((booking.request as QuoteRequest).hazardous) },
      at,
    )
    bookings.push({ ...summaryOf(row, ref, outstanding), documents })
  }
  return bookings
}

/** The company's conversations (its newest 1,000 messages), the one with the newest message first. */
async function companyConversations(
  db: Kysely<Database>,
  customerId: number,
  reader: Reader,
): Promise<CustomerConversation[]> {
  const rows = await messagesAfter(db, { customerId }, 0)
  const bySubject = new Map<string, CustomerConversation>()
  for (const row of rows) {
    const message = toWireMessage(row, isMine(row, reader))
    const key = `${message.subject.type} ${message.subject.number}`
    const conversation = bySubject.get(key) ?? { subject: message.subject, messages: [] }
    conversation.messages.push(message)
    bySubject.set(key, conversation)
  }
  const lastId = (conversation: CustomerConversation) => conversation.messages.at(-1)?.id ?? 0
  return [...bySubject.values()].sort((a, b) => lastId(b) - lastId(a))
}

/** `getCustomer`: the company, its users, quotes, bookings and conversations; undefined when there is none. */
export async function customerDetail(
  deps: DirectoryDeps,
  customerId: number,
  reader: Reader,
): Promise<CustomerDetail | undefined> {
  const company = await findCompany(deps.db, customerId)
  if (!company) return undefined
  const users = await customerUsers(deps.db, customerId)
  const quotes = await deps.quotes.list(customerId, {})
  const bookings = await companyBookings(deps, customerId)
  const conversations = await companyConversations(deps.db, customerId, reader)
  return { company, users, quotes, bookings, conversations }
}
