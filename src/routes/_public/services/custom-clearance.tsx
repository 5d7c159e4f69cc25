import { createFileRoute } from '@tanstack/react-router'
import { headOf, publicPages } from '../../../app/pages'
import { PlannedPage } from '../../../components/page/planned-page'

const info = publicPages['/services/custom-clearance']

export const Route = createFileRoute('/_public/services/custom-clearance')({
  head: () => headOf(info),
  component: () => <PlannedPage info={info} />,
})
