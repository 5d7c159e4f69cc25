import { createFileRoute, redirect } from '@tanstack/react-router'

/** Any unknown path goes to /home (spec section 2). */
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: '/home', replace: true })
  },
})
