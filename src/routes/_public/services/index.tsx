import { createFileRoute } from '@tanstack/react-router'
import { headOf, publicPages } from '../../../app/pages'
import { PlannedPage } from '../../../components/page/planned-page'

const info = publicPages['/services']

export const Route = createFileRoute('/_public/services/')({
  head: () => headOf(info),
  component: () => <PlannedPage info={info} />,
})
