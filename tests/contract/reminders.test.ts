/**
 * Payment reminders (contract/finance/reminders.ts, issue 36): a job run on any days, with any gaps, sends each
 * stage at most once, never before its day, never once the invoice owes nothing, never one whose day was on or
 * before the issue day, and after a gap only the latest stage that has come; run every day it sends every stage
 * whose day came after the issue day. Stage names are stable and read back.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDays } from '../../contract/dates'
import {
  billingContactSchema,
  reminderDue,
  reminderStageName,
  reminderStageOf,
  reminderWindows,
} from '../../contract/finance/reminders'

/** site.config's rule: days from -365 to 60, each once, at most 10. */
const configArb = fc.uniqueArray(fc.integer({ min: -365, max: 60 }), { maxLength: 10 })
const issueDay = '2026-03-02'
const termsArb = fc.constantFrom(0, 7, 14, 30, 60)
/** Days the job ran, as gaps from the issue day (0: the same day again). */
const runsArb = fc.array(fc.oneof(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 3, max: 120 })), {
  minLength: 1,
  maxLength: 60,
})

const dayOf = (dueDay: string, stage: string) =>
  addDays(dueDay, -(reminderStageOf(stage)?.daysFromDue ?? Number.NaN))

/** The job's life for one invoice: each run's day, the stage it sent (or null), what was sent by then. */
function simulate(config: number[], terms: number, gaps: number[], paidAfterRun = Number.POSITIVE_INFINITY) {
  const dueDay = addDays(issueDay, terms)
  const sent = new Set<string>()
  const runs: { today: string; stage: string | null; sentBefore: Set<string>; balance: number }[] = []
  let today = issueDay
  gaps.forEach((gap, i) => {
    today = addDays(today, gap)
    const balance = i >= paidAfterRun ? 0 : 12_345
    const sentBefore = new Set(sent)
    const stage = reminderDue(config, dueDay, today, balance, sentBefore, issueDay)
    if (stage) sent.add(stage)
    runs.push({ today, stage, sentBefore, balance })
  })
  return { dueDay, runs, sent }
}

describe('reminderDue', () => {
  it('never sends a stage twice, before its day, or on or before the issue day', () => {
    fc.assert(
      fc.property(configArb, termsArb, runsArb, (config, terms, gaps) => {
        const { dueDay, runs } = simulate(config, terms, gaps)
        for (const { today, stage, sentBefore } of runs) {
          if (stage === null) continue
          expect(sentBefore.has(stage)).toBe(false)
          expect(config).toContain(reminderStageOf(stage)?.daysFromDue)
          expect(dayOf(dueDay, stage) <= today).toBe(true)
          expect(dayOf(dueDay, stage) > issueDay).toBe(true)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('sends only the latest stage that has come: after a gap, one reminder, not the ones it missed', () => {
    fc.assert(
      fc.property(configArb, termsArb, runsArb, (config, terms, gaps) => {
        const { dueDay, runs } = simulate(config, terms, gaps)
        for (const { today, stage } of runs) {
          if (stage === null) continue
          const come = config.filter((d) => addDays(dueDay, -d) <= today)
          expect(reminderStageOf(stage)?.daysFromDue).toBe(Math.min(...come))
        }
        // A run sends at most one, and the stages go out in their order.
        const order = runs.flatMap((run) => (run.stage ? [reminderStageOf(run.stage)?.daysFromDue ?? 0] : []))
        expect(order).toEqual([...order].sort((a, b) => b - a))
      }),
      { numRuns: 300 },
    )
  })

  it('run every day, sends every stage whose day came after the issue day, in order', () => {
    fc.assert(
      fc.property(configArb, termsArb, (config, terms) => {
        const { dueDay, runs } = simulate(config, terms, [0, ...Array<number>(500).fill(1)])
        const expected = config
          .filter((d) => addDays(dueDay, -d) > issueDay)
          .sort((a, b) => b - a)
          .map(reminderStageName)
        expect(runs.flatMap((run) => (run.stage ? [run.stage] : []))).toEqual(expected)
      }),
      { numRuns: 200 },
    )
  })

  it('sends nothing once the invoice owes nothing (paid or credited in full)', () => {
    fc.assert(
      fc.property(configArb, termsArb, runsArb, fc.nat({ max: 60 }), (config, terms, gaps, paidAt) => {
        const { runs } = simulate(config, terms, gaps, paidAt)
        for (const run of runs) if (run.balance <= 0) expect(run.stage).toBeNull()
      }),
      { numRuns: 200 },
    )
    fc.assert(
      fc.property(
        configArb,
        fc.integer({ max: 0 }),
        fc.integer({ min: -400, max: 400 }),
        (config, balance, d) => {
          expect(reminderDue(config, '2026-06-30', addDays('2026-06-30', d), balance, new Set())).toBeNull()
        },
      ),
    )
  })

  it('counts days in Singapore dates: the stage comes on its day, not the day before', () => {
    const config = [3, 0, -7, -14, -30]
    const due = '2026-06-30'
    const at = (today: string, sent: string[] = []) => reminderDue(config, due, today, 100, new Set(sent))
    expect(at('2026-06-26')).toBeNull()
    expect(at('2026-06-27')).toBe('before-3')
    expect(at('2026-06-29')).toBe('before-3')
    expect(at('2026-06-29', ['before-3'])).toBeNull()
    expect(at('2026-06-30', ['before-3'])).toBe('due')
    expect(at('2026-07-06', ['before-3', 'due'])).toBeNull()
    expect(at('2026-07-07', ['before-3', 'due'])).toBe('after-7')
    // Down over the due day: on the 7th day after, the due-day reminder is not sent late.
    expect(at('2026-07-07', ['before-3'])).toBe('after-7')
    // Down from before the due day until 40 days after it: the one latest reminder.
    expect(at('2026-08-09', ['before-3'])).toBe('after-30')
    expect(at('2026-08-09', ['before-3', 'after-30'])).toBeNull()
  })
})

describe('reminder stages', () => {
  it('have stable names that read back', () => {
    expect([3, 0, -7, -14, -30].map(reminderStageName)).toEqual([
      'before-3',
      'due',
      'after-7',
      'after-14',
      'after-30',
    ])
    fc.assert(
      fc.property(fc.integer({ min: -365, max: 60 }), (d) => {
        expect(reminderStageOf(reminderStageName(d))?.daysFromDue).toBe(d)
      }),
    )
    for (const name of ['before-0', 'after-0', 'after-07', 'later', 'due-1', 'before-1000'])
      expect(reminderStageOf(name)).toBeUndefined()
  })

  it('windows: each due day is in one window at most, the latest stage that has come', () => {
    fc.assert(
      fc.property(configArb, fc.integer({ min: -500, max: 100 }), (config, d) => {
        const today = '2026-06-15'
        const dueDay = addDays(today, d)
        const inside = reminderWindows(config, today).filter(
          (w) => dueDay <= w.dueBy && (w.dueAfter === null || dueDay > w.dueAfter),
        )
        const come = config.filter((days) => addDays(dueDay, -days) <= today)
        expect(inside.map((w) => w.daysFromDue)).toEqual(come.length > 0 ? [Math.min(...come)] : [])
      }),
      { numRuns: 300 },
    )
  })
})

describe('the billing contact', () => {
  it('is an email, kept in lower case, or null to remove it', () => {
    expect(billingContactSchema.parse({ email: ' Accounts@Example.COM ' })).toEqual({
      email: 'accounts@example.com',
    })
    expect(billingContactSchema.parse({ email: null })).toEqual({ email: null })
    for (const email of ['', 'not an email', `${'a'.repeat(250)}@example.com`, 3])
      expect(billingContactSchema.safeParse({ email }).success).toBe(false)
  })
})
