import { createFileRoute } from '@tanstack/react-router'
import { headOf, publicPages } from '../../../app/pages'
import { ServicesIndex } from '../../../features/site/services-index'

export const Route = createFileRoute('/_public/services/')({
  head: () => headOf(publicPages['/services']),
  component: ServicesIndex,
})
