import { sessionStorageKeys, storageKeys } from '../../contract/constants'
import type { SessionUser } from '../../contract/wire'
import type { SessionEvent, SessionInput } from '../../machines/session.machine'

/** The browser's two storages; tests pass their own. */
export interface BrowserStorage {
  local: Storage
  session: Storage
}

function readUser(raw: string | null): SessionUser | null {
  if (!raw) return null
  try {
    const user = JSON.parse(raw) as SessionUser
    return user && typeof user === 'object' && typeof user.esus_name === 'string' ? user : null
  } catch {
    return null
  }
}

/** A stored time (the last activity), or null when there is none worth reading. */
export function readTime(raw: string | null): number | null {
  const at = Number(raw)
  return raw !== null && Number.isFinite(at) && at > 0 ? at : null
}

/** The stored token, or null: a session is stored when there is one (the session chart's hasToken). */
export const readToken = (local: Storage): string | null => local.getItem(storageKeys.authToken) || null

/** What the session statechart starts from. */
export function readSessionInput(storage: BrowserStorage, now: number): SessionInput {
  return {
    token: readToken(storage.local),
    user: readUser(storage.local.getItem(storageKeys.currentUser)),
    lastActivity: readTime(storage.local.getItem(storageKeys.lastActivityTimestamp)),
    pinged: storage.session.getItem(sessionStorageKeys.pinged) === 'true',
    now,
  }
}

export function writeSession(
  storage: BrowserStorage,
  session: { token: string; user: SessionUser; at: number },
) {
  // The token goes last: other tabs react to it and then read the user and the time.
  storage.local.setItem(storageKeys.currentUser, JSON.stringify(session.user))
  storage.local.setItem(storageKeys.lastActivityTimestamp, String(session.at))
  storage.local.setItem(storageKeys.authToken, session.token)
  storage.session.setItem(sessionStorageKeys.pinged, 'true')
}

export function writeToken(storage: BrowserStorage, token: string, at: number) {
  storage.local.setItem(storageKeys.lastActivityTimestamp, String(at))
  storage.local.setItem(storageKeys.authToken, token)
}

/** The session's user changed (My Profile): what `eshipUser` keeps. */
export function writeUser(storage: BrowserStorage, user: SessionUser) {
  storage.local.setItem(storageKeys.currentUser, JSON.stringify(user))
}

export function writeActivity(storage: BrowserStorage, at: number) {
  storage.local.setItem(storageKeys.lastActivityTimestamp, String(at))
}

export function markPinged(storage: BrowserStorage) {
  storage.session.setItem(sessionStorageKeys.pinged, 'true')
}

/** Clears what a 401 clears (spec section 4): user, token, api data, quote data, activity time, ping flag. */
export function clearSession(storage: BrowserStorage) {
  storage.local.removeItem(storageKeys.currentUser)
  storage.local.removeItem(storageKeys.apiData)
  storage.local.removeItem(storageKeys.quoteData)
  storage.local.removeItem(storageKeys.lastActivityTimestamp)
  storage.local.removeItem(storageKeys.authToken)
  storage.session.removeItem(sessionStorageKeys.pinged)
}

/** Turns another tab's storage writes into session events, so every tab stays in step. */
export function storageEventToSession(
  event: StorageEvent,
  storage: BrowserStorage,
  now: number,
): SessionEvent | null {
  if (event.storageArea !== storage.local) return null
  if (event.key === null) return { type: 'storage.ended', at: now }
  if (event.key === storageKeys.authToken) {
    if (!event.newValue) return { type: 'storage.ended', at: now }
    if (!event.oldValue) {
      return {
        type: 'storage.started',
        token: event.newValue,
        user: readUser(storage.local.getItem(storageKeys.currentUser)),
        at: readTime(storage.local.getItem(storageKeys.lastActivityTimestamp)) ?? now,
      }
    }
    return null
  }
  if (event.key === storageKeys.currentUser) {
    // A user replaced while signed in (My Profile in another tab); a login writes it too, before its token.
    const user = readUser(event.newValue)
    return user && event.oldValue !== null ? { type: 'storage.user', user } : null
  }
  if (event.key === storageKeys.lastActivityTimestamp) {
    const at = readTime(event.newValue)
    return at === null ? null : { type: 'storage.activity', at }
  }
  return null
}
