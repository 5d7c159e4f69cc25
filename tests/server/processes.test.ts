import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '../../contract/messages'
import { apiPaths } from '../../contract/wire'
import { demoCustomer } from '../../server/demo/customer'
import { startSmtpServer, type TestSmtpServer } from './smtp'

// Several server processes behind a load balancer on one PostgreSQL server: real processes
// (`node server/index.ts`), a real PostgreSQL database of their own and a real SMTP server. Runs where
// TEST_DATABASE_URL names a PostgreSQL server (CI: scripts/with-postgres.sh); PGlite belongs to one process.

const adminUrl = process.env.TEST_DATABASE_URL?.trim() || undefined
const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const SALES = 'sales@eship.test'

interface ServerProcess {
  name: string
  url: string
  log: string[]
  child: ChildProcess
  exited: Promise<number | null>
}

let databaseUrl: string
let databaseName: string
let smtp: TestSmtpServer
const running = new Set<ServerProcess>()

function serverEnv(): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'eShip <no-reply@eship.test>',
    MAIL_SEND_TIMEOUT: '2s',
    SALES_EMAIL: SALES,
    APP_URL: 'https://app.eship.test',
    TRUST_PROXY: '1',
    SCRYPT_LOG_N: '10',
    STATIC_DIR: '/nonexistent',
  }
}

/** Starts `node server/index.ts` and resolves once it listens. */
async function startServer(name: string): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    env: serverEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const log: string[] = []
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${log.join('')}`)), 30_000)
    const read = (chunk: Buffer) => {
      log.push(chunk.toString())
      const port = /Listening on http:\/\/localhost:(\d+)/.exec(log.join(''))?.[1]
      if (port) {
        clearTimeout(timer)
        resolve(`http://127.0.0.1:${port}`)
      }
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    void exited.then((code) => reject(new Error(`${name} exited (${code}):\n${log.join('')}`)))
  })
  const server = { name, url, log, child, exited }
  running.add(server)
  void exited.then(() => running.delete(server))
  return server
}

async function stopServer(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM') {
  server.child.kill(signal)
  await server.exited
}

const post = (server: ServerProcess, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })

const get = (server: ServerProcess, path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers })

async function query<R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return (await client.query<R>(text, values)).rows
  } finally {
    await client.end()
  }
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe.skipIf(!adminUrl)('two server processes on one PostgreSQL database', () => {
  let a: ServerProcess
  let b: ServerProcess

  beforeAll(async () => {
    databaseName = `eship_processes_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`create database ${databaseName}`)
    await admin.end()
    const url = new URL(adminUrl as string)
    url.pathname = `/${databaseName}`
    databaseUrl = url.toString()
    smtp = await startSmtpServer()
    // Both start at once on the empty database: migrations, seed and demo customer race.
    ;[a, b] = await Promise.all([startServer('A'), startServer('B')])
  }, 60_000)

  afterAll(async () => {
    await Promise.all([...running].map((server) => stopServer(server, 'SIGKILL')))
    await smtp?.close()
    if (databaseName) {
      const admin = new pg.Client({ connectionString: adminUrl })
      await admin.connect()
      await admin.query(`drop database if exists ${databaseName} with (force)`)
      await admin.end()
    }
  })

  it('applies the migrations once when both start at once', async () => {
    const logs = [a.log.join(''), b.log.join('')]
    expect(logs.filter((log) => /applied 0001_companies_countries/.test(log))).toHaveLength(1)
    expect(logs.filter((log) => /schema up to date/.test(log))).toHaveLength(1)
    const applied = await query<{ name: string }>('select name from kysely_migration order by name')
    expect(new Set(applied.map((row) => row.name)).size).toBe(applied.length)
    expect(await query('select id from users where esus_email_id = $1', [demoCustomer.email])).toHaveLength(1)
    for (const server of [a, b]) expect((await get(server, apiPaths.health)).status).toBe(200)
  })

  it('honours a session made through one on the other, and ends it on both at logout', async () => {
    const login = await post(a, apiPaths.login, {
      email: demoCustomer.email,
      password: demoCustomer.password,
    })
    const { token, message } = (await login.json()) as { token: string; message: string }
    expect(message).toBe(messages.userAuthenticated)
    const auth = { Authorization: `Bearer ${token}` }
    expect((await get(b, apiPaths.authCheck, auth)).status).toBe(200)
    expect((await get(a, apiPaths.authCheck, auth)).status).toBe(200)

    // One active session per account holds across processes too.
    const again = await post(b, apiPaths.login, {
      email: demoCustomer.email,
      password: demoCustomer.password,
    })
    expect(await again.json()).toMatchObject({ isLoggedIn: true })

    const logout = await post(b, apiPaths.logout, {}, auth)
    expect(await logout.json()).toEqual({ message: messages.loggedOut })
    for (const server of [a, b]) {
      const res = await get(server, apiPaths.authCheck, auth)
      expect(res.status, server.name).toBe(401)
      expect(await res.json()).toEqual({ message: 'Unauthenticated.' })
    }
  })

  it('counts rate limits across both', async () => {
    // Five login attempts a minute per email and address, counted in fixed minutes: the attempts alternate
    // between the processes until one is refused. A minute that ends on the way starts the count again, so
    // the refusal comes at the sixth attempt of the minute the counter is in, whichever process made the
    // five before it; the database's count of that minute says which attempts those were.
    const address = '203.0.113.50'
    const email = 'nobody@example.com'
    const attempt = (server: ServerProcess) =>
      post(server, apiPaths.login, { email, password: 'Wrong#123' }, { 'X-Forwarded-For': address })
    const minutes = () =>
      query<{ count: number }>('select count from rate_limits where key = $1 order by window_start', [
        `login:${email}:${address}`,
      ])
    const statuses: number[] = []
    while (statuses.at(-1) !== 429 && statuses.length < 12)
      statuses.push((await attempt(statuses.length % 2 === 0 ? a : b)).status)
    expect(statuses.slice(-6)).toEqual([401, 401, 401, 401, 401, 429])
    const counted = await minutes()
    expect(counted.at(-1)?.count).toBe(6)
    expect(counted.reduce((sum, row) => sum + row.count, 0)).toBe(statuses.length)
    // The other process refuses too, while that minute lasts.
    const other = statuses.length % 2 === 0 ? a : b
    const status = (await attempt(other)).status
    expect(status).toBe((await minutes()).at(-1)?.count === 7 ? 429 : 401)
  }, 30_000)

  it('delivers each outbox mail once, whichever process wrote or sends it', async () => {
    const before = smtp.received.length
    const count = 20
    const emails = Array.from(
      { length: count },
      (_, n) => `buyer${n}.${randomBytes(3).toString('hex')}@example.com`,
    )
    const answers = await Promise.all(
      emails.map((mail, n) =>
        post(
          n % 2 === 0 ? a : b,
          apiPaths.contact,
          {
            mail,
            name: 'Grace Importer',
            company: 'Grace Imports Ltd',
            code: '+44',
            phone: '2071234567',
            source: 'Search Engine',
            mode: 'FCL',
            message: `Enquiry ${n}: 4 x 40HC a month from Felixstowe to Jebel Ali.`,
          },
          { 'X-Forwarded-For': `198.51.100.${n + 1}` },
        ),
      ),
    )
    expect(answers.map((res) => res.status)).toEqual(emails.map(() => 200))
    // Delivered: each row is marked sent once the SMTP server has taken its mail, and a second claim of a row
    // would have counted a second attempt.
    await until('every sales mail sent', async () => {
      const rows = await query<{ status: string }>('select status from outbox where "to" = $1', [SALES])
      return rows.length === count && rows.every((row) => row.status === 'sent') ? true : undefined
    })
    const mails = smtp.received.slice(before)
    expect(mails).toHaveLength(count)
    expect(new Set(mails.map((m) => m.messageId)).size).toBe(count)
    for (const email of emails)
      expect(
        mails.filter((m) => m.raw.includes(`Reply-To: ${email}`)),
        email,
      ).toHaveLength(1)
    const rows = await query<{ status: string; attempts: number }>(
      'select status, attempts from outbox where "to" = $1',
      [SALES],
    )
    expect(rows).toHaveLength(count)
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true)
  }, 60_000)

  it('delivers a mail once after its process was killed mid-delivery and restarted', async () => {
    await stopServer(b)
    const email = `killed.${randomBytes(3).toString('hex')}@example.com`
    let held = 0
    const arrived = new Promise<void>((resolve) => {
      smtp.onMessage = (mail) => {
        if (!mail.to.includes(email) || held > 0) return
        held += 1
        resolve()
        // Never answered: the process dies while the SMTP server holds the message.
        return new Promise<void>(() => {})
      }
    })
    const [sg] = await query<{ mcou_rid: number; mcou_country_dialing_code: string; eshp_mcpy: number }>(
      "select mcou_rid, mcou_country_dialing_code, eshp_mcpy from countries where mcou_code = 'SG'",
    )
    const res = await post(
      a,
      apiPaths.register,
      {
        esus_name: 'Kay Exporter',
        esus_company_name: 'Kay Exports Pte Ltd',
        esus_regn_no: '202512345K',
        esus_email_id: email,
        esus_password: 'Secret#123',
        password_confirmation: 'Secret#123',
        esus_mcou: sg?.mcou_rid,
        code: sg?.mcou_country_dialing_code,
        esus_phone: '61234567',
        esus_address1: '1 Harbour Front Avenue, Singapore',
        esus_source: 'Others',
        check: true,
        esus_mcpy: sg?.eshp_mcpy,
      },
      { 'X-Forwarded-For': '192.0.2.10' },
    )
    expect(await res.json()).toEqual({ message: messages.registered })
    await arrived
    await stopServer(a, 'SIGKILL')
    const [claimed] = await query<{ status: string; attempts: number }>(
      'select status, attempts from outbox where "to" = $1',
      [email],
    )
    expect(claimed).toEqual({ status: 'sending', attempts: 1 })

    await startServer('A again')
    const mail = await until('the activation mail', async () =>
      smtp.received.find((m) => m.to.includes(email)),
    )
    expect(mail.subject).toBe('Activate your eShip account')
    const sent = await until('the activation mail marked sent', async () => {
      const [row] = await query<{ status: string; attempts: number }>(
        'select status, attempts from outbox where "to" = $1',
        [email],
      )
      return row?.status === 'sent' ? row : undefined
    })
    expect(sent).toEqual({ status: 'sent', attempts: 2 })
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1)
  }, 60_000)
})
