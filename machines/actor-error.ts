import type { ApiFailure } from '../contract/wire'

/** The error an invoked actor failed with: the params of the guard or action that handles its failure. */
export const actorError = ({ event }: { event: { error: unknown } }) => event.error

/** An actor's failure read as the API's (its fields may be missing when the request never got an answer). */
export const failure = (error: unknown) => (error ?? {}) as Partial<ApiFailure>
