// npm run paths -- <chart>: the paths the model-based tests generate from a chart and replay, one per line,
// as readable steps (what QA walks through by hand: the design card's "model-generated test paths").
// Without a name it lists the charts. The paths are the tests' own: read from `vitest list`, nothing is run.
import { spawnSync } from 'node:child_process'

const SUITE = ', model-based > '
const wanted = process.argv.slice(2).join(' ').trim().toLowerCase()

const listed = spawnSync('npx', ['vitest', 'list', 'tests/machines', '--json'], {
  encoding: 'utf8',
  maxBuffer: 256 * 1024 * 1024,
})
if (listed.status !== 0) {
  process.stderr.write(listed.stderr)
  process.exit(listed.status ?? 1)
}
const tests = JSON.parse(listed.stdout) as { name: string }[]
const byChart = new Map<string, string[]>()
for (const { name } of tests) {
  const at = name.indexOf(SUITE)
  if (at < 0) continue
  const chart = name.slice(0, at)
  byChart.set(chart, [...(byChart.get(chart) ?? []), name.slice(at + SUITE.length)])
}

const charts = [...byChart.keys()].filter((chart) => !wanted || chart.toLowerCase().includes(wanted))
if (!wanted || charts.length === 0) {
  if (wanted) console.log(`No chart's name contains "${wanted}".`)
  console.log('Charts with generated paths (npm run paths -- <name>):')
  for (const [chart, paths] of byChart) console.log(`  ${chart} (${paths.length} paths)`)
  process.exit(wanted ? 1 : 0)
}
for (const chart of charts) {
  const paths = (byChart.get(chart) ?? []).filter((path) => path !== 'has paths')
  console.log(`\n${chart}: ${paths.length} paths`)
  paths.forEach((path, index) => {
    console.log(`${String(index + 1).padStart(4)}. ${path}`)
  })
}
