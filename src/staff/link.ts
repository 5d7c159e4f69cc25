/**
 * The router's Link and navigate for the staff console, typed against the console's own route tree
 * (src/staff/routes.ts). The router's registered types are the public site's and customer area's, which hold
 * no /staff route, so each is given the console's router type: a renamed console route or a missing parameter
 * fails the type check.
 */
import {
  type AnyRouter,
  type LinkComponentProps,
  type NavigateFn,
  type NavigateOptions,
  Link as RouterLink,
  useNavigate as useRouterNavigate,
} from '@tanstack/react-router'
import { type ReactElement, useMemo } from 'react'
import type { StaffRouter } from './routes'

/** A link to a page of the console. */
export const Link: <const TTo extends string | undefined = undefined>(
  props: LinkComponentProps<'a', StaffRouter, string, TTo>,
) => ReactElement = RouterLink

/** Where the console sends the person: a page of its tree, with its parameters (it masks no address). */
export type StaffNavigateOptions<TTo extends string | undefined> = NavigateOptions<
  StaffRouter,
  string,
  TTo
> & {
  mask?: never
}

/**
 * The router's navigate, given options checked against the console's tree: the router's own type reads them
 * as any router's (its signature knows only the registered tree).
 */
export const staffNavigate =
  (navigate: NavigateFn) =>
  <const TTo extends string | undefined>(options: StaffNavigateOptions<TTo>) =>
    navigate<AnyRouter, string>(options)

/** The router's useNavigate for the console's pages. */
export function useNavigate() {
  const navigate = useRouterNavigate()
  return useMemo(() => staffNavigate(navigate), [navigate])
}
