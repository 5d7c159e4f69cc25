/**
 * What the e-invoice export (ubl.ts) writes XML with: a small element tree rendered with every text and
 * attribute escaped, amounts from integer minor units without floating point, and a document's stable UUID.
 */
import { createHash } from 'node:crypto'

/** An element: its qualified name, attributes, and text or child elements (undefined children are left out). */
export interface XmlElement {
  name: string
  attrs?: Record<string, string>
  content: string | (XmlElement | undefined | null | false)[]
}

/** `<name attrs>text</name>` or `<name attrs>children</name>`. */
export const el = (
  name: string,
  content: XmlElement['content'] | number,
  attrs?: Record<string, string>,
): XmlElement => ({
  name,
  content: typeof content === 'number' ? String(content) : content,
  ...(attrs ? { attrs } : {}),
})

/**
 * Text as XML character data or an attribute value: the five markup characters escaped, and characters XML 1.0
 * forbids (C0 controls other than tab, line feed and carriage return, lone surrogates, U+FFFE, U+FFFF) dropped.
 */
export function escapeXml(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const forbidden = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g
  return text
    .replace(forbidden, '')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

/** The element and its children, indented two spaces a level. */
export function renderXml(element: XmlElement, depth = 0): string {
  const pad = '  '.repeat(depth)
  const attrs = Object.entries(element.attrs ?? {})
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('')
  if (typeof element.content === 'string') {
    return `${pad}<${element.name}${attrs}>${escapeXml(element.content)}</${element.name}>`
  }
  const children = element.content.filter((child): child is XmlElement => Boolean(child))
  if (children.length === 0) return `${pad}<${element.name}${attrs}/>`
  return [
    `${pad}<${element.name}${attrs}>`,
    ...children.map((child) => renderXml(child, depth + 1)),
    `${pad}</${element.name}>`,
  ].join('\n')
}

/** Minor units (2 decimals) as a decimal: 123456 → "1234.56", -5 → "-0.05"; exact, no floating point. */
export function decimalText(minor: number): string {
  if (!Number.isSafeInteger(minor))
    throw new Error(`An amount must be an integer of minor units, got ${minor}.`)
  const digits = String(Math.abs(minor)).padStart(3, '0')
  return `${minor < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`
}

/** Basis points as a percentage: 900 → "9", 825 → "8.25". */
export function percentText(bps: number): string {
  const whole = Math.trunc(bps / 100)
  const rest = String(bps % 100)
    .padStart(2, '0')
    .replace(/0+$/, '')
  return rest ? `${whole}.${rest}` : String(whole)
}

/** RFC 4122's URL namespace, under which a document's name-based UUID is made. */
const NAMESPACE = '6ba7b811-9dad-11d1-80b4-00c04fd430c8'

/**
 * A name-based UUID (version 5, SHA-1) of `name`: the same name always gives the same UUID, so every export
 * of one document carries one identifier (PINT-SG's IBT-SG-003, which IRAS uses to tell documents apart).
 */
export function uuidV5(name: string): string {
  const hash = createHash('sha1')
    .update(Buffer.from(NAMESPACE.replace(/-/g, ''), 'hex'))
    .update(name, 'utf8')
    .digest()
  const bytes = hash.subarray(0, 16)
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
