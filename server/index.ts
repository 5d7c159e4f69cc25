import { existsSync } from 'node:fs'
import { Server as HttpServer } from 'node:http'
import { resolve } from 'node:path'
import { serve } from '@hono/node-server'
import { companyRoleNames } from '../contract/team'
import { createApp } from './app'
import { dummyHash } from './auth/password'
import { loadConfig } from './config'
import { openDatabase } from './db/client'
import { exitIfInUse } from './db/data-dir-lock'
import { demoColleagues, demoCustomer } from './demo/customer'
import { demoStaff, demoStaffPassword, demoStaffTotpSecret } from './demo/staff'
import { EventHub } from './events/hub'
import { AfterAnswer } from './jobs/after-answer'
import { ConversationMailJob } from './jobs/conversation-mails'
import { InvoiceReminderJob } from './jobs/invoice-reminders'
import { MailWorker } from './jobs/mail-worker'
import { QuoteReminderJob } from './jobs/quote-reminders'
import { hasLiveKeys } from './keys/keys'
import { createMailDelivery, createMailer } from './mail/index'
import { prepareDatabase } from './prepare'
import { devOutboxServed } from './routes/dev-outbox'
import { checkSiteConfig, siteConfig } from './site-config'
import { postgresStorage } from './storage/postgres'

const config = loadConfig()
const started = performance.now()
// The company of the pages, mails and house bills (site.config.ts): an invalid one stops the start; the demo
// company is named in a production server's log (docs/site-config.md).
const siteWarning = checkSiteConfig(siteConfig, config.production)
if (siteWarning) console.warn(siteWarning)

// A PGlite directory another process holds is refused (server/db/data-dir-lock.ts).
const database = await openDatabase(config).catch(exitIfInUse)
// password.ts reads the cost at each hash; loadConfig has validated it.
process.env.SCRYPT_LOG_N = String(config.scryptLogN)
// Documents: an S3-compatible bucket when S3_BUCKET is set (the SDK is loaded only then), else the database.
const bucket = config.s3 ? (await import('./storage/s3')).s3Storage(config.s3) : undefined
const storage = bucket ?? postgresStorage(database.db)
const { applied, locations, seedLanes, demo } = await prepareDatabase(database.db, {
  demoSeed: config.demoSeed,
  // The demo's documents go where uploads go; in the database, through the connection preparing it (PGlite
  // has one connection, and preparing holds it).
  ...(bucket ? { storage: bucket } : {}),
})
const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.pgliteDir}`
console.log(
  applied.length > 0
    ? `Database: ${where}; applied ${applied.map((m) => m.migrationName).join(', ')}`
    : `Database: ${where}; schema up to date`,
)
if (locations > 0) console.log(`Loaded ${locations} ports and airports from the data packages`)
if (seedLanes > 0)
  console.log(`Made ${seedLanes} illustrative rate sheets (demo data, DEMO_SEED=0 turns them off)`)
if (demo) {
  console.log(
    `Demo customer (${demo}): ${demoCustomer.email} / ${demoCustomer.password} (DEMO_SEED=0 turns it off)`,
  )
  console.log(
    `Its team (docs/teams.md): ${demoColleagues.map((person) => `${person.email} (${companyRoleNames[person.role]})`).join(', ')}, same password`,
  )
  console.log(
    `Demo staff at /staff/login: ${demoStaff.map((person) => person.email).join(', ')} / ${demoStaffPassword}, authenticator key ${demoStaffTotpSecret} (docs/staff.md)`,
  )
}
// The first login of an unknown email would otherwise pay for making the dummy hash too.
await dummyHash()

const delivery = createMailDelivery({
  smtpUrl: config.smtpUrl,
  from: config.mailFrom,
  timeoutMs: config.mailSendTimeoutMs,
})
const worker = new MailWorker({
  db: database.db,
  delivery,
  giveUpAfterMs: config.mailGiveUpAfterMs,
  sendTimeoutMs: config.mailSendTimeoutMs,
})
worker.start()
// The day-before reminders of expiring quotes, claimed once across processes like the outbox's mails.
const reminders = new QuoteReminderJob({ db: database.db, mailer: createMailer({ appUrl: config.appUrl }) })
reminders.start()
// Invoices' payment reminders (docs/payments.md), each stage claimed once across processes.
const invoiceReminders = new InvoiceReminderJob({
  db: database.db,
  mailer: createMailer({ appUrl: config.appUrl }),
})
invoiceReminders.start()
// The mail of a conversation message unread for 5 minutes, claimed once across processes (docs/conversations.md).
const conversationMails = new ConversationMailJob({
  db: database.db,
  mailer: createMailer({ appUrl: config.appUrl }),
})
conversationMails.start()
// The outbox page answers this machine only (server/routes/dev-outbox.ts), hence the localhost address.
const devOutbox = devOutboxServed(config)
if (config.smtpUrl) {
  console.log('Mail: the outbox delivers through SMTP (SMTP_URL)')
} else if (config.production) {
  console.warn('Mail: SMTP_URL is unset; mails are kept in the database outbox and their links logged')
} else {
  console.log(
    `Mail: kept in the outbox and logged; read it on this machine at http://localhost:${config.port}/dev/outbox`,
  )
}

const staticDir = resolve(config.staticDir)
const hasStatic = existsSync(resolve(staticDir, 'index.html'))
if (!hasStatic) {
  console.warn(`No built SPA at ${staticDir} (run \`npm run build\`); serving the API only`)
}

console.log(
  config.s3
    ? `Documents: S3 bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}`
    : 'Documents: stored in the database',
)

// OPS_API_KEY is the bootstrap key of a fresh install (docs/security.md, "Integration keys"): once named keys
// exist, it should go.
if (config.opsApiKey && (await hasLiveKeys(database.db))) {
  console.warn(
    'OPS_API_KEY is set while named integration keys exist: it is the bootstrap key (every scope); unset it once the integrations use their own keys (docs/security.md)',
  )
}

// The mails some answers cause after they have gone (server/jobs/after-answer.ts), finished before shutdown.
const afterAnswer = new AfterAnswer()
const { perAddress, perAccount } = config.loginLimits
const { concurrency, queue } = config.passwordHashing
console.log(
  `Logins: at most ${perAddress.max} failures per address in ${perAddress.windowMs / 60_000} min and ${perAccount.max} per account in ${perAccount.windowMs / 60_000} min; ${concurrency} password hashes at once, ${queue} waiting (docs/security.md)`,
)

// The conversations' event streams, closed first at shutdown: browsers reconnect to another process.
const eventHub = new EventHub({ db: database.db })
const app = createApp({
  db: database.db,
  genericDb: database.generic,
  listen: database.listen,
  ...(hasStatic ? { staticDir } : {}),
  trustProxy: config.trustProxy,
  production: config.production,
  devOutbox,
  appUrl: config.appUrl,
  salesEmail: config.salesEmail,
  salesAnswerTargetMs: config.salesAnswerTargetMs,
  opsApiKey: config.opsApiKey,
  storage,
  serverTiming: config.serverTiming,
  loginLimits: config.loginLimits,
  passwordHashing: config.passwordHashing,
  afterAnswer,
  eventHub,
})

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  const ms = Math.round(performance.now() - started)
  console.log(`Listening on http://localhost:${info.port} (bound to ${config.host}, ready in ${ms} ms)`)
})
// An idle kept-alive connection stays open longer than a client or load balancer keeps it (they idle out at
// up to 60 s): with Node's 5 s default, a request sent on a connection just as the server closed it was
// reset (ECONNRESET in a browser test; a 502 behind a load balancer). Headers must still come in time.
if (server instanceof HttpServer) {
  server.keepAliveTimeout = 65_000
  server.headersTimeout = 66_000
}

let shuttingDown = false
async function shutdown(signal: string) {
  if (shuttingDown) return
  shuttingDown = true
  console.log(`${signal} received, shutting down`)
  const timer = setTimeout(() => {
    console.error('Shutdown timed out, exiting')
    process.exit(1)
  }, 10_000)
  timer.unref()
  try {
    eventHub.closeAll()
    await new Promise<void>((done, fail) => {
      server.close((err) => (err ? fail(err) : done()))
      if (!(server instanceof HttpServer)) return
      // A kept-alive connection idles for 65 s: each is closed as soon as it has nothing in flight (one
      // that was answering when close() began is idle only a moment later, and was left open until the
      // shutdown timed out), and whatever is still open after the grace period is cut.
      const idle = setInterval(() => server.closeIdleConnections(), 100)
      const grace = setTimeout(() => server.closeAllConnections(), 5_000)
      idle.unref()
      grace.unref()
      server.once('close', () => {
        clearInterval(idle)
        clearTimeout(grace)
      })
      server.closeIdleConnections()
    })
    await afterAnswer.idle()
    await reminders.stop()
    await invoiceReminders.stop()
    await conversationMails.stop()
    await worker.stop()
    delivery.close()
    await database.close()
    process.exit(0)
  } catch (error) {
    console.error('Shutdown failed:', error)
    process.exit(1)
  }
}

process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))
