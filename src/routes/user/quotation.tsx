import { createFileRoute } from '@tanstack/react-router'
import { headOf, userPages } from '../../app/pages'
import { MyQuotes } from '../../features/quotes/my-quotes'

const info = userPages['/user/quotation']

export const Route = createFileRoute('/user/quotation')({
  head: () => headOf(info),
  component: () => <MyQuotes info={info} />,
})
