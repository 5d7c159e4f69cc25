import { createFileRoute } from '@tanstack/react-router'
import { headOf, publicPages } from '../../../app/pages'
import { LandingPageView } from '../../../features/site/landing-page'

export const Route = createFileRoute('/_public/info/landing')({
  head: () => headOf(publicPages['/info/landing']),
  component: LandingPageView,
})
