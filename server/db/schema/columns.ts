import type { ColumnType } from 'kysely'

/** Column types the tables of server/db/schema/ share. */

/** A timestamptz column: a Date when read; written as a Date. */
export type Timestamp = ColumnType<Date, Date, Date>

/** A timestamptz column the database fills in unless told. */
export type CreatedAt = ColumnType<Date, Date | undefined, Date>

/** A timestamptz column that may be empty and is empty unless told. */
export type MaybeTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>

/** A JSON column: read as T, written as its JSON text. */
export type Json<T> = ColumnType<T, string, string>

/** A `date` column: an ISO `YYYY-MM-DD` string both ways (server/db/client.ts sets the parsers). */
export type DateColumn = string
