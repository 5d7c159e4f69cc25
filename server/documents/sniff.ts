import { fileTypeFromBuffer } from 'file-type'

/** What may be uploaded, by the type its content shows (magic bytes), with the Content-Type it is served as. */
const allowed: Record<string, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  png: 'image/png',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
}

/** How many leading bytes are sniffed: enough for a ZIP's first entries ([Content_Types].xml, word/, xl/). */
export const SNIFF_BYTES = 64 * 1024

/**
 * The served Content-Type of an upload whose first bytes are `head`, or undefined when it is not a PDF,
 * JPEG, PNG, XLSX or DOCX (an executable renamed .pdf, a plain ZIP, text, ...). The name and the type the
 * browser guessed play no part.
 */
export async function sniffUpload(head: Uint8Array): Promise<string | undefined> {
  const found = await fileTypeFromBuffer(head)
  return found ? allowed[found.ext] : undefined
}
