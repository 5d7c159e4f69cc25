import { type Actor, createActor, fromPromise, type InspectionEvent, type Observer } from 'xstate'
import { messages } from '../../contract/messages'
import type { SessionUser } from '../../contract/wire'
import { loaderMachine } from '../../machines/loader.machine'
import { sessionMachine } from '../../machines/session.machine'
import { checkSession, logout } from '../api/auth'
import { type ApiClient, createApiClient } from '../api/client'
import { KEEPALIVE_MS, listenForActivity } from './activity'
import { closeAllDialogs } from './dialogs'
import {
  type BrowserStorage,
  clearSession,
  markPinged,
  readSessionInput,
  storageEventToSession,
  writeActivity,
  writeSession,
  writeToken,
  writeUser,
} from './storage'

export type SessionActor = Actor<typeof sessionMachine>
export type LoaderActor = Actor<typeof loaderMachine>
export type Inspect = ((event: InspectionEvent) => void) | Observer<InspectionEvent>

/** The long-lived actors and the API client, created once, outside React. */
export interface AppActors {
  session: SessionActor
  loader: LoaderActor
  api: ApiClient
  inspect: Inspect | undefined
  /** Where the actors navigate; bound to the router once it exists. */
  bindNavigation: (navigate: (to: '/home' | '/user/home') => void) => void
  /** Starts listening to the user's activity and to other tabs; returns the stop function. */
  listen: (target: Window) => () => void
}

export function createAppActors(options: {
  storage: BrowserStorage
  inspect?: Inspect
  now?: () => number
}): AppActors {
  const { storage, inspect } = options
  const now = options.now ?? Date.now
  let navigate: (to: '/home' | '/user/home') => void = () => {}

  const loader = createActor(loaderMachine, { inspect }).start()
  let session: SessionActor | undefined

  const api = createApiClient({
    token: () => storage.local.getItem('authToken'),
    requestStarted: () => loader.send({ type: 'request.started' }),
    requestFinished: () => loader.send({ type: 'request.finished' }),
    tokenReceived: (token) => session?.send({ type: 'api.token', token, at: now() }),
    unauthenticated: () => session?.send({ type: 'api.unauthenticated' }),
  })

  let lastKeepalive = now()
  const keepServerSessionAlive = () => {
    if (now() - lastKeepalive < KEEPALIVE_MS) return
    lastKeepalive = now()
    // The answer carries the user as the server has them now (a role or the company changed meanwhile).
    checkSession(api)
      .then((answer) => {
        const checked = (answer as { user?: SessionUser }).user
        const stored = session?.getSnapshot().context.user
        if (checked && JSON.stringify(checked) !== JSON.stringify(stored)) {
          session?.send({ type: 'user.updated', user: checked })
        }
      })
      .catch(() => {})
  }

  session = createActor(
    sessionMachine.provide({
      actors: {
        logout: fromPromise(async () => {
          try {
            return await logout(api)
          } catch (failure) {
            // The server had already ended the session (idle or elsewhere): the outcome is the same.
            if ((failure as { status?: number }).status === 401) return { message: messages.loggedOut }
            throw failure
          }
        }),
        ping: fromPromise<unknown, { token: string | null }>(() => checkSession(api)),
      },
      actions: {
        persistSession: ({ event }) => {
          if (event.type === 'session.started') {
            writeSession(storage, event)
            lastKeepalive = event.at
          }
        },
        persistToken: ({ event }) => {
          if (event.type === 'api.token') writeToken(storage, event.token, event.at)
        },
        persistUser: ({ event }) => {
          if (event.type === 'user.updated') writeUser(storage, event.user)
        },
        persistActivity: ({ event }) => {
          if (event.type !== 'user.activity') return
          writeActivity(storage, event.at)
          keepServerSessionAlive()
        },
        clearStorage: () => clearSession(storage),
        markPinged: () => markPinged(storage),
        goHome: () => navigate('/home'),
        closeAllDialogs,
      },
    }),
    { input: readSessionInput(storage, now()), inspect },
  ).start()

  const sessionActor = session

  return {
    session: sessionActor,
    loader,
    api,
    inspect,
    bindNavigation: (next) => {
      navigate = next
    },
    listen: (target) => {
      const stopActivity = listenForActivity(target, now, (at) =>
        sessionActor.send({ type: 'user.activity', at }),
      )
      const onStorage = (event: StorageEvent) => {
        const sessionEvent = storageEventToSession(event, storage, now())
        if (sessionEvent) sessionActor.send(sessionEvent)
      }
      target.addEventListener('storage', onStorage)
      return () => {
        stopActivity()
        target.removeEventListener('storage', onStorage)
      }
    },
  }
}
