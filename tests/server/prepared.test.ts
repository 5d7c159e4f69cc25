import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openPostgres } from '../../server/db/client'

// TEST_DATABASE_URL names a PostgreSQL server (CI: scripts/with-postgres.sh); PGlite has no statement cache.
const url = process.env.TEST_DATABASE_URL?.trim() || undefined
const schema = `prep_${randomBytes(6).toString('hex')}`
let handle: DatabaseHandle

describe.skipIf(!url)('named prepared statements on PostgreSQL', () => {
  beforeAll(async () => {
    handle = openPostgres(url as string, { searchPath: schema })
    await sql`create schema ${sql.id(schema)}`.execute(handle.db)
    // Several statements in one text, without parameters: the simple protocol, as migrations need.
    await sql`create table ${sql.id(schema, 'items')} (id int primary key, name text); insert into ${sql.id(schema, 'items')} values (1, 'one'), (2, 'two')`.execute(
      handle.db,
    )
  })

  afterAll(async () => {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(handle.db)
    await handle.close()
  })

  it('prepares a statement with parameters once per connection and runs it again by name', async () => {
    const { rows } = await handle.db.connection().execute(async (db) => {
      for (const id of [1, 2, 1]) await sql`select name from items where id = ${id}`.execute(db)
      return sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)
    })
    expect(rows.map((r) => r.statement)).toEqual(['select name from items where id = $1'])
  })

  it('answers the same as an unprepared connection', async () => {
    const plain = openPostgres(url as string, { searchPath: schema, prepare: false })
    try {
      const query = (db: DatabaseHandle['db'], id: number) =>
        sql<{ id: number; name: string }>`select * from items where id >= ${id} order by id`.execute(db)
      expect((await query(handle.db, 1)).rows).toEqual((await query(plain.db, 1)).rows)
      const { rows } = await sql<{
        n: number
      }>`select count(*)::int as n from pg_prepared_statements`.execute(plain.db)
      expect(rows[0]?.n).toBe(0)
    } finally {
      await plain.close()
    }
  })

  it('keeps the generic plan of a statement on the generic connections from its first run, not on the others', async () => {
    const plans = (db: DatabaseHandle['db']) =>
      db.connection().execute(async (conn) => {
        for (const id of [1, 2, 1]) await sql`select name from items where id >= ${id}`.execute(conn)
        const { rows } = await sql<{ generic_plans: number; custom_plans: number }>`
          select generic_plans::int, custom_plans::int from pg_prepared_statements
          where statement = 'select name from items where id >= $1'`.execute(conn)
        return rows[0]
      })
    // PostgreSQL's default plans the first five runs for their values.
    expect(await plans(handle.db)).toEqual({ generic_plans: 0, custom_plans: 3 })
    expect(await plans(handle.generic)).toEqual({ generic_plans: 3, custom_plans: 0 })
  })

  it('compiles no statement just in time, and reads through indexes on the generic connections', async () => {
    const settings = (db: DatabaseHandle['db']) =>
      sql<{ jit: string; enable_seqscan: string }>`
        select current_setting('jit') as jit, current_setting('enable_seqscan') as enable_seqscan`
        .execute(db)
        .then((r) => r.rows[0])
    expect(await settings(handle.db)).toEqual({ jit: 'off', enable_seqscan: 'on' })
    expect(await settings(handle.generic)).toEqual({ jit: 'off', enable_seqscan: 'off' })
  })

  it('prepares afresh a statement whose rows changed shape under a migration', async () => {
    await handle.db.connection().execute(async (db) => {
      const read = (id: number) =>
        sql<Record<string, unknown>>`select * from items where id = ${id}`.execute(db)
      expect((await read(1)).rows).toEqual([{ id: 1, name: 'one' }])
      await sql`alter table items add column note text default 'new'`.execute(db)
      expect((await read(1)).rows).toEqual([{ id: 1, name: 'one', note: 'new' }])
    })
  })
})
