/** The finance desk's forms (src/features/staff/finance-desk-page.tsx): the documents' filters and the journal's period. */
import { useSelector } from '@xstate/react'
import { Form } from 'react-aria-components'
import type { ActorRefFrom } from 'xstate'
import { documentKinds, invoiceStateNames, invoiceStates } from '../../../contract/finance/invoices'
import type { DocumentFilters, financeDeskMachine } from '../../../machines/finance-desk.machine'
import { Button } from '../../components/ui/button'
import { TextField } from '../../components/ui/text-field'
import * as styles from './finance.css'
import { NativeSelect } from './ops-booking-parts'

export type FinanceDeskActor = ActorRefFrom<typeof financeDeskMachine>
type DeskActor = FinanceDeskActor

const kindNames = { invoice: 'Invoices', credit_note: 'Credit notes' } as const

export function DocumentFiltersForm({ actor }: { actor: DeskActor }) {
  const filters = useSelector(actor, (s) => s.context.filters)
  const errors = useSelector(actor, (s) => s.context.filterErrors)
  const set = (field: keyof DocumentFilters) => (value: string) =>
    actor.send({ type: 'filter.changed', field, value })
  return (
    <Form
      validationBehavior="aria"
      aria-label="Filter the documents"
      onSubmit={(event) => {
        event.preventDefault()
        actor.send({ type: 'filters.applied' })
      }}
    >
      <fieldset className={styles.filters}>
        <legend className={styles.legend}>Filter</legend>
        <NativeSelect
          id="filter-kind"
          label="Kind"
          value={filters.kind}
          options={[
            { value: '', label: 'Both' },
            ...documentKinds.map((kind) => ({ value: kind, label: kindNames[kind] })),
          ]}
          error={errors.kind?.[0]}
          onChange={set('kind')}
        />
        <NativeSelect
          id="filter-state"
          label="State"
          value={filters.state}
          options={[
            { value: '', label: 'Any' },
            ...invoiceStates.map((one) => ({ value: one, label: invoiceStateNames[one] })),
          ]}
          error={errors.state?.[0]}
          onChange={set('state')}
        />
        <TextField
          label="Issued from"
          type="date"
          value={filters.from}
          onChange={set('from')}
          error={errors.from?.[0]}
        />
        <TextField
          label="Issued to"
          type="date"
          value={filters.to}
          onChange={set('to')}
          error={errors.to?.[0]}
        />
        <TextField
          label="Document or booking number"
          value={filters.q}
          onChange={set('q')}
          error={errors.q?.[0]}
        />
        <div className={styles.actions}>
          <Button type="submit" tone="secondary">
            Apply
          </Button>
          <Button tone="quiet" onPress={() => actor.send({ type: 'filters.cleared' })}>
            Clear
          </Button>
        </div>
      </fieldset>
    </Form>
  )
}

export function Journal({ actor }: { actor: DeskActor }) {
  const journal = useSelector(actor, (s) => s.context.journal)
  const errors = useSelector(actor, (s) => s.context.journalErrors)
  const failure = useSelector(actor, (s) => s.context.journalMessage)
  const downloading = useSelector(actor, (s) => s.matches({ journal: 'downloading' }))
  const set = (field: 'from' | 'to') => (value: string) =>
    actor.send({ type: 'journal.changed', field, value })
  return (
    <section className={styles.panel} aria-labelledby="journal-title">
      <h2 id="journal-title">Journal for accounting</h2>
      <p className={styles.muted}>
        Every invoice and credit note issued in the period, one line per document line, as CSV.
      </p>
      <Form
        validationBehavior="aria"
        aria-labelledby="journal-title"
        onSubmit={(event) => {
          event.preventDefault()
          actor.send({ type: 'journal.download' })
        }}
      >
        <div className={styles.formGrid}>
          <TextField
            label="From"
            type="date"
            value={journal.from}
            onChange={set('from')}
            error={errors.from?.[0]}
          />
          <TextField label="To" type="date" value={journal.to} onChange={set('to')} error={errors.to?.[0]} />
        </div>
        {failure ? (
          <p role="alert" className={styles.rowMessage}>
            {failure}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" tone="secondary" isDisabled={downloading}>
            {downloading ? 'Downloading…' : 'Download the journal (CSV)'}
          </Button>
        </div>
      </Form>
    </section>
  )
}
