import { demoCustomer } from '../server/demo/customer'
import { DASHBOARD_LOAD } from './config'
import { type LoadStats, serverTimedLoad } from './load'
import { log } from './util'

export interface DashboardLoadReport {
  connections: number
  durationSeconds: number
  /** What the measured answer holds: the demo customer's bookings and events behind it. */
  bookings: number
  getDashboard: LoadStats
}

/** getDashboard (GET /api/dashboard) as the demo customer, at DASHBOARD_LOAD.connections. */
export async function measureDashboard(
  origin: string,
  durationSeconds: number,
): Promise<DashboardLoadReport> {
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demoCustomer.email, password: demoCustomer.password }),
  })
  const { token } = (await login.json()) as { token?: string }
  if (!token) throw new Error(`demo login failed: ${login.status}`)
  const url = `${origin}/api/dashboard`
  const headers = { authorization: `Bearer ${token}` }
  const probe = await fetch(url, { headers })
  if (probe.status !== 200) throw new Error(`getDashboard answered ${probe.status}: ${await probe.text()}`)
  const bookings = await fetch(`${origin}/api/bookings`, { headers }).then(
    async (r) => ((await r.json()) as { bookings: unknown[] }).bookings.length,
  )
  log(`dashboard: getDashboard with ${DASHBOARD_LOAD.connections} connections for ${durationSeconds} s`)
  const stats = await serverTimedLoad({
    url,
    headers,
    connections: DASHBOARD_LOAD.connections,
    duration: durationSeconds,
  })
  return {
    connections: DASHBOARD_LOAD.connections,
    durationSeconds,
    bookings,
    getDashboard: stats,
  }
}
