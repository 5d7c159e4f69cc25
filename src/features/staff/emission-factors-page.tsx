import { useActorRef, useSelector } from '@xstate/react'
import { type ReactNode, useEffect, useRef } from 'react'
import { fromPromise } from 'xstate'
import { type EmissionFactorKey, emissionFactorKeys } from '../../../contract/emissions'
import {
  emissionFactorsMachine,
  type FactorPart,
  type FactorsFormField,
  factorField,
} from '../../../machines/emission-factors.machine'
import { applyEmissionFactors, dryRunEmissionFactors, getEmissionFactors } from '../../api/emission-factors'
import { formatAccountTime } from '../../app/datetime'
import { Button } from '../../components/ui/button'
import * as ui from '../../components/ui/ui.css'
import { Link } from '../../staff/link'
import { staffConsole } from './console'
import * as consoleStyles from './console.css'
import * as styles from './emission-factors-page.css'
import { DryRunReport, FactorsTable, VersionsTable } from './emission-factors-tables'

type Described = { 'aria-describedby'?: string; 'aria-invalid'?: true }

/** A labelled field with its message under it, tied to the input by aria-describedby. */
function Field({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string
  label: string
  hint?: string
  error: string | undefined
  className?: string
  children: (described: Described) => ReactNode
}) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <div className={[ui.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className={styles.note}>
          {hint}
        </p>
      ) : null}
      {children({
        ...(described ? { 'aria-describedby': described } : {}),
        ...(error ? { 'aria-invalid': true as const } : {}),
      })}
      {error ? (
        <p id={`${id}-error`} className={ui.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

const partLabels: Record<FactorPart, string> = {
  wtwGPerTkm: 'Well-to-wheel (WTW), g CO2e per t·km',
  ttwGPerTkm: 'Tank-to-wheel (TTW), g CO2e per t·km',
  source: 'Source of this factor',
}

const idOf = (field: FactorsFormField) => `factors-form-${field.replaceAll('.', '-')}`

/**
 * /staff/rates/emissions (the Pricing role): the emission factors in force and their versions, and a new
 * version checked in a dry run (each factor and each reference shipment before and after), then applied.
 */
export function EmissionFactorsPage() {
  const { api } = staffConsole()
  const actor = useActorRef(
    emissionFactorsMachine.provide({
      actors: {
        getEmissionFactors: fromPromise(() => getEmissionFactors(api)),
        dryRunEmissionFactors: fromPromise(({ input }) => dryRunEmissionFactors(api, input)),
        applyEmissionFactors: fromPromise(({ input }) => applyEmissionFactors(api, input)),
      },
    }),
  )
  const state = useSelector(actor, (s) => s)
  const { history, values, errors, shown, dryRun, applied, message } = state.context
  const checking = state.matches({ ready: 'checking' })
  const applying = state.matches({ ready: 'applying' })
  const busy = checking || applying
  const now = new Date()

  // The dry run takes the focus when it comes, so a keyboard or screen reader user lands on what it says.
  const reportHeading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (dryRun) reportHeading.current?.focus()
  }, [dryRun])
  // Once applied, the focus goes to the table now in force (the dry run and its button are gone).
  const inForceHeading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (applied) inForceHeading.current?.focus()
  }, [applied])

  const errorOf = (field: FactorsFormField) => (shown[field] ? errors[field]?.[0] : undefined)
  const input = (
    field: FactorsFormField,
    label: string,
    options: { hint?: string; numeric?: boolean } = {},
  ) => (
    <Field
      id={idOf(field)}
      label={label}
      hint={options.hint}
      error={errorOf(field)}
      className={field.endsWith('.source') ? styles.wide : undefined}
    >
      {(described) => (
        <input
          id={idOf(field)}
          name={field}
          type="text"
          inputMode={options.numeric ? 'decimal' : undefined}
          autoComplete="off"
          spellCheck={options.numeric ? false : undefined}
          className={styles.nativeInput}
          value={values[field]}
          readOnly={busy}
          onChange={(event) => actor.send({ type: 'field.changed', field, value: event.target.value })}
          onBlur={() => actor.send({ type: 'field.blurred', field })}
          {...described}
        />
      )}
    </Field>
  )
  const factorFieldset = (key: EmissionFactorKey) => (
    <fieldset key={key} className={styles.factor}>
      <legend className={styles.legend}>{history?.inForce.table.factors[key].label}</legend>
      <div className={styles.factorFields}>
        {input(factorField(key, 'wtwGPerTkm'), partLabels.wtwGPerTkm, { numeric: true })}
        {input(factorField(key, 'ttwGPerTkm'), partLabels.ttwGPerTkm, { numeric: true })}
        {input(factorField(key, 'source'), partLabels.source)}
      </div>
    </fieldset>
  )

  const inForce = history?.inForce
  return (
    <div className={styles.page}>
      <p className={styles.breadcrumb}>
        <Link to="/staff/rates" className={styles.link}>
          Pricing desk
        </Link>
      </p>
      <h1>Emission factors</h1>
      <p className={consoleStyles.lead}>
        The intensities every quote’s and booking’s emissions are counted with (ISO 14083, GLEC). A new
        version is checked first: what each factor and each reference shipment’s figure would become. Once
        applied it counts quotes and bookings from then on; a figure already counted keeps the factors it was
        counted with.
      </p>
      <p role="status" className={styles.note}>
        {state.matches('loading')
          ? 'Loading the factors…'
          : checking
            ? 'Checking the new version…'
            : applying
              ? 'Applying the new version…'
              : applied
                ? `${applied} is in force: quotes and bookings from now on are counted with it.`
                : ''}
      </p>
      {message ? (
        <div role="alert" className={consoleStyles.error}>
          <p>{message}</p>
          {state.matches('failed') ? (
            <Button tone="secondary" onPress={() => actor.send({ type: 'user.retry' })}>
              Try again
            </Button>
          ) : null}
        </div>
      ) : null}

      {history && inForce ? (
        <>
          <section aria-labelledby="factors-in-force" className={styles.section}>
            <h2 id="factors-in-force" ref={inForceHeading} tabIndex={-1}>
              In force: {inForce.table.version}
            </h2>
            <FactorsTable
              table={inForce.table}
              caption={
                inForce.builtIn ? (
                  `The built-in defaults: ${inForce.table.source}`
                ) : (
                  <>
                    Applied {inForce.appliedAt ? formatAccountTime(inForce.appliedAt, now) : ''} by{' '}
                    {inForce.appliedBy?.name ?? 'a former staff member'}: {inForce.table.source}
                  </>
                )
              }
            />
          </section>

          <section aria-labelledby="factors-new" className={styles.section}>
            <h2 id="factors-new">A new version</h2>
            <p className={styles.note}>
              Prefilled with the table in force. Intensities in grams CO2e per tonne-km, more than 0, at most
              one decimal; tank-to-wheel no more than well-to-wheel.
            </p>
            <form
              noValidate
              aria-labelledby="factors-new"
              onSubmit={(event) => {
                event.preventDefault()
                actor.send({ type: 'user.check' })
              }}
            >
              <div className={styles.fields}>
                {input('version', 'Version name', {
                  hint: 'A name of its own, such as “GLEC v3.2, 2027-01”.',
                })}
                {input('source', 'Source of the table')}
              </div>
              <Field id={idOf('note')} label="Note (optional)" error={errorOf('note')}>
                {(described) => (
                  <textarea
                    id={idOf('note')}
                    name="note"
                    className={`${styles.nativeInput} ${styles.textarea}`}
                    value={values.note}
                    readOnly={busy}
                    onChange={(event) =>
                      actor.send({ type: 'field.changed', field: 'note', value: event.target.value })
                    }
                    onBlur={() => actor.send({ type: 'field.blurred', field: 'note' })}
                    {...described}
                  />
                )}
              </Field>
              {emissionFactorKeys.map(factorFieldset)}
              <div className={styles.actions}>
                <Button type="submit" tone={dryRun ? 'secondary' : 'primary'} isDisabled={busy}>
                  {checking ? 'Checking…' : dryRun ? 'Check again' : 'Check'}
                </Button>
              </div>
            </form>

            {dryRun ? (
              <section aria-labelledby="factors-report" className={styles.panel}>
                <h3 id="factors-report" ref={reportHeading} tabIndex={-1}>
                  Dry run of {dryRun.proposed.version}
                </h3>
                <DryRunReport dryRun={dryRun} />
                <div className={styles.actions}>
                  <Button isDisabled={busy} onPress={() => actor.send({ type: 'user.apply' })}>
                    {applying ? 'Applying…' : `Apply ${dryRun.proposed.version}`}
                  </Button>
                </div>
              </section>
            ) : null}
          </section>

          <section aria-labelledby="factors-history" className={styles.section}>
            <h2 id="factors-history">Versions</h2>
            <VersionsTable history={history} now={now} />
          </section>
        </>
      ) : null}
    </div>
  )
}
