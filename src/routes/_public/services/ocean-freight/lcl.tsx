import { createFileRoute } from '@tanstack/react-router'
import { headOf, publicPages } from '../../../../app/pages'
import { ServicePageView } from '../../../../components/page/service-page'
import { lclPage } from '../../../../content/services/lcl'

export const Route = createFileRoute('/_public/services/ocean-freight/lcl')({
  head: () => headOf(publicPages['/services/ocean-freight/lcl']),
  component: () => <ServicePageView page={lclPage} />,
})
