import { createFileRoute } from '@tanstack/react-router'
import { headOf, publicPages } from '../../../app/pages'
import { ServicePageView } from '../../../components/page/service-page'
import { cargoInsurancePage } from '../../../content/services/cargo-insurance'

export const Route = createFileRoute('/_public/services/cargo-insurance')({
  head: () => headOf(publicPages['/services/cargo-insurance']),
  component: () => <ServicePageView page={cargoInsurancePage} />,
})
