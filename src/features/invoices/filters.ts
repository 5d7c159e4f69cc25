/** The filters of My Invoices from and to the address's query. */
import { filterValue, type InvoiceFilters } from '../../../machines/invoices-page.machine'
import { type InvoicesSearch, parseInvoicesSearch } from './search'

/** The filters of a query; an unknown kind, state or period is no filter. */
export const filtersOf = (search: InvoicesSearch): InvoiceFilters => ({
  kind: filterValue('kind', search.kind),
  state: filterValue('state', search.state),
  period: filterValue('period', search.period),
  q: search.q ?? '',
})

/** The query for filters: empty ones left out. */
export const searchOf = (filters: InvoiceFilters): InvoicesSearch =>
  parseInvoicesSearch({ kind: filters.kind, state: filters.state, period: filters.period, q: filters.q })
