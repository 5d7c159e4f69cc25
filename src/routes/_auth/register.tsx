import { createFileRoute } from '@tanstack/react-router'
import { headOf, publicPages } from '../../app/pages'
import { PlannedPage } from '../../components/page/planned-page'

const info = publicPages['/register']

export const Route = createFileRoute('/_auth/register')({
  head: () => headOf(info),
  component: () => <PlannedPage info={info} />,
})
