import { type Hook, OpenAPIHono, z } from '@hono/zod-openapi'
import type { Env } from 'hono'
import type { ZodError } from 'zod'
import type { ErrorBody } from '../contract/wire'

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
} as const

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
