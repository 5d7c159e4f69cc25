import { Link } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { type GstCode, gstCodeNames } from '../../../contract/finance/charges'
import type { DocumentParty, InvoiceDetail } from '../../../contract/finance/invoice-wire'
import { paymentTermsText } from '../../../contract/finance/invoices'
import { bpsText, moneyText } from '../../../contract/pricing/money'
import { invoiceDetailMachine } from '../../../machines/invoice-detail.machine'
import { siteConfig } from '../../../site.config'
import { downloadInvoicePdf, getInvoice } from '../../api/invoices'
import { formatDay } from '../../app/datetime'
import { useApp } from '../../app/use-app'
import { Button } from '../../components/ui/button'
import { ErrorDialog } from '../../components/ui/dialog'
import { visuallyHidden } from '../../styles/visually-hidden.css'
import * as styles from './invoices.css'
import { PaynowQr } from './paynow-qr'
import { DocumentStateBadge, documentKindNames } from './state-badge'

/**
 * /user/invoices/$number: one invoice or credit note as issued: its parties, lines with their tax codes,
 * totals by code with GST, the SGD equivalents of a USD document at its frozen rate, the PDF, and for an
 * invoice still owed the ways to pay it (PayNow QR for SGD, bank transfer).
 */
export function InvoicePage({ number }: { number: string }) {
  const { api, inspect } = useApp()
  const actor = useActorRef(
    invoiceDetailMachine.provide({
      actors: {
        getInvoice: fromPromise(({ input }) => getInvoice(api, input.number)),
        downloadPdf: fromPromise(({ input }) => downloadInvoicePdf(api, input.number)),
      },
    }),
    { input: { number }, ...(inspect ? { inspect } : {}) },
  )
  const snapshot = useSelector(actor, (s) => s)
  const { invoice, message, dialog } = snapshot.context
  const downloading = snapshot.matches({ ready: 'downloading' })

  const back = (
    <p>
      <Link to="/user/invoices" className={styles.link}>
        ← My Invoices
      </Link>
    </p>
  )
  if (snapshot.matches('notFound')) {
    return (
      <article>
        {back}
        <h1>Invoice not found</h1>
        <p role="alert">{message}</p>
      </article>
    )
  }
  return (
    <article>
      {back}
      <h1>{invoice ? `${documentKindNames[invoice.kind]} ${number}` : number}</h1>
      {snapshot.matches('loading') ? <p role="status">Loading the document…</p> : null}
      {snapshot.matches('failed') ? (
        <div className={styles.alert} role="alert">
          <p>{message}</p>
          <Button onPress={() => actor.send({ type: 'user.retry' })}>Try again</Button>
        </div>
      ) : null}
      {invoice ? (
        <>
          <Summary invoice={invoice} />
          <p>
            <Button isDisabled={downloading} onPress={() => actor.send({ type: 'pdf.download' })}>
              {downloading ? 'Downloading…' : 'Download PDF'}
            </Button>
          </p>
          {invoice.kind === 'invoice' && invoice.balance > 0 ? <Pay invoice={invoice} /> : null}
          <Lines invoice={invoice} />
          <Parties supplier={invoice.supplier} customer={invoice.customer} />
        </>
      ) : null}
      <ErrorDialog message={dialog} onClose={() => actor.send({ type: 'dialog.acknowledged' })} />
    </article>
  )
}

function Summary({ invoice }: { invoice: InvoiceDetail }) {
  const money = (amount: number) => moneyText(amount, invoice.currency)
  return (
    <section className={styles.section} aria-labelledby="summary-title">
      <h2 id="summary-title" className={visuallyHidden}>
        Summary
      </h2>
      <p className={styles.row}>
        <DocumentStateBadge kind={invoice.kind} state={invoice.state} />
      </p>
      <dl className={styles.facts}>
        <dt className={styles.term}>Booking</dt>
        <dd className={styles.detail}>
          <Link
            to="/user/bookings/$number"
            params={{ number: invoice.bookingNumber }}
            className={styles.link}
          >
            {invoice.bookingNumber}
          </Link>
        </dd>
        <dt className={styles.term}>Date</dt>
        <dd className={styles.detail}>{formatDay(invoice.issueDay)}</dd>
        {invoice.creditsNumber ? (
          <>
            <dt className={styles.term}>Credits</dt>
            <dd className={styles.detail}>
              <Link
                to="/user/invoices/$number"
                params={{ number: invoice.creditsNumber }}
                className={styles.link}
              >
                {invoice.creditsNumber}
              </Link>
              {invoice.creditsIssueDay ? ` of ${formatDay(invoice.creditsIssueDay)}` : ''}
            </dd>
          </>
        ) : null}
        {invoice.reason ? (
          <>
            <dt className={styles.term}>Reason</dt>
            <dd className={styles.detail}>{invoice.reason}</dd>
          </>
        ) : null}
        {invoice.kind === 'invoice' ? (
          <>
            <dt className={styles.term}>Terms</dt>
            <dd className={styles.detail}>{paymentTermsText(invoice.paymentTermsDays)}</dd>
            <dt className={styles.term}>Due</dt>
            <dd className={styles.detail}>{invoice.dueDay ? formatDay(invoice.dueDay) : '—'}</dd>
            <dt className={styles.term}>Total</dt>
            <dd className={styles.detail}>{money(invoice.total)}</dd>
            {invoice.credited > 0 ? (
              <>
                <dt className={styles.term}>Credited</dt>
                <dd className={styles.detail}>{money(invoice.credited)}</dd>
              </>
            ) : null}
            {invoice.paid > 0 ? (
              <>
                <dt className={styles.term}>Paid</dt>
                <dd className={styles.detail}>{money(invoice.paid)}</dd>
              </>
            ) : null}
            <dt className={styles.term}>Balance</dt>
            <dd className={styles.detail} data-testid="invoice-balance">
              <strong>{money(invoice.balance)}</strong>
            </dd>
          </>
        ) : null}
      </dl>
      {invoice.creditNotes.length > 0 ? (
        <>
          <h3>Credit notes</h3>
          <ul>
            {invoice.creditNotes.map((note) => (
              <li key={note.number}>
                <Link to="/user/invoices/$number" params={{ number: note.number }} className={styles.link}>
                  {note.number}
                </Link>{' '}
                of {formatDay(note.issueDay)}, {money(note.total)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  )
}

/** Millionths of SGD per unit, as a rate: "1 USD = 1.3452 SGD". */
const rateText = (currency: string, micro: number) =>
  `1 ${currency} = ${(micro / 1_000_000).toLocaleString('en-SG', { maximumFractionDigits: 6 })} SGD`

/** The lines with their tax codes; the totals by code (zero-rated and out of scope apart), GST, the total. */
function Lines({ invoice }: { invoice: InvoiceDetail }) {
  const money = (amount: number) => moneyText(amount, invoice.currency)
  const codes = (['SR', 'ZR', 'OS'] as GstCode[]).filter(
    (code) => invoice.totals.byCode[code] !== 0 || (code === 'SR' && invoice.totals.gst !== 0),
  )
  return (
    <section className={styles.section} aria-labelledby="lines-title">
      <h2 id="lines-title">Lines</h2>
      <table className={styles.linesTable}>
        <caption className={visuallyHidden}>The document’s lines, amounts excluding GST</caption>
        <thead className={styles.linesHead}>
          <tr>
            <th className={styles.headCell} scope="col">
              #
            </th>
            <th className={styles.headCell} scope="col">
              Description
            </th>
            <th className={styles.headCell} scope="col">
              Quantity
            </th>
            <th className={styles.headCell} scope="col">
              Tax code
            </th>
            <th className={styles.headMoney} scope="col">
              Amount excl. GST
            </th>
          </tr>
        </thead>
        <tbody className={styles.linesBody}>
          {invoice.lines.map((line) => (
            <tr key={line.lineNo} className={styles.linesRow} data-testid="invoice-line">
              <td className={styles.lineCell} data-label="#">
                {line.lineNo}
              </td>
              <td className={styles.lineCell} data-label="Description">
                {line.description}
                <span className={styles.small}>
                  {line.code}
                  {line.creditsLineNo !== null ? ` · credits line ${line.creditsLineNo}` : ''}
                </span>
              </td>
              <td className={styles.lineCell} data-label="Quantity">
                {line.quantityText}
              </td>
              <td className={styles.lineCell} data-label="Tax code">
                <abbr title={gstCodeNames[line.gstCode]}>{line.gstCode}</abbr>
              </td>
              <td className={styles.lineMoney} data-label="Amount excl. GST">
                {money(line.amount)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className={styles.totals} data-testid="invoice-totals">
        {codes.map((code) => (
          <Total
            key={code}
            term={`${gstCodeNames[code]} (${code})`}
            amount={money(invoice.totals.byCode[code])}
          />
        ))}
        <Total term="Total excluding GST" amount={money(invoice.totals.subtotal)} />
        <Total term={`GST ${bpsText(invoice.gstRateBps)}`} amount={money(invoice.totals.gst)} />
        <Total term="Total including GST" amount={money(invoice.totals.total)} strong />
      </dl>
      {invoice.sgd ? (
        <>
          <h3>In Singapore dollars</h3>
          <p className={styles.muted}>
            At {rateText(invoice.currency, invoice.sgd.rate.sgdPerUnitMicro)}, {invoice.sgd.rate.source},{' '}
            {formatDay(invoice.sgd.rate.asOf)}.
          </p>
          <dl className={styles.totals} data-testid="invoice-sgd">
            <Total term="Total excluding GST" amount={moneyText(invoice.sgd.subtotal, 'SGD')} />
            <Total term={`GST ${bpsText(invoice.gstRateBps)}`} amount={moneyText(invoice.sgd.gst, 'SGD')} />
            <Total term="Total including GST" amount={moneyText(invoice.sgd.total, 'SGD')} strong />
          </dl>
        </>
      ) : null}
    </section>
  )
}

function Total({ term, amount, strong = false }: { term: string; amount: string; strong?: boolean }) {
  return (
    <>
      <dt className={strong ? `${styles.term} ${styles.grandTotal}` : styles.term}>{term}</dt>
      <dd className={strong ? `${styles.totalAmount} ${styles.grandTotal}` : styles.totalAmount}>{amount}</dd>
    </>
  )
}

/** How to pay what is owed: PayNow (an SGD invoice) and bank transfer, the invoice number as the reference. */
function Pay({ invoice }: { invoice: InvoiceDetail }) {
  const bank = siteConfig.billing.bankTransfer
  const paynow = invoice.paynow
  return (
    <section className={styles.section} aria-labelledby="pay-title" data-testid="invoice-pay">
      <h2 id="pay-title">Pay {moneyText(invoice.balance, invoice.currency)}</h2>
      <div className={styles.payGrid}>
        {paynow ? (
          <div>
            <h3>PayNow</h3>
            <PaynowQr
              className={styles.qr}
              payload={paynow.payload}
              label={`PayNow QR code: ${moneyText(paynow.amount, 'SGD')} to ${siteConfig.billing.paynow.merchantName}, bill number ${invoice.number}`}
            />
            <dl className={styles.facts}>
              <dt className={styles.term}>Amount</dt>
              <dd className={styles.detail}>{moneyText(paynow.amount, 'SGD')}</dd>
              <dt className={styles.term}>Bill number</dt>
              <dd className={styles.detail}>{invoice.number}</dd>
              <dt className={styles.term}>QR valid until</dt>
              <dd className={styles.detail}>{formatDay(paynow.expiryDay)}</dd>
            </dl>
            <p className={styles.muted}>
              Scan with your bank’s app; the amount and bill number are filled in.
            </p>
          </div>
        ) : null}
        <div>
          <h3>Bank transfer</h3>
          <dl className={styles.facts}>
            <dt className={styles.term}>Bank</dt>
            <dd className={styles.detail}>{bank.bank}</dd>
            <dt className={styles.term}>Account name</dt>
            <dd className={styles.detail}>{bank.accountName}</dd>
            <dt className={styles.term}>Account number</dt>
            <dd className={styles.detail}>{bank.accountNumber}</dd>
            <dt className={styles.term}>SWIFT</dt>
            <dd className={styles.detail}>{bank.swift}</dd>
            <dt className={styles.term}>Reference</dt>
            <dd className={styles.detail}>{invoice.number}</dd>
          </dl>
        </div>
      </div>
    </section>
  )
}

function Party({ title, party }: { title: string; party: DocumentParty }) {
  return (
    <div>
      <h3>{title}</h3>
      <p className={styles.detail}>
        <strong>{party.name}</strong>
        {party.addressLines.map((line) => `\n${line}`).join('')}
        {`\nUEN ${party.uen}`}
        {party.gstRegistrationNumber ? `\nGST Reg. No. ${party.gstRegistrationNumber}` : ''}
      </p>
    </div>
  )
}

function Parties({ supplier, customer }: { supplier: DocumentParty; customer: DocumentParty }) {
  return (
    <section className={styles.section} aria-labelledby="parties-title">
      <h2 id="parties-title">From and to</h2>
      <div className={styles.grid}>
        <Party title="From" party={supplier} />
        <Party title="Billed to" party={customer} />
      </div>
    </section>
  )
}
