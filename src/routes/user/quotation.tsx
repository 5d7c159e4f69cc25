import { createFileRoute } from '@tanstack/react-router'
import { headOf, userPages } from '../../app/pages'
import { PlannedPage } from '../../components/page/planned-page'

const info = userPages['/user/quotation']

export const Route = createFileRoute('/user/quotation')({
  head: () => headOf(info),
  component: () => <PlannedPage info={info} />,
})
