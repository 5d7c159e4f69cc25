import { createFileRoute } from '@tanstack/react-router'
import { headOf, userPages } from '../../app/pages'
import { PlannedPage } from '../../components/page/planned-page'

const info = userPages['/user/getquote']

export const Route = createFileRoute('/user/getquote')({
  head: () => headOf(info),
  component: () => <PlannedPage info={info} />,
})
