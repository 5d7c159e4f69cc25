import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import {
  PARTIES_MAX,
  partyKey,
  partyMessages,
  partyRoles,
  type SavedParty,
  savedPartySchema,
} from '../../contract/parties'
import { confirmMessages } from '../../contract/quotes'
import { INT32_MAX } from '../../contract/text'
import { appendAudit, changedFields, customerAudit } from '../audit/audit'
import type { LiveSessions } from '../auth/live-sessions'
import { requireSession, type SessionEnv } from '../auth/session'
import type { Database, PartyRow } from '../db/schema'
import {
  createRouter,
  documents,
  errorResponse,
  errorResponses,
  json,
  jsonBody,
  limitJsonBody,
  messageResponse,
  bearerSecurity as security,
  unauthenticatedResponse as unauthenticated,
} from '../openapi'
import { findParty, findPartyByKey, toSavedParty } from '../parties/queries'
import { partyService } from '../parties/service'

export interface PartyRouteDeps {
  db: Kysely<Database>
  now: () => Date
  sessions: LiveSessions
  /** The client's address (clientIp with TRUST_PROXY), for the audit trail. */
  clientIp: (c: Context) => string
}

/** What the audit trail records of an address-book entry. */
const partyAuditFields = ['name', 'address', 'contact', 'roles'] as const

// ---- OpenAPI shapes ------------------------------------------------------------------------------------

const SavedPartySchema = documents<SavedParty>()(
  z
    .object({
      id: z.int().openapi({ example: 42 }),
      name: z.string().openapi({ example: 'Lion City Exports Pte Ltd' }),
      address: z.string().openapi({ example: '10 Anson Road, #20-01, Singapore 079903' }),
      contact: z.string().nullable().openapi({ example: 'Tan Wei Ming, +65 6123 4567' }),
      roles: z.array(z.enum(partyRoles)).openapi({ description: 'The roles it has been used or saved in' }),
      usedAt: z.string().nullable().openapi({ description: 'When a booking last used it (ISO), or null' }),
      updatedAt: z.string(),
    })
    .openapi('SavedParty'),
)

const PartyBody = z.object(savedPartySchema.shape).openapi('SavedPartyInput', {
  description: `The confirmation form's party (name: \`${confirmMessages.partyName}\`, address: \`${confirmMessages.partyAddress}\`, contact up to 200 characters) with the roles it is usually used for`,
})

const IdParam = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, partyMessages.notFound)
    .openapi({ param: { name: 'id', in: 'path' }, example: '42' }),
})

const notFound = { 404: errorResponse(`Not this company's entry, or none: \`${partyMessages.notFound}\``) }

const listRoute = createRoute({
  method: 'get',
  operationId: 'listParties',
  path: '/parties',
  tags: ['Address book'],
  summary:
    "The company's address book: its shippers, consignees and notify parties, most recently used first",
  security,
  responses: {
    200: { description: 'The entries', ...json(z.object({ parties: z.array(SavedPartySchema) })) },
    ...unauthenticated,
    ...errorResponses.serverError,
  },
})

const createPartyRoute = createRoute({
  method: 'post',
  operationId: 'createParty',
  path: '/parties',
  tags: ['Address book'],
  summary: "Add a party to the company's address book (the same name and address again updates its entry)",
  description: [
    'Name and address are compared in lower case without punctuation or extra spaces: an entry already there',
    'for them answers 200 with the roles given added and the contact replaced when one is given. Confirming a',
    `quote saves its shipper, consignee and notify party the same way. A book holds ${PARTIES_MAX} entries.`,
  ].join(' '),
  security,
  request: jsonBody(PartyBody),
  responses: {
    201: { description: 'The entry added', ...json(z.object({ party: SavedPartySchema })) },
    200: {
      description: 'The entry already there for this name and address, as updated',
      ...json(z.object({ party: SavedPartySchema })),
    },
    409: errorResponse(`\`${partyMessages.full}\``),
    ...unauthenticated,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const updatePartyRoute = createRoute({
  method: 'put',
  operationId: 'updateParty',
  path: '/parties/{id}',
  tags: ['Address book'],
  summary: 'Edit an entry of the address book: name, address, contact and (when given) roles',
  security,
  request: { params: IdParam, ...jsonBody(PartyBody) },
  responses: {
    200: { description: 'The entry as changed', ...json(z.object({ party: SavedPartySchema })) },
    409: errorResponse(`Another entry has this name and address: \`${partyMessages.duplicate}\``),
    ...unauthenticated,
    ...notFound,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

const deletePartyRoute = createRoute({
  method: 'delete',
  operationId: 'deleteParty',
  path: '/parties/{id}',
  tags: ['Address book'],
  summary: 'Delete an entry of the address book (bookings that used it keep their parties)',
  security,
  request: { params: IdParam },
  responses: {
    200: messageResponse(`\`${partyMessages.deleted}\``),
    ...unauthenticated,
    ...notFound,
    ...errorResponses.validationError,
    ...errorResponses.serverError,
  },
})

// ---- The handlers ----------------------------------------------------------------------------------------

export function partyRoutes({ db, now, sessions, clientIp }: PartyRouteDeps) {
  const router = createRouter<SessionEnv>()
  // '/parties/*' also matches '/parties' itself: one registration, so the session is looked up once.
  router.use('/parties/*', requireSession(sessions, now), limitJsonBody())
  const parties = partyService({ db, now })
  /**
   * A change of the address book and its audit row in one transaction: `change` runs on the transaction's
   * service, given the entry as it was (`find`); a row is appended when it answers 200 or 201 and a field
   * changed.
   */
  const audited = async <O extends { status: number; body: unknown }>(
    c: Context<SessionEnv>,
    find: (trx: Kysely<Database>) => Promise<PartyRow | undefined>,
    change: (service: ReturnType<typeof partyService>) => Promise<O>,
    action: (before: SavedParty | null, after: SavedParty | null) => string,
  ) => {
    const { customerId } = c.var.session
    const at = now()
    return db.transaction().execute(async (trx) => {
      const found = await find(trx)
      const before = found ? toSavedParty(found) : null
      const outcome = await change(partyService({ db: trx, now: () => at }))
      if (outcome.status !== 200 && outcome.status !== 201) return outcome
      const body = outcome.body as { party?: SavedParty }
      const after = body.party ?? null
      const changes = changedFields(before, after, partyAuditFields)
      const id = after?.id ?? before?.id
      if (changes && id !== undefined) {
        await appendAudit(
          trx,
          {
            ...customerAudit(c.var.session, clientIp(c)),
            action: action(before, after),
            recordType: 'party',
            recordId: id,
            customerId,
            changes,
          },
          at,
        )
      }
      return outcome
    })
  }
  const answer = <S extends 200 | 201 | 404 | 409>(
    c: Context,
    { status, body }: { status: S; body: unknown },
  ) => c.json(body as never, status)
  /** A path id past the integer column's range is no entry (not a database error). */
  const idOf = (c: { req: { valid: (target: 'param') => { id: string } } }) => {
    const id = Number(c.req.valid('param').id)
    return id <= INT32_MAX ? id : null
  }
  const missing = { status: 404 as const, body: { message: partyMessages.notFound } }

  return router
    .openapi(listRoute, async (c) => answer(c, await parties.list(c.var.session.customerId)))
    .openapi(createPartyRoute, async (c) => {
      const { customerId } = c.var.session
      const input = c.req.valid('json')
      return answer(
        c,
        await audited(
          c,
          (trx) => findPartyByKey(trx, customerId, partyKey(input)),
          (service) => service.create(customerId, input),
          (before) => (before ? 'party.updated' : 'party.created'),
        ),
      )
    })
    .openapi(updatePartyRoute, async (c) => {
      const id = idOf(c)
      if (id === null) return answer(c, missing)
      const { customerId } = c.var.session
      const input = c.req.valid('json')
      return answer(
        c,
        await audited(
          c,
          (trx) => findParty(trx, customerId, id),
          (service) => service.update(customerId, id, input),
          () => 'party.updated',
        ),
      )
    })
    .openapi(deletePartyRoute, async (c) => {
      const id = idOf(c)
      if (id === null) return answer(c, missing)
      const { customerId } = c.var.session
      return answer(
        c,
        await audited(
          c,
          (trx) => findParty(trx, customerId, id),
          (service) => service.remove(customerId, id),
          () => 'party.deleted',
        ),
      )
    })
}
