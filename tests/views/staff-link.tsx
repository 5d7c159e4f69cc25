/**
 * The console's Link and useNavigate for view tests, without a router: a plain anchor to the route's path.
 * Use as `vi.mock('../../src/staff/link', () => import('./staff-link'))`.
 */
import type React from 'react'
import { vi } from 'vitest'

export function Link({
  children,
  to,
  params: _params,
  ...rest
}: {
  children: React.ReactNode
  to: string
  params?: unknown
}) {
  return (
    <a href={to} {...rest}>
      {children}
    </a>
  )
}

export const useNavigate = () => vi.fn()
