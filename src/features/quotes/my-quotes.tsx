import { Link, useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { modes } from '../../../contract/pricing/types'
import { madeByLine, type QuoteSummary, quoteStatuses } from '../../../contract/quotes'
import { mayChange } from '../../../contract/team'
import { unreadCounts } from '../../api/conversations'
import { customerStream } from '../../app/customer-stream'
import { formatDay } from '../../app/datetime'
import type { PageInfo } from '../../app/pages'
import { useApp } from '../../app/use-app'
import { useCompanyRole } from '../../app/use-company-role'
import { UnreadBadge, useUnreadCounts } from '../../components/conversation/unread-badge'
import { Button } from '../../components/ui/button'
import { ErrorDialog } from '../../components/ui/dialog'
import { SelectField } from '../../components/ui/select-field'
import { TextField } from '../../components/ui/text-field'
import { WhoseFilter } from '../../components/ui/whose-filter'
import { quoteListLogic } from './actors'
import { usd } from './money'
import * as styles from './quotes.css'

const ALL = 'All'

/**
 * What a total on My Quotes is (docs/customer-area.md): a booked quote shows its booking's total, with the
 * services booked, as the booking does; any other quote the option's total before additional services.
 */
const totalOfWords: Record<NonNullable<QuoteSummary['totalOf']>, string> = {
  booking: 'as booked, with services',
  quote: 'quoted, before services',
}

/** /user/quotation: every quote of the company, filtered, searched, opened, requoted or duplicated. */
export function MyQuotes({ info }: { info: PageInfo }) {
  const { api, inspect } = useApp()
  // Unread messages of our team, by quote (the conversation is on the quote's page).
  const unread = useUnreadCounts(() => unreadCounts(api), customerStream())
  const navigate = useNavigate()
  const actor = useActorRef(
    quoteListLogic({ api, navigate, storage: window.localStorage }),
    inspect ? { inspect } : undefined,
  )
  const context = useSelector(actor, (s) => s.context)
  const snapshot = useSelector(actor, (s) => s)
  const busy = snapshot.matches('requoting') || snapshot.matches('duplicating')
  // A Viewer reads quotes: requoting or duplicating one would make a quote.
  const changes = mayChange(useCompanyRole())

  return (
    <article>
      <h1>{info.heading}</h1>
      <div className={styles.grid}>
        <SelectField
          label="Status"
          options={[ALL, ...quoteStatuses]}
          value={context.filters.status || ALL}
          onChange={(value) =>
            actor.send({ type: 'filter.changed', filter: 'status', value: value === ALL ? '' : value })
          }
        />
        <SelectField
          label="Mode"
          options={[ALL, ...modes]}
          value={context.filters.mode || ALL}
          onChange={(value) =>
            actor.send({ type: 'filter.changed', filter: 'mode', value: value === ALL ? '' : value })
          }
        />
        <TextField
          label="Search"
          type="search"
          value={context.filters.q}
          placeholder="Quote number or place"
          onChange={(q) => actor.send({ type: 'search.changed', q })}
        />
      </div>
      <WhoseFilter
        label="Quotes"
        mine={context.filters.mine}
        onChange={(mine) => actor.send({ type: 'whose.changed', mine })}
      />
      {snapshot.matches('failed') ? (
        <div className={styles.notice} role="alert">
          <p>{context.message}</p>
          <Button onPress={() => actor.send({ type: 'user.retry' })}>Try again</Button>
        </div>
      ) : null}
      <table className={styles.table}>
        <caption className={`${styles.muted} ${styles.caption}`}>
          {snapshot.matches('loading') ? 'Loading…' : `${context.quotes.length} quotes`}
        </caption>
        <thead className={styles.head}>
          <tr>
            <th className={styles.headCell} scope="col">
              Quote
            </th>
            <th className={styles.headCell} scope="col">
              Lane
            </th>
            <th className={styles.headCell} scope="col">
              Mode
            </th>
            <th className={styles.headMoney} scope="col">
              Total
            </th>
            <th className={styles.headCell} scope="col">
              Status
            </th>
            <th className={styles.headCell} scope="col">
              Valid until
            </th>
            <th className={styles.headCell} scope="col">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className={styles.body}>
          {context.quotes.map((quote) => (
            <tr key={quote.number} className={styles.tableRow} data-testid="quote-row">
              <td className={styles.titleCell}>
                {quote.number}
                <span className={styles.byline} data-testid="quote-made-by">
                  {madeByLine({
                    requested: quote.pricedBySales || quote.status === 'Requested',
                    madeBy: quote.madeBy,
                    pricedBy: quote.pricedBy,
                  })}
                </span>
                <UnreadBadge
                  counts={
                    unread && {
                      total: 0,
                      subjects: unread.subjects.filter((entry) => entry.subject.number === quote.number),
                    }
                  }
                />
              </td>
              <td className={styles.cell} data-label="Lane">
                {quote.origin.name} ({quote.origin.code}) to {quote.destination.name} (
                {quote.destination.code})
              </td>
              <td className={styles.cell} data-label="Mode">
                {quote.mode}
              </td>
              <td className={styles.money} data-label="Total">
                {quote.totalUsd === null ? '—' : usd(quote.totalUsd)}
                {quote.totalOf ? (
                  <span className={styles.byline} data-testid="quote-total-of">
                    {totalOfWords[quote.totalOf]}
                  </span>
                ) : null}
              </td>
              <td className={styles.cell} data-label="Status" data-testid="quote-status">
                {quote.status}
                {quote.bookingNumber ? ` (${quote.bookingNumber})` : ''}
                {quote.pricedBySales ? <span className={styles.byline}>priced by our sales team</span> : null}
              </td>
              <td className={styles.cell} data-label="Valid until">
                {quote.validTo ? formatDay(quote.validTo) : '—'}
              </td>
              <td className={styles.actionCell}>
                <div className={styles.row}>
                  {quote.status !== 'Requested' ? (
                    <Link
                      to="/user/getquote"
                      search={{ quote: quote.number }}
                      className={styles.link}
                      aria-label={`Open ${quote.number}`}
                    >
                      Open
                    </Link>
                  ) : null}
                  {changes && quote.status === 'Expired' ? (
                    <Button
                      tone="quiet"
                      isDisabled={busy}
                      aria-label={`Requote ${quote.number}`}
                      onPress={() => actor.send({ type: 'quote.requote', number: quote.number })}
                    >
                      Requote
                    </Button>
                  ) : null}
                  {changes ? (
                    <Button
                      tone="quiet"
                      isDisabled={busy}
                      aria-label={`Duplicate ${quote.number}`}
                      onPress={() => actor.send({ type: 'quote.duplicate', number: quote.number })}
                    >
                      Duplicate
                    </Button>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ErrorDialog
        message={snapshot.matches('failed') ? null : context.message}
        onClose={() => actor.send({ type: 'dialog.acknowledged' })}
      />
    </article>
  )
}
