import { createFileRoute } from '@tanstack/react-router'
import { headOf, publicPages } from '../../app/pages'
import { HomePage } from '../../features/home/home-page'

export const Route = createFileRoute('/_public/home')({
  head: () => headOf(publicPages['/home']),
  component: HomePage,
})
