// The pricing team's command line (docs/pricing.md, "The pricing desk"): a thin HTTP client of the running
// server's rate file API, so it works beside a server on PGlite as on PostgreSQL and never opens the database.
//   npm run rates -- import FILE.csv [--dry-run]   prints the dry run, then applies it (all or nothing) unless --dry-run
//   npm run rates -- export [FILE.csv]             every sheet, in the import format (to stdout without FILE)
// The server is --url, else OPS_API_URL, else SITE_URL, else APP_URL, else http://localhost:$PORT (3000); the key
// is --key, else ESHIP_API_KEY (an integration key with the rates:write scope, /staff/keys), else OPS_API_KEY.
import { readFile, writeFile } from 'node:fs/promises'
import { basename } from 'node:path'
import { pathToFileURL } from 'node:url'
import { moneyText } from '../contract/pricing/money'
import { percentText } from '../contract/pricing/reference'
import {
  type RateFileApplied,
  type RateFileRefusal,
  type RateFileReport,
  type ReportSheet,
  rateFileApiPaths,
  refusedRowText,
} from '../contract/rate-files'
import { apiKeyOf, noKeyMessage, type OpsIo, parseArgs, printRefusal, serverUrl } from './ops'

export interface RatesIo extends OpsIo {
  readFile: (path: string) => Promise<string>
  writeFile: (path: string, text: string) => Promise<void>
}

const USAGE = [
  'Usage:',
  '  npm run rates -- import FILE.csv [--dry-run] [--url URL] [--key KEY]',
  '  npm run rates -- export [FILE.csv] [--url URL] [--key KEY]',
].join('\n')

/** Lines printed per part of a report; the rest are counted. */
const SHOWN = 100

const laneText = (s: ReportSheet) =>
  `${s.mode} ${s.origin} → ${s.destination} ${s.carrier} / ${s.service}, ${s.validFrom} to ${s.validTo}`
const usd = (cents: number | null) => (cents === null ? 'not priced' : moneyText(cents, 'USD'))

function section<T>(io: Pick<OpsIo, 'out'>, title: string, items: T[], line: (item: T) => string) {
  if (items.length === 0) return
  io.out(`${title} (${items.length}):`)
  for (const item of items.slice(0, SHOWN)) io.out(`  ${line(item)}`)
  if (items.length > SHOWN) io.out(`  … and ${items.length - SHOWN} more`)
}

/** The dry run as a person reads it. */
export function printReport(io: Pick<OpsIo, 'out'>, report: RateFileReport): void {
  const { file } = report
  io.out(
    `${file.name} (${file.bytes.toLocaleString('en-US')} bytes, SHA-256 ${file.sha256}): ${report.sheets} sheet(s) with ${report.charges} charge line(s), compared on ${report.today}.`,
  )
  if (report.tariffs.length > 0) {
    io.out(`Tariffs it replaces: ${report.tariffs.map((t) => `${t.mode} ${t.carrier}`).join('; ')}`)
  }
  section(io, 'Added', report.added, (s) =>
    s.reference ? `${laneText(s)}: ${s.reference.label} ${usd(s.reference.totalUsd)}` : laneText(s),
  )
  section(io, 'Changed', report.changed, (s) => {
    const change = s.changePercent === null ? '' : ` (${percentText(s.changePercent)})`
    return `${laneText(s)}: ${s.referenceLabel} ${usd(s.beforeUsd)} → ${usd(s.afterUsd)}${change}`
  })
  section(io, 'Removed', report.removed, (s) =>
    s.outcome === 'ended' ? `${laneText(s)}: ends ${s.endsOn}` : `${laneText(s)}: deleted (not begun)`,
  )
  io.out(`Unchanged: ${report.unchanged}`)
}

/** Runs one command; answers the exit code (0 done, 1 refused or failed, 2 usage). */
export async function runRates(args: string[], io: RatesIo): Promise<number> {
  const [command, ...rest] = args
  let parsed: ReturnType<typeof parseArgs>
  try {
    // --dry-run takes no value: read it before the options that do.
    parsed = parseArgs(rest.filter((arg) => arg !== '--dry-run'))
  } catch (error) {
    io.err((error as Error).message)
    io.err(USAGE)
    return 2
  }
  const dryRun = rest.includes('--dry-run')
  const [file] = parsed.positional
  if ((command !== 'import' && command !== 'export') || (command === 'import' && !file)) {
    io.err(USAGE)
    return 2
  }
  const given = apiKeyOf(parsed.options, io.env)
  if (!given) {
    io.err(noKeyMessage)
    return 2
  }
  const base = serverUrl(parsed.options, io.env)
  const call = async (path: string, body?: unknown): Promise<Response | undefined> => {
    try {
      return await io.fetch(`${base}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          'X-API-Key': given.key,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
    } catch (error) {
      io.err(`Cannot reach ${base}${path}: ${(error as Error).message}`)
      return undefined
    }
  }

  if (command === 'export') {
    const res = await call(rateFileApiPaths.opsExport)
    if (!res) return 1
    if (!res.ok) return printRefusal(io, res, await res.json().catch(() => ({})), given.source)
    const csv = await res.text()
    if (file) {
      await io.writeFile(file, csv)
      io.out(`Exported to ${file}`)
    } else {
      io.out(csv.replace(/\n$/, ''))
    }
    return 0
  }

  let csv: string
  try {
    csv = await io.readFile(file as string)
  } catch (error) {
    io.err(`Cannot read ${file}: ${(error as Error).message}`)
    return 1
  }
  const body = { name: basename(file as string), csv }
  const checked = await call(rateFileApiPaths.opsDryRun, body)
  if (!checked) return 1
  const report = (await checked.json().catch(() => ({}))) as RateFileReport & RateFileRefusal
  if (!checked.ok) return printRefusal(io, checked, report, given.source)
  if (report.refused.length > 0) {
    for (const row of report.refused) io.err(refusedRowText(row))
    io.err(`Nothing imported: ${report.refused.length} bad row(s).`)
    return 1
  }
  printReport(io, report)
  if (dryRun) {
    io.out('Dry run: nothing applied.')
    return 0
  }
  const res = await call(rateFileApiPaths.opsApply, body)
  if (!res) return 1
  const answer = (await res.json().catch(() => ({}))) as RateFileApplied & RateFileRefusal
  if (!res.ok) {
    for (const row of answer.refused ?? []) io.err(refusedRowText(row))
    return printRefusal(io, res, { message: answer.message }, given.source)
  }
  const done = answer.report
  io.out(
    `Applied: ${done.added.length} added, ${done.changed.length} changed, ${done.removed.length} removed, ${done.unchanged} unchanged (${done.sheets} sheet(s) with ${done.charges} charge line(s)).`,
  )
  return 0
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const code = await runRates(process.argv.slice(2), {
    env: process.env,
    fetch,
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    readFile: (path) => readFile(path, 'utf8'),
    writeFile: (path, text) => writeFile(path, text),
  })
  // To a pipe, stdout is written asynchronously: wait for it before exiting.
  await new Promise<void>((resolve) => process.stdout.write('', () => resolve()))
  process.exit(code)
}
