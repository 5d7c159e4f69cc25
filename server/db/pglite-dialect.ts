import type { PGlite } from '@electric-sql/pglite'
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely'

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly client: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.client.query<R>(compiledQuery.sql, [...compiledQuery.parameters])
    return result.affectedRows === undefined
      ? { rows: result.rows }
      : { rows: result.rows, numAffectedRows: BigInt(result.affectedRows) }
  }

  // biome-ignore lint/correctness/useYield: PGlite cannot stream; the generator only satisfies the interface
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not support streaming queries')
  }
}

/**
 * PGlite has exactly one session. kysely-pglite hands that session to every caller at once, so a
 * transaction would swallow queries of concurrent requests; here connections are handed out one at a time.
 */
class PGliteDriver implements Driver {
  readonly #connection: PGliteConnection
  #queue: Promise<void> = Promise.resolve()
  #release: (() => void) | undefined

  constructor(private readonly client: PGlite) {
    this.#connection = new PGliteConnection(client)
  }

  async init(): Promise<void> {
    await this.client.waitReady
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue
    let release!: () => void
    this.#queue = new Promise((resolve) => {
      release = resolve
    })
    await previous
    this.#release = release
    return this.#connection
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'))
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'))
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'))
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release
    this.#release = undefined
    release?.()
  }

  async destroy(): Promise<void> {
    await this.#queue
    await this.client.close()
  }
}

export class PGliteDialect implements Dialect {
  constructor(private readonly client: PGlite) {}

  createAdapter() {
    return new PostgresAdapter()
  }

  createDriver(): Driver {
    return new PGliteDriver(this.client)
  }

  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db)
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler()
  }
}
