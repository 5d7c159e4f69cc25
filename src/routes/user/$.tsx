import { createFileRoute } from '@tanstack/react-router'
import { headOf } from '../../app/pages'
import { UserNotFound, userNotFound } from '../../components/layout/user-not-found'

/**
 * An unknown address in the customer area: its not-found page inside the customer's shell (any other unknown
 * path still goes to /home, spec section 2).
 */
export const Route = createFileRoute('/user/$')({
  head: () => headOf(userNotFound),
  component: UserNotFound,
})
