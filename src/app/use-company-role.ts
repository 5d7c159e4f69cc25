import { useSelector } from '@xstate/react'
import type { CompanyRole } from '../../contract/team'
import { useApp } from './use-app'

/**
 * The signed-in user's role in their company (contract/team.ts): what the views offer. A user stored before
 * roles existed has none until the session's check refreshes it; the server decides every change anyway, so
 * such a user is shown what a Member is.
 */
export function useCompanyRole(): CompanyRole {
  const { session } = useApp()
  return useSelector(session, (s) => s.context.user?.company_role ?? 'member')
}
