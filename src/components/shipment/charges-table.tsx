import { moneyText } from '../../../contract/pricing/money'
import type { PricedLine, QuotePrice } from '../../../contract/pricing/types'
import * as styles from './charges.css'

/** The groups a price is shown in, in order: the sides of the journey, then services and discounts. */
const groups: { side: PricedLine['side'] | 'discount'; title: string }[] = [
  { side: 'origin', title: 'Origin' },
  { side: 'freight', title: 'Freight' },
  { side: 'destination', title: 'Destination' },
  { side: 'services', title: 'Services' },
  { side: 'discount', title: 'Discount' },
]

const inGroup = (line: PricedLine, side: string) =>
  side === 'discount' ? line.kind === 'discount' : line.kind !== 'discount' && line.side === side

/** A line's unit price, or its rate for a percentage (insurance, the first-LCL discount). */
const lineUnit = (line: PricedLine) =>
  line.code === 'FIRSTLCL' || line.quantityText.includes('%')
    ? `${(line.unitAmount / 100).toFixed(2)}%`
    : moneyText(line.unitAmount, line.currency)

/**
 * A price line by line, grouped by side (Quotation Preview and the booking page). `unit` adds the unit
 * price column (the preview, where a buyer checks the arithmetic); `groupTotals` closes each group with its
 * total in USD (the booking). On a phone each charge is two lines, see charges.css.ts.
 */
export function ChargesTable({
  price,
  unit = false,
  groupTotals = false,
}: {
  price: QuotePrice
  unit?: boolean
  groupTotals?: boolean
}) {
  const columns = unit ? 5 : 4
  return (
    <table className={styles.table}>
      <thead className={styles.head}>
        <tr>
          <th className={styles.headCell} scope="col">
            Charge
          </th>
          <th className={styles.headCell} scope="col">
            Quantity
          </th>
          {unit ? (
            <th className={styles.headMoney} scope="col">
              Unit
            </th>
          ) : null}
          <th className={styles.headMoney} scope="col">
            Amount
          </th>
          <th className={styles.headMoney} scope="col">
            USD
          </th>
        </tr>
      </thead>
      {groups.map(({ side, title }) => {
        const lines = price.lines.filter((line) => inGroup(line, side))
        if (lines.length === 0) return null
        const groupTotal = lines.reduce((sum, line) => sum + line.amountUsd, 0)
        return (
          <tbody key={side} className={styles.body} data-group={side}>
            <tr className={styles.groupRow}>
              <th className={styles.groupHead} colSpan={columns} scope="colgroup">
                {title}
              </th>
            </tr>
            {lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a code can price several container types
              <tr key={`${line.code}-${index}`} className={styles.row} data-code={line.code}>
                <td className={styles.name}>{line.name}</td>
                <td className={styles.detailText}>{line.quantityText}</td>
                {unit ? (
                  <td className={styles.detail} data-part="unit">
                    {lineUnit(line)}
                  </td>
                ) : null}
                <td
                  className={styles.detail}
                  data-part="amount"
                  data-same-currency={line.currency === 'USD' || undefined}
                >
                  {moneyText(line.amount, line.currency)}
                </td>
                <td className={styles.usd}>{moneyText(line.amountUsd, 'USD')}</td>
              </tr>
            ))}
            {groupTotals ? (
              <tr className={styles.row} data-testid={`side-total-${side}`}>
                <td className={styles.name} colSpan={columns - 1}>
                  {title} total
                </td>
                <td className={styles.usd}>
                  <strong>{moneyText(groupTotal, 'USD')}</strong>
                </td>
              </tr>
            ) : null}
          </tbody>
        )
      })}
    </table>
  )
}
