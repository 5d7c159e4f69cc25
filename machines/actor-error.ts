/** The error an invoked actor failed with: the params of the guard or action that handles its failure. */
export const actorError = ({ event }: { event: { error: unknown } }) => event.error
