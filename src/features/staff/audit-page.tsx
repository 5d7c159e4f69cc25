import { useActorRef, useSelector } from '@xstate/react'
import { type ReactNode, useEffect, useRef } from 'react'
import { fromPromise } from 'xstate'
import type { AuditActorKind, AuditChanges, AuditEvent } from '../../../contract/audit'
import { type StaffRole, staffRoleNames } from '../../../contract/permissions'
import { type AuditFilterValues, auditTrailMachine } from '../../../machines/audit-trail.machine'
import { listAuditEvents } from '../../api/audit'
import { formatAccountTime } from '../../app/datetime'
import { Button } from '../../components/ui/button'
import * as ui from '../../components/ui/ui.css'
import * as styles from './audit.css'
import { staffConsole } from './console'
import * as consoleStyles from './console.css'

const actorKindOptions: { value: AuditActorKind; label: string }[] = [
  { value: 'customer', label: 'A customer' },
  { value: 'staff', label: 'Staff' },
  { value: 'key', label: 'An integration key' },
  { value: 'system', label: 'The server' },
]

const VALUE_MAX = 60

/** A changed field's value whole: text as it is, anything else as JSON; null (no value) is "—". */
export function fullValue(value: unknown): string {
  if (value === null || value === undefined) return '—'
  if (typeof value === 'string') return value === '' ? '""' : value
  return JSON.stringify(value)
}

/** The same, cut at 60 characters. */
export function shortValue(value: unknown): string {
  const text = fullValue(value)
  return text.length > VALUE_MAX ? `${text.slice(0, VALUE_MAX - 1)}…` : text
}

/** Who acted, as the Who column says it: the label, then the staff role or the kind of actor. */
export function actorOf(event: AuditEvent): { label: string; as: string } {
  const { kind, role, label } = event.actor
  if (kind === 'staff')
    return { label, as: role && role in staffRoleNames ? staffRoleNames[role as StaffRole] : 'staff' }
  return { label, as: kind === 'system' ? 'server' : kind }
}

function Changes({ changes }: { changes: AuditChanges | null }) {
  const entries = Object.entries(changes ?? {})
  if (entries.length === 0) return <span className={styles.muted}>—</span>
  return (
    <ul className={styles.changes}>
      {entries.map(([field, change]) => {
        const before = shortValue(change.before)
        const after = shortValue(change.after)
        const cut = before !== fullValue(change.before) || after !== fullValue(change.after)
        return (
          <li
            key={field}
            title={cut ? `${field}: ${fullValue(change.before)} → ${fullValue(change.after)}` : undefined}
          >
            <span className={styles.changeField}>{field}</span>: {before} → {after}
          </li>
        )
      })}
    </ul>
  )
}

/** A native control with its label, its hint and its message (each tied to it for screen readers). */
function FilterField({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string
  label: string
  hint?: string
  error?: string | undefined
  children: (described: { 'aria-describedby'?: string; 'aria-invalid'?: true }) => ReactNode
}) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <div className={ui.field}>
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      {children({
        ...(described ? { 'aria-describedby': described } : {}),
        ...(error ? { 'aria-invalid': true as const } : {}),
      })}
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={ui.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** /staff/audit (admins): who did what, when and from where, newest first, filtered. */
export function AuditTrailPage() {
  const { api } = staffConsole()
  const actor = useActorRef(
    auditTrailMachine.provide({
      actors: {
        listEvents: fromPromise(({ input }) => listAuditEvents(api, input)),
        listOlder: fromPromise(({ input }) => listAuditEvents(api, input)),
      },
    }),
    { input: {} },
  )
  const state = useSelector(actor, (s) => s)
  const { values, errors, shown, events, nextBefore, message } = state.context
  const loading = state.matches('loading')
  const loadingOlder = state.matches({ ready: 'loadingOlder' })
  const now = new Date()

  const errorOf = (field: keyof AuditFilterValues) => (shown[field] ? errors[field]?.[0] : undefined)
  const text = (
    field: Exclude<keyof AuditFilterValues, 'actorKind'>,
    label: string,
    hint?: string,
    inputMode?: 'numeric',
  ) => (
    <FilterField id={`audit-${field}`} label={label} hint={hint} error={errorOf(field)}>
      {(described) => (
        <input
          id={`audit-${field}`}
          name={field}
          type="text"
          autoComplete="off"
          spellCheck={false}
          inputMode={inputMode}
          className={styles.nativeInput}
          value={values[field]}
          onChange={(event) => actor.send({ type: 'field.changed', field, value: event.target.value })}
          onBlur={() => actor.send({ type: 'field.blurred', field })}
          {...described}
        />
      )}
    </FilterField>
  )
  const date = (field: 'from' | 'to', label: string, hint: string) => (
    <FilterField id={`audit-${field}`} label={label} hint={hint} error={errorOf(field)}>
      {(described) => (
        <input
          id={`audit-${field}`}
          name={field}
          type="date"
          className={styles.nativeInput}
          value={values[field]}
          onChange={(event) => actor.send({ type: 'field.changed', field, value: event.target.value })}
          onBlur={() => actor.send({ type: 'field.blurred', field })}
          {...described}
        />
      )}
    </FilterField>
  )

  // When the last older page has come and "Show older" is gone, the focus goes to the first row it brought.
  const olderFrom = useRef<number | null>(null)
  useEffect(() => {
    if (loadingOlder) {
      olderFrom.current = events.length
      return
    }
    const from = olderFrom.current
    olderFrom.current = null
    if (from === null || nextBefore !== null) return
    const first = events[from]
    if (first && document.activeElement === document.body)
      document.getElementById(`audit-event-${first.id}`)?.focus()
  }, [loadingOlder, events, nextBefore])

  return (
    <div className={styles.page}>
      <h1>Audit trail</h1>
      <p className={consoleStyles.lead}>
        Who did what, when and from where: every staff action and every customer change, newest first. Times
        are Singapore time. Passwords, tokens and keys are never recorded.
      </p>

      <section aria-labelledby="audit-filters">
        <h2 id="audit-filters">Filters</h2>
        <form
          className={styles.filters}
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            actor.send({ type: 'user.submit' })
          }}
        >
          <FilterField id="audit-actorKind" label="Who acted" error={errorOf('actorKind')}>
            {(described) => (
              <select
                id="audit-actorKind"
                name="actorKind"
                className={styles.nativeInput}
                value={values.actorKind}
                onChange={(event) =>
                  actor.send({
                    type: 'field.changed',
                    field: 'actorKind',
                    value: event.target.value as AuditActorKind | '',
                  })
                }
                onBlur={() => actor.send({ type: 'field.blurred', field: 'actorKind' })}
                {...described}
              >
                <option value="">Anyone</option>
                {actorKindOptions.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            )}
          </FilterField>
          {text('action', 'Action', 'booking.cancelled for one action, booking. for all booking actions')}
          {text('recordType', 'Record type', 'quote, booking, document, party, user or staff')}
          {text('recordId', 'Record id', 'The quote or booking number, or the id; with its record type')}
          {text('staffId', 'Staff id', 'The staff member who acted', 'numeric')}
          {text('customerId', 'Company id', 'The company that acted or whose record it is', 'numeric')}
          {date('from', 'From', 'Singapore date, included')}
          {date('to', 'To', 'Singapore date, included')}
          <div className={styles.filterActions}>
            <Button type="submit">Apply filters</Button>
            <Button tone="secondary" onPress={() => actor.send({ type: 'user.clear' })}>
              Clear filters
            </Button>
          </div>
        </form>
      </section>

      <section aria-labelledby="audit-events">
        <h2 id="audit-events">Events</h2>
        <p role="status" className={styles.note}>
          {loading ? 'Loading the trail…' : loadingOlder ? 'Loading older events…' : ''}
        </p>
        {state.matches('failed') ? (
          <div role="alert" className={consoleStyles.error}>
            <p>{message}</p>
            <Button tone="secondary" onPress={() => actor.send({ type: 'user.retry' })}>
              Try again
            </Button>
          </div>
        ) : null}
        {state.matches('refused') ? (
          <p role="alert" className={consoleStyles.error}>
            Check the filters: the messages are under them.
          </p>
        ) : null}
        {state.matches('ready') && events.length === 0 ? <p>No events match these filters.</p> : null}
        {state.matches('ready') && events.length > 0 ? (
          <table className={styles.table}>
            <caption className={styles.caption}>
              {events.length === 1 ? '1 event' : `${events.length} events`}
              {nextBefore ? ' shown, newest first; older ones below' : ', newest first'}
            </caption>
            <thead className={styles.head}>
              <tr>
                {['When', 'Who', 'Action', 'Record', 'Changes', 'Client address'].map((name) => (
                  <th key={name} className={styles.headCell} scope="col">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className={styles.body}>
              {events.map((event) => {
                const who = actorOf(event)
                return (
                  <tr key={event.id} className={styles.tableRow} data-testid="audit-row">
                    <th scope="row" id={`audit-event-${event.id}`} tabIndex={-1} className={styles.titleCell}>
                      <time dateTime={event.at}>{formatAccountTime(event.at, now)}</time>
                    </th>
                    <td className={styles.cell} data-label="Who">
                      <div>
                        {who.label}
                        <div className={styles.muted}>{who.as}</div>
                      </div>
                    </td>
                    <td className={styles.cell} data-label="Action">
                      {event.action}
                    </td>
                    <td className={styles.cell} data-label="Record">
                      <div>
                        {event.record.type} {event.record.id}
                        {event.customerId !== null ? (
                          <div className={styles.muted}>Company {event.customerId}</div>
                        ) : null}
                      </div>
                    </td>
                    <td className={styles.cell} data-label="Changes">
                      <Changes changes={event.changes} />
                    </td>
                    <td className={styles.cell} data-label="Client address">
                      {event.clientAddress ?? '—'}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        ) : null}
        {state.matches('ready') ? (
          <div className={styles.more}>
            {nextBefore !== null || state.matches({ ready: 'olderFailed' }) ? (
              // Not disabled while loading (the chart ignores a second press): the focus stays on it.
              <Button tone="secondary" onPress={() => actor.send({ type: 'user.showOlder' })}>
                {loadingOlder
                  ? 'Loading…'
                  : state.matches({ ready: 'olderFailed' })
                    ? 'Try again'
                    : 'Show older'}
              </Button>
            ) : null}
            {state.matches({ ready: 'olderFailed' }) ? (
              <p role="alert" className={ui.fieldError}>
                {message}
              </p>
            ) : null}
          </div>
        ) : null}
      </section>
    </div>
  )
}
