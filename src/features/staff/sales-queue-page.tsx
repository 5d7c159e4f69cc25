import { useActorRef, useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components'
import { fromPromise } from 'xstate'
import type { DeskQueueItem, FollowUp } from '../../../contract/quote-desk'
import { mayAssign, type QueueView, salesQueueMachine } from '../../../machines/sales-queue.machine'
import { assignQuoteRequest, listFollowUps, listQuoteRequests } from '../../api/quote-desk'
import { formatAccountTime, formatDay } from '../../app/datetime'
import { usd } from '../../components/shipment/money'
import { Button } from '../../components/ui/button'
import { Link } from '../../staff/link'
import { staffConsole, staffStream } from './console'
import * as consoleStyles from './console.css'
import { ageText, laneText, ServiceLevelBadge } from './desk-parts'
import * as styles from './sales-desk.css'

const views: { id: QueueView; label: string }[] = [
  { id: 'open', label: 'Open requests' },
  { id: 'answered', label: 'Answered' },
  { id: 'followUps', label: 'Follow-ups' },
]

/** /staff/quotes (sales): open requests oldest first, those answered, and instant quotes to follow up. */
export function SalesQueuePage() {
  const { api, session } = staffConsole()
  const selfId = useSelector(session, (s) => s.context.staff?.id ?? null)
  const actor = useActorRef(
    salesQueueMachine.provide({
      actors: {
        loadQueue: fromPromise(async ({ input }) =>
          input.view === 'followUps'
            ? { requests: [], followUps: await listFollowUps(api) }
            : { requests: await listQuoteRequests(api, input.view), followUps: [] },
        ),
        assignRequest: fromPromise(({ input }) => assignQuoteRequest(api, input.number, {})),
      },
    }),
    { input: { selfId } },
  )
  // The queue changed anywhere (a new request, one taken or answered): read it again, without reloading.
  useEffect(
    () =>
      staffStream().subscribe({
        desk: () => actor.send({ type: 'desk.changed' }),
        ready: () => actor.send({ type: 'desk.changed' }),
      }),
    [actor],
  )
  const state = useSelector(actor, (s) => s)
  const { view, requests, followUps, notice, message, rowMessage, assigning } = state.context
  const idle = state.matches({ ready: 'idle' })
  const now = new Date()

  return (
    <div className={styles.page}>
      <h1>Sales desk</h1>
      <p className={consoleStyles.lead}>
        Quote requests for lanes without an instant rate, each to be answered within its service level, and
        instant quotes about to expire unbooked.
      </p>
      <p role="status" className={styles.note}>
        {notice ?? (state.matches({ ready: 'refreshing' }) ? 'Updating…' : '')}
      </p>
      <Tabs
        selectedKey={view}
        onSelectionChange={(key) => actor.send({ type: 'view.changed', view: String(key) as QueueView })}
      >
        <TabList aria-label="Requests to show" className={styles.tabList}>
          {views.map((one) => (
            <Tab key={one.id} id={one.id} className={styles.tab}>
              {one.label}
            </Tab>
          ))}
        </TabList>
        {views.map((one) => (
          <TabPanel key={one.id} id={one.id}>
            {state.matches('loading') ? <p>Loading…</p> : null}
            {message ? (
              <div role="alert" className={consoleStyles.error}>
                <p>{message}</p>
                <Button tone="secondary" onPress={() => actor.send({ type: 'user.retry' })}>
                  Try again
                </Button>
              </div>
            ) : null}
            {state.matches('ready') && view !== 'followUps' ? (
              <RequestTable
                view={view}
                requests={requests}
                selfId={selfId}
                now={now}
                idle={idle}
                assigning={assigning}
                rowMessage={rowMessage}
                onAssign={(number) => actor.send({ type: 'request.assign', number })}
              />
            ) : null}
            {state.matches('ready') && view === 'followUps' ? <FollowUpTable quotes={followUps} /> : null}
          </TabPanel>
        ))}
      </Tabs>
    </div>
  )
}

function RequestTable({
  view,
  requests,
  selfId,
  now,
  idle,
  assigning,
  rowMessage,
  onAssign,
}: {
  view: QueueView
  requests: DeskQueueItem[]
  selfId: number | null
  now: Date
  idle: boolean
  assigning: string | null
  rowMessage: { number: string; text: string } | null
  onAssign: (number: string) => void
}) {
  if (requests.length === 0)
    return <p>{view === 'open' ? 'No open quote requests.' : 'No answered quote requests yet.'}</p>
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>
        {requests.length === 1 ? '1 request' : `${requests.length} requests`}
        {view === 'open' ? ', oldest first' : ', newest first'}
      </caption>
      <thead className={styles.head}>
        <tr>
          {['Request', 'Lane', 'Requested', 'Service level', 'State', 'Assignee', 'Actions'].map((name) => (
            <th key={name} className={styles.headCell} scope="col">
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={styles.body}>
        {requests.map((item) => {
          const said = rowMessage?.number === item.number ? rowMessage.text : null
          return (
            <tr key={item.number} className={styles.tableRow} data-testid="request-row">
              <th scope="row" className={styles.titleCell}>
                <Link
                  to="/staff/quotes/$number"
                  params={{ number: item.number }}
                  className={[styles.link, styles.number].join(' ')}
                >
                  {item.number}
                </Link>
                <div>{item.company}</div>
                <div className={styles.muted}>{item.requester}</div>
              </th>
              <td className={styles.cell} data-label="Lane">
                {laneText(item)}
                <div className={styles.muted}>{item.mode}</div>
              </td>
              <td className={styles.cell} data-label="Requested">
                {formatAccountTime(item.requestedAt, now)}
                <div className={styles.muted}>{ageText(item.requestedAt, now)} ago</div>
              </td>
              <td className={styles.cell} data-label="Service level">
                <ServiceLevelBadge {...item.serviceLevel} />
              </td>
              <td className={styles.cell} data-label="State" data-testid="request-state">
                {item.state}
              </td>
              <td className={styles.cell} data-label="Assignee">
                {item.assignee
                  ? `${item.assignee.name}${item.assignee.id === selfId ? ' (you)' : ''}`
                  : 'Nobody yet'}
              </td>
              <td className={styles.actionCell}>
                {mayAssign(item, selfId) ? (
                  <Button
                    tone="secondary"
                    isDisabled={!idle}
                    aria-label={`Assign to me: ${item.number}`}
                    onPress={() => onAssign(item.number)}
                  >
                    {assigning === item.number ? 'Assigning…' : 'Assign to me'}
                  </Button>
                ) : null}
                {said ? (
                  <p role="alert" className={styles.rowMessage}>
                    {said}
                  </p>
                ) : null}
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}

function FollowUpTable({ quotes }: { quotes: FollowUp[] }) {
  if (quotes.length === 0) return <p>No instant quotes expire unbooked in the next 3 days.</p>
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>
        {quotes.length === 1 ? '1 quote' : `${quotes.length} quotes`} expiring unbooked within 3 days, soonest
        first
      </caption>
      <thead className={styles.head}>
        <tr>
          {['Quote', 'Customer', 'Lane', 'Valid until', 'Total'].map((name) => (
            <th key={name} className={styles.headCell} scope="col">
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={styles.body}>
        {quotes.map((quote) => (
          <tr key={quote.number} className={styles.tableRow} data-testid="follow-up-row">
            <th scope="row" className={styles.titleCell}>
              <span className={styles.number}>{quote.number}</span>
            </th>
            <td className={styles.cell} data-label="Customer">
              {quote.company}
              <div>
                {quote.requester},{' '}
                <a
                  className={styles.link}
                  href={`mailto:${quote.email}?subject=${encodeURIComponent(`Your quote ${quote.number}`)}`}
                >
                  {quote.email}
                </a>
              </div>
            </td>
            <td className={styles.cell} data-label="Lane">
              {quote.origin} to {quote.destination}
              <div className={styles.muted}>{quote.mode}</div>
            </td>
            <td className={styles.cell} data-label="Valid until">
              {formatDay(quote.validTo)}
            </td>
            <td className={styles.cell} data-label="Total">
              {quote.totalUsd === null ? '—' : usd(quote.totalUsd)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
