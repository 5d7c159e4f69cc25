import { useEffect, useRef } from 'react'
import { co2eText, optionEmissions } from '../../../contract/emissions'
import type { QuoteDetail } from '../../../contract/quotes'
import { type OptionSort, sortedOptions } from '../../../machines/quote-form'
import { formatDay } from '../../app/datetime'
import { Button } from '../../components/ui/button'
import { ChoiceGroup } from '../../components/ui/choice-group'
import { fxText, sgd, usd } from './money'
import * as styles from './quotes.css'
import { SailingFacts } from './sailing'

const sorts = [
  { value: 'price', label: 'Price' },
  { value: 'transit', label: 'Transit time' },
  { value: 'emissions', label: 'Emissions' },
] as const satisfies readonly { value: OptionSort; label: string }[]

/**
 * An instant quote's carrier options, sorted by price, transit time or emissions, each with its Select. The
 * emissions are port to port, well-to-wheel (the Quotation Preview adds the door legs chosen).
 */
export function QuoteResults({
  quote,
  sort,
  onSort,
  onSelect,
}: {
  quote: NonNullable<QuoteDetail>
  sort: OptionSort
  onSort: (by: OptionSort) => void
  onSelect: (optionId: number) => void
}) {
  // The results appear after Get quote: the focus goes to them, so a keyboard or screen reader user is
  // taken to the options rather than left on the button.
  const heading = useRef<HTMLHeadingElement>(null)
  const rate = fxText(quote.fx, quote.createdAt)
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new quote's results take the focus once
  useEffect(() => {
    heading.current?.focus()
  }, [quote.number])
  return (
    <section aria-labelledby="quote-results-title">
      <h3 id="quote-results-title" ref={heading} tabIndex={-1}>
        Quote {quote.number}: {quote.origin.name} ({quote.origin.code}) to {quote.destination.name} (
        {quote.destination.code})
      </h3>
      <ChoiceGroup label="Sort by" options={sorts} value={sort} onChange={onSort} />
      <table className={styles.table}>
        <caption className={`${styles.muted} ${styles.caption}`}>
          Carrier options{rate ? ` · SGD at ${rate}` : ''}
        </caption>
        <thead className={styles.head}>
          <tr>
            <th className={styles.headCell} scope="col">
              Carrier
            </th>
            <th className={styles.headCell} scope="col">
              Service
            </th>
            <th className={styles.headMoney} scope="col">
              Total
            </th>
            <th className={styles.headMoney} scope="col">
              CO2e
            </th>
            <th className={styles.headCell} scope="col">
              Schedule
            </th>
            <th className={styles.headCell} scope="col">
              Valid until
            </th>
            <th className={styles.headCell} scope="col">
              <span className={styles.muted}>Action</span>
            </th>
          </tr>
        </thead>
        <tbody className={styles.body}>
          {sortedOptions(quote, sort).map((option) => (
            <tr key={option.id} className={styles.tableRow} data-testid="quote-option">
              <td className={styles.titleCell}>{option.carrier}</td>
              <td className={styles.cell} data-label="Service">
                {option.service}
              </td>
              <td className={styles.money} data-label="Total">
                <span>
                  {usd(option.totalUsd)}
                  <br />
                  <span className={styles.muted}>{sgd(option.totalUsd, quote.fx)}</span>
                </span>
              </td>
              <td className={styles.money} data-label="CO2e" data-testid="option-emissions">
                <Emissions quote={quote} option={option} />
              </td>
              <td className={styles.cell} data-label="Schedule">
                <SailingFacts
                  mode={quote.mode}
                  sailing={option.sailing}
                  transitDays={option.transitDays}
                  freeDays={option.lane.freeDays}
                />
              </td>
              <td className={styles.cell} data-label="Valid until">
                {formatDay(option.validTo)}
              </td>
              <td className={styles.actionCell}>
                <Button
                  aria-label={`Select ${option.carrier} ${option.service}`}
                  onPress={() => onSelect(option.id)}
                >
                  Select
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

/** An option's emissions, port to port and well-to-wheel, or that they are not known. */
function Emissions({
  quote,
  option,
}: {
  quote: NonNullable<QuoteDetail>
  option: NonNullable<QuoteDetail>['options'][number]
}) {
  const figure = optionEmissions(quote, option)
  if (!figure) return <span className={styles.muted}>Not known</span>
  return (
    <span>
      {co2eText(figure.wtwGrams)}
      <br />
      <span className={styles.muted}>port to port</span>
    </span>
  )
}
