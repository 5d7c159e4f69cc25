import { useActorRef, useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import { fromPromise } from 'xstate'
import { singaporeDateOf } from '../../../contract/dates'
import type { EmissionsPeriod } from '../../../contract/emissions-report'
import { periodText } from '../../../contract/emissions-report'
import { countText } from '../../../contract/text'
import { emissionsReportMachine } from '../../../machines/emissions-report.machine'
import { downloadEmissionsReport, getEmissionsReport } from '../../api/emissions'
import type { PageInfo } from '../../app/pages'
import { useApp } from '../../app/use-app'
import { Button } from '../../components/ui/button'
import { ErrorDialog } from '../../components/ui/dialog'
import { Field } from '../../components/ui/text-field'
import * as ui from '../../components/ui/ui.css'
import * as styles from './emissions.css'
import { type EmissionsActor, ReportView } from './report-view'

function useEmissionsActor() {
  const { api, inspect } = useApp()
  return useActorRef(
    emissionsReportMachine.provide({
      actors: {
        getReport: fromPromise(({ input }) => getEmissionsReport(api, input)),
        download: fromPromise(({ input }) => downloadEmissionsReport(api, input.period, input.format)),
      },
    }),
    { input: { today: singaporeDateOf(new Date()) }, ...(inspect ? { inspect } : {}) },
  )
}

/**
 * /user/emissions: the company's emissions of a period's bookings (docs/emissions.md "The report"): the
 * period (two months, the calendar year to date at first), the totals with the method, factors and data
 * quality, the sums by mode and by month, each booking, and the report as CSV and PDF.
 */
export function EmissionsPage({ info }: { info: PageInfo }) {
  const actor = useEmissionsActor()
  const snapshot = useSelector(actor, (s) => s)
  const { report, message, dialog, period } = snapshot.context
  const loading = snapshot.matches('loading')
  return (
    <article>
      <h1>{info.heading}</h1>
      <p className={styles.muted}>
        The greenhouse gas emissions of your company's bookings, counted by ISO 14083 and the GLEC Framework:
        for your Scope 3 transport emissions, with the CSV and a PDF an auditor can read.
      </p>
      <PeriodForm actor={actor} />
      <p className={styles.muted} role="status" data-testid="emissions-status">
        {loading ? 'Loading…' : report ? statusOf(report.period, report.totals.bookings) : ''}
      </p>
      {snapshot.matches('failed') ? (
        <div className={styles.alert} role="alert">
          <p>{message}</p>
          <Button onPress={() => actor.send({ type: 'user.retry' })}>Try again</Button>
        </div>
      ) : null}
      {report ? <ReportView actor={actor} report={report} shownPeriod={period} /> : null}
      <ErrorDialog message={dialog} onClose={() => actor.send({ type: 'dialog.acknowledged' })} />
    </article>
  )
}

const statusOf = (period: EmissionsPeriod, bookings: number) =>
  `${periodText(period)}: ${countText(bookings, 'booking')}`

/** From and To (native month inputs, labelled, their messages under them) and Show. */
function PeriodForm({ actor }: { actor: EmissionsActor }) {
  const values = useSelector(actor, (s) => s.context.values)
  const errors = useSelector(actor, (s) => s.context.errors)
  const shown = useSelector(actor, (s) => s.context.shown)
  const downloading = useSelector(actor, (s) => s.matches({ ready: 'downloading' }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: 'report.requested' })
  }
  const field = (name: keyof EmissionsPeriod, label: string) => {
    const error = shown[name] ? errors[name]?.[0] : undefined
    return (
      <Field label={label} error={error}>
        {(ids) => (
          <input
            id={ids.input}
            name={name}
            type="month"
            min="1000-01"
            max="9999-12"
            placeholder="YYYY-MM"
            className={`${ui.input} ${styles.monthInput}`}
            value={values[name]}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ids.message : undefined}
            onChange={(event) =>
              actor.send({ type: 'field.changed', field: name, value: event.target.value })
            }
            onBlur={() => actor.send({ type: 'field.left', field: name })}
          />
        )}
      </Field>
    )
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Period of the report">
      <fieldset className={styles.period}>
        <legend className={styles.legend}>Period (months of the booking date, Singapore)</legend>
        {field('from', 'From')}
        {field('to', 'To')}
        <Button type="submit" className={styles.show} isDisabled={downloading}>
          Show
        </Button>
      </fieldset>
    </form>
  )
}
