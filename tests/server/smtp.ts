import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  from: string | undefined
  to: string[]
  /** The whole message as it arrived: headers and body. */
  raw: string
  /** The Subject and Message-ID headers. */
  subject: string | undefined
  messageId: string | undefined
}

export interface TestSmtpServer {
  port: number
  url: string
  received: ReceivedMail[]
  /** Called with each message before it is accepted; throw (an Error with `responseCode`) to refuse it. */
  onMessage: ((mail: ReceivedMail) => void | Promise<void>) | undefined
  /** Resolves at the next accepted message. */
  nextMail(): Promise<ReceivedMail>
  close(): Promise<void>
}

const header = (raw: string, name: string) =>
  new RegExp(`^${name}:\\s*(.+)$`, 'im').exec(raw.split(/\r?\n\r?\n/)[0] ?? '')?.[1]?.trim()

/**
 * A real SMTP server on loopback (no TLS, no authentication) that keeps what it receives; port 0 picks a
 * free port. Mails a test refuses in `onMessage` are answered with the error's `responseCode` (default 451).
 */
export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const waiting: ((mail: ReceivedMail) => void)[] = []
  const state: TestSmtpServer = {
    port: 0,
    url: '',
    received: [],
    onMessage: undefined,
    nextMail: () => new Promise((resolve) => waiting.push(resolve)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: header(raw, 'Subject'),
          messageId: header(raw, 'Message-ID'),
        }
        Promise.resolve()
          .then(() => state.onMessage?.(mail))
          .then(
            () => {
              state.received.push(mail)
              for (const resolve of waiting.splice(0)) resolve(mail)
              callback()
            },
            (error: Error & { responseCode?: number }) => {
              error.responseCode ??= 451
              callback(error)
            },
          )
      })
    },
  })
  server.on('error', () => {})
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  state.port = (server.server.address() as AddressInfo).port
  state.url = `smtp://127.0.0.1:${state.port}`
  return state
}
