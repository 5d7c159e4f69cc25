/**
 * The gate on the model tests' checks: every chart in machines/ has a table of state checks in
 * tests/machines/states/ (the file of the same name), with a check for every state it can rest in and none for a
 * state it does not have. The replays run those checks after every step (model.ts `replay`), and each chart's
 * suite fails when one of them never ran (`uncovered`).
 */
import { describe, expect, it } from 'vitest'
import type { AnyStateMachine } from 'xstate'
import { type StateChecks, stateCheckProblems } from './model'

const charts = import.meta.glob<Record<string, unknown>>('../../machines/*.machine.ts', { eager: true })
const tables = import.meta.glob<Record<string, unknown>>('./states/*.ts', { eager: true })

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && 'root' in value && 'config' in value && 'provide' in value
const isTable = (value: unknown): value is StateChecks =>
  typeof value === 'object' && value !== null && 'machine' in value && 'checks' in value

const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1).replace(/(\.machine)?\.ts$/, '')

const chartList = Object.entries(charts).flatMap(([path, module]) =>
  Object.entries(module)
    .filter(([, value]) => isMachine(value))
    .map(([name, machine]) => ({ file: fileName(path), name, machine: machine as AnyStateMachine })),
)
const tableList = Object.entries(tables).flatMap(([path, module]) =>
  Object.values(module)
    .filter(isTable)
    .map((table) => ({ file: fileName(path), table })),
)

describe('state checks', () => {
  it('finds the charts', () => expect(chartList.length).toBeGreaterThan(40))

  it.each(chartList.map((chart) => [`${chart.file}: ${chart.name}`, chart] as const))(
    '%s has one table, in its own file, with a check for every state and none for a state it lacks',
    (_title, { file, machine }) => {
      const own = tableList.filter(({ table }) => table.machine.config === machine.config)
      expect(own.map((entry) => entry.file)).toEqual([file])
      expect(stateCheckProblems(own[0]?.table as StateChecks)).toEqual({ missing: [], unknown: [] })
    },
  )

  it('holds no table of a chart that is not in machines/', () => {
    const known = new Set(chartList.map((chart) => chart.machine.config))
    expect(tableList.filter(({ table }) => !known.has(table.machine.config)).map((t) => t.file)).toEqual([])
  })
})
