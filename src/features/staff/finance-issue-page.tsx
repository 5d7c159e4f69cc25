import { useActorRef, useSelector } from '@xstate/react'
import { Checkbox } from 'react-aria-components'
import { fromPromise } from 'xstate'
import { GST_RATE_BPS, gstCodeNames } from '../../../contract/finance/charges'
import { moneyText } from '../../../contract/pricing/money'
import { financeIssueMachine, issueCurrency, issuePreview } from '../../../machines/finance-issue.machine'
import { issueInvoice } from '../../api/finance'
import { listStaffBookingCharges } from '../../api/staff-charges'
import { Button } from '../../components/ui/button'
import * as ui from '../../components/ui/ui.css'
import { Link, useNavigate } from '../../staff/link'
import { ChargesPanel } from './charges-panel'
import { staffConsole } from './console'
import * as consoleStyles from './console.css'
import * as styles from './finance.css'
import { Totals } from './finance-parts'

/**
 * /staff/finance/bookings/$number (finance): the booking's approved charges not invoiced yet, all ticked; the
 * invoice's totals as they would be issued; Issue, then the issued invoice. Below, the booking's Charges panel
 * (the operations desk's own): finance adds charges and disbursements, and withdraws them, where it invoices them.
 */
export function FinanceIssuePage({ bookingNumber }: { bookingNumber: string }) {
  const { api } = staffConsole()
  const navigate = useNavigate()
  const actor = useActorRef(
    financeIssueMachine.provide({
      actors: {
        loadCharges: fromPromise(({ input }) => listStaffBookingCharges(api, input.bookingNumber)),
        issueInvoice: fromPromise(({ input }) => issueInvoice(api, input.bookingNumber, input.chargeIds)),
      },
      actions: {
        openInvoice: (_, number) => {
          void navigate({
            to: '/staff/finance/invoices/$number',
            params: { number },
            search: { issued: true },
          })
        },
      },
    }),
    { input: { bookingNumber } },
  )
  const state = useSelector(actor, (s) => s)
  const { charges, chosen, message, issued } = state.context
  const preview = issuePreview(state.context)
  const currency = issueCurrency(state.context)
  const issuing = state.matches({ ready: 'issuing' })
  const idle = state.matches({ ready: 'idle' })

  return (
    <div className={styles.page}>
      <p>
        <Link to="/staff/finance" className={styles.link}>
          Finance desk
        </Link>
      </p>
      <h1>Invoice booking {bookingNumber}</h1>
      <p role="status" className={styles.note}>
        {state.matches('loading') ? 'Loading the charges…' : issued ? `Invoice ${issued} issued.` : ''}
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
      {state.matches('ready') && charges.length === 0 ? (
        <p>This booking has no approved charges left to invoice.</p>
      ) : null}
      {state.matches('ready') && charges.length > 0 ? (
        <>
          <table className={styles.table}>
            <caption className={styles.caption}>
              Approved charges not invoiced: untick any to leave it for a later invoice
            </caption>
            <thead className={styles.head}>
              <tr>
                {['Invoice', 'Charge', 'Quantity', 'GST code', 'Amount excluding GST'].map((name) => (
                  <th key={name} className={styles.headCell} scope="col">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className={styles.body}>
              {charges.map((charge) => (
                <tr key={charge.id} className={styles.tableRow} data-testid="issue-charge">
                  <td className={styles.actionCell}>
                    <Checkbox
                      className={ui.checkbox}
                      isSelected={chosen.includes(charge.id)}
                      isDisabled={!idle}
                      onChange={() => actor.send({ type: 'charge.toggled', id: charge.id })}
                    >
                      <span className={ui.checkboxBox} aria-hidden="true" />
                      <span>
                        Invoice {charge.code} {charge.description}
                      </span>
                    </Checkbox>
                  </td>
                  <th scope="row" className={styles.titleCell}>
                    {charge.code} · {charge.description}
                  </th>
                  <td className={styles.cell} data-label="Quantity">
                    {charge.quantityText}
                  </td>
                  <td className={styles.cell} data-label="GST code">
                    <abbr title={gstCodeNames[charge.gstCode]}>{charge.gstCode}</abbr>
                    <div className={styles.muted}>{charge.gstReason}</div>
                  </td>
                  <td className={styles.cell} data-label="Amount excluding GST">
                    <span className={styles.amount}>{moneyText(charge.amount, charge.currency)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <section className={styles.section} aria-labelledby="preview-title">
            <h2 id="preview-title">The invoice</h2>
            {preview && currency ? (
              <>
                <Totals
                  totals={preview}
                  currency={currency}
                  gstRateBps={GST_RATE_BPS}
                  label="The invoice's totals"
                />
                {currency !== 'SGD' ? (
                  <p className={styles.muted}>
                    Its SGD amounts are stated at the SGD rate in force when it is issued.
                  </p>
                ) : null}
              </>
            ) : (
              <p>Tick at least one charge.</p>
            )}
            <div className={styles.actions}>
              <Button
                isDisabled={!idle || (preview?.total ?? 0) <= 0}
                onPress={() => actor.send({ type: 'user.issue' })}
              >
                {issuing ? 'Issuing…' : `Issue the invoice (${chosen.length})`}
              </Button>
            </div>
          </section>
        </>
      ) : null}
      <ChargesPanel bookingNumber={bookingNumber} />
    </div>
  )
}
