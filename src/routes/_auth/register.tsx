import { createFileRoute } from '@tanstack/react-router'
import { headOf, publicPages } from '../../app/pages'
import { RegisterPage } from '../../features/register/register-page'

const info = publicPages['/register']

export const Route = createFileRoute('/_auth/register')({
  head: () => headOf(info),
  component: () => <RegisterPage info={info} />,
})
