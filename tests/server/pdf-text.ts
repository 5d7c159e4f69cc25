/** What a generated PDF says, for tests that compare it with the screens' answers. */
import { inflateSync } from 'node:zlib'

/** The text a PDF draws: pdf-lib writes each line as a hex string shown with Tj in a deflated stream. */
export function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes).toString('latin1')
  const shown: string[] = []
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string
    try {
      content = inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1')
    } catch {
      content = match[1] ?? ''
    }
    for (const hex of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      shown.push(Buffer.from(hex[1] ?? '', 'hex').toString('latin1'))
    }
  }
  return shown.join('\n')
}
