import { expect } from 'vitest'
import { documentMessages, MAX_UPLOAD_BYTES } from '../../../contract/bookings'
import { messages } from '../../../contract/messages'
import { documentUploadMachine } from '../../../machines/document-upload.machine'
import { type StateView, stateChecks } from '../model'

/** docs/bookings.md "Uploads": PDF, JPEG, PNG, XLSX or DOCX, not empty, at most 10 MB. */
const acceptable = (file: { name: string; size: number }) =>
  file.size > 0 && file.size <= MAX_UPLOAD_BYTES && /\.(pdf|jpe?g|png|xlsx|docx)$/i.test(file.name)

/** Why the browser refuses a file before sending it: the server's own words. */
const refusal = (file: { name: string; size: number }) =>
  file.size === 0
    ? documentMessages.empty
    : file.size > MAX_UPLOAD_BYTES
      ? documentMessages.tooLarge
      : documentMessages.badType

/** Dismissing the row tells the booking page, which removes it. */
const dismissed = ({ actions, event }: StateView) => {
  if (event.type === 'user.dismiss') expect(actions).toEqual(['reportDismissed'])
}

/** One file on its way to a booking's document item. */
export const documentUploadStates = stateChecks(documentUploadMachine, {
  // Only an acceptable file is sent; the bar moves up to 99 at most until the server has kept it.
  uploading: ({ context, before, snapshot }) => {
    expect(acceptable(context.file)).toBe(true)
    expect(snapshot.children.upload).toBeDefined()
    expect(context.progress).toBeGreaterThanOrEqual(before.context.progress)
    expect(context.progress).toBeLessThan(100)
    expect([context.message, context.uploaded]).toEqual([null, null])
  },
  // The server kept the file: 100%, the file it answered, and the booking page told (it reloads the list).
  uploaded: (view) => {
    const { context, event, actions, snapshot } = view
    if (event.type === 'upload.succeeded') {
      expect(context.uploaded).toEqual(event.file)
      expect(actions).toContain('reportUploaded')
    } else expect(event.type).toBe('user.dismiss')
    expect([context.progress, context.message, snapshot.children.upload]).toEqual([100, null, undefined])
    dismissed(view)
  },
  // Refused: by the browser before anything was sent, or by the server with its message (else the generic).
  refused: (view) => {
    const { context, event, snapshot } = view
    if (event.type === 'xstate.init') {
      expect(acceptable(context.file)).toBe(false)
      expect(context.message).toBe(refusal(context.file))
    } else if (event.type === 'upload.failed') {
      expect(context.message).toBe((event.error as { message?: string }).message ?? messages.generic)
    } else expect(event.type).toBe('user.dismiss')
    expect(context.message).toBeTruthy()
    expect([context.uploaded, snapshot.children.upload]).toEqual([null, undefined])
    dismissed(view)
  },
})
