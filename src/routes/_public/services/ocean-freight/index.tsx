import { createFileRoute } from '@tanstack/react-router'
import { headOf, publicPages } from '../../../../app/pages'
import { ServicePageView } from '../../../../components/page/service-page'
import { oceanFreightPage } from '../../../../content/services/ocean-freight'

export const Route = createFileRoute('/_public/services/ocean-freight/')({
  head: () => headOf(publicPages['/services/ocean-freight']),
  component: () => <ServicePageView page={oceanFreightPage} />,
})
