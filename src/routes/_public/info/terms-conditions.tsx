import { createFileRoute } from '@tanstack/react-router'
import { headOf, publicPages } from '../../../app/pages'
import { PlannedPage } from '../../../components/page/planned-page'

const info = publicPages['/info/terms-conditions']

export const Route = createFileRoute('/_public/info/terms-conditions')({
  head: () => headOf(info),
  component: () => <PlannedPage info={info} />,
})
