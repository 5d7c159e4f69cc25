import { createFileRoute } from '@tanstack/react-router'
import { headOf, publicPages } from '../../app/pages'
import { PlannedPage } from '../../components/page/planned-page'

const info = publicPages['/login']

export const Route = createFileRoute('/_auth/login')({
  head: () => headOf(info),
  component: () => <PlannedPage info={info} />,
})
