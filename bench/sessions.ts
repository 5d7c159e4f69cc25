// Sessions the first-load measures hand to their fresh browser contexts through storage, as the sign-in forms
// store them: the demo customer's (server/demo/customer.ts) and a demo staff member's (server/demo/staff.ts,
// whose authenticator secret is published for this). Each is signed in once through the API and ended after,
// so the benches after it sign in as usual (one live session per customer account).
import { generate } from 'otplib'
import { storageKeys } from '../contract/constants'
import type { StaffLoginStep, StaffSignedIn } from '../contract/staff'
import { demoCustomer } from '../server/demo/customer'
import { demoStaff, demoStaffPassword, demoStaffTotpSecret } from '../server/demo/staff'
import { staffStorageKeys } from '../src/features/staff/console'

export interface StoredSession {
  /** localStorage items to set before the page's own scripts run. */
  items: Record<string, string>
  end: () => Promise<void>
}

async function post(origin: string, path: string, body: unknown, token?: string) {
  const res = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`)
  return res.json() as Promise<Record<string, unknown>>
}

/** The demo customer, signed in. */
export async function customerSession(origin: string): Promise<StoredSession> {
  const body = await post(origin, '/api/auth/login', {
    email: demoCustomer.email,
    password: demoCustomer.password,
  })
  const token = body.token
  if (typeof token !== 'string') throw new Error('the demo customer has a live session elsewhere')
  return {
    items: {
      [storageKeys.currentUser]: JSON.stringify(body.user),
      [storageKeys.lastActivityTimestamp]: String(Date.now()),
      [storageKeys.authToken]: token,
    },
    end: async () => {
      await post(origin, '/api/auth/logout', {}, token)
    },
  }
}

/** A demo staff member (the first of server/demo/staff.ts), signed in with their password and authenticator. */
export async function staffSession(origin: string): Promise<StoredSession> {
  const person = demoStaff[0]
  if (!person) throw new Error('no demo staff')
  const step = (await post(origin, '/api/staff/auth/login', {
    email: person.email,
    password: demoStaffPassword,
  })) as unknown as StaffLoginStep
  if (step.step !== 'code') throw new Error(`the demo staff sign-in asked for ${step.step}`)
  const code = await generate({ secret: demoStaffTotpSecret })
  const signed = (await post(origin, '/api/staff/auth/verify', {
    challenge: step.challenge,
    code,
  })) as unknown as StaffSignedIn
  return {
    items: {
      [staffStorageKeys.token]: signed.token,
      [staffStorageKeys.staff]: JSON.stringify(signed.staff),
      [staffStorageKeys.lastActivity]: String(Date.now()),
    },
    end: async () => {
      await post(origin, '/api/staff/auth/logout', {}, signed.token)
    },
  }
}

/** An init script that stores `items` before the page's scripts run (once per tab: later loads keep the app's). */
export const storeScript = (items: Record<string, string>) =>
  `if (!sessionStorage.getItem('bench.session')) {
  sessionStorage.setItem('bench.session', '1')
  for (const [key, value] of Object.entries(${JSON.stringify(items)})) localStorage.setItem(key, value)
}`
