/** The sections of bench/report.md: each renders one part of a run's report as Markdown tables and notes. */
import { type CategoryId, HYDRATION, ROUTES } from './config'
import type { HydrationRoute } from './hydration'
import type { FailedAudit } from './lighthouse'
import type { LoadStats } from './load'
import type { FullReport } from './report-data'
import { kb, round } from './util'

const CATEGORY_LABEL: Record<CategoryId, string> = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  'best-practices': 'Best Practices',
  seo: 'SEO',
}

const fmt = (v: number | null, digits = 0): string => (v === null ? 'n/a' : v.toFixed(digits))

function table(headers: string[], rows: (string | number)[][], align?: ('l' | 'r')[]): string {
  const sep = headers.map((_, i) => (align?.[i] === 'r' ? '---:' : '---'))
  const line = (cells: (string | number)[]) =>
    `| ${cells.map((c) => String(c).replaceAll('|', '\\|')).join(' | ')} |`
  return [line(headers), `|${sep.join('|')}|`, ...rows.map(line)].join('\n')
}

export function machineSection(r: FullReport): string {
  const m = r.machine
  return table(
    ['Fact', 'Value'],
    [
      ['Node', m.node],
      ['Platform', m.platform],
      ['CPUs', `${m.cpuCount} × ${m.cpuModel}`],
      ['Memory', `${m.totalMemoryGiB.toFixed(1)} GiB`],
      ['Load average at start (1/5/15 min)', m.loadAverageAtStart.map((x) => x.toFixed(2)).join(' / ')],
      ['Load average at end (1/5/15 min)', m.loadAverageAtEnd.map((x) => x.toFixed(2)).join(' / ')],
      ['Chromium', m.chromium ?? 'n/a'],
      ['Lighthouse', m.lighthouse ?? 'n/a'],
      ['Git commit', m.gitCommit ?? 'n/a'],
      ['Lighthouse benchmarkIndex', fmt(r.lighthouse.benchmarkIndex)],
    ],
  )
}

export function budgetSection(r: FullReport): string {
  const rows = r.budgets.map((b) => [
    b.route,
    ...b.checks.map((c) => `${c.pass ? '✅' : '❌'} ${c.value ?? 'n/a'}`),
    b.pass ? '**PASS**' : '**FAIL**',
  ])
  const headers = ['Route', ...(r.budgets[0]?.checks.map((c) => `${c.metric} ${c.budget}`) ?? []), 'Result']
  return `${table(headers, rows)}\n\nBudgets are informational: they do not affect the exit code.`
}

export function bundleSection(r: FullReport): string {
  const rows = r.bundle.files.map((f) => [f.file, f.kind, kb(f.raw), kb(f.gzip), kb(f.brotli)])
  const t = r.bundle.totals
  for (const key of ['js', 'css', 'all'] as const) {
    const label = key === 'all' ? 'JS + CSS' : key.toUpperCase()
    rows.push([
      `**Total ${label}** (${t[key].count} files)`,
      '',
      kb(t[key].raw),
      kb(t[key].gzip),
      kb(t[key].brotli),
    ])
  }
  return table(['File', 'Kind', 'Raw KB', 'Gzip-9 KB', 'Brotli-11 KB'], rows, ['l', 'l', 'r', 'r', 'r'])
}

export function initialJsSection(r: FullReport): string {
  const summary = table(
    ['Route', 'Gzip KB', 'Scripts', 'Largest'],
    r.initialJs.routes.map((route) => [
      `\`${route.route}\``,
      kb(route.totalGzip),
      route.scripts.length,
      route.scripts[0]
        ? `${route.scripts[0].file ?? route.scripts[0].url} (${kb(route.scripts[0].gzip)})`
        : '',
    ]),
    ['l', 'r', 'r', 'l'],
  )
  const detailed = r.initialJs.routes
    .filter((route) => ROUTES.includes(route.route))
    .map((route) => {
      const rows = route.scripts.map((s) => [
        s.file ?? s.url,
        kb(s.raw),
        kb(s.gzip),
        s.source,
        `${s.wireBytes === null ? 'n/a' : kb(s.wireBytes)} (${s.contentEncoding ?? 'identity'})`,
      ])
      const wire = route.scripts.reduce((sum, s) => sum + (s.wireBytes ?? 0), 0)
      rows.push(['**Total**', kb(route.totalRaw), `**${kb(route.totalGzip)}**`, '', kb(wire)])
      const notes: string[] = []
      if (route.documentStatus !== 200) notes.push(`⚠️ document status ${route.documentStatus ?? 'n/a'}`)
      for (const e of route.pageErrors) notes.push(`⚠️ page error: ${e}`)
      return [
        `### \`${route.route}\` — ${kb(route.totalGzip)} KB gzip in ${route.scripts.length} scripts`,
        '',
        table(['Script', 'Raw KB', 'Gzip-9 KB', 'Sized from', 'Served KB (encoding)'], rows, [
          'l',
          'r',
          'r',
          'l',
          'r',
        ]),
        ...(notes.length > 0 ? ['', ...notes.map((n) => `- ${n}`)] : []),
      ].join('\n')
    })
    .join('\n\n')
  return [summary, '', 'The scripts of the routes Lighthouse measures:', '', detailed].join('\n')
}

export function lighthouseSection(r: FullReport): string {
  const lh = r.lighthouse
  const cats = Object.keys(CATEGORY_LABEL) as CategoryId[]
  const medianRows = lh.routes.map((route) => {
    const m = route.median
    return [
      route.route,
      ...cats.map((c) => fmt(m.scores[c])),
      fmt(m.lcpSeconds, 2),
      fmt(m.tbtMs),
      fmt(m.cls, 3),
      fmt(m.fcpSeconds, 2),
      fmt(m.speedIndexSeconds, 2),
    ]
  })
  const headers = ['Route', ...cats.map((c) => CATEGORY_LABEL[c]), 'LCP s', 'TBT ms', 'CLS', 'FCP s', 'SI s']
  const align: ('l' | 'r')[] = ['l', ...headers.slice(1).map(() => 'r' as const)]
  const runRows = lh.routes.flatMap((route) =>
    route.runs.map((run, i) => [
      `${route.route} #${i + 1}`,
      ...cats.map((c) => fmt(run.scores[c])),
      fmt(run.lcpSeconds, 2),
      fmt(run.tbtMs),
      fmt(run.cls, 3),
      fmt(run.fcpSeconds, 2),
      fmt(run.speedIndexSeconds, 2),
    ]),
  )
  const failedRows = lh.routes.flatMap((route) => {
    const seen = new Map<string, { audit: FailedAudit; runs: number }>()
    for (const run of route.runs) {
      for (const audit of run.failedAudits) {
        const key = `${audit.category}/${audit.id}`
        const entry = seen.get(key)
        if (entry) entry.runs += 1
        else seen.set(key, { audit, runs: 1 })
      }
    }
    return [...seen.values()].map(({ audit, runs }) => [
      route.route,
      CATEGORY_LABEL[audit.category],
      `${audit.title} (\`${audit.id}\`)`,
      audit.score.toFixed(2),
      audit.displayValue ?? '',
      `${runs}/${route.runs.length}`,
    ])
  })
  const warnings = new Set(lh.routes.flatMap((route) => route.runs.flatMap((run) => run.warnings)))
  const errors = new Set(lh.routes.flatMap((route) => route.runs.flatMap((run) => run.runtimeError ?? [])))
  const runs = lh.routes[0]?.runs.length ?? 0
  return [
    `Median of ${runs} runs per route; ${lh.formFactor ?? '?'} form factor, ${lh.throttlingMethod ?? '?'} throttling (Lighthouse default config).`,
    '',
    table(headers, medianRows, align),
    '',
    '<details><summary>Individual runs</summary>',
    '',
    table(
      headers.map((h, i) => (i === 0 ? 'Run' : h)),
      runRows,
      align,
    ),
    '',
    '</details>',
    '',
    '**Audits scoring below 0.9** (score and value from the first run that failed them):',
    '',
    failedRows.length > 0
      ? table(['Route', 'Category', 'Audit', 'Score', 'Value', 'Failed in'], failedRows, [
          'l',
          'l',
          'l',
          'r',
          'l',
          'r',
        ])
      : 'None.',
    ...(warnings.size > 0 ? ['', '**Lighthouse warnings:**', ...[...warnings].map((w) => `- ${w}`)] : []),
    ...(errors.size > 0 ? ['', '**Lighthouse runtime errors:**', ...[...errors].map((e) => `- ${e}`)] : []),
  ].join('\n')
}

function loadRows(l: LoadStats): (string | number)[] {
  return [
    l.requestsPerSecMean.toFixed(1),
    l.requestsTotal,
    `${l.latencyP50Ms} ms`,
    `${l.latencyP99Ms} ms`,
    `${l.latencyMeanMs} ms / ${l.latencyMaxMs} ms`,
    l.non2xx,
    `${l.errors} (${l.timeouts} timeouts)`,
    `${(l.throughputBytesPerSecMean / 1024 / 1024).toFixed(2)} MiB/s`,
    Object.entries(l.statusCodes)
      .map(([c, n]) => `${c}: ${n}`)
      .join(', ') || 'n/a',
  ]
}

export function loadSection(r: FullReport): string {
  const l = r.load
  const p = l.probe
  const metrics = [
    'Requests/s (mean)',
    'Requests (total)',
    'Latency p50',
    'Latency p99',
    'Latency mean / max',
    'Non-2xx responses',
    'Errors (incl. timeouts)',
    'Throughput (mean)',
    'Status codes',
  ]
  const api = loadRows(l)
  const bare = loadRows(l.baseline)
  return [
    `\`GET ${new URL(l.url).pathname}\` with \`Accept-Encoding: gzip, deflate, br, zstd\`, ${l.connections} connections, ${l.durationSeconds} s (each after a 2 s warm-up), beside a bare Hono server answering \`{"hello":"world"}\` (\`bench/hello-server.ts\`, no middleware) measured the same way just before it, in the same run. autocannon runs on the same ${r.machine.cpuCount} CPUs as the server.`,
    '',
    table(
      ['Metric', `\`${new URL(l.url).pathname}\``, 'bare Hono hello-JSON'],
      metrics.map((m, i) => [m, api[i] ?? '', bare[i] ?? '']),
      ['l', 'r', 'r'],
    ),
    '',
    `Requests/s relative to bare Hono: **${(l.ratioToBaseline * 100).toFixed(0)} %**. Response: ${p.status}, ${p.contentType ?? '?'}, encoding ${p.contentEncoding ?? 'identity'}, ${kb(p.wireBytes)} KB on the wire, ${kb(p.decodedBytes)} KB decoded, ${p.rows ?? '?'} rows.`,
  ].join('\n')
}

export function serverBudgetSection(r: FullReport): string {
  return table(
    ['Budget', 'Value', 'Limit', 'Result'],
    r.serverBudgets.map((c) => [c.metric, c.value ?? 'n/a', c.budget, c.pass ? '✅ PASS' : '❌ FAIL']),
    ['l', 'r', 'l', 'l'],
  )
}

export function staticEncodingSection(r: FullReport): string {
  return [
    "Each bench page and the scripts and styles it links, asked for with `Accept-Encoding: br`, `gzip` and `identity`: the body must equal the build's `.br`, `.gz` or plain file byte for byte (nothing compressed per request), with `Vary: Accept-Encoding`.",
    '',
    table(
      [
        'Path',
        'Accept-Encoding',
        'Content-Encoding',
        'KB on the wire',
        'Equals build file',
        'Vary',
        'Result',
      ],
      r.staticEncoding.checks.map((c) => [
        c.path,
        c.accept,
        c.contentEncoding ?? 'identity',
        kb(c.wireBytes),
        c.servedFile ?? 'none',
        c.vary ?? '',
        c.pass ? '✅' : '❌',
      ]),
      ['l', 'l', 'l', 'r', 'l', 'l', 'l'],
    ),
  ].join('\n')
}

export function hydrationSection(r: FullReport): string {
  const h = r.hydration
  if (!h || !('fixed' in h)) return 'Not measured in this report.'
  const { fixed, calibrated } = h
  const row = (route: HydrationRoute, at: HydrationRoute | undefined, goal: string) => [
    route.route,
    route.medianMs,
    route.maxMs,
    round(route.medianMs / fixed.reactAlone.medianMs, 2),
    goal,
    at?.medianMs ?? '',
    at ? round(at.medianMs / calibrated.reactAlone.medianMs, 2) : '',
  ]
  const rows = [
    row(fixed.reactAlone, calibrated.reactAlone, '1'),
    ...(fixed.routerAlone ? [row(fixed.routerAlone, calibrated.routerAlone, '')] : []),
    ...fixed.routes.map((route, i) =>
      row(route, calibrated.routes[i], `≤ ${HYDRATION.ratioGoals[route.route] ?? '?'}`),
    ),
    ...(fixed.customerRoutes ?? []).map((route, i) =>
      row(route, calibrated.customerRoutes?.[i], `≤ ${HYDRATION.customerRatioGoal}`),
    ),
  ]
  return [
    `From navigation start to \`html[data-hydrated]\` (the page's content hydrated and what was typed before handed over), each run in a fresh browser context, CPU throttled through CDP, network unthrottled (loopback); ${fixed.routes[0]?.runsMs.length ?? 0} runs per route and rate after one not counted. The customer area (\`/user/…\`) is opened cold as from a bookmark: signed in (the session in storage), ${HYDRATION.phone.width} px wide, until its heading shows and it is hydrated.`,
    '',
    `This machine's Lighthouse benchmarkIndex is ${h.benchmarkIndex}; Lighthouse tunes ${fixed.cpuThrottling}x for a high-end desktop (1500 to 2000), so here the phone ${fixed.cpuThrottling}x means is ${calibrated.cpuThrottling}x. *React alone* is the control: React hydrating a prerendered three-control form (bench/react-floor), no product code; no page can hydrate sooner. *React and TanStack Router* hydrates the same form as a router's one route (bench/router-floor): what every page of this product pays before its own code. The goals are the ratios at ${fixed.cpuThrottling}x (issue 37), which do not move with the day's speed.`,
    '',
    table(
      [
        'Route',
        `${fixed.cpuThrottling}x median ms`,
        `${fixed.cpuThrottling}x max ms`,
        '× React alone',
        'goal',
        `${calibrated.cpuThrottling}x median ms`,
        `× React alone at ${calibrated.cpuThrottling}x`,
      ],
      rows,
      ['l', 'r', 'r', 'r', 'r', 'r', 'r'],
    ),
    ...(h.console
      ? [
          '',
          `The staff console's first load (\`${h.console.route}\`, signed in, ${HYDRATION.desktop.width} px, unthrottled, heading shown and hydrated): median ${h.console.medianMs} ms, max ${h.console.maxMs} ms (reported, no budget).`,
        ]
      : []),
  ].join('\n')
}

export function quotesSection(r: FullReport): string {
  const q = r.quotes
  const row = (name: string, s: LoadStats) => [
    name,
    s.requestsPerSecMean,
    s.latencyP50Ms,
    s.latencyP99Ms,
    s.latencyMaxMs,
    s.serverTimeP50Ms ?? '–',
    s.serverTimeP99Ms ?? '–',
    s.non2xx + s.errors + s.timeouts,
  ]
  return [
    `${q.database} with ${q.rateLines} rate lines in ${q.rateLanes} lanes; ${q.connections} connections for ${q.durationSeconds} s each, after 3 s at the same concurrency (pools full, statements prepared), one customer's bearer token. createQuote prices FCL SGSIN → INNSA, 2 × 40HC, on every sheet in force and stores the quote. trackShipment follows a departed shipment among ${r.tracking.bookings} of the customer's bookings, the database holding ${r.tracking.events} tracking events (vacuumed, analyzed and checkpointed after loading them and the quotes, as PostgreSQL would otherwise do during a measure). getDashboard answers for the demo customer (its own session) on the same database.`,
    '',
    table(
      ['Operation', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'server p50 ms', 'server p99 ms', 'failed'],
      [
        row('createQuote (POST /api/quotes)', q.createQuote),
        row('searchLocations (GET /api/locations?q=nhava)', q.searchLocations),
        row(`trackShipment (GET /api/tracking/{hbl}), ${r.tracking.events} events`, r.tracking.trackShipment),
        ...(r.dashboard
          ? [row('getDashboard (GET /api/dashboard), the demo customer', r.dashboard.getDashboard)]
          : []),
      ],
      ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
    ),
    '',
    'p50/p99: the round trip autocannon measures; server: the `Server-Timing` total of each answer (from the request reaching the API to its answer).',
  ].join('\n')
}
