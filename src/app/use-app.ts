import { useRouter } from '@tanstack/react-router'
import type { AppActors } from './actors'

/** The long-lived actors and API client, from the router's context. */
export function useApp(): AppActors {
  return useRouter().options.context as AppActors
}
