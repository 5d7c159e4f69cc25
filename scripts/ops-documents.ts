// The operations team's document commands, over the operations API (X-API-Key: an integration key with the
// documents:review scope, or the bootstrap OPS_API_KEY):
//   reject-document BOOKING KIND-or-FILE-ID REASON...   the newest file of KIND (or the file FILE-ID) is
//                                                       rejected; the uploader is mailed the reason once
//   accept-document BOOKING KIND-or-FILE-ID
// scripts/ops.ts adds `documentCommands` to its command table; run alone:
//   node --import tsx scripts/ops-documents.ts reject-document ESB-2026000042 commercial_invoice "Not signed"
// OPS_API_URL (default http://localhost:$PORT, PORT default 3000) is where the server listens; the key is
// --key KEY, else ESHIP_API_KEY, else OPS_API_KEY.
import { pathToFileURL } from 'node:url'
import type { DocumentItem, DocumentsResponse } from '../contract/bookings'
import { BOOKING_NUMBER, documentNames } from '../contract/bookings'
import { documentPaths, isUploadableKind } from '../contract/documents'

export interface OpsApi {
  /** Base address of the server, without a trailing slash. */
  baseUrl: string
  apiKey: string | undefined
}

export function opsApiFromEnv(env: Record<string, string | undefined> = process.env): OpsApi {
  const base = env.OPS_API_URL?.trim() || `http://localhost:${env.PORT?.trim() || '3000'}`
  const apiKey = env.ESHIP_API_KEY?.trim() || env.OPS_API_KEY?.trim() || undefined
  return { baseUrl: base.replace(/\/+$/, ''), apiKey }
}

/** A failure the command reports as its one line of output (exit status 1). */
export class OpsCommandError extends Error {}

async function request<T>(api: OpsApi, path: string, init: RequestInit = {}): Promise<T> {
  if (!api.apiKey) throw new OpsCommandError('OPS_API_KEY is not set.')
  let res: Response
  try {
    res = await fetch(`${api.baseUrl}${path}`, {
      ...init,
      headers: { 'X-API-Key': api.apiKey, 'Content-Type': 'application/json', ...init.headers },
    })
  } catch (error) {
    throw new OpsCommandError(`Cannot reach ${api.baseUrl}: ${(error as Error).message}`)
  }
  const body = (await res.json().catch(() => ({}))) as T & {
    message?: string
    errors?: Record<string, string[]>
  }
  if (!res.ok) {
    const fields = Object.values(body.errors ?? {}).flat()
    throw new OpsCommandError(
      `${res.status}: ${[body.message, ...fields.slice(1)].filter(Boolean).join(' ')}`,
    )
  }
  return body
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** The file a command means: FILE-ID on the booking, or the newest file of KIND. */
async function resolveFile(api: OpsApi, booking: string, which: string) {
  if (!BOOKING_NUMBER.test(booking)) throw new OpsCommandError(`Not a booking number: ${booking}`)
  const { documents } = await request<DocumentsResponse>(api, `/api/ops/bookings/${booking}/documents`)
  const uploadable = documents.filter((d: DocumentItem) => d.kind !== 'hbl')
  if (uuid.test(which)) {
    for (const item of uploadable) {
      const file = item.files.find((f) => f.id === which)
      if (file) return { item, file }
    }
    throw new OpsCommandError(`Booking ${booking} has no file ${which}.`)
  }
  if (!isUploadableKind(which)) {
    throw new OpsCommandError(
      `Not a document kind or file id: ${which} (kinds: ${uploadable.map((d) => d.kind).join(', ')})`,
    )
  }
  const item = uploadable.find((d) => d.kind === which)
  const file = item?.files[0]
  if (!item || !file)
    throw new OpsCommandError(`No ${documentNames[which].toLowerCase()} uploaded on ${booking}.`)
  return { item, file }
}

async function review(api: OpsApi, args: string[], status: 'Accepted' | 'Rejected') {
  const [booking = '', which = '', ...words] = args
  const reason = words.join(' ').trim()
  if (!booking || !which || (status === 'Rejected' && !reason)) {
    throw new OpsCommandError(
      status === 'Rejected'
        ? 'Usage: reject-document BOOKING KIND-or-FILE-ID REASON'
        : 'Usage: accept-document BOOKING KIND-or-FILE-ID',
    )
  }
  const { item, file } = await resolveFile(api, booking, which)
  await request(api, documentPaths.review(file.id), {
    method: 'POST',
    body: JSON.stringify(status === 'Rejected' ? { status, reason } : { status }),
  })
  return status === 'Rejected'
    ? `Rejected ${item.name.toLowerCase()} ${file.name} (${file.id}) on ${booking}: ${reason}`
    : `Accepted ${item.name.toLowerCase()} ${file.name} (${file.id}) on ${booking}`
}

/** Each command takes its arguments and resolves to the line it prints; failures throw OpsCommandError. */
export const documentCommands: Record<string, (args: string[], api?: OpsApi) => Promise<string>> = {
  'reject-document': (args, api = opsApiFromEnv()) => review(api, args, 'Rejected'),
  'accept-document': (args, api = opsApiFromEnv()) => review(api, args, 'Accepted'),
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [name = '', ...rest] = process.argv.slice(2)
  // --key KEY (or --key=KEY) wins over the environment's key.
  const keyAt = rest.findIndex((arg) => arg === '--key' || arg.startsWith('--key='))
  const key = keyAt < 0 ? undefined : (rest[keyAt]?.split('=')[1] ?? rest[keyAt + 1])
  const args =
    keyAt < 0 ? rest : rest.filter((_, i) => i !== keyAt && (rest[keyAt]?.includes('=') || i !== keyAt + 1))
  const command = documentCommands[name]
  if (!command) {
    console.error(`Usage: ${Object.keys(documentCommands).join(' | ')} BOOKING KIND-or-FILE-ID [REASON]`)
    process.exit(2)
  }
  try {
    const api = opsApiFromEnv()
    console.log(await command(args, key ? { ...api, apiKey: key } : api))
  } catch (error) {
    console.error(error instanceof OpsCommandError ? error.message : error)
    process.exit(1)
  }
}
