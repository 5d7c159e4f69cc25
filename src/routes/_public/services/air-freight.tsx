import { createFileRoute } from '@tanstack/react-router'
import { headOf, publicPages } from '../../../app/pages'
import { ServicePageView } from '../../../components/page/service-page'
import { airFreightPage } from '../../../content/services/air-freight'

export const Route = createFileRoute('/_public/services/air-freight')({
  head: () => headOf(publicPages['/services/air-freight']),
  component: () => <ServicePageView page={airFreightPage} />,
})
