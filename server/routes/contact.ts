import { createRoute } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import { messages } from '../../contract/messages'
import { contactSchema } from '../../contract/rules'
import { checkLimits, limits, retryLater } from '../auth/rate-limit'
import { insertEnquiry } from '../contact/enquiries'
import type { Database } from '../db/schema'
import { enquiryMail } from '../mail/contact-templates'
import type { Mailer } from '../mail/index'
import {
  createRouter,
  errorResponse,
  errorResponses,
  jsonBody,
  limitJsonBody,
  messageResponse,
  noStore,
  tooManyResponse,
} from '../openapi'

export interface ContactDeps {
  db: Kysely<Database>
  now: () => Date
  /** The client's address for rate limits. */
  clientIp: (c: Context) => string
  mailer: Mailer
  /** Where the sales team is told of each new enquiry (SALES_EMAIL). */
  salesEmail: string
}

const contactRoute = createRoute({
  method: 'post',
  operationId: 'sendEnquiry',
  path: '/contact',
  tags: ['Contact'],
  summary: 'Send a contact enquiry (one per email address); the sales team is mailed its details',
  request: jsonBody(contactSchema),
  responses: {
    200: messageResponse(`Stored: \`${messages.contactAdded}\``),
    409: errorResponse(`This email (in any case) already sent an enquiry: \`${messages.contactDuplicate}\``),
    ...tooManyResponse,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

export function contactRoutes({ db, now, clientIp, mailer, salesEmail }: ContactDeps) {
  const router = createRouter()
  router.use('/contact', limitJsonBody(), noStore)

  return router.openapi(contactRoute, async (c) => {
    const enquiry = c.req.valid('json')
    const at = now()
    const wait = await checkLimits(db, [limits.contactIp(clientIp(c))], at)
    if (wait !== undefined) return c.json(retryLater(c, wait), 429)
    // The enquiry and the sales team's mail exist together or not at all.
    const stored = await db.transaction().execute(async (trx) => {
      const row = await insertEnquiry(trx, enquiry, at)
      if (row) await mailer.queue(trx, enquiryMail({ to: salesEmail, enquiry: row }), at)
      return row
    })
    if (!stored) return c.json({ message: messages.contactDuplicate }, 409)
    return c.json({ message: messages.contactAdded }, 200)
  })
}
