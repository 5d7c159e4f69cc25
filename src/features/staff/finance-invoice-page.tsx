import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { fromPromise } from 'xstate'
import { gstCodeNames } from '../../../contract/finance/charges'
import type { InvoiceDetail } from '../../../contract/finance/invoice-wire'
import { invoiceMessages, paymentTermsText } from '../../../contract/finance/invoices'
import { bpsText, moneyText } from '../../../contract/pricing/money'
import { creditNoteMachine } from '../../../machines/credit-note.machine'
import { downloadNames, financeInvoiceMachine, mayCredit } from '../../../machines/finance-invoice.machine'
import {
  downloadStaffInvoicePdf,
  exportInvoiceUbl,
  getStaffInvoice,
  issueCreditNote,
} from '../../api/finance'
import { formatAccountTime, formatDay } from '../../app/datetime'
import { Button } from '../../components/ui/button'
import { Link } from '../../staff/link'
import { staffConsole } from './console'
import * as consoleStyles from './console.css'
import { Fact } from './desk-parts'
import * as styles from './finance.css'
import { type CreditNoteActor, CreditNoteForm } from './finance-credit-form'
import { InvoiceStateBadge, Totals } from './finance-parts'

/**
 * /staff/finance/invoices/$number (finance): an invoice or credit note with every field as issued, its PDF and
 * e-invoice, its credit notes, and the credit note form while something is left to credit.
 */
export function FinanceInvoicePage({ number, issued = false }: { number: string; issued?: boolean }) {
  const { api } = staffConsole()
  const actor = useActorRef(
    financeInvoiceMachine.provide({
      actors: {
        loadInvoice: fromPromise(async ({ input }) => {
          const detail = await getStaffInvoice(api, input.number)
          const creditNotes = await Promise.all(
            detail.creditNotes.map((note) => getStaffInvoice(api, note.number)),
          )
          return { detail, creditNotes }
        }),
        download: fromPromise(({ input }) =>
          input.format === 'pdf'
            ? downloadStaffInvoicePdf(api, input.number)
            : exportInvoiceUbl(api, input.number),
        ),
        creditNote: creditNoteMachine.provide({
          actors: {
            issueCreditNote: fromPromise(({ input }) => issueCreditNote(api, input.number, input.body)),
          },
        }),
      },
    }),
    { input: { number } },
  )
  const state = useSelector(actor, (s) => s)
  const { detail, notice, message, downloadMessage } = state.context
  const credit = state.children.creditNote as CreditNoteActor | undefined
  const crediting = state.matches({ ready: { credit: 'open' } })
  const downloading = state.matches({ ready: { download: 'downloading' } })

  // The form closed (issued or cancelled): the focus goes back to the button that opened it.
  const wasCrediting = useRef(false)
  useEffect(() => {
    if (wasCrediting.current && !crediting) document.getElementById('credit-open')?.focus()
    wasCrediting.current = crediting
  }, [crediting])

  const title = detail?.kind === 'credit_note' ? `Credit note ${number}` : `Tax invoice ${number}`
  return (
    <div className={styles.page}>
      <p>
        <Link to="/staff/finance" className={styles.link}>
          Finance desk
        </Link>
      </p>
      <h1>{title}</h1>
      <p role="status" className={styles.note} data-testid="invoice-status">
        {state.matches('loading') ? 'Loading…' : (notice ?? (issued ? invoiceMessages.issued(number) : ''))}
      </p>
      {state.matches('notFound') ? <p role="alert">{invoiceMessages.notFound}</p> : null}
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
      {detail ? (
        <>
          <div className={styles.actions}>
            {(['pdf', 'ubl'] as const).map((format) => (
              <Button
                key={format}
                tone="secondary"
                isDisabled={downloading}
                onPress={() => actor.send({ type: 'download.requested', format })}
              >
                Download the {downloadNames[format]}
              </Button>
            ))}
            {mayCredit(detail) && !crediting ? (
              <Button id="credit-open" onPress={() => actor.send({ type: 'credit.open' })}>
                Credit…
              </Button>
            ) : null}
          </div>
          {downloadMessage ? (
            <p role="alert" className={styles.rowMessage}>
              {downloadMessage}
            </p>
          ) : null}
          {credit ? <CreditNoteForm actor={credit} /> : null}
          <Document detail={detail} />
        </>
      ) : null}
    </div>
  )
}

function Document({ detail }: { detail: InvoiceDetail }) {
  const money = (amount: number) => moneyText(amount, detail.currency)
  const isInvoice = detail.kind === 'invoice'
  return (
    <>
      <section className={styles.section} aria-labelledby="document-facts">
        <h2 id="document-facts">{isInvoice ? 'Invoice' : 'Credit note'}</h2>
        <dl className={styles.facts}>
          <Fact name="Number">{detail.number}</Fact>
          <Fact name="Date">{formatDay(detail.issueDay)}</Fact>
          <Fact name="Booking">
            <Link
              to="/staff/finance/bookings/$number"
              params={{ number: detail.bookingNumber }}
              className={styles.link}
            >
              {detail.bookingNumber}
            </Link>
          </Fact>
          {isInvoice ? (
            <>
              <Fact name="State">
                <InvoiceStateBadge state={detail.state} />
              </Fact>
              <Fact name="Terms">{paymentTermsText(detail.paymentTermsDays)}</Fact>
              <Fact name="Due">{detail.dueDay ? formatDay(detail.dueDay) : '—'}</Fact>
              <Fact name="Credited">{money(detail.credited)}</Fact>
              <Fact name="Paid">{money(detail.paid)}</Fact>
              <Fact name="Balance">{money(detail.balance)}</Fact>
            </>
          ) : (
            <>
              <Fact name="Credits invoice">
                {detail.creditsNumber ? (
                  <Link
                    to="/staff/finance/invoices/$number"
                    params={{ number: detail.creditsNumber }}
                    className={styles.link}
                  >
                    {detail.creditsNumber}
                  </Link>
                ) : (
                  '—'
                )}
                {detail.creditsIssueDay ? ` of ${formatDay(detail.creditsIssueDay)}` : ''}
              </Fact>
              <Fact name="Reason">{detail.reason ?? '—'}</Fact>
            </>
          )}
          <Fact name="Currency">{detail.currency}</Fact>
          <Fact name="Issued">{formatAccountTime(detail.issuedAt)}</Fact>
        </dl>
      </section>
      <section className={styles.section} aria-labelledby="document-parties">
        <h2 id="document-parties">Supplier and customer</h2>
        <dl className={styles.facts}>
          {[
            { name: 'Supplier', party: detail.supplier },
            { name: 'Customer', party: detail.customer },
          ].map(({ name, party }) => (
            <Fact key={name} name={name}>
              <strong>{party.name}</strong>
              {party.addressLines.map((line) => (
                <div key={line}>{line}</div>
              ))}
              <div>UEN {party.uen}</div>
              {party.gstRegistrationNumber ? <div>GST registration {party.gstRegistrationNumber}</div> : null}
            </Fact>
          ))}
        </dl>
      </section>
      <section className={styles.section} aria-labelledby="document-lines">
        <h2 id="document-lines">Lines</h2>
        <table className={styles.table}>
          <caption className={styles.caption}>
            {detail.lines.length === 1 ? '1 line' : `${detail.lines.length} lines`}, amounts excluding GST
          </caption>
          <thead className={styles.head}>
            <tr>
              {['Line', 'Description', 'Quantity', 'GST code', 'Amount'].map((name) => (
                <th key={name} className={styles.headCell} scope="col">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={styles.body}>
            {detail.lines.map((line) => (
              <tr key={line.lineNo} className={styles.tableRow} data-testid="document-line">
                <th scope="row" className={styles.titleCell}>
                  {line.lineNo}
                  {line.creditsLineNo === null ? '' : ` (credits line ${line.creditsLineNo})`}
                </th>
                <td className={styles.cell} data-label="Description">
                  {line.code} · {line.description}
                </td>
                <td className={styles.cell} data-label="Quantity">
                  {line.quantityText}
                </td>
                <td className={styles.cell} data-label="GST code">
                  <abbr title={gstCodeNames[line.gstCode]}>{line.gstCode}</abbr>
                </td>
                <td className={styles.cell} data-label="Amount">
                  <span className={styles.amount}>{money(line.amount)}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <Totals
          totals={detail.totals}
          currency={detail.currency}
          gstRateBps={detail.gstRateBps}
          sgd={detail.sgd}
          label={isInvoice ? "The invoice's totals" : "The credit note's totals"}
        />
        {detail.sgd ? (
          <p className={styles.muted}>
            At 1 {detail.currency} = {(detail.sgd.rate.sgdPerUnitMicro / 1_000_000).toFixed(4)} SGD,{' '}
            {detail.sgd.rate.source}, {formatDay(detail.sgd.rate.asOf)}. GST {bpsText(detail.gstRateBps)}.
          </p>
        ) : null}
      </section>
      {isInvoice ? (
        <section className={styles.section} aria-labelledby="document-credits">
          <h2 id="document-credits">Credit notes</h2>
          {detail.creditNotes.length === 0 ? (
            <p>None.</p>
          ) : (
            <ul className={styles.list}>
              {detail.creditNotes.map((note) => (
                <li key={note.number} className={styles.item} data-testid="credit-note">
                  <Link
                    to="/staff/finance/invoices/$number"
                    params={{ number: note.number }}
                    className={styles.link}
                  >
                    {note.number}
                  </Link>{' '}
                  of {formatDay(note.issueDay)}: {money(note.total)}
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </>
  )
}
