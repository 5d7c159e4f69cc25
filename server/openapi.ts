import { type Hook, OpenAPIHono, z } from '@hono/zod-openapi'
import type { Context, Env } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import type { ZodError } from 'zod'
import { messages } from '../contract/messages'
import { isStorableText, textMessages } from '../contract/text'
import type { ErrorBody, MessageResponse } from '../contract/wire'
import { bodyDepthMessage, MAX_JSON_DEPTH } from './body-depth'

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false

/**
 * The schema, once its output is the contract type `T` both ways: a field added, dropped or retyped on
 * either side fails to compile, so the document cannot drift from what the handlers send
 * (`documents<QuoteDetail>()(z.object({ … }).openapi('Quote'))`). `satisfies z.ZodType<T>` checks one way
 * only: a field the document adds would pass.
 */
export const documents =
  <T>() =>
  <S extends z.ZodType>(schema: S & (Same<z.output<S>, T> extends true ? unknown : { differsFrom: T })): S =>
    schema

export const ErrorSchema = documents<ErrorBody>()(
  z
    .object({
      message: z.string().openapi({ example: 'Something went wrong, Please try after some time.' }),
      errors: z
        .record(z.string(), z.array(z.string()))
        .optional()
        .openapi({ description: 'Field-level validation messages, keyed by field name.' }),
    })
    .openapi('Error'),
)

const errorContent = { 'application/json': { schema: ErrorSchema } }

export const errorResponses = {
  serverError: { 500: { description: 'Unexpected server error', content: errorContent } },
  validationError: { 422: { description: 'The request failed validation', content: errorContent } },
}

export function validationErrorBody(error: ZodError, target: string): ErrorBody {
  const errors: Record<string, string[]> = {}
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : target
    const messages = errors[field] ?? []
    messages.push(issue.message)
    errors[field] = messages
  }
  return { message: error.issues[0]?.message ?? 'The given data was invalid.', errors }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

/**
 * The fields of `value` (a request's validated body, query, path parameters or headers) whose string, or
 * whose key, holds a NUL or a lone surrogate (contract/text.ts), keyed like validationErrorBody's; undefined
 * when there is none.
 */
export function badCharacterErrors(value: unknown, target: string): Record<string, string[]> | undefined {
  const errors: Record<string, string[]> = {}
  const visit = (node: unknown, path: string[]) => {
    if (typeof node === 'string') {
      if (!isStorableText(node)) errors[path.join('.') || target] = [textMessages.badCharacter]
    } else if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) visit(item, [...path, String(index)])
    } else if (isPlainObject(node)) {
      for (const [key, item] of Object.entries(node)) {
        visit(key, [...path, key])
        visit(item, [...path, key])
      }
    }
  }
  visit(value, [])
  return Object.keys(errors).length > 0 ? errors : undefined
}

/**
 * Every OpenAPIHono instance of the API is made here so that all of them answer validation failures alike:
 * 422 with field messages. A value its schema accepts is refused the same way when any of its strings holds
 * a NUL or a lone surrogate, which PostgreSQL cannot store: whatever a route's schema says, no request
 * brings one past validation (contract/text.ts's safeString says so in the schemas, for the browser too).
 */
export function createRouter<E extends Env = Env>(): OpenAPIHono<E> {
  const defaultHook: Hook<unknown, E, string, Promise<Response | undefined>> = async (result, c) => {
    // A JSON body as it was sent (Hono keeps the parsed body), checked first: a schema may drop or rewrite
    // what it does not keep (a DCSA reference of another type), or refuse the request for another reason,
    // and the sender is still told which field holds the character.
    const sent = result.target === 'json' ? await c.req.json() : result.success ? result.data : undefined
    const errors = badCharacterErrors(sent, result.target)
    if (errors) return c.json({ message: textMessages.badCharacter, errors } satisfies ErrorBody, 422)
    if (!result.success) return c.json(validationErrorBody(result.error, result.target), 422)
  }
  return new OpenAPIHono<E>({ defaultHook })
}

export const MessageSchema = documents<MessageResponse>()(
  z.object({ message: z.string() }).openapi('MessageResponse'),
)

/** A JSON response or request body of `schema`. */
export const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } } })
/** A required JSON request body. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({ body: { required: true, ...json(schema) } })
/** An error response: `{ message }` in the Error schema. */
export const errorResponse = (description: string) => ({ description, ...json(ErrorSchema) })
/** A message response whose description names the exact message. */
export const messageResponse = (description: string) => ({ description, ...json(MessageSchema) })

/** The security of an operation that needs a customer's session (the token of POST /api/auth/login). */
export const bearerSecurity = [{ bearerAuth: [] }]
/** The security of a staff operation (the token of POST /api/staff/auth/verify), checked by server/staff/gate.ts. */
export const staffSecurity = [{ staffBearer: [] }]
/** The security of an operations endpoint (X-API-Key: OPS_API_KEY). */
export const opsKeySecurity = [{ opsApiKey: [] }]
/** What an operation behind requireSession answers without a live session. */
export const unauthenticatedResponse = {
  401: errorResponse(`No live session: \`${messages.unauthenticated}\``),
}
/**
 * An object the document does not spell out field by field (a rate sheet, a price): its TypeScript type,
 * named in the description, is what the handlers must send, so the schema around it is still checked
 * against the contract (`documents`).
 */
export const opaque = <T extends object>(description: string) =>
  z.custom<T>((value) => typeof value === 'object' && value !== null).openapi({ type: 'object', description })

export const tooManyResponse = {
  429: {
    description: 'Too many attempts; wait for the seconds of Retry-After',
    headers: z.object({ 'Retry-After': z.string().openapi({ example: '42' }) }),
    ...json(ErrorSchema),
  },
}

/** A password hash was needed and the queue for them was full (server/auth/hash-queue.ts). */
export const busyResponse = {
  503: {
    description: 'The server is hashing as many passwords as it can; wait for the seconds of Retry-After',
    headers: z.object({ 'Retry-After': z.string().openapi({ example: '3' }) }),
    ...json(ErrorSchema),
  },
}

/**
 * JSON request bodies of the API are small: larger ones get a JSON 413. A body whose length is declared is
 * judged by its Content-Length header before it is read, and a GET's or HEAD's is never read; Hono's
 * bodyLimit counts only a body sent in chunks. (bodyLimit alone asks every request for its body as a web
 * stream, which makes @hono/node-server build a full Request and read the body through it, instead of
 * reading it straight from the socket when the validator asks for the JSON.)
 */
export const limitJsonBody = (maxSize = 16 * 1024) => {
  const tooLarge = (c: Context) => c.json({ message: 'Payload Too Large' } satisfies ErrorBody, 413)
  const counted = bodyLimit({ maxSize, onError: tooLarge })
  return createMiddleware(async (c, next) => {
    const length = c.req.header('content-length')
    if (c.req.header('transfer-encoding') === undefined) {
      if (length !== undefined) return Number(length) > maxSize ? tooLarge(c) : next()
      if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    }
    return counted(c, next)
  })
}

/** Answers that depend on who asks are never cached. */
export const noStore = createMiddleware(async (c, next) => {
  await next()
  c.header('Cache-Control', 'no-store')
})

interface DocumentedOperation {
  parameters?: unknown[]
  requestBody?: { content?: Record<string, unknown> }
  responses?: Record<string, unknown>
  security?: unknown[]
}

const errorRef = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } }
const sharedAnswer = (description: string) => ({ description, content: errorRef })

/** The answers every JSON-body operation can give before its handler runs. */
const jsonBodyAnswers = {
  400: sharedAnswer(
    `The body is not valid JSON (\`Malformed JSON in request body\`), or nests arrays and objects more than ${MAX_JSON_DEPTH} deep (\`${bodyDepthMessage}\`)`,
  ),
  413: sharedAnswer('The body is larger than the operation takes: `Payload Too Large`'),
  415: sharedAnswer('The body is not sent as `application/json`: `Unsupported Media Type`'),
}
const validationAnswer = sharedAnswer('The request failed validation')

/**
 * What every operation of the document answers in common, added where a route did not say it, so that the
 * document cannot say less than the API does: 400, 413 and 415 on each operation with a JSON body (the
 * validator and limitJsonBody answer them), 422 on each one that takes parameters or a body (the validators
 * of createRouter), 500 on all, and `security: []` on a public one. Where a route describes one of these
 * statuses for a cause of its own, the shared cause is added to its description.
 */
export function withSharedAnswers<D extends { paths?: object }>(document: D): D {
  const paths = (document.paths ?? {}) as Record<string, Record<string, unknown>>
  for (const item of Object.values(paths)) {
    for (const [method, value] of Object.entries(item)) {
      if (!['get', 'put', 'post', 'delete', 'patch'].includes(method)) continue
      const operation = value as DocumentedOperation
      const responses: Record<string, unknown> = { ...operation.responses }
      const jsonBody = operation.requestBody?.content?.['application/json'] !== undefined
      const takesInput = (operation.parameters?.length ?? 0) > 0 || operation.requestBody !== undefined
      const shared: Record<string, { description: string }> = {
        ...(jsonBody ? jsonBodyAnswers : {}),
        ...(takesInput ? { 422: validationAnswer } : {}),
        500: sharedAnswer('Unexpected server error'),
      }
      for (const [status, answer] of Object.entries(shared)) {
        const own = responses[status] as { description?: string } | undefined
        if (!own) responses[status] = answer
        else if (own.description && !own.description.includes(answer.description)) {
          // One status, two causes: the route's own and the shared one, both told.
          const also = answer.description.charAt(0).toLowerCase() + answer.description.slice(1)
          responses[status] = { ...own, description: `${own.description}; or ${also}` }
        }
      }
      operation.responses = Object.fromEntries(
        Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)),
      )
      operation.security ??= []
    }
  }
  return document
}
