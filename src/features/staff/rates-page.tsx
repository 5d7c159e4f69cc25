import { useActorRef, useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import { fromPromise } from 'xstate'
import { modes } from '../../../contract/pricing/types'
import { rateSheetValidities } from '../../../contract/rate-files'
import { type RateSheetFilters, rateDeskMachine } from '../../../machines/rate-desk.machine'
import { applyRateFile, dryRunRateFile, listRateSheets } from '../../api/rate-files'
import { Button } from '../../components/ui/button'
import * as ui from '../../components/ui/ui.css'
import { Link } from '../../staff/link'
import { staffConsole } from './console'
import * as consoleStyles from './console.css'
import * as styles from './rates.css'
import { laneName, Report, reference } from './rates-report'

const validityNames: Record<(typeof rateSheetValidities)[number], string> = {
  current: 'In force today',
  upcoming: 'Upcoming',
  expiring: 'Lanes expiring within 7 days',
}

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string
  label: string
  error?: string | undefined
  children: (described: { 'aria-describedby'?: string; 'aria-invalid'?: true }) => ReactNode
}) {
  return (
    <div className={ui.field}>
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      {children(error ? { 'aria-describedby': `${id}-error`, 'aria-invalid': true } : {})}
      {error ? (
        <p id={`${id}-error`} className={ui.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** /staff/rates (the Pricing role): the rate sheets (each opens with its lines), and a rate file's dry run and apply. */
export function RatesPage() {
  const { api } = staffConsole()
  const actor = useActorRef(
    rateDeskMachine.provide({
      actors: {
        listSheets: fromPromise(({ input }) => listRateSheets(api, input)),
        dryRun: fromPromise(({ input }) => dryRunRateFile(api, input)),
        applyFile: fromPromise(({ input }) => applyRateFile(api, input)),
      },
    }),
  )
  const state = useSelector(actor, (s) => s)
  const { filters, filterErrors, sheets, browseMessage, file, fileError, report, applied, uploadMessage } =
    state.context
  const loading = state.matches({ browse: 'loading' })
  const checking = state.matches({ upload: 'checking' })
  const applying = state.matches({ upload: 'applying' })
  const refused = (report?.refused.length ?? 0) > 0

  const setFilter = (field: keyof RateSheetFilters, value: string) =>
    actor.send({ type: 'filter.changed', field, value })
  const text = (field: 'origin' | 'destination' | 'carrier', label: string) => (
    <Field id={`rates-${field}`} label={label} error={filterErrors[field]?.[0]}>
      {(described) => (
        <input
          id={`rates-${field}`}
          name={field}
          type="text"
          autoComplete="off"
          spellCheck={false}
          className={styles.nativeInput}
          value={filters[field]}
          onChange={(event) => setFilter(field, event.target.value)}
          {...described}
        />
      )}
    </Field>
  )
  const page = sheets?.page ?? 1
  const pages = sheets ? Math.max(1, Math.ceil(sheets.total / sheets.pageSize)) : 1

  return (
    <div className={styles.page}>
      <h1>Pricing desk</h1>
      <p className={consoleStyles.lead}>
        The rate sheets instant quotes are priced on. A rate file is a carrier’s tariff for a mode: applying
        it replaces that carrier’s sheets of that mode in force or upcoming (those it does not list end
        yesterday, or are deleted when not begun). Other carriers are untouched, and quotes already made keep
        their prices.
      </p>

      <section aria-labelledby="rates-upload" className={styles.section}>
        <h2 id="rates-upload">Upload a rate file</h2>
        <Field id="rates-file" label="Rate file (CSV)" error={fileError ?? undefined}>
          {(described) => (
            <input
              id="rates-file"
              name="file"
              type="file"
              accept=".csv,text/csv"
              className={styles.fileInput}
              disabled={checking || applying}
              onChange={async (event) => {
                const chosen = event.target.files?.[0]
                if (!chosen) return
                const csv = chosen.size <= 32 * 1024 * 1024 ? await chosen.text() : ''
                actor.send({ type: 'file.chosen', file: { name: chosen.name, bytes: chosen.size, csv } })
                // The same file may be chosen again after an edit.
                event.target.value = ''
              }}
              {...described}
            />
          )}
        </Field>
        <p role="status" className={styles.note}>
          {checking ? `Checking ${file?.name}…` : applying ? `Applying ${file?.name}…` : ''}
        </p>
        {uploadMessage ? (
          <div role="alert" className={consoleStyles.error}>
            <p>{uploadMessage}</p>
            {state.matches({ upload: 'checkFailed' }) ? (
              <Button tone="secondary" onPress={() => actor.send({ type: 'upload.retry' })}>
                Try again
              </Button>
            ) : null}
          </div>
        ) : null}
        {applied ? (
          <div role="status" data-testid="rate-applied">
            <h3>Applied</h3>
            <p>
              {applied.file.name} is applied: {applied.added.length} added, {applied.changed.length} changed,{' '}
              {applied.removed.length} removed, {applied.unchanged} unchanged. Quotes from now on use it.
            </p>
          </div>
        ) : report ? (
          <div>
            <h3>Dry run of {report.file.name}</h3>
            <Report report={report} />
            {refused ? (
              <p id="rates-apply-why" className={ui.fieldError}>
                Nothing can be applied while rows are refused: correct them in the file and choose it again.
              </p>
            ) : null}
          </div>
        ) : null}
        {report || applied || state.matches({ upload: 'applyFailed' }) ? (
          <div className={styles.actions}>
            {!applied ? (
              <Button
                isDisabled={refused || applying}
                aria-describedby={refused ? 'rates-apply-why' : undefined}
                onPress={() => actor.send({ type: 'upload.apply' })}
              >
                {applying ? 'Applying…' : 'Apply'}
              </Button>
            ) : null}
            <Button
              tone="secondary"
              isDisabled={applying}
              onPress={() => actor.send({ type: 'upload.reset' })}
            >
              {applied ? 'Upload another file' : 'Cancel'}
            </Button>
          </div>
        ) : null}
      </section>

      <section aria-labelledby="rates-sheets" className={styles.section}>
        <h2 id="rates-sheets">Rate sheets</h2>
        <form
          className={styles.filters}
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            actor.send({ type: 'filters.apply' })
          }}
        >
          <Field id="rates-mode" label="Mode" error={filterErrors.mode?.[0]}>
            {(described) => (
              <select
                id="rates-mode"
                name="mode"
                className={styles.nativeInput}
                value={filters.mode}
                onChange={(event) => setFilter('mode', event.target.value)}
                {...described}
              >
                <option value="">Any</option>
                {modes.map((mode) => (
                  <option key={mode} value={mode}>
                    {mode}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {text('origin', 'Origin (code)')}
          {text('destination', 'Destination (code)')}
          {text('carrier', 'Carrier')}
          <Field id="rates-validity" label="Validity" error={filterErrors.validity?.[0]}>
            {(described) => (
              <select
                id="rates-validity"
                name="validity"
                className={styles.nativeInput}
                value={filters.validity}
                onChange={(event) => setFilter('validity', event.target.value)}
                {...described}
              >
                <option value="">In force or upcoming</option>
                {rateSheetValidities.map((validity) => (
                  <option key={validity} value={validity}>
                    {validityNames[validity]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className={styles.actions}>
            <Button type="submit">Apply filters</Button>
            <Button tone="secondary" onPress={() => actor.send({ type: 'filters.clear' })}>
              Clear filters
            </Button>
          </div>
        </form>
        <p role="status" className={styles.note}>
          {loading ? 'Loading the sheets…' : ''}
        </p>
        {state.matches({ browse: 'failed' }) ? (
          <div role="alert" className={consoleStyles.error}>
            <p>{browseMessage}</p>
            <Button tone="secondary" onPress={() => actor.send({ type: 'browse.retry' })}>
              Try again
            </Button>
          </div>
        ) : null}
        {sheets && sheets.sheets.length === 0 && !loading ? <p>No sheets match these filters.</p> : null}
        {sheets && sheets.sheets.length > 0 ? (
          <table className={styles.table} aria-busy={loading}>
            <caption className={styles.caption}>
              {sheets.total} sheet{sheets.total === 1 ? '' : 's'}, page {page} of {pages} (validity as of{' '}
              {sheets.today}, Singapore)
            </caption>
            <thead className={styles.head}>
              <tr>
                {['Lane', 'Carrier and service', 'Valid', 'Reference price', 'Status'].map((name) => (
                  <th key={name} scope="col" className={styles.headCell}>
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className={styles.body}>
              {sheets.sheets.map((sheet) => (
                <tr key={sheet.id} className={styles.tableRow} data-testid="rate-sheet-row">
                  <th scope="row" className={styles.titleCell}>
                    {/* The lane's name, and which of its sheets: several may share a lane. */}
                    <Link
                      to="/staff/rates/$id"
                      params={{ id: String(sheet.id) }}
                      className={styles.link}
                      aria-label={`${laneName(sheet)}, ${sheet.carrier}, ${sheet.validFrom} to ${sheet.validTo}`}
                    >
                      {laneName(sheet)}
                    </Link>
                  </th>
                  <td className={styles.cell} data-label="Carrier and service">
                    <div className={styles.cellValue}>
                      {sheet.carrier} / {sheet.service}
                      <div className={styles.muted}>
                        {sheet.transitDays} days, {sheet.charges} charge lines, {sheet.currency}
                      </div>
                    </div>
                  </td>
                  <td className={styles.cell} data-label="Valid">
                    <div className={styles.cellValue}>
                      {sheet.validFrom} to {sheet.validTo}
                    </div>
                  </td>
                  <td className={styles.cell} data-label="Reference price">
                    <div className={styles.cellValue}>{reference(sheet.reference)}</div>
                  </td>
                  <td className={styles.cell} data-label="Status">
                    <div className={styles.cellValue}>
                      {sheet.status === 'upcoming' ? (
                        <span className={styles.badge.info}>Upcoming</span>
                      ) : (
                        <span className={styles.badge.success}>In force</span>
                      )}{' '}
                      {sheet.laneExpiring ? (
                        <span className={styles.badge.warning}>
                          <span aria-hidden="true">⚠ </span>Lane expires within 7 days
                        </span>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {sheets && pages > 1 ? (
          <nav aria-label="Pages of sheets" className={styles.actions}>
            <Button
              tone="secondary"
              isDisabled={page <= 1 || loading}
              onPress={() => actor.send({ type: 'page.go', page: page - 1 })}
            >
              Previous page
            </Button>
            <Button
              tone="secondary"
              isDisabled={page >= pages || loading}
              onPress={() => actor.send({ type: 'page.go', page: page + 1 })}
            >
              Next page
            </Button>
          </nav>
        ) : null}
      </section>
    </div>
  )
}
