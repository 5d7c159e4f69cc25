import { type CustomerDetail, isQuoteRequest } from '../../../contract/customer-directory'
import { formatAccountTime, formatDay } from '../../app/datetime'
import { usd } from '../../components/shipment/money'
import { Link } from '../../staff/link'
import * as styles from './customers.css'

/** Its bookings as My Bookings shows them; each `linked` to the operations desk's page of it. */
export function CustomerBookings({
  bookings,
  linked,
}: {
  bookings: CustomerDetail['bookings']
  linked: boolean
}) {
  return (
    <section className={styles.section} aria-labelledby="customer-bookings">
      <h2 id="customer-bookings">Bookings</h2>
      {bookings.length === 0 ? (
        <p>No bookings yet.</p>
      ) : (
        <table className={styles.table}>
          <caption className={styles.caption}>As My Bookings shows them, newest first</caption>
          <thead className={styles.head}>
            <tr>
              <th className={styles.headCell} scope="col">
                Booking
              </th>
              <th className={styles.headCell} scope="col">
                Status
              </th>
              <th className={styles.headCell} scope="col">
                HBL
              </th>
              <th className={styles.headCell} scope="col">
                Lane
              </th>
              <th className={styles.headCell} scope="col">
                Documents
              </th>
            </tr>
          </thead>
          <tbody className={styles.body}>
            {bookings.map((booking) => (
              <tr key={booking.number} className={styles.tableRow} data-testid="customer-booking-row">
                <th scope="row" className={styles.titleCell}>
                  {linked ? (
                    <Link
                      to="/staff/bookings/$number"
                      params={{ number: booking.number }}
                      className={styles.link}
                    >
                      {booking.number}
                    </Link>
                  ) : (
                    booking.number
                  )}
                </th>
                <td className={styles.cell} data-label="Status">
                  {booking.status}
                </td>
                <td className={styles.cell} data-label="HBL">
                  {booking.hbl ?? 'Not issued'}
                </td>
                <td className={styles.cell} data-label="Lane">
                  {booking.mode} · {booking.origin.name} ({booking.origin.code}) → {booking.destination.name}{' '}
                  ({booking.destination.code})
                </td>
                <td className={styles.cell} data-label="Documents">
                  <ul className={styles.documentList} aria-label={`Documents of ${booking.number}`}>
                    {booking.documents.map((item) => (
                      <li key={item.kind}>
                        {item.name}: {item.status}
                        {item.overdue ? ' (overdue)' : ''}
                        {item.dueDate && item.status !== 'Accepted' ? `, due ${formatDay(item.dueDate)}` : ''}
                        {item.reason ? ` (${item.reason})` : ''}
                        {item.files.length > 0
                          ? ` · ${item.files.map((file) => `${file.name} (${file.status})`).join(', ')}`
                          : ''}
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}

/** Its quotes as My Quotes shows them; a request the sales desk holds is `linked` to its desk page. */
export function CustomerQuotes({
  quotes,
  linked,
  now,
}: {
  quotes: CustomerDetail['quotes']
  linked: boolean
  now: Date
}) {
  return (
    <section className={styles.section} aria-labelledby="customer-quotes">
      <h2 id="customer-quotes">Quotes</h2>
      {quotes.length === 0 ? (
        <p>No quotes yet.</p>
      ) : (
        <table className={styles.table}>
          <caption className={styles.caption}>As My Quotes shows them, newest first</caption>
          <thead className={styles.head}>
            <tr>
              <th className={styles.headCell} scope="col">
                Quote
              </th>
              <th className={styles.headCell} scope="col">
                Status
              </th>
              <th className={styles.headCell} scope="col">
                Lane
              </th>
              <th className={styles.headCell} scope="col">
                Total
              </th>
              <th className={styles.headCell} scope="col">
                Made
              </th>
            </tr>
          </thead>
          <tbody className={styles.body}>
            {quotes.map((quote) => (
              <tr key={quote.number} className={styles.tableRow}>
                <th scope="row" className={styles.titleCell}>
                  {linked && isQuoteRequest(quote) ? (
                    <Link
                      to="/staff/quotes/$number"
                      params={{ number: quote.number }}
                      className={styles.link}
                    >
                      {quote.number}
                    </Link>
                  ) : (
                    quote.number
                  )}
                </th>
                <td className={styles.cell} data-label="Status">
                  {quote.status}
                  {quote.pricedBySales ? ' (priced by sales)' : ''}
                  {quote.bookingNumber ? ` · ${quote.bookingNumber}` : ''}
                </td>
                <td className={styles.cell} data-label="Lane">
                  {quote.mode} · {quote.origin.name} ({quote.origin.code}) → {quote.destination.name} (
                  {quote.destination.code})
                </td>
                <td className={styles.cell} data-label="Total">
                  {quote.totalUsd === null ? '—' : usd(quote.totalUsd)}
                </td>
                <td className={styles.cell} data-label="Made">
                  {formatAccountTime(quote.createdAt, now)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}

/** Its conversations, each message with its author and time. */
export function CustomerConversations({
  conversations,
  now,
}: {
  conversations: CustomerDetail['conversations']
  now: Date
}) {
  return (
    <section className={styles.section} aria-labelledby="customer-conversations">
      <h2 id="customer-conversations">Conversations</h2>
      {conversations.length === 0 ? <p>No messages yet.</p> : null}
      {conversations.map((conversation) => (
        <article
          key={`${conversation.subject.type}:${conversation.subject.number}`}
          className={styles.conversation}
          aria-label={`Conversation about ${conversation.subject.type} ${conversation.subject.number}`}
        >
          <h3>
            {conversation.subject.type === 'quote' ? 'Quote' : 'Booking'} {conversation.subject.number}
          </h3>
          <ol className={styles.messageList}>
            {conversation.messages.map((item) => (
              <li key={item.id}>
                <p className={styles.messageMeta}>
                  {item.author.name}
                  {item.author.kind === 'staff' ? ' (eShip)' : ''} · {formatAccountTime(item.at, now)}
                </p>
                <p className={styles.messageBody}>{item.body}</p>
              </li>
            ))}
          </ol>
        </article>
      ))}
    </section>
  )
}
