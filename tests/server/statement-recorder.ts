/** The SQL a request runs, for the tests that compare the work done for two answers (the *-sameness tests). */
import type { Kysely, KyselyPlugin } from 'kysely'
import type { Database } from '../../server/db/schema'

/** Records the SQL text of every statement run through the returned database, in order. */
export function recording(db: Kysely<Database>) {
  const statements: string[] = []
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      statements.push(db.getExecutor().compileQuery(node, queryId).sql)
      return node
    },
    transformResult: async ({ result }) => result,
  }
  return { db: db.withPlugin(plugin), statements }
}
