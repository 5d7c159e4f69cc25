import { createActor, fromPromise } from 'xstate'
import { conversationPaths } from '../../../contract/conversations'
import type { StaffUser } from '../../../contract/staff'
import { staffSessionMachine } from '../../../machines/staff-session.machine'
import { type ApiClient, createApiClient } from '../../api/client'
import { checkStaffSession, staffLogout } from '../../api/staff-auth'
import { KEEPALIVE_MS, listenForActivity } from '../../app/activity'
import { createEventStream, type EventStream } from '../../app/event-stream'
import { readTime } from '../../app/storage'

/**
 * The console's long-lived parts, made once when a /staff page first loads (this module is the console's
 * chunk; public and customer pages never load it): its API client with the staff token, and the staff session
 * actor. Its storage keys are its own, apart from the customers' (a person may be signed in to both).
 */
export const staffStorageKeys = {
  token: 'eshipStaffToken',
  staff: 'eshipStaff',
  lastActivity: 'eshipStaffLastActivity',
} as const

export type StaffSessionActor = ReturnType<typeof createStaffSession>

function readStaff(raw: string | null): StaffUser | null {
  try {
    const parsed = raw ? (JSON.parse(raw) as StaffUser) : null
    return parsed && typeof parsed.name === 'string' && Array.isArray(parsed.roles) ? parsed : null
  } catch {
    return null
  }
}

function createStaffSession(storage: Storage, api: ApiClient, navigate: () => void) {
  return createActor(
    staffSessionMachine.provide({
      actors: {
        logout: fromPromise(async (): Promise<unknown> => staffLogout(api)),
      },
      actions: {
        persistSession: ({ event }) => {
          if (event.type !== 'session.started') return
          storage.setItem(staffStorageKeys.staff, JSON.stringify(event.staff))
          storage.setItem(staffStorageKeys.lastActivity, String(event.at))
          storage.setItem(staffStorageKeys.token, event.token)
        },
        persistActivity: ({ event }) => {
          if (event.type === 'user.activity') storage.setItem(staffStorageKeys.lastActivity, String(event.at))
        },
        clearStorage: () => {
          for (const key of Object.values(staffStorageKeys)) storage.removeItem(key)
        },
        goToSignIn: navigate,
      },
    }),
    {
      input: {
        token: storage.getItem(staffStorageKeys.token),
        staff: readStaff(storage.getItem(staffStorageKeys.staff)),
        lastActivity: readTime(storage.getItem(staffStorageKeys.lastActivity)),
        now: Date.now(),
      },
    },
  )
}

export interface StaffConsole {
  api: ApiClient
  session: StaffSessionActor
  /** Where the session sends the person when it ends; bound to the router by the console's layout. */
  bindNavigation: (navigate: () => void) => void
}

let made: StaffConsole | undefined

/** The console's client and session, made at the first call. */
export function staffConsole(): StaffConsole {
  if (made) return made
  const storage = window.localStorage
  let navigate = () => {}
  let session: StaffSessionActor | undefined
  const api = createApiClient({
    token: () => storage.getItem(staffStorageKeys.token),
    requestStarted: () => {},
    requestFinished: () => {},
    // The sign-in's answer carries the token; the sign-in chart starts the session with it.
    tokenReceived: () => {},
    unauthenticated: () => session?.send({ type: 'api.unauthenticated' }),
  })
  session = createStaffSession(storage, api, () => navigate()).start()
  const actor = session
  let lastKeepalive = Date.now()
  listenForActivity(window, Date.now, (at) => {
    actor.send({ type: 'user.activity', at })
    // The server sees only requests: while the person is active, keep its session alive too.
    if (at - lastKeepalive >= KEEPALIVE_MS && actor.getSnapshot().matches({ auth: 'signedIn' })) {
      lastKeepalive = at
      checkStaffSession(api).catch(() => {})
    }
  })
  window.addEventListener('storage', (event) => {
    if (event.storageArea !== storage) return
    if (event.key === staffStorageKeys.token) {
      const staff = readStaff(storage.getItem(staffStorageKeys.staff))
      if (event.newValue && staff)
        actor.send({ type: 'storage.started', token: event.newValue, staff, at: Date.now() })
      else if (!event.newValue) actor.send({ type: 'storage.ended' })
    } else if (event.key === staffStorageKeys.lastActivity && event.newValue) {
      actor.send({ type: 'storage.activity', at: Number(event.newValue) })
    }
  })
  made = {
    api,
    session: actor,
    bindNavigation: (next) => {
      navigate = next
    },
  }
  return made
}

export const isStaffSignedIn = (session: StaffSessionActor) =>
  session.getSnapshot().matches({ auth: 'signedIn' })

let stream: EventStream | undefined

/** The console's event stream (new messages of every conversation the person's roles may see), one per tab. */
export function staffStream(): EventStream {
  stream ??= createEventStream(() => {
    const token = window.localStorage.getItem(staffStorageKeys.token)
    return token ? `${conversationPaths.staffEvents}?access_token=${encodeURIComponent(token)}` : null
  })
  return stream
}
