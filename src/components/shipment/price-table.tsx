import type { QuotePrice } from '../../../contract/pricing/types'
import { ChargesTable } from './charges-table'
import { fxText, sgd, usd } from './money'
import * as styles from './price.css'

/**
 * A quote's price as the customer's Quotation Preview shows it: the charges line by line, the total in USD
 * and SGD at the quote's rate, what is included and not, and the estimates. The staff console's offer preview
 * shows the same component, so a sales person sees exactly what the customer will.
 */
export function PriceTable({
  price,
  fx,
  quotedAt,
  title = 'Price',
}: {
  price: QuotePrice
  fx: Record<string, number>
  quotedAt: string
  title?: string
}) {
  const totalSgd = sgd(price.totalUsd, fx)
  const rate = fxText(fx, quotedAt)
  return (
    <section className={styles.section} aria-labelledby="price-title">
      <h2 id="price-title">{title}</h2>
      <ChargesTable price={price} unit />
      <p className={styles.total} data-testid="quote-total" aria-live="polite">
        Total {usd(price.totalUsd)}
        {totalSgd ? <span className={styles.muted}> ({totalSgd})</span> : null}
      </p>
      {rate ? (
        <p className={styles.muted} data-testid="fx-rate">
          SGD at {rate}
        </p>
      ) : null}
      <div className={styles.grid}>
        <div>
          <h3>Included</h3>
          <ul>
            {price.included.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
        <div>
          <h3>Not included</h3>
          <ul>
            {price.excluded.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
        {price.estimates.length > 0 ? (
          <div>
            <h3>Estimates (not in the total)</h3>
            <ul>
              {price.estimates.map((estimate) => (
                <li key={estimate.code}>
                  {estimate.name}: {usd(estimate.amountUsd)}, payable to {estimate.payableTo}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </section>
  )
}
