import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Kysely, Migrator, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPGlite } from '../../server/db/client'
import { migrateToLatest } from '../../server/db/migrate'
import { migrationProvider } from '../../server/db/migrations'
import type { Database } from '../../server/db/schema'
import { listCountries } from '../../server/locations/countries'
import { openTestDatabase, type TestDatabase } from './helpers'

let database: TestDatabase

beforeAll(async () => {
  database = await openTestDatabase()
}, 60_000)

afterAll(async () => {
  await database?.close()
})

/** Every migration, in the order applied. */
const migrationNames = [
  '0001_companies_countries',
  '0002_users_sessions_mail',
  '0003_activation_enquiries',
  '0004_outbox_delivery',
  '0005_locations_rates',
  '0006_customers_quotes_bookings',
  '0007_booking_lifecycle_tracking',
  '0009_documents',
  '0010_profile_notifications',
  '0011_change_notifications',
  '0012_quote_number_sequences',
  '0013_login_failures',
  '0014_session_releases',
  '0015_rate_schedules',
  '0016_parties',
  '0017_document_requests',
  '0018_staff',
  '0019_audit_trail',
  '0020_conversations',
  '0021_sales_desk',
  '0022_integration_keys',
  '0023_operations_desk',
  '0024_customer_accounts',
  '0025_company_teams',
  '0026_signing_keys',
  '0027_conversation_handled',
  '0028_finance',
  '0029_payments',
  '0030_emissions',
]

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
    expect(rows.map((row) => row.name)).toEqual(migrationNames)
  })

  it('keep a PGlite data directory across restarts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'eship-pglite-'))
    try {
      const first = await openPGlite(dir)
      expect((await migrateToLatest(first.db)).map((r) => r.migrationName)).toEqual(migrationNames)
      await first.close()
      const second = await openPGlite(dir)
      expect(await migrateToLatest(second.db)).toEqual([])
      expect(await listCountries(second.db)).toHaveLength(250)
      await second.close()
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }, 60_000)
})

describe('bytea on PGlite', () => {
  it('comes back byte for byte: every byte value, empty, and a chunk of documents', async () => {
    const handle = await openPGlite('memory://')
    try {
      const every = Uint8Array.from({ length: 256 }, (_, i) => i)
      const chunk = Uint8Array.from({ length: 256 * 1024 + 1 }, (_, i) => (i * 2654435761) >>> 24)
      for (const bytes of [every, new Uint8Array(0), chunk, chunk.subarray(7, 7 + 4099)]) {
        const { rows } = await sql<{ data: Uint8Array; length: number }>`
          select ${bytes}::bytea as data, length(${bytes}::bytea) as length`.execute(handle.db)
        expect(rows[0]?.length).toBe(bytes.byteLength)
        expect(Buffer.from(rows[0]?.data as Uint8Array).equals(Buffer.from(bytes))).toBe(true)
      }
    } finally {
      await handle.close()
    }
  }, 60_000)
})

/** Runs `body` on a fresh in-memory database migrated up to `version`, with the migrator to go on from there. */
async function fromMigration(
  version: string,
  body: (db: Kysely<Database>, migrator: Migrator) => Promise<void>,
): Promise<void> {
  const handle = await openPGlite('memory://')
  try {
    const migrator = new Migrator({ db: handle.db, provider: migrationProvider })
    expect((await migrator.migrateTo(version)).error).toBeUndefined()
    await body(handle.db, migrator)
  } finally {
    await handle.close()
  }
}

describe('migration 0006 (customers)', () => {
  it('gives every existing account a company of its own, and new ones continue the numbering', async () => {
    await fromMigration('0005_locations_rates', async (db, migrator) => {
      const sg = await db
        .selectFrom('countries')
        .select('mcou_rid')
        .where('mcou_code', '=', 'SG')
        .executeTakeFirstOrThrow()
      for (const [email, company] of [
        ['a@example.com', 'Alpha Pte Ltd'],
        ['b@example.com', 'Beta Pte Ltd'],
      ]) {
        await sql`insert into users (esus_name, esus_company_name, esus_regn_no, esus_email_id, password_hash,
          esus_mcou, code, esus_phone, esus_address1, esus_source, esus_mcpy)
          values ('N', ${company}, 'r1', ${email}, 'x', ${sg.mcou_rid}, '+65', '61234567', 'Some address 1', 'Others', 1)`.execute(
          db,
        )
      }
      expect((await migrator.migrateToLatest()).error).toBeUndefined()
      const users = await db
        .selectFrom('users')
        .innerJoin('customers', 'customers.id', 'users.customer_id')
        .select(['users.esus_email_id', 'customers.name', 'customers.regn_no'])
        .orderBy('users.id')
        .execute()
      expect(users).toEqual([
        { esus_email_id: 'a@example.com', name: 'Alpha Pte Ltd', regn_no: 'R1' },
        { esus_email_id: 'b@example.com', name: 'Beta Pte Ltd', regn_no: 'R1' },
      ])
      const next = await db
        .insertInto('customers')
        .values({ name: 'Gamma', regn_no: 'G', country_id: sg.mcou_rid, created_at: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow()
      expect(next.id).toBe(3)
    })
  }, 60_000)
})

describe('migration 0012 (quote numbers)', () => {
  it("continues each year's numbering from its counter, and starts a new year's at 1", async () => {
    await fromMigration('0011_change_notifications', async (db, migrator) => {
      await sql`insert into counters (name, year, value) values ('ESQ', 2026, 41), ('ESB', 2026, 7)`.execute(
        db,
      )
      expect((await migrator.migrateToLatest()).error).toBeUndefined()
      const next = async (year: number) =>
        Number((await sql<{ n: number }>`select next_quote_number(${year}) as n`.execute(db)).rows[0]?.n)
      expect([await next(2026), await next(2026), await next(2031), await next(2031)]).toEqual([42, 43, 1, 2])
      const counters = await db.selectFrom('counters').select(['name', 'value']).execute()
      expect(counters).toEqual([{ name: 'ESB', value: 7 }])
    })
  }, 60_000)

  it('gives simultaneous first quotes of a year distinct numbers, and none past 999999', async () => {
    const year = 2040
    const numbers = await Promise.all(
      Array.from({ length: 6 }, async () =>
        Number(
          (await sql<{ n: number }>`select next_quote_number(${year}) as n`.execute(database.db)).rows[0]?.n,
        ),
      ),
    )
    expect(numbers.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6])
    await sql`select setval('quote_numbers_2040', 999999)`.execute(database.db)
    await expect(sql`select next_quote_number(${year})`.execute(database.db)).rejects.toThrow(/maximum value/)
  })
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
