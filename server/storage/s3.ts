import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import type { DocumentStorage } from './index'

export interface S3Settings {
  /** S3_BUCKET. */
  bucket: string
  /** S3_ENDPOINT: an S3-compatible service (MinIO, R2, ...); unset is AWS itself. Path-style URLs when set. */
  endpoint?: string | undefined
  /** S3_REGION; default us-east-1. */
  region?: string | undefined
  /** Credentials come from the SDK's usual chain (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, roles) unless given. */
  credentials?: S3ClientConfig['credentials']
}

/** Multipart uploads send parts of this size, one at a time: an upload holds about one part in memory. */
export const S3_PART_BYTES = 5 * 1024 * 1024

/**
 * Files in an S3-compatible bucket under `documents/<key>`. Uploads stream in parts (a single PUT when the
 * file is smaller than a part); downloads stream the object's body.
 */
export function s3Storage(settings: S3Settings): DocumentStorage {
  const client = new S3Client({
    region: settings.region ?? 'us-east-1',
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // S3-compatible services do not all accept the SDK's streamed (aws-chunked) checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const { bucket } = settings
  const objectKey = (key: string) => `documents/${key}`

  async function remove(key: string) {
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }))
  }

  return {
    kind: 's3',

    async put(key, body) {
      let size = 0
      // The body's own failure (a size limit, a dropped request) is what the caller needs to see, not the
      // multipart abort that follows it.
      let bodyError: unknown
      const reader = body.getReader()
      const counted = new ReadableStream<Uint8Array>({
        async pull(controller) {
          try {
            const { done, value } = await reader.read()
            if (done) return controller.close()
            size += value.byteLength
            controller.enqueue(value)
          } catch (error) {
            bodyError = error
            controller.error(error)
          }
        },
        cancel: (reason) => reader.cancel(reason),
      })
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: objectKey(key), Body: counted },
        partSize: S3_PART_BYTES,
        queueSize: 1,
        leavePartsOnError: false,
      })
      try {
        await upload.done()
        return size
      } catch (error) {
        await remove(key).catch(() => {})
        throw bodyError ?? error
      }
    },

    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }))
        return object.Body?.transformToWebStream() as ReadableStream<Uint8Array> | undefined
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined
        throw error
      }
    },

    delete: remove,
  }
}
