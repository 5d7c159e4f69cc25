import { expect } from 'vitest'
import { type EmissionsReport, emissionsPeriodSchema } from '../../../contract/emissions-report'
import { messages } from '../../../contract/messages'
import { fieldErrors } from '../../../contract/rules'
import { emissionsReportMachine } from '../../../machines/emissions-report.machine'
import { type StateView, stateChecks } from '../model'

const told = ({ event }: StateView) => (event.error as { message?: string } | undefined)?.message

/** The period's form, wherever the chart is: its messages are the schema's of what is typed. */
function form({ context, event, before }: StateView) {
  expect(context.errors).toEqual(fieldErrors(emissionsPeriodSchema, context.values))
  if (event.type === 'field.changed')
    expect(context.values).toEqual({ ...before.context.values, [event.field as string]: event.value })
  if (event.type === 'field.left') expect(context.shown[event.field as string]).toBe(true)
  // Show with a period that cannot be sent asks for nothing and says why under each field.
  if (event.type === 'report.requested' && Object.keys(context.errors).length > 0) {
    expect(context.period).toEqual(before.context.period)
    for (const field of Object.keys(context.errors)) expect(context.shown[field]).toBe(true)
  }
}

/** docs/emissions.md "The report": the period's form, the report, its CSV and PDF. */
export const emissionsReportStates = stateChecks(emissionsReportMachine, {
  // What is asked for is a valid period: the year to date at first, then the one typed when Show was pressed.
  loading: (view) => {
    const { context, event, before } = view
    form(view)
    expect(view.requests).toEqual({ getReport: context.period })
    expect(emissionsPeriodSchema.safeParse(context.period).success).toBe(true)
    if (event.type === 'report.requested' && Object.keys(context.errors).length === 0)
      expect(context.period).toEqual(before.context.values)
    if (event.type === 'user.retry') expect(context.message).toBeNull()
  },
  failed: (view) => {
    form(view)
    expect(view.requests).toEqual({})
    expect(view.context.message).toBe(told(view) || messages.generic)
  },
  'ready.idle': (view) => {
    const { context, event } = view
    form(view)
    expect(view.requests).toEqual({})
    expect(context.report).not.toBeNull()
    expect(context.format).toBeNull()
    if (event.type === 'xstate.done.actor.getReport') {
      expect(context.report).toEqual(event.output as EmissionsReport)
      expect(context.message).toBeNull()
    }
    if (event.type === 'xstate.error.actor.download')
      expect(context.dialog).toBe(told(view) || messages.generic)
    if (event.type === 'dialog.acknowledged') expect(context.dialog).toBeNull()
  },
  // One file at a time, of the report shown.
  'ready.downloading': (view) => {
    form(view)
    const format = view.event.type === 'report.download' ? view.event.format : view.before.context.format
    expect(view.requests).toEqual({ download: { period: view.context.period, format } })
    expect(view.context.report).not.toBeNull()
  },
})
