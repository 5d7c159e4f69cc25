// The operations team's command line (README, "Operations"): a thin HTTP client of the operations API.
//   npm run ops -- confirm BOOKING [--etd ISO] [--eta ISO] [--vessel NAME] [--imo 1234567] [--voyage V] [--flight F] [--via CODE]
//   npm run ops -- event BOOKING|HBL CODE [--at ISO] [--location CODE] [--classifier ACT|EST|PLN] [--vessel NAME]
//                  [--imo 1234567] [--voyage V] [--flight F] [--container REF] [--reason TEXT]
//   npm run ops -- reject-document BOOKING KIND-or-FILE-ID REASON   (the uploader is mailed the reason)
//   npm run ops -- accept-document BOOKING KIND-or-FILE-ID
//   npm run ops -- request-document BOOKING KIND --due YYYY-MM-DD [--note TEXT]   (the customer is mailed)
// The server is --url, else OPS_API_URL, else SITE_URL, else APP_URL, else http://localhost:$PORT (3000); the
// key is --key, else ESHIP_API_KEY (an integration key an admin made in the console, /staff/keys), else
// OPS_API_KEY (the bootstrap key).
import { randomUUID } from 'node:crypto'
import { pathToFileURL } from 'node:url'
import {
  documentNames,
  equipmentEventCodes,
  shipmentEventCodes,
  transportEventCodes,
} from '../contract/bookings'
import { isUploadableKind, uploadableKinds } from '../contract/documents'
import { documentCommands, OpsCommandError } from './ops-documents'

export interface OpsIo {
  env: Record<string, string | undefined>
  fetch: typeof fetch
  out: (line: string) => void
  err: (line: string) => void
  now?: () => Date
}

interface Parsed {
  positional: string[]
  options: Record<string, string>
}

export function parseArgs(args: string[]): Parsed {
  const positional: string[] = []
  const options: Record<string, string> = {}
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg)
    if (!match) {
      positional.push(arg)
      continue
    }
    const name = match[1] as string
    const value = match[2] ?? args[i + 1]
    if (match[2] === undefined) i += 1
    if (value === undefined) throw new UsageError(`--${name} needs a value.`)
    options[name] = value
  }
  return { positional, options }
}

class UsageError extends Error {}

interface Command {
  usage: string
  /** The request to send: path under the server and JSON body. */
  request(parsed: Parsed, now: Date): { path: string; body: unknown }
  /** What to print of a 200 answer. */
  done(answer: Record<string, unknown>, parsed: Parsed): string
}

const isoOption = (options: Record<string, string>, name: string): string | undefined => {
  const value = options[name]
  if (value === undefined) return undefined
  if (Number.isNaN(Date.parse(value)))
    throw new UsageError(`--${name} must be an ISO date-time, got "${value}".`)
  return value.length === 10 ? `${value}T00:00:00Z` : value
}

const confirm: Command = {
  usage:
    'confirm BOOKING [--etd ISO] [--eta ISO] [--vessel NAME] [--imo 1234567] [--voyage V] [--flight F] [--via CODE]',
  request({ positional, options }) {
    const [number] = positional
    if (!number) throw new UsageError('Name the booking: confirm ESB-2026000001')
    const body = {
      etd: isoOption(options, 'etd'),
      eta: isoOption(options, 'eta'),
      vesselName: options.vessel,
      vesselIMONumber: options.imo,
      voyage: options.voyage,
      flight: options.flight,
      transshipment: options.via,
    }
    return {
      path: `/api/ops/bookings/${encodeURIComponent(number.toUpperCase())}/confirm`,
      body: Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)),
    }
  },
  done: (answer) => `Booking ${answer.bookingNumber} confirmed: HBL ${answer.hbl}.`,
}

const event: Command = {
  usage:
    'event BOOKING|HBL CODE [--at ISO] [--location CODE] [--classifier ACT|EST|PLN] [--vessel NAME] [--imo N] [--voyage V] [--flight F] [--container REF] [--reason TEXT]',
  request({ positional, options }, now) {
    const [reference, rawCode] = positional
    const code = rawCode?.toUpperCase()
    if (!reference || !code)
      throw new UsageError('Name the booking or HBL and the event: event ESHBL2026000001 DEPA')
    const type = (shipmentEventCodes as readonly string[]).includes(code)
      ? 'SHIPMENT'
      : (transportEventCodes as readonly string[]).includes(code)
        ? 'TRANSPORT'
        : (equipmentEventCodes as readonly string[]).includes(code)
          ? 'EQUIPMENT'
          : undefined
    if (!type) throw new UsageError(`Unknown event code ${code}.`)
    const classifier = (options.classifier ?? 'ACT').toUpperCase()
    if (!['ACT', 'EST', 'PLN'].includes(classifier)) throw new UsageError('--classifier is ACT, EST or PLN.')
    const ref = reference.toUpperCase()
    const location = options.location?.toUpperCase()
    const hasCall = options.vessel || options.imo || options.voyage || options.flight
    const body = {
      eventID: randomUUID(),
      eventType: type,
      eventClassifierCode: classifier,
      eventDateTime: isoOption(options, 'at') ?? now.toISOString(),
      eventCreatedDateTime: now.toISOString(),
      [`${type.toLowerCase()}EventTypeCode`]: code,
      ...(location
        ? { eventLocation: location.length === 3 ? { IATACode: location } : { UNLocationCode: location } }
        : {}),
      ...(hasCall
        ? {
            transportCall: {
              ...(options.vessel || options.imo
                ? {
                    vessel: {
                      ...(options.vessel ? { vesselName: options.vessel } : {}),
                      ...(options.imo ? { vesselIMONumber: options.imo } : {}),
                    },
                  }
                : {}),
              ...(options.voyage ? { exportVoyageNumber: options.voyage } : {}),
              ...(options.flight ? { flightNumber: options.flight } : {}),
            },
          }
        : {}),
      ...(options.container ? { equipmentReference: options.container } : {}),
      ...(options.reason ? { reason: options.reason } : {}),
      documentReferences: [
        { documentReferenceType: ref.startsWith('ESHBL') ? 'TRD' : 'BKG', documentReferenceValue: ref },
      ],
    }
    return { path: '/api/ops/events', body: { events: [body] } }
  },
  done: (answer, { positional }) =>
    answer.applied
      ? `${positional[1]?.toUpperCase()} recorded for ${positional[0]?.toUpperCase()}.`
      : 'Already recorded: nothing changed.',
}

const requestDocument: Command = {
  usage: 'request-document BOOKING KIND --due YYYY-MM-DD [--note TEXT]',
  request({ positional, options }) {
    const [number, kind] = positional
    if (!number || !kind)
      throw new UsageError(
        'Name the booking and the document: request-document ESB-2026000001 commercial_invoice',
      )
    if (!isUploadableKind(kind)) throw new UsageError(`KIND is one of ${uploadableKinds.join(', ')}.`)
    if (!options.due || !/^\d{4}-\d{2}-\d{2}$/.test(options.due))
      throw new UsageError('--due is the date it is due by, YYYY-MM-DD.')
    return {
      path: `/api/ops/bookings/${encodeURIComponent(number.toUpperCase())}/documents/${kind}/request`,
      body: { dueDate: options.due, ...(options.note ? { note: options.note } : {}) },
    }
  },
  done: (_answer, { positional, options }) => {
    const kind = positional[1] as keyof typeof documentNames
    return `Asked for the ${documentNames[kind].toLowerCase()} of ${positional[0]?.toUpperCase()} by ${options.due}.`
  },
}

/** Every command of bookings and events, by name (the document commands are scripts/ops-documents.ts's). */
export const commands: Record<string, Command> = {
  confirm,
  event,
  'request-document': requestDocument,
}

const documentUsage = {
  'reject-document': 'reject-document BOOKING KIND-or-FILE-ID REASON',
  'accept-document': 'accept-document BOOKING KIND-or-FILE-ID',
}

/** Where a command's key came from: what a refusal names. */
export type KeySource = '--key' | 'ESHIP_API_KEY' | 'OPS_API_KEY'

/** The key a command sends: --key, else ESHIP_API_KEY, else OPS_API_KEY; undefined when none is set. */
export function apiKeyOf(
  options: Record<string, string>,
  env: OpsIo['env'],
): { key: string; source: KeySource } | undefined {
  const candidates: [string | undefined, KeySource][] = [
    [options.key, '--key'],
    [env.ESHIP_API_KEY, 'ESHIP_API_KEY'],
    [env.OPS_API_KEY, 'OPS_API_KEY'],
  ]
  for (const [value, source] of candidates) {
    const key = value?.trim()
    if (key) return { key, source }
  }
  return undefined
}

export const noKeyMessage =
  'Pass --key KEY, or set ESHIP_API_KEY to an integration key (/staff/keys), or OPS_API_KEY to the bootstrap key.'

export function serverUrl(options: Record<string, string>, env: OpsIo['env']): string {
  const url =
    options.url ?? env.OPS_API_URL ?? env.SITE_URL ?? env.APP_URL ?? `http://localhost:${env.PORT || 3000}`
  return url.replace(/\/+$/, '')
}

function usage(): string {
  return [
    'Usage:',
    ...[...Object.values(commands).map((c) => c.usage), ...Object.values(documentUsage)].map(
      (line) => `  npm run ops -- ${line} [--url URL] [--key KEY]`,
    ),
  ].join('\n')
}

/** Runs one command; answers the process exit code (0 done, 1 refused or failed, 2 usage). */
export async function runOps(args: string[], io: OpsIo): Promise<number> {
  let parsed: Parsed
  let request: { path: string; body: unknown }
  const [name, ...rest] = args
  const documentCommand = name ? documentCommands[name] : undefined
  if (documentCommand) {
    const { positional, options } = parseArgs(rest)
    try {
      io.out(
        await documentCommand(positional, {
          baseUrl: serverUrl(options, io.env),
          apiKey: apiKeyOf(options, io.env)?.key,
        }),
      )
      return 0
    } catch (error) {
      if (!(error instanceof OpsCommandError)) throw error
      io.err(error.message)
      return 1
    }
  }
  const command = name ? commands[name] : undefined
  if (!command) {
    io.err(usage())
    return 2
  }
  try {
    parsed = parseArgs(rest)
    request = command.request(parsed, io.now?.() ?? new Date())
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.err(error.message)
    io.err(`Usage: npm run ops -- ${command.usage}`)
    return 2
  }
  const given = apiKeyOf(parsed.options, io.env)
  if (!given) {
    io.err(noKeyMessage)
    return 2
  }
  const { key, source } = given
  const url = `${serverUrl(parsed.options, io.env)}${request.path}`
  let res: Response
  try {
    res = await io.fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': key },
      body: JSON.stringify(request.body),
    })
  } catch (error) {
    io.err(`Cannot reach ${url}: ${(error as Error).message}`)
    return 1
  }
  const answer = (await res.json().catch(() => ({}))) as {
    message?: string
    errors?: Record<string, string[]>
  } & Record<string, unknown>
  if (res.ok) {
    io.out(command.done(answer, parsed))
    return 0
  }
  return printRefusal(io, res, answer, source)
}

/**
 * Prints why the server refused a command (the 401 of a wrong key, naming where the key came from; else the
 * server's message, such as a 403's missing scope, and field errors); 1.
 */
export function printRefusal(
  io: Pick<OpsIo, 'err'>,
  res: Pick<Response, 'status' | 'statusText'>,
  answer: { message?: string | undefined; errors?: Record<string, string[]> | undefined },
  source: KeySource = 'OPS_API_KEY',
): number {
  if (res.status === 401) {
    io.err(
      source === 'OPS_API_KEY'
        ? 'Refused (401): OPS_API_KEY is not the key the server has (or the server has none).'
        : `Refused (401): the key of ${source} is not one the server accepts (unknown, or revoked).`,
    )
    return 1
  }
  io.err(`Refused (${res.status}): ${answer.message ?? res.statusText}`)
  for (const [field, reasons] of Object.entries(answer.errors ?? {})) {
    for (const reason of reasons) io.err(`  ${field}: ${reason}`)
  }
  return 1
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const code = await runOps(process.argv.slice(2), {
    env: process.env,
    fetch,
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  })
  process.exit(code)
}
