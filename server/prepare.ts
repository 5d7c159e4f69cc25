/**
 * What a server does to its database at start-up (and `npm run migrate`): the schema, the reference data, the
 * demo. It lives beside the entry points, not in server/db/, which knows nothing of the areas it fills.
 */
import type { Kysely, MigrationResult } from 'kysely'
import { migrateToLatest } from './db/migrate'
import type { Database } from './db/schema'
import { withSetupLock } from './db/setup-lock'
import { ensureDemoCharges } from './demo/charges'
import { demoCustomer, ensureDemoCustomer, ensureDemoTeam } from './demo/customer'
import { ensureDemoShipments } from './demo/seed'
import { ensureDemoStaff } from './demo/staff'
import { ensureBookingEmissions } from './emissions/bookings'
import { ensureQuotedCharges } from './finance/charges'
import { ensureLocations, PlaceIndex } from './locations/locations'
import { ReferenceRates } from './rates/reference-rates'
import { ensureReferenceRates, ensureSeedRates } from './rates/seed'
import type { DocumentStorage } from './storage/index'
import { postgresStorage } from './storage/postgres'

export interface Prepared {
  applied: MigrationResult[]
  /** Ports and airports loaded from the data packages (only into an empty table). */
  locations: number
  /** Illustrative rate sheets made (demo data only). */
  seedLanes: number
  demo: Awaited<ReturnType<typeof ensureDemoCustomer>> | undefined
  /** The demo customer's shipments booked now (server/demo/shipments.ts). */
  demoShipments: number
  /** Demo staff members created or repaired now (server/demo/staff.ts). */
  demoStaff: number
}

async function seedDemoShipments(
  db: Kysely<Database>,
  today: Date,
  storage: DocumentStorage,
): Promise<number> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'customer_id'])
    .where('esus_email_id', '=', demoCustomer.email)
    .executeTakeFirst()
  if (!user) return 0
  return ensureDemoShipments(
    db,
    { places: new PlaceIndex(db), reference: new ReferenceRates(db), storage },
    { customerId: user.customer_id, userId: user.id },
    today,
  )
}

/**
 * Applies pending migrations, loads the ports and airports, exchange rates and services tariffs into a new
 * database, and with `demoSeed` makes
 * the demo customer with its shipments and the illustrative rate sheets (rolled forward when they run out), under the setup lock (db/setup-lock.ts):
 * when several server processes start at once on one database, the first applies the migrations and the
 * others wait, then find the schema current.
 */
export function prepareDatabase(
  db: Kysely<Database>,
  {
    demoSeed,
    today = new Date(),
    storage,
  }: {
    demoSeed: boolean
    today?: Date
    /** Where the demo's documents are stored: the server's own storage (PostgreSQL when not given). */
    storage?: DocumentStorage
  },
): Promise<Prepared> {
  return withSetupLock(db, async (conn) => {
    const applied = await migrateToLatest(conn)
    const locations = await ensureLocations(conn)
    await ensureReferenceRates(conn, today)
    const seedLanes = demoSeed ? await ensureSeedRates(conn, today) : 0
    const demo = demoSeed ? await ensureDemoCustomer(conn) : undefined
    // Its Member and Viewer, to sign in as each role (docs/teams.md).
    if (demoSeed) await ensureDemoTeam(conn)
    const demoShipments = demoSeed
      ? await seedDemoShipments(conn, today, storage ?? postgresStorage(conn))
      : 0
    const demoStaff = demoSeed ? await ensureDemoStaff(conn, today) : 0
    // Bookings made before emissions were counted (and the demo's) get their figure once (docs/emissions.md).
    await ensureBookingEmissions(conn, new PlaceIndex(conn), today)
    // Bookings confirmed before charges existed get their quoted charges once (server/finance/charges.ts).
    await ensureQuotedCharges(conn)
    // The demo customer's change request waiting for approval (server/demo/charges.ts).
    if (demoSeed) await ensureDemoCharges(conn, today)
    return { applied, locations, seedLanes, demo, demoShipments, demoStaff }
  })
}
