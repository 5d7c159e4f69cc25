import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { quoteSearch, rememberQuoteSearch } from '../../app/quote-search'
import type { CargoType, QuoteStrip } from '../../content/types'
import * as styles from './quote-form.css'

/**
 * Origin, destination and cargo type, and GET QUOTE: a link to /register whose address carries what was
 * typed, also kept under `quoteData` so /user/home's quote form starts from it after login. Plain inputs and a native select keep the form widgets' code off the public pages.
 */
export function QuoteForm({
  strip,
  idPrefix,
  labelledBy,
  tone = 'light',
}: {
  strip: QuoteStrip
  idPrefix: string
  labelledBy?: string
  tone?: 'light' | 'raised'
}) {
  const [origin, setOrigin] = useState('')
  const [destination, setDestination] = useState('')
  const [cargo, setCargo] = useState<CargoType>('')
  return (
    // biome-ignore lint/a11y/useSemanticElements: a search landmark would mislabel it; a named group fits
    <div className={styles.strip({ tone })} role="group" aria-labelledby={labelledBy}>
      <div className={styles.field}>
        <label htmlFor={`${idPrefix}-origin`} className={styles.label}>
          {strip.originLabel}
        </label>
        <input
          id={`${idPrefix}-origin`}
          className={styles.input}
          placeholder={strip.originPlaceholder}
          autoComplete="off"
          value={origin}
          onChange={(event) => setOrigin(event.target.value)}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${idPrefix}-destination`} className={styles.label}>
          {strip.destinationLabel}
        </label>
        <input
          id={`${idPrefix}-destination`}
          className={styles.input}
          placeholder={strip.destinationPlaceholder}
          autoComplete="off"
          value={destination}
          onChange={(event) => setDestination(event.target.value)}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${idPrefix}-cargo`} className={styles.label}>
          {strip.cargoLabel}
        </label>
        <select
          id={`${idPrefix}-cargo`}
          className={styles.input}
          value={cargo}
          onChange={(event) => setCargo(event.target.value as CargoType)}
        >
          {strip.cargoOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {/* A click before hydration waits for it (src/app/early-input.ts): the address needs what was typed. */}
      <Link
        data-replay-click=""
        to={strip.buttonHref as '/register'}
        search={quoteSearch(origin, destination, cargo)}
        onClick={() => rememberQuoteSearch(window.localStorage, quoteSearch(origin, destination, cargo))}
        className={styles.submit}
      >
        {strip.buttonLabel}
      </Link>
    </div>
  )
}
