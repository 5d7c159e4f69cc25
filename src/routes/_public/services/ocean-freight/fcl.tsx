import { createFileRoute } from '@tanstack/react-router'
import { headOf, publicPages } from '../../../../app/pages'
import { ServicePageView } from '../../../../components/page/service-page'
import { fclPage } from '../../../../content/services/fcl'

export const Route = createFileRoute('/_public/services/ocean-freight/fcl')({
  head: () => headOf(publicPages['/services/ocean-freight/fcl']),
  component: () => <ServicePageView page={fclPage} />,
})
