/**
 * GET and PUT /api/team/billing-contact (`getBillingContact`, `updateBillingContact`; docs/payments.md
 * "Reminders"): the one email, besides the company's Admins, that its invoices' payment reminders go to. Anyone
 * of the company reads it; only an Admin names or removes it (the session's gate checks the role,
 * contract/team.ts customerPermissions). A change appends its audit row in its transaction.
 */
import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import {
  type BillingContact,
  type BillingContactSaved,
  billingContactMessages,
  billingContactPath,
  billingContactSchema,
} from '../../contract/finance/reminders'
import { teamMessages } from '../../contract/team'
import { appendAudit, customerAudit } from '../audit/audit'
import type { LiveSessions } from '../auth/live-sessions'
import { requireSession, type SessionEnv } from '../auth/session'
import type { Database } from '../db/schema'
import {
  createRouter,
  documents,
  errorResponse,
  errorResponses,
  json,
  jsonBody,
  limitJsonBody,
  bearerSecurity as security,
  unauthenticatedResponse as unauthenticated,
} from '../openapi'

export interface BillingContactDeps {
  db: Kysely<Database>
  now: () => Date
  sessions: LiveSessions
  /** The client's address (clientIp with TRUST_PROXY), for the audit trail. */
  clientIp: (c: Context) => string
}

const BillingContactSchema = documents<BillingContact>()(
  z
    .object({
      email: z.string().nullable().openapi({
        description: 'Where reminders go besides the Admins; null: none',
        example: 'ap@example.com',
      }),
    })
    .openapi('BillingContact'),
)

const SavedSchema = documents<BillingContactSaved>()(
  z.object({ message: z.string(), billingContact: BillingContactSchema }).openapi('BillingContactSaved'),
)

const Body = z.object(billingContactSchema.shape).openapi('BillingContactInput', {
  description: 'An email (kept in lower case), or null to remove the billing contact',
})

const path = billingContactPath.replace(/^\/api/, '')
const tags = ['My Team']

const getRoute = createRoute({
  method: 'get',
  operationId: 'getBillingContact',
  path,
  tags,
  summary: "The company's billing contact: payment reminders go to them and to its Admins",
  security,
  responses: {
    200: { description: 'The billing contact', ...json(BillingContactSchema) },
    ...unauthenticated,
    ...errorResponses.serverError,
  },
})

const putRoute = createRoute({
  method: 'put',
  operationId: 'updateBillingContact',
  path,
  tags,
  summary: "Name the company's billing contact, or remove it (null) (Admins)",
  security,
  request: jsonBody(Body),
  responses: {
    200: {
      description: `\`${billingContactMessages.saved}\` or \`${billingContactMessages.cleared}\`, and the contact`,
      ...json(SavedSchema),
    },
    403: errorResponse(
      `Not an Admin of the company: \`${teamMessages.adminOnly}\` (or the Viewer's message)`,
    ),
    ...unauthenticated,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

export function billingContactRoutes({ db, now, sessions, clientIp }: BillingContactDeps) {
  const router = createRouter<SessionEnv>()
  const session = requireSession(sessions, now)
  router.use(path, limitJsonBody(), async (c, next) => {
    // The team router's '/team/*' middleware may have found the session of this request already.
    if (c.get('session')) return next()
    return session(c, next)
  })
  return router
    .openapi(getRoute, async (c) => {
      const row = await db
        .selectFrom('customers')
        .select('billing_contact_email')
        .where('id', '=', c.var.session.customerId)
        .executeTakeFirst()
      return c.json({ email: row?.billing_contact_email ?? null } satisfies BillingContact, 200)
    })
    .openapi(putRoute, async (c) => {
      // An Admin's: the session's gate (customerPermissions.updateBillingContact) refused anyone else.
      const { email } = c.req.valid('json')
      const { customerId } = c.var.session
      const at = now()
      await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('customers')
          .select('billing_contact_email')
          .where('id', '=', customerId)
          .forUpdate()
          .executeTakeFirstOrThrow()
        if (before.billing_contact_email === email) return
        await trx
          .updateTable('customers')
          .set({ billing_contact_email: email })
          .where('id', '=', customerId)
          .execute()
        await appendAudit(
          trx,
          {
            ...customerAudit(c.var.session, clientIp(c)),
            action: 'team.billing_contact_changed',
            recordType: 'customer',
            recordId: customerId,
            customerId,
            changes: { billing_contact_email: { before: before.billing_contact_email, after: email } },
          },
          at,
        )
      })
      const message = email === null ? billingContactMessages.cleared : billingContactMessages.saved
      return c.json({ message, billingContact: { email } } satisfies BillingContactSaved, 200)
    })
}
