/**
 * The emissions report (/user/emissions, docs/emissions.md "The report"): loads the report of the calendar
 * year to date (Singapore) at once; the period's two months are a form checked by the contract's schema
 * (`emissionsPeriodSchema`: its messages shown once a field is left or Show is pressed), and Show asks for
 * the period typed when it is valid (a request in flight is dropped; the last report stays shown meanwhile).
 * A failed load says why with Try again; Download CSV and Download PDF fetch the file of the report shown,
 * one at a time, a failure said in a dialog.
 *
 * Effects (`getReport`, `download`) are injected by the page with `machine.provide`.
 */
import { assign, fromPromise, setup } from 'xstate'
import {
  defaultEmissionsPeriod,
  type EmissionsPeriod,
  type EmissionsReport,
  emissionsPeriodSchema,
} from '../contract/emissions-report'
import { messages } from '../contract/messages'
import { actorError } from './actor-error'
import {
  changeField,
  type FormContext,
  failureMessage,
  initialForm,
  isFormValid,
  showAll,
  showField,
} from './form'

export type ReportFormat = 'csv' | 'pdf'

export interface EmissionsReportContext extends FormContext<EmissionsPeriod> {
  /** The period of the report asked for, or shown. */
  period: EmissionsPeriod
  report: EmissionsReport | null
  /** Why the report could not be loaded. */
  message: string | null
  /** A failed download, in a dialog. */
  dialog: string | null
  /** The file being fetched. */
  format: ReportFormat | null
}

export type EmissionsReportEvent =
  | { type: 'field.changed'; field: keyof EmissionsPeriod; value: string }
  | { type: 'field.left'; field: keyof EmissionsPeriod }
  | { type: 'report.requested' }
  | { type: 'user.retry' }
  | { type: 'report.download'; format: ReportFormat }
  | { type: 'dialog.acknowledged' }

/** What the form's fields do wherever the chart is; Show when the period is valid. */
const form = {
  'field.changed': { actions: 'changeField' },
  'field.left': { actions: 'showField' },
  'report.requested': [
    { guard: 'isValid', target: '#emissionsReport.loading', reenter: true, actions: 'askForPeriod' },
    { actions: 'showAll' },
  ],
} as const

export const emissionsReportMachine = setup({
  types: {
    context: {} as EmissionsReportContext,
    events: {} as EmissionsReportEvent,
    input: {} as { today: string },
  },
  actors: {
    getReport: fromPromise<EmissionsReport, EmissionsPeriod>(async () => {
      throw new Error('not provided')
    }),
    download: fromPromise<void, { period: EmissionsPeriod; format: ReportFormat }>(async () => {}),
  },
  guards: { isValid: ({ context }) => isFormValid(context) },
  actions: {
    changeField: assign(({ context, event }) =>
      event.type === 'field.changed' ? changeField(emissionsPeriodSchema, context, event) : {},
    ),
    showField: assign(({ context, event }) =>
      event.type === 'field.left' ? { shown: showField(context, event.field) } : {},
    ),
    showAll: assign(({ context }) => ({ shown: showAll(context) })),
    askForPeriod: assign(({ context }) => ({ period: { ...context.values }, shown: {} })),
    setReport: assign((_, report: EmissionsReport) => ({ report, message: null })),
    setMessage: assign((_, error: unknown) => ({ message: failureMessage(error, messages.generic) })),
    clearMessage: assign({ message: null }),
    startDownload: assign(({ event }) =>
      event.type === 'report.download' ? { format: event.format, dialog: null } : {},
    ),
    endDownload: assign({ format: null }),
    setDialog: assign((_, error: unknown) => ({ dialog: failureMessage(error, messages.generic) })),
    clearDialog: assign({ dialog: null }),
  },
}).createMachine({
  id: 'emissionsReport',
  context: ({ input }) => {
    const period = defaultEmissionsPeriod(input.today)
    return {
      ...initialForm(emissionsPeriodSchema, period),
      period,
      report: null,
      message: null,
      dialog: null,
      format: null,
    }
  },
  initial: 'loading',
  on: form,
  states: {
    loading: {
      invoke: {
        id: 'getReport',
        src: 'getReport',
        input: ({ context }) => context.period,
        onDone: { target: 'ready', actions: { type: 'setReport', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'setMessage', params: actorError } },
      },
    },
    failed: { on: { 'user.retry': { target: 'loading', actions: 'clearMessage' } } },
    ready: {
      initial: 'idle',
      on: { 'dialog.acknowledged': { actions: 'clearDialog' } },
      states: {
        idle: { on: { 'report.download': { target: 'downloading', actions: 'startDownload' } } },
        downloading: {
          // Show waits for the file: the one fetched is of the report shown.
          on: { 'report.requested': { actions: 'showAll' } },
          invoke: {
            id: 'download',
            src: 'download',
            input: ({ context }) => ({ period: context.period, format: context.format ?? 'csv' }),
            onDone: { target: 'idle', actions: 'endDownload' },
            onError: {
              target: 'idle',
              actions: ['endDownload', { type: 'setDialog', params: actorError }],
            },
          },
        },
      },
    },
  },
})
