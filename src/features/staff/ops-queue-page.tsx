import { useSearch } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { Form, Tab, TabList, TabPanel, Tabs } from 'react-aria-components'
import { fromPromise } from 'xstate'
import {
  cutoffNames,
  cutoffUrgency,
  cutoffUrgencyText,
  type OpsQueue,
  type OpsQueueItem,
  opsQueueAbout,
  opsQueueNames,
  opsQueues,
} from '../../../contract/operations-desk'
import { modes } from '../../../contract/pricing/types'
import { calendarDay, placeTime } from '../../../contract/times'
import {
  type OpsFilterField,
  type OpsQueueView,
  opsQueueMachine,
  opsQueueQuery,
  opsViewOf,
} from '../../../machines/ops-queue.machine'
import { listOpsBookings } from '../../api/operations-desk'
import { formatAccountTime } from '../../app/datetime'
import { StatusBadge } from '../../components/shipment/status-badge'
import { Button } from '../../components/ui/button'
import { TextField } from '../../components/ui/text-field'
import * as ui from '../../components/ui/ui.css'
import { Link, useNavigate } from '../../staff/link'
import { staffConsole, staffStream } from './console'
import * as consoleStyles from './console.css'
import { ageText } from './desk-parts'
import * as styles from './ops.css'

/** The address of a view: the queue and the filters given (a link shares it). */
const searchOf = (view: OpsQueueView) => {
  const { limit: _limit, ...query } = opsQueueQuery(view)
  return query
}

/** /staff/bookings (operations): the four queues with their counts, filters and search in the address. */
export function OpsQueuePage() {
  const { api } = staffConsole()
  const search = useSearch({ strict: false }) as Record<string, unknown>
  const navigate = useNavigate()
  const actor = useActorRef(
    opsQueueMachine.provide({
      actors: {
        loadQueue: fromPromise(({ input }) => listOpsBookings(api, input.query)),
      },
      actions: {
        queryChanged: (_, view) => {
          navigate({ to: '/staff/bookings', search: searchOf(view) })
        },
      },
    }),
    { input: { view: opsViewOf(search) } },
  )
  // Back, Forward or a link to another view while the page is open.
  const key = JSON.stringify(searchOf(opsViewOf(search)))
  useEffect(() => {
    actor.send({ type: 'url.changed', view: opsViewOf(JSON.parse(key) as Record<string, unknown>) })
  }, [actor, key])
  // A booking changed anywhere (confirmed, an upload, an ETA moved, held): read the queue again.
  useEffect(
    () =>
      staffStream().subscribe({
        booking: () => actor.send({ type: 'booking.changed' }),
        ready: () => actor.send({ type: 'booking.changed' }),
      }),
    [actor],
  )
  const state = useSelector(actor, (s) => s)
  const { queue, counts, items, next, message, moreMessage } = state.context
  const now = new Date()

  return (
    <div className={styles.page}>
      <h1>Operations desk</h1>
      <p className={consoleStyles.lead}>
        Bookings waiting for the operations team, the nearest cut-off first (planned until confirmed), then
        the oldest: confirm them with the carrier, review their documents, follow moved ETAs and holds.
      </p>
      <p role="status" aria-live="polite" className={styles.note}>
        {state.matches({ ready: 'refreshing' }) ? 'Updating…' : ''}
      </p>
      <Filters actor={actor} />
      <Tabs
        selectedKey={queue}
        onSelectionChange={(chosen) =>
          actor.send({ type: 'queue.changed', queue: String(chosen) as OpsQueue })
        }
      >
        <TabList aria-label="Queues" className={styles.tabList}>
          {opsQueues.map((one) => (
            <Tab key={one} id={one} className={styles.tab}>
              {opsQueueNames[one]} <span className={styles.count}>({counts[one]})</span>
            </Tab>
          ))}
        </TabList>
        {opsQueues.map((one) => (
          <TabPanel key={one} id={one}>
            <p className={styles.muted}>{opsQueueAbout[one]}</p>
            {state.matches('loading') ? <p>Loading…</p> : null}
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
            {state.matches('ready') ? <QueueTable queue={one} items={items} now={now} /> : null}
            {state.matches('ready') && next !== null ? (
              <div className={styles.actions}>
                <Button
                  tone="secondary"
                  isDisabled={!state.matches({ ready: 'idle' })}
                  onPress={() => actor.send({ type: 'user.more' })}
                >
                  {state.matches({ ready: 'loadingMore' })
                    ? 'Loading…'
                    : moreMessage
                      ? 'Try again'
                      : 'Show more'}
                </Button>
                {moreMessage ? (
                  <p role="alert" className={styles.rowMessage}>
                    {moreMessage}
                  </p>
                ) : null}
              </div>
            ) : null}
          </TabPanel>
        ))}
      </Tabs>
    </div>
  )
}

type QueueActor = ReturnType<typeof useActorRef<typeof opsQueueMachine>>

const filterLabels: Record<OpsFilterField, string> = {
  q: 'Search: booking, HBL, carrier reference or container',
  mode: 'Mode',
  origin: 'Origin (UN/LOCODE or IATA code)',
  destination: 'Destination (UN/LOCODE or IATA code)',
  carrier: 'Carrier',
  etdFrom: 'ETD from',
  etdTo: 'ETD to',
}

function Filters({ actor }: { actor: QueueActor }) {
  const { draft, errors, shown } = useSelector(actor, (s) => s.context)
  const errorOf = (field: OpsFilterField) => (shown[field] ? errors[field]?.[0] : undefined)
  const field = (name: OpsFilterField, type: 'text' | 'date' = 'text') => (
    <TextField
      key={name}
      label={filterLabels[name]}
      type={type}
      value={draft[name]}
      onChange={(value) => actor.send({ type: 'filter.changed', field: name, value })}
      onBlur={() => actor.send({ type: 'filter.blurred', field: name })}
      error={errorOf(name)}
    />
  )
  return (
    <section aria-labelledby="filters-title" className={styles.filters}>
      <h2 id="filters-title" className={styles.smallHeading}>
        Filters and search
      </h2>
      <Form
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault()
          actor.send({ type: 'filters.applied' })
        }}
      >
        <div className={styles.formGrid}>
          <div className={styles.wide}>{field('q')}</div>
          <div className={ui.field}>
            <label htmlFor="ops-filter-mode" className={ui.label}>
              {filterLabels.mode}
            </label>
            <select
              id="ops-filter-mode"
              className={styles.nativeInput}
              value={draft.mode}
              onChange={(event) =>
                actor.send({ type: 'filter.changed', field: 'mode', value: event.target.value })
              }
            >
              <option value="">Any mode</option>
              {modes.map((mode) => (
                <option key={mode} value={mode}>
                  {mode}
                </option>
              ))}
            </select>
          </div>
          {field('origin')}
          {field('destination')}
          {field('carrier')}
          {field('etdFrom', 'date')}
          {field('etdTo', 'date')}
        </div>
        <div className={styles.actions}>
          <Button type="submit">Apply filters</Button>
          <Button tone="secondary" onPress={() => actor.send({ type: 'filters.cleared' })}>
            Clear filters
          </Button>
        </div>
      </Form>
    </section>
  )
}

/** A booking's nearest cut-off as the queue says it: the planned day marked, a confirmed time at the origin. */
function CutoffText({ item, now }: { item: OpsQueueItem; now: Date }) {
  const { cutoff } = item
  if (!cutoff) return <span className={styles.muted}>None ahead</span>
  const urgency = cutoffUrgency(cutoff, item.origin.time_zone, now)
  const when = cutoff.planned
    ? `${calendarDay(cutoff.at)} (planned)`
    : placeTime(cutoff.at, item.origin, { now, named: false })
  return (
    <>
      <div>
        {cutoffNames[cutoff.kind]} {when}
      </div>
      {urgency ? (
        <span className={urgency === 'tomorrow' ? styles.badge.warning : styles.badge.danger}>
          <span aria-hidden="true">⚠ </span>
          {cutoffUrgencyText[urgency]}
        </span>
      ) : null}
    </>
  )
}

/** ETD or ETA: as confirmed at its place, else the planned sailing's day marked planned. */
function scheduleText(item: OpsQueueItem, which: 'etd' | 'eta', now: Date): string {
  const at = item[which]
  if (at) return placeTime(at, which === 'etd' ? item.origin : item.destination, { now })
  const day = item.plannedSailing?.[which]
  return day ? `${calendarDay(day)} (planned)` : 'not planned'
}

function QueueTable({ queue, items, now }: { queue: OpsQueue; items: OpsQueueItem[]; now: Date }) {
  if (items.length === 0) return <p>No bookings in this queue.</p>
  // Each cell's content is one block, so a card's value stays in the value column beside its label.
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>
        {items.length === 1 ? '1 booking' : `${items.length} bookings`} shown, nearest cut-off first
      </caption>
      <thead className={styles.head}>
        <tr>
          {['Booking', 'Cut-off', 'Route', 'Carrier', 'ETD / ETA', 'Status', 'Waiting'].map((name) => (
            <th key={name} className={styles.headCell} scope="col">
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={styles.body}>
        {items.map((item) => (
          <tr
            key={item.number}
            className={styles.tableRow}
            data-testid="ops-row"
            data-urgency={cutoffUrgency(item.cutoff, item.origin.time_zone, now) ?? undefined}
          >
            <th scope="row" className={styles.titleCell}>
              <Link to="/staff/bookings/$number" params={{ number: item.number }} className={styles.link}>
                {item.number}
              </Link>
              <div>{item.company}</div>
              {item.hbl ? <div className={styles.muted}>HBL {item.hbl}</div> : null}
            </th>
            <td className={styles.cell} data-label="Cut-off">
              <div className={styles.cellValue} data-testid="ops-cutoff">
                <CutoffText item={item} now={now} />
              </div>
            </td>
            <td className={styles.cell} data-label="Route">
              <div className={styles.cellValue}>
                {item.origin.name} ({item.origin.code}) to {item.destination.name} ({item.destination.code})
                <div className={styles.muted}>{item.mode}</div>
              </div>
            </td>
            <td className={styles.cell} data-label="Carrier">
              <div className={styles.cellValue}>
                {item.carrier}
                {item.carrierBookingRef ? (
                  <div className={styles.muted}>Ref. {item.carrierBookingRef}</div>
                ) : null}
                {item.containers.length > 0 ? (
                  <div className={styles.muted}>{item.containers.join(', ')}</div>
                ) : null}
              </div>
            </td>
            <td className={styles.cell} data-label="ETD / ETA">
              <div className={styles.cellValue}>
                <div>ETD {scheduleText(item, 'etd', now)}</div>
                <div>ETA {scheduleText(item, 'eta', now)}</div>
                {queue === 'eta' && item.originalEta ? (
                  <div className={styles.muted}>
                    At confirmation: {placeTime(item.originalEta, item.destination, { now })}
                  </div>
                ) : null}
              </div>
            </td>
            <td className={styles.cell} data-label="Status">
              <div className={styles.cellValue}>
                <StatusBadge status={item.status} />
                {item.statusReason ? <div className={styles.muted}>{item.statusReason}</div> : null}
                {item.documentsToReview > 0 ? (
                  <div className={styles.muted}>
                    {item.documentsToReview === 1 ? '1 document' : `${item.documentsToReview} documents`} to
                    review
                  </div>
                ) : null}
              </div>
            </td>
            <td className={styles.cell} data-label="Waiting">
              <div className={styles.cellValue}>
                {ageText(item.since, now)}
                <div className={styles.muted}>since {formatAccountTime(item.since, now)}</div>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
