/**
 * The seeds of the bank statement operations for the API fuzz tests (api-fuzz.test.ts): a CSV statement sent
 * as multipart/form-data (the same each time: after the first, it adds nothing), and pools of open lines to
 * match and to ignore and of ignored lines to open again, written directly in the database (each valid request
 * takes one; once used up, the answer is a documented 404).
 */
import type { Body, Seed } from './api-fuzz-requests'
import type { Auth, BookingServer } from './booking-helpers'

const POOL = 60
const spent = String(2_147_483_647)

/** A multipart/form-data body of `fields` and a file, as a browser sends it. */
function multipart(fields: Record<string, string>, file: { name: string; text: string }): Body {
  const boundary = '----fuzz-bank-statement-7c1f'
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  )
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n${file.text}\r\n`,
  )
  return {
    kind: 'bytes',
    data: new TextEncoder().encode(`${parts.join('')}--${boundary}--\r\n`),
    contentType: `multipart/form-data; boundary=${boundary}`,
  }
}

export async function makeBankSeeds(
  server: BookingServer,
  customer: Auth,
): Promise<Record<string, () => Seed>> {
  const { customer_id: customerId } = await server.db
    .selectFrom('users')
    .select('customer_id')
    .where('esus_email_id', '=', customer.email)
    .executeTakeFirstOrThrow()
  const at = server.clock.now()
  const { id: statementId } = await server.db
    .insertInto('bank_statements')
    .values({
      account: 'FUZZ0001',
      format: 'csv',
      filename: 'fuzz.csv',
      lines_in_file: POOL * 3,
      lines_added: POOL * 3,
      uploaded_by: null,
      uploaded_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const pool = async (status: 'open' | 'ignored', from: number) =>
    (
      await server.db
        .insertInto('bank_statement_lines')
        .values(
          Array.from({ length: POOL }, (_, i) => ({
            statement_id: statementId,
            account: 'FUZZ0001',
            identity: `fuzz:${from + i}`,
            source: `line ${from + i + 2}`,
            booking_day: at.toISOString().slice(0, 10),
            amount: 1_000 + from + i,
            currency: 'SGD',
            unstructured: `Fuzz payment ${from + i}`,
            counterparty: 'Fuzz Payer',
            status,
            decided_at: status === 'ignored' ? at : null,
          })),
        )
        .returning('id')
        .execute()
    ).map((row) => String(row.id))
  const toMatch = await pool('open', 0)
  const toIgnore = await pool('open', POOL)
  const toReopen = await pool('ignored', POOL * 2)
  const json = (value: unknown): Body => ({ kind: 'json', value })
  const csv = 'date,amount,currency,reference,counterparty\n2025-06-01,12.34,SGD,INV-2025-000001,Fuzz Payer\n'

  return {
    uploadBankStatement: () => ({
      body: multipart({ account: 'FUZZ0002' }, { name: 'fuzz.csv', text: csv }),
    }),
    listBankLines: () => ({ query: { status: 'open', statementId: String(statementId), limit: '10' } }),
    matchBankLine: () => ({
      params: { id: toMatch.pop() ?? spent },
      body: json({ customerId, method: 'fast', allocations: [] }),
    }),
    ignoreBankLine: () => ({ params: { id: toIgnore.pop() ?? spent } }),
    reopenBankLine: () => ({ params: { id: toReopen.pop() ?? spent } }),
  }
}
