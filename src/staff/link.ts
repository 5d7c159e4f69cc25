/**
 * The router's Link and navigate for the staff console, whose routes are its own (src/staff/router.tsx): the
 * registered router's types are the public site's and customer area's, which hold no /staff route.
 */
import { Link as RouterLink, useNavigate as useRouterNavigate } from '@tanstack/react-router'
import type { ComponentProps, JSX } from 'react'

type ConsoleLinkProps = Omit<ComponentProps<'a'>, 'href'> & {
  to: string
  params?: Record<string, string>
  search?: Record<string, string>
  activeOptions?: { exact?: boolean }
}

export const Link = RouterLink as unknown as (props: ConsoleLinkProps) => JSX.Element

export const useNavigate = useRouterNavigate as unknown as () => (options: {
  to: string
  replace?: boolean
  params?: Record<string, string>
}) => Promise<void>
