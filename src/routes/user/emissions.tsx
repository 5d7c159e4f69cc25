import { createFileRoute } from '@tanstack/react-router'
import { headOf, userPages } from '../../app/pages'
import { EmissionsPage } from '../../features/emissions/emissions-page'

const info = userPages['/user/emissions']

/** /user/emissions: the company's emissions report of a period; every role reads it. */
export const Route = createFileRoute('/user/emissions')({
  head: () => headOf(info),
  component: () => <EmissionsPage info={info} />,
})
