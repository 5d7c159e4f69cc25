import { createFileRoute } from '@tanstack/react-router'
import { headOf, userPages } from '../../app/pages'
import { MyInvoices } from '../../features/invoices/my-invoices'
import { parseInvoicesSearch } from '../../features/invoices/search'

const info = userPages['/user/invoices']

export const Route = createFileRoute('/user/invoices')({
  validateSearch: parseInvoicesSearch,
  head: () => headOf(info),
  component: () => {
    const search = Route.useSearch()
    return <MyInvoices info={info} search={search} />
  },
})
