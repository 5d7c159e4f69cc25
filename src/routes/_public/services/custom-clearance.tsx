import { createFileRoute } from '@tanstack/react-router'
import { headOf, publicPages } from '../../../app/pages'
import { ServicePageView } from '../../../components/page/service-page'
import { customsClearancePage } from '../../../content/services/customs-clearance'

export const Route = createFileRoute('/_public/services/custom-clearance')({
  head: () => headOf(publicPages['/services/custom-clearance']),
  component: () => <ServicePageView page={customsClearancePage} />,
})
