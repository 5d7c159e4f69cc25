/**
 * The browser's check of a file before it is uploaded: the same limits the server applies (size, and a type
 * it accepts), judged from what the browser knows before sending: the size and the name's extension. The
 * server decides by content (magic bytes), so a renamed file passes here and is refused there with the same
 * message.
 */
import { documentMessages, MAX_UPLOAD_BYTES } from './bookings'

/** The extensions of the types in `uploadTypes`. */
export const uploadExtensions = ['pdf', 'jpg', 'jpeg', 'png', 'xlsx', 'docx'] as const

/** What a file chooser may offer (the `accept` attribute). */
export const uploadAccept = uploadExtensions.map((ext) => `.${ext}`)

export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.')
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase()
}

/** The message refusing a file, or null when it may be sent. */
export function uploadProblem(file: { name: string; size: number }): string | null {
  if (file.size === 0) return documentMessages.empty
  if (file.size > MAX_UPLOAD_BYTES) return documentMessages.tooLarge
  if (!(uploadExtensions as readonly string[]).includes(extensionOf(file.name)))
    return documentMessages.badType
  return null
}
