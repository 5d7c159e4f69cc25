/**
 * Named prepared statements for node-postgres, chosen by the statement's text: each statement with
 * parameters is parsed and planned once per connection, then only bound and run (PostgreSQL keeps its plan).
 * Kysely sends the same text for the same query shape, so the hot paths (the session look-up, the sheets, a
 * booking and its events, the dashboard) stop paying PostgreSQL's parse and plan on every request.
 *
 * - Only statements with parameters are named: those without go by the simple protocol, which allows several
 *   statements in one text (migrations).
 * - A statement prepared before a migration changed the shape of its rows fails with "cached plan must not
 *   change result type"; it is prepared afresh under a new name and run again, once.
 */
import { createHash } from 'node:crypto'
import type pg from 'pg'

/** Each statement text's digest, the name's stem (the text is the key as it is, not copied into another). */
const digests = new Map<string, string>()
const MAX_NAMES = 5_000

function statementName(text: string, generation: number): string {
  let digest = digests.get(text)
  if (!digest) {
    digest = createHash('sha1').update(text).digest('base64url').slice(0, 22)
    if (digests.size >= MAX_NAMES) digests.clear()
    digests.set(text, digest)
  }
  return `s${generation}_${digest}`
}

const isStalePlan = (error: unknown) =>
  (error as { code?: string }).code === '0A000' &&
  String((error as Error).message).includes('cached plan must not change result type')

/** Makes `client` run its statements with parameters as named prepared statements. */
export function prepareByText(client: pg.PoolClient | pg.Client): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  let generation = 0
  const prepared = async (text: string, values: unknown[]) => {
    try {
      return await (query({ name: statementName(text, generation), text, values }) as Promise<pg.QueryResult>)
    } catch (error) {
      if (!isStalePlan(error)) throw error
      generation += 1
      return (await query({ name: statementName(text, generation), text, values })) as pg.QueryResult
    }
  }
  client.query = ((...args: unknown[]) => {
    const [text, values, callback] = args
    if (typeof text === 'string' && Array.isArray(values) && values.length > 0 && callback === undefined) {
      return prepared(text, values)
    }
    return query(...args)
  }) as typeof client.query
}
