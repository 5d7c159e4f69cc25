import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import type { QuoteRequest, ServiceSelection } from '../../contract/pricing/types'
import type { QuotesResponse } from '../../contract/quotes'
import { appendAudit, createdFields, customerAudit } from '../audit/audit'
import type { LiveSessions } from '../auth/live-sessions'
import { requireSession, type SessionEnv } from '../auth/session'
import { confirmQuote } from '../bookings/create'
import type { Database } from '../db/schema'
import type { PlaceIndex } from '../locations/locations'
import type { Mailer } from '../mail/index'
import { createRouter, limitJsonBody } from '../openapi'
import { declineOffer } from '../quotes/offers'
import { quoteService } from '../quotes/service'
import type { RateSheets } from '../rates/rate-sheets'
import {
  confirmRoute,
  createQuoteRoute,
  declineRoute,
  getQuoteRoute,
  listQuotesRoute,
  manualRoute,
  priceRoute,
  requoteRoute,
} from './quotes-openapi'

export interface QuoteDeps {
  db: Kysely<Database>
  now: () => Date
  mailer: Mailer
  /** Where requests for a manual quote are mailed (SALES_EMAIL). */
  salesEmail: string
  places: PlaceIndex
  /** The rate sheets, exchange rates and tariffs as this process holds them. */
  rateSheets: RateSheets
  sessions: LiveSessions
  /** The client's address (clientIp with TRUST_PROXY), for the audit trail. */
  clientIp: (c: Context) => string
}

// ---- The handlers: validate (the schemas of quotes-openapi.ts), call the service, answer ------------------------------

export function quoteRoutes({
  db,
  now,
  mailer,
  salesEmail,
  places,
  rateSheets,
  sessions,
  clientIp,
}: QuoteDeps) {
  const router = createRouter<SessionEnv>()
  const session = requireSession(sessions, now)
  // '/quotes/*' also matches '/quotes' itself: one registration, so the session is looked up once.
  router.use('/quotes/*', session, limitJsonBody())
  router.use('/quote-requests', session, limitJsonBody())
  const quotes = quoteService({ db, now, mailer, salesEmail, places, rateSheets })
  // Each outcome's body is the one its status documents; the union is too wide for the typed route.
  const answer = <S extends 200 | 201 | 404 | 409 | 410 | 422>(
    c: Context,
    { status, body }: { status: S; body: unknown },
  ) => c.json(body as never, status)
  const audit = (c: Context<SessionEnv>) => customerAudit(c.var.session, clientIp(c))

  return router
    .openapi(createQuoteRoute, async (c) =>
      answer(c, await quotes.create(c.var.session, c.req.valid('json') as QuoteRequest, audit(c))),
    )
    .openapi(listQuotesRoute, async (c) => {
      const { mine, ...filters } = c.req.valid('query')
      const { customerId, userId } = c.var.session
      const list = await quotes.list(customerId, filters, mine === 'true' ? userId : undefined)
      return c.json({ quotes: list } satisfies QuotesResponse, 200)
    })
    .openapi(getQuoteRoute, async (c) =>
      answer(c, await quotes.get(c.var.session.customerId, c.req.valid('param').number)),
    )
    .openapi(priceRoute, async (c) => {
      const { optionId, services } = c.req.valid('json')
      const { number } = c.req.valid('param')
      return answer(
        c,
        await quotes.price(c.var.session.customerId, number, optionId, services as ServiceSelection),
      )
    })
    .openapi(confirmRoute, async (c) =>
      answer(
        c,
        await confirmQuote(
          { db, now, mailer, quotes, places },
          c.var.session,
          c.req.valid('param').number,
          c.req.valid('json'),
          audit(c),
        ),
      ),
    )
    .openapi(requoteRoute, async (c) =>
      answer(c, await quotes.requote(c.var.session, c.req.valid('param').number, audit(c))),
    )
    .openapi(declineRoute, async (c) => {
      const { number } = c.req.valid('param')
      const { reason } = c.req.valid('json')
      const { customerId } = c.var.session
      const at = now()
      // The decline and its audit row in one transaction (declineOffer joins the caller's).
      const outcome = await db.transaction().execute(async (trx) => {
        const declined = await declineOffer(trx, customerId, number, reason, at)
        if (declined.status === 200) {
          await appendAudit(
            trx,
            {
              ...audit(c),
              action: 'offer.declined',
              recordType: 'quote',
              recordId: number,
              customerId,
              changes: createdFields({ declineReason: reason }),
            },
            at,
          )
        }
        return declined
      })
      return c.json(outcome.body, outcome.status)
    })
    .openapi(manualRoute, async (c) => {
      const { request, notes } = c.req.valid('json') as { request: QuoteRequest; notes?: string }
      return answer(c, await quotes.requestManual(c.var.session, request, notes, audit(c)))
    })
}
