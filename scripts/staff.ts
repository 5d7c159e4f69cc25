// The deployer's command line for staff accounts (docs/staff.md): a thin HTTP client of the running server.
//   npm run staff -- add EMAIL --name "Full Name" --roles admin[,sales,operations,pricing] [--url URL]
// It adds the person and the server mails them a single-use link to set their password (the outbox). The key is
// --key, else ESHIP_API_KEY, else OPS_API_KEY: only the deployer's bootstrap key (OPS_API_KEY on the server) may
// add staff, a named integration key is refused (403). The server is --url, else OPS_API_URL, SITE_URL, APP_URL,
// http://localhost:$PORT.
// After the first admin, admins add the others in the console (/staff/team).
import { pathToFileURL } from 'node:url'
import { staffRoles } from '../contract/permissions'
import { staffApiPaths } from '../contract/staff'
import { apiKeyOf, type OpsIo, parseArgs, printRefusal, serverUrl } from './ops'

const USAGE = `Usage: npm run staff -- add EMAIL --name "Full Name" --roles ${staffRoles.join(',')} [--url URL] [--key KEY]`

export async function runStaff(args: string[], io: OpsIo): Promise<number> {
  const [command, ...rest] = args
  let parsed: ReturnType<typeof parseArgs>
  try {
    parsed = parseArgs(rest)
  } catch (error) {
    io.err((error as Error).message)
    io.err(USAGE)
    return 2
  }
  const [email] = parsed.positional
  const { name, roles } = parsed.options
  if (command !== 'add' || !email || !name || !roles) {
    io.err(USAGE)
    return 2
  }
  const given = apiKeyOf(parsed.options, io.env)
  if (!given) {
    io.err('Pass --key KEY, or set OPS_API_KEY to the bootstrap key the server was started with.')
    return 2
  }
  const { key, source } = given
  const url = `${serverUrl(parsed.options, io.env)}${staffApiPaths.team}`
  let res: Response
  try {
    res = await io.fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': key },
      body: JSON.stringify({ email, name, roles: roles.split(/[\s,]+/).filter(Boolean) }),
    })
  } catch (error) {
    io.err(`Cannot reach ${url}: ${(error as Error).message}`)
    return 1
  }
  const answer = (await res.json().catch(() => ({}))) as {
    message?: string
    errors?: Record<string, string[]>
    staff?: { email: string; roles: string[] }
  }
  if (res.ok && answer.staff) {
    io.out(
      `Added ${answer.staff.email} (${answer.staff.roles.join(', ')}): a link to set their password is on its way by mail.`,
    )
    return 0
  }
  return printRefusal(io, res, answer, source)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const code = await runStaff(process.argv.slice(2), {
    env: process.env,
    fetch,
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  })
  process.exit(code)
}
