import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPGlite } from '../../server/db/client'
import { listCountries } from '../../server/db/countries'
import { migrateToLatest } from '../../server/db/migrate'
import { openTestDatabase, type TestDatabase } from './helpers'

let database: TestDatabase

beforeAll(async () => {
  database = await openTestDatabase()
}, 60_000)

afterAll(async () => {
  await database?.close()
})

describe('migrations', () => {
  it('apply nothing the second time and leave the data as it was', async () => {
    const before = await listCountries(database.db)
    expect(await database.migrate()).toEqual([])
    expect(await database.migrate()).toEqual([])
    expect(await listCountries(database.db)).toEqual(before)
  })

  it('record what they applied', async () => {
    const table = sql.id(database.schema, 'kysely_migration')
    const { rows } = await sql<{ name: string }>`select name from ${table} order by name`.execute(database.db)
    expect(rows.map((row) => row.name)).toEqual([
      '0001_companies_countries',
      '0002_users_sessions_mail',
      '0003_activation_enquiries',
      '0004_outbox_delivery',
      '0005_locations_rates',
    ])
  })

  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'keep a PGlite data directory across restarts',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'eship-pglite-'))
      try {
        const first = await openPGlite(dir)
        expect((await migrateToLatest(first.db)).map((r) => r.migrationName)).toEqual([
          '0001_companies_countries',
          '0002_users_sessions_mail',
          '0003_activation_enquiries',
          '0004_outbox_delivery',
          '0005_locations_rates',
        ])
        await first.close()
        const second = await openPGlite(dir)
        expect(await migrateToLatest(second.db)).toEqual([])
        expect(await listCountries(second.db)).toHaveLength(250)
        await second.close()
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    },
    60_000,
  )
})

describe('the database handle', () => {
  it('keeps an open transaction invisible to concurrent queries', async () => {
    let entered!: () => void
    const inside = new Promise<void>((resolve) => {
      entered = resolve
    })
    let finish!: () => void
    const hold = new Promise<void>((resolve) => {
      finish = resolve
    })
    const transaction = database.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('companies')
        .values({ id: 99, name: 'Temp', city: 'Nowhere', country_code: 'ZZ' })
        .execute()
      entered()
      await hold
      throw new Error('roll back')
    })
    await inside
    const outside = database.db.selectFrom('companies').select('id').orderBy('id').execute()
    await new Promise((resolve) => setTimeout(resolve, 50))
    finish()
    await expect(transaction).rejects.toThrow('roll back')
    expect((await outside).map((row) => row.id)).toEqual([1, 2, 3, 4])
  })
})
