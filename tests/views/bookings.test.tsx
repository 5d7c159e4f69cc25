import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback } from 'xstate'
import { documentMessages } from '../../contract/bookings'
import type { UploadEntry } from '../../machines/booking-page.machine'
import { documentUploadMachine } from '../../machines/document-upload.machine'
import type { ApiClient } from '../../src/api/client'
import { dispositionName, uploadDocument } from '../../src/api/documents'
import { StatusSteps } from '../../src/features/bookings/booking-status'
import { Documents } from '../../src/features/bookings/documents'
import { filtersOf, searchOf } from '../../src/features/bookings/filters'
import { parseBookingsSearch } from '../../src/features/bookings/search'
import { documents } from '../fixtures/bookings'

afterEach(cleanup)

function uploadEntry(name: string, size = 20_000) {
  let report: (event: unknown) => void = () => {}
  const upload = fromCallback(({ sendBack }) => {
    report = sendBack as never
  })
  const ref = createActor(
    documentUploadMachine.provide({
      actors: { upload: upload as never },
      actions: { reportUploaded: () => {}, reportDismissed: () => {} },
    }),
    { input: { id: name, number: 'ESB-2026000001', kind: 'commercial_invoice', file: { name, size } } },
  ).start()
  return {
    entry: { id: name, kind: 'commercial_invoice', ref } as UploadEntry,
    report: (e: unknown) => report(e),
  }
}

const noop = () => {}

describe('the document checklist', () => {
  it('shows each item’s status, due date, overdue and rejected reasons, and the HBL download', () => {
    const onDownload = vi.fn()
    render(
      <Documents
        documents={documents}
        uploads={[]}
        hbl="ESHBL2026000001"
        closed={null}
        downloading={false}
        onChoose={noop}
        onDownload={onDownload}
        onDismiss={noop}
      />,
    )
    const items = screen.getAllByTestId('document-item')
    expect(items.map((item) => within(item).getAllByTestId('document-status')[0]?.textContent)).toEqual([
      'Required',
      'Rejected',
      'Optional',
      'Issued',
    ])
    expect(items[0]?.textContent).toContain('Due 17 Nov 2026')
    expect(within(items[0] as HTMLElement).getByText('Overdue')).toBeTruthy()
    // Each state said once: the badge says Required, the line under it does not say it again; a rejected
    // (required) item's line says it is required.
    expect(items[0]?.textContent?.match(/Required/g)).toHaveLength(1)
    expect(within(items[1] as HTMLElement).getByTestId('document-terms').textContent).toMatch(/^Required/)
    expect(items[2]?.textContent?.match(/Optional/g)).toHaveLength(1)
    expect(items[1]?.textContent).toContain('Rejected: The weights do not match the invoice.')
    expect(
      within(items[0] as HTMLElement).getByRole('button', { name: 'Upload commercial invoice' }),
    ).toBeTruthy()
    expect(within(items[3] as HTMLElement).queryByRole('button', { name: /^Upload/ })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Download packing list.pdf' }))
    expect(onDownload).toHaveBeenLastCalledWith('f1', 'packing list.pdf')
    fireEvent.click(screen.getByRole('button', { name: 'Download ESHBL2026000001' }))
    expect(onDownload).toHaveBeenLastCalledWith('hbl', 'ESHBL2026000001.pdf')
  })

  it('hands the chosen files of an item to the page', () => {
    const onChoose = vi.fn()
    const { container } = render(
      <Documents
        documents={documents}
        uploads={[]}
        hbl={null}
        closed={null}
        downloading={false}
        onChoose={onChoose}
        onDownload={noop}
        onDismiss={noop}
      />,
    )
    const input = container.querySelector(
      '[data-kind="commercial_invoice"] input[type="file"]',
    ) as HTMLInputElement
    expect(input.accept).toBe('.pdf,.jpg,.jpeg,.png,.xlsx,.docx')
    const files = [new File(['%PDF-1.4'], 'invoice.pdf', { type: 'application/pdf' })]
    fireEvent.change(input, { target: { files } })
    expect(onChoose).toHaveBeenCalledWith('commercial_invoice', files)
  })

  it('shows a real progress bar per upload, then Uploaded, or the refusal', () => {
    const first = uploadEntry('invoice.pdf')
    const second = uploadEntry('big.pdf', 12 * 1024 * 1024)
    const third = uploadEntry('setup.pdf')
    render(
      <Documents
        documents={documents}
        uploads={[first.entry, second.entry, third.entry]}
        hbl={null}
        closed={null}
        downloading={false}
        onChoose={noop}
        onDownload={noop}
        onDismiss={noop}
      />,
    )
    const bar = screen.getByRole('progressbar', { name: 'Uploading invoice.pdf' })
    expect(bar.getAttribute('aria-valuenow')).toBe('0')
    act(() => first.report({ type: 'upload.progress', loaded: 8_000, total: 20_000 }))
    expect(bar.getAttribute('aria-valuenow')).toBe('40')
    act(() => first.report({ type: 'upload.succeeded', file: documents[1]?.files[0] }))
    expect(screen.getByRole('status').textContent).toContain('invoice.pdf: Uploaded')
    expect(screen.getByText(`big.pdf: ${documentMessages.tooLarge}`)).toBeTruthy()
    act(() =>
      third.report({ type: 'upload.failed', error: { status: 415, message: documentMessages.badType } }),
    )
    expect(screen.getByText(`setup.pdf: ${documentMessages.badType}`)).toBeTruthy()
  })

  it('offers no upload once the booking takes no more documents, and says why', () => {
    render(
      <Documents
        documents={documents}
        uploads={[]}
        hbl={null}
        closed={documentMessages.bookingClosed}
        downloading={false}
        onChoose={noop}
        onDownload={noop}
        onDismiss={noop}
      />,
    )
    expect(screen.queryByRole('button', { name: /^Upload/ })).toBeNull()
    expect(screen.getByText(documentMessages.bookingClosed)).toBeTruthy()
  })
})

it('shows the booking’s progress with the present step current', () => {
  render(<StatusSteps status="Departed" />)
  const steps = screen.getAllByRole('listitem')
  expect(steps.map((s) => s.dataset.state)).toEqual(['done', 'done', 'done', 'current', 'next', 'next'])
  expect(steps[3]?.getAttribute('aria-current')).toBe('step')
})

it('keeps the filters in the address, dropping empty and unknown ones', () => {
  expect(parseBookingsSearch({ status: 'Departed', mode: 'AIR', q: 'ESHBL' })).toEqual({
    status: 'Departed',
    mode: 'AIR',
    q: 'ESHBL',
  })
  expect(filtersOf(parseBookingsSearch({ status: 'Lost', mode: 'TRUCK', q: 5, whose: 'theirs' }))).toEqual({
    status: '',
    mode: '',
    q: '',
    mine: false,
  })
  expect(searchOf({ status: '', mode: 'LCL', q: '', mine: false })).toEqual({ mode: 'LCL' })
  expect(filtersOf(parseBookingsSearch({ whose: 'mine' })).mine).toBe(true)
  expect(searchOf({ status: '', mode: '', q: '', mine: true })).toEqual({ whose: 'mine' })
})

describe('uploadDocument', () => {
  class FakeXhr {
    static last: FakeXhr
    headers: Record<string, string> = {}
    method = ''
    url = ''
    body: unknown
    status = 0
    responseText = ''
    upload: {
      onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null
    } = {
      onprogress: null,
    }
    onload: (() => void) | null = null
    onerror: (() => void) | null = null
    ontimeout: (() => void) | null = null
    onabort: (() => void) | null = null
    aborted = false
    constructor() {
      FakeXhr.last = this
    }
    open(method: string, url: string) {
      this.method = method
      this.url = url
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value
    }
    send(body: unknown) {
      this.body = body
    }
    abort() {
      this.aborted = true
      this.onabort?.()
    }
    answer(status: number, body: unknown) {
      this.status = status
      this.responseText = JSON.stringify(body)
      this.onload?.()
    }
  }

  const client = () => {
    const hooks = {
      token: () => 'tok-1',
      requestStarted: vi.fn(),
      requestFinished: vi.fn(),
      tokenReceived: vi.fn(),
      unauthenticated: vi.fn(),
    }
    return { api: Object.assign(vi.fn(), { hooks }) as unknown as ApiClient, hooks }
  }

  it('sends the raw file with its type, name and the token, reports progress and skips the loader', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    const { api, hooks } = client()
    const progress = vi.fn()
    const file = new File(['%PDF-1.4'], 'Invoice #1 é.pdf', { type: 'application/pdf' })
    const { done } = uploadDocument(api, {
      number: 'ESB-2026000001',
      kind: 'commercial_invoice',
      file,
      onProgress: progress,
    })
    const xhr = FakeXhr.last
    expect([xhr.method, xhr.url]).toEqual([
      'POST',
      '/api/bookings/ESB-2026000001/documents/commercial_invoice',
    ])
    expect(xhr.headers).toMatchObject({
      'Content-Type': 'application/pdf',
      'X-File-Name': encodeURIComponent('Invoice #1 é.pdf'),
      Authorization: 'Bearer tok-1',
      'X-Skip-Loader': 'true',
    })
    expect(xhr.body).toBe(file)
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 4, total: 8 })
    expect(progress).toHaveBeenCalledWith(4, 8)
    xhr.answer(201, { document: documents[1]?.files[0], token: 'tok-2' })
    await expect(done).resolves.toMatchObject({ id: 'f1' })
    expect(hooks.tokenReceived).toHaveBeenCalledWith('tok-2')
    expect(hooks.requestStarted).not.toHaveBeenCalled()
    vi.unstubAllGlobals()
  })

  it("rejects with the server's message, and a 401 'Unauthenticated.' starts the session-expired flow", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    const { api, hooks } = client()
    const file = new File(['x'], 'a.bin')
    const first = uploadDocument(api, {
      number: 'ESB-2026000001',
      kind: 'packing_list',
      file,
      onProgress: noop,
    })
    expect(FakeXhr.last.headers['Content-Type']).toBe('application/octet-stream')
    FakeXhr.last.answer(415, { message: documentMessages.badType })
    await expect(first.done).rejects.toEqual({ status: 415, message: documentMessages.badType })
    const second = uploadDocument(api, {
      number: 'ESB-2026000001',
      kind: 'packing_list',
      file,
      onProgress: noop,
    })
    FakeXhr.last.answer(401, { message: 'Unauthenticated.' })
    await expect(second.done).rejects.toMatchObject({ status: 401 })
    expect(hooks.unauthenticated).toHaveBeenCalledOnce()
    const third = uploadDocument(api, {
      number: 'ESB-2026000001',
      kind: 'packing_list',
      file,
      onProgress: noop,
    })
    third.abort()
    await expect(third.done).rejects.toEqual({ status: 0 })
    vi.unstubAllGlobals()
  })

  it('reads the file name a download is offered under', () => {
    expect(dispositionName(`attachment; filename="ESHBL2026000001.pdf"`)).toBe('ESHBL2026000001.pdf')
    expect(dispositionName(`attachment; filename="x.pdf"; filename*=UTF-8''Invoice%20%C3%A9.pdf`)).toBe(
      'Invoice é.pdf',
    )
    expect(dispositionName(null)).toBeNull()
  })
})
