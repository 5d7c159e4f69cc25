import type { MiddlewareHandler } from 'hono'
import { createMiddleware } from 'hono/factory'
import { timing } from 'hono/timing'

declare module 'hono' {
  interface ContextVariableMap {
    /** Set by withoutServerTiming: this answer carries no Server-Timing. */
    noServerTiming: true
  }
}

/**
 * `Server-Timing: total;dur=…` on API answers (the bench reads it, and so do a browser's developer tools),
 * when `enabled` (SERVER_TIMING; off in production unless asked for), and never on the answers of routers
 * that use withoutServerTiming.
 */
export function serverTiming(enabled: boolean): MiddlewareHandler {
  if (!enabled) return (_c, next) => next()
  return timing({ totalDescription: 'Server time', enabled: (c) => c.get('noServerTiming') !== true })
}

/**
 * For operations whose time would tell something: login, register, forgot-password and reset-password take
 * the same steps for every email, but a timer on the answer would still show the noise of work done for
 * some emails only after the answer, and it made the difference a one-request test before.
 */
export const withoutServerTiming = createMiddleware(async (c, next) => {
  c.set('noServerTiming', true)
  await next()
})
