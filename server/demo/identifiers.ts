/**
 * Identifiers as the trade writes them, with their check digits, for demo and bench data: ISO 6346 container
 * numbers and IMO ship numbers; and deterministic UUIDs, so a seed posted twice is the same events.
 */
import { createHash } from 'node:crypto'

/** ISO 6346: owner code (3 letters + U), 6-digit serial, check digit. `MSKU 123456 ?`. */
export function containerNumber(owner: string, serial: number): string {
  const base = `${owner.toUpperCase().slice(0, 3)}U${String(serial % 1_000_000).padStart(6, '0')}`
  // Letters count 10.. skipping multiples of 11 (A=10, B=12, ... K=21, L=23 ...).
  const letterValue = (ch: string) => {
    let value = 10
    for (let code = 65; code < ch.charCodeAt(0); code += 1) {
      value += 1
      if (value % 11 === 0) value += 1
    }
    return value
  }
  let sum = 0
  for (let i = 0; i < 10; i += 1) {
    const ch = base.charAt(i)
    const value = /\d/.test(ch) ? Number(ch) : letterValue(ch)
    sum += value * 2 ** i
  }
  return `${base}${(sum % 11) % 10}`
}

/** An IMO ship number: six digits and a check digit (digits weighted 7 to 2, the sum's last digit). */
export function imoNumber(six: number): string {
  const digits = String(six % 1_000_000).padStart(6, '0')
  let sum = 0
  for (let i = 0; i < 6; i += 1) sum += Number(digits.charAt(i)) * (7 - i)
  return `${digits}${sum % 10}`
}

/** A UUID (version 5 layout) that depends only on the text. */
export function stableUuid(text: string): string {
  const hex = createHash('sha1').update(text).digest('hex').slice(0, 32).split('')
  hex[12] = '5'
  hex[16] = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16)
  const h = hex.join('')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}
