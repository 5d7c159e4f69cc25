import { createFileRoute } from '@tanstack/react-router'
import { headOf, userPages } from '../../app/pages'
import { ProfilePage } from '../../features/profile/profile-page'

const info = userPages['/user/profile']

export const Route = createFileRoute('/user/profile')({
  head: () => headOf(info),
  component: () => <ProfilePage info={info} />,
})
