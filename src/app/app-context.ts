import type { AppActors, SessionActor } from './actors'
import { readToken } from './storage'

/**
 * What the router's context holds: the long-lived actors (session, loader) and the API client, created
 * outside React by src/main.tsx, but only when first needed. A prerendered public page paints and hydrates
 * without their code (the statechart library, the HTTP client); they are created once the page has settled,
 * at the visitor's first interaction, or at once by a route or widget that needs them.
 */
export interface AppContext {
  /** The actors, once created. */
  current(): AppActors | undefined
  /** Creates the actors (loading their code) unless they exist; resolves with them. */
  ready(): Promise<AppActors>
  /** Calls `listener` when the actors come to exist; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void
}

/** An AppContext whose actors `create` makes, at most once. */
export function createAppContext(create: () => Promise<AppActors>): AppContext {
  let actors: AppActors | undefined
  let pending: Promise<AppActors> | undefined
  const listeners = new Set<() => void>()
  return {
    current: () => actors,
    ready: () => {
      pending ??= create().then((created) => {
        actors = created
        for (const listener of listeners) listener()
        return created
      })
      return pending
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** An AppContext around actors that already exist (the prerenderer, tests). */
export function readyAppContext(actors: AppActors): AppContext {
  const ready = Promise.resolve(actors)
  return { current: () => actors, ready: () => ready, subscribe: () => () => {} }
}

/**
 * Whether this browser is signed in, without creating the actors: the session chart's answer once it exists,
 * and before that what it will start from (a stored token; the chart starts signed in, or expiring, with one).
 * For a guard of a page that hydrates before the actors exist (/login).
 */
export function isSignedInHere(app: AppContext, local = (): Storage => window.localStorage): boolean {
  const actors = app.current()
  return actors ? isSignedIn(actors.session) : readToken(local()) !== null
}

/** A route's guard for a page whose components need the actors: created before it renders. */
export async function withActors({ context }: { context: AppContext }): Promise<void> {
  await context.ready()
}

/** Whether the session actor is signed in now. */
export const isSignedIn = (session: SessionActor) =>
  session.getSnapshot().matches({ auth: 'authenticated' }) ||
  session.getSnapshot().matches({ auth: 'expiring' })
