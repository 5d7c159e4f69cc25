import { type Hook, OpenAPIHono, z } from '@hono/zod-openapi'
import type { Context, Env } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import type { ZodError } from 'zod'
import type { ErrorBody, MessageResponse } from '../contract/wire'

export const ErrorSchema = z
  .object({
    message: z.string().openapi({ example: 'Something went wrong, Please try after some time.' }),
    errors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .openapi({ description: 'Field-level validation messages, keyed by field name.' }),
  })
  .openapi('Error') satisfies z.ZodType<ErrorBody>

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

/** Every OpenAPIHono instance of the API is made here so that all of them answer validation failures alike. */
export function createRouter<E extends Env = Env>(): OpenAPIHono<E> {
  const defaultHook: Hook<unknown, E, string, Response | undefined> = (result, c) => {
    if (!result.success) return c.json(validationErrorBody(result.error, result.target), 422)
  }
  return new OpenAPIHono<E>({ defaultHook })
}

export const MessageSchema = z
  .object({ message: z.string() })
  .openapi('MessageResponse') satisfies z.ZodType<MessageResponse>

/** A JSON response or request body of `schema`. */
export const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } } })
/** A required JSON request body. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({ body: { required: true, ...json(schema) } })
/** An error response: `{ message }` in the Error schema. */
export const errorResponse = (description: string) => ({ description, ...json(ErrorSchema) })
/** A message response whose description names the exact message. */
export const messageResponse = (description: string) => ({ description, ...json(MessageSchema) })

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
