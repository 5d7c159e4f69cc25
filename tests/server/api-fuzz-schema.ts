/**
 * The OpenAPI document as the API fuzz tests (api-fuzz.test.ts) read it: its operations, fast-check
 * arbitraries of the values its schemas describe, and the judge of an answer against what it documents.
 */
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import fc from 'fast-check'
import type { ErrorBody } from '../../contract/wire'

export type Schema = Record<string, unknown>
export interface Parameter {
  name: string
  in: 'path' | 'query' | 'header'
  required?: boolean
  schema: Schema
}
export interface Operation {
  operationId: string
  parameters?: Parameter[]
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> }
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>
  security?: Record<string, unknown>[]
}
export interface Endpoint {
  path: string
  method: string
  operation: Operation
}
export interface OpenApiDocument {
  components?: { schemas?: Record<string, Schema> }
  paths: Record<string, Record<string, Operation>>
}

/** Every operation of the document, with its path and method. */
export function endpointsOf(document: OpenApiDocument): Endpoint[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  )
}

export function bodySchema(operation: Operation): Schema | undefined {
  return operation.requestBody?.content['application/json']?.schema
}

// ---- Arbitraries from the documented schemas ---------------------------------------------------------

/** `schemaAt` and `arbitraryFor` over the schemas of `document` (their `$ref`s resolved in it). */
export function schemaArbitraries(document: OpenApiDocument) {
  function resolve(schema: Schema): Schema {
    const ref = schema.$ref
    if (typeof ref !== 'string') return schema
    const name = ref.replace('#/components/schemas/', '')
    return resolve(document.components?.schemas?.[name] ?? {})
  }

  /** The schema of the value at `path` inside `schema`, when the document says. */
  function schemaAt(schema: Schema | undefined, path: (string | number)[]): Schema | undefined {
    let node = schema && resolve(schema)
    for (const key of path) {
      if (!node) return undefined
      const options = (node.oneOf ?? node.anyOf) as Schema[] | undefined
      if (options) node = options.map(resolve).find((option) => schemaAt(option, [key]) !== undefined)
      if (!node) return undefined
      if (typeof key === 'number') {
        const items = node.items as Schema | undefined
        node = items && resolve(items)
      } else {
        const properties = node.properties as Record<string, Schema> | undefined
        const property = properties?.[key]
        node = property && resolve(property)
      }
    }
    return node
  }

  function arbitraryFor(input: Schema, depth = 0): fc.Arbitrary<unknown> {
    const schema = resolve(input)
    if ('const' in schema) return fc.constant(schema.const)
    if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]))
    const options = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined
    if (options) return fc.oneof(...options.map((option) => arbitraryFor(option, depth + 1)))
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined]
    return fc.oneof(...types.map((type) => arbitraryOfType(schema, type, depth)))
  }

  function arbitraryOfType(schema: Schema, type: string | undefined, depth: number): fc.Arbitrary<unknown> {
    const num = (key: string) => (typeof schema[key] === 'number' ? (schema[key] as number) : undefined)
    switch (type) {
      case 'string':
        return stringArbitrary(schema)
      case 'integer': {
        const min = num('minimum') ?? (num('exclusiveMinimum') ?? -1_000_001) + 1
        const max = num('maximum') ?? (num('exclusiveMaximum') ?? 1_000_001) - 1
        return fc.integer({
          min: Math.max(min, Number.MIN_SAFE_INTEGER),
          max: Math.min(max, Number.MAX_SAFE_INTEGER),
        })
      }
      case 'number': {
        const min = num('minimum') ?? num('exclusiveMinimum') ?? -1e6
        const max = num('maximum') ?? num('exclusiveMaximum') ?? 1e6
        return fc.double({ min, max, noNaN: true, noDefaultInfinity: true })
      }
      case 'boolean':
        return fc.boolean()
      case 'null':
        return fc.constant(null)
      case 'array': {
        const items = (schema.items as Schema | undefined) ?? {}
        const minLength = num('minItems') ?? 0
        return fc.array(depth > 6 ? fc.constant(null) : arbitraryFor(items, depth + 1), {
          minLength,
          maxLength: Math.max(minLength, Math.min(num('maxItems') ?? 3, 3)),
        })
      }
      case 'object': {
        const properties = (schema.properties as Record<string, Schema> | undefined) ?? {}
        const required = (schema.required as string[] | undefined) ?? []
        if (Object.keys(properties).length === 0) {
          return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 })
        }
        const model = Object.fromEntries(
          Object.entries(properties).map(([key, value]) => [
            key,
            depth > 6 ? fc.constant(null) : arbitraryFor(value, depth + 1),
          ]),
        )
        return fc.record(model, { requiredKeys: required })
      }
      default:
        return fc.jsonValue({ maxDepth: 2 })
    }
  }

  return { schemaAt, arbitraryFor }
}

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0
  const maxLength = typeof schema.maxLength === 'number' ? Math.min(schema.maxLength, 60) : 30
  if (typeof schema.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(schema.pattern))
    } catch {
      // A pattern fast-check cannot generate from: plain strings.
    }
  }
  switch (schema.format) {
    case 'uuid':
      return fc.uuid()
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString())
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10))
    case 'email':
      return fc.emailAddress()
  }
  return fc.string({ minLength, maxLength: Math.max(minLength, maxLength) })
}

// ---- Judging answers ---------------------------------------------------------------------------------

/** The first chunk of a streamed body (what an event stream sends at once), the stream then cancelled. */
async function firstChunk(res: Response): Promise<string> {
  const reader = res.body?.getReader()
  if (!reader) return ''
  const { value } = await reader.read()
  await reader.cancel()
  return new TextDecoder().decode(value)
}

/** An ajv (JSON Schema 2020-12) holding the whole document as `openapi.json`, and the judge of answers. */
export function answerJudge(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true })
  addFormats(ajv)
  ajv.addFormat('binary', true)
  ajv.addSchema({ ...document, $id: 'openapi.json' } as never)

  /** What is wrong with an answer, by the document; empty when nothing is. */
  async function problemsOf(endpoint: Endpoint, res: Response): Promise<string[]> {
    const problems: string[] = []
    const mediaType = (res.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? ''
    // An event stream (GET /api/events) stays open: judged by its first chunk, then cancelled.
    const text = mediaType === 'text/event-stream' ? await firstChunk(res) : await res.text()
    if (res.status >= 500) problems.push(`answered ${res.status}: ${text.slice(0, 300)}`)
    const documented = endpoint.operation.responses[String(res.status)]
    if (!documented) problems.push(`status ${res.status} is not documented: ${text.slice(0, 300)}`)
    let body: unknown
    if (mediaType === 'application/json') {
      try {
        body = JSON.parse(text)
      } catch {
        problems.push(`not JSON: ${text.slice(0, 200)}`)
      }
    }
    if (res.status >= 400 && typeof (body as ErrorBody | undefined)?.message !== 'string') {
      problems.push(`a ${res.status} without a JSON message: ${text.slice(0, 200)}`)
    }
    const content = documented?.content
    if (documented && content && text !== '') {
      const media = content[mediaType]
      if (!media) problems.push(`media type ${mediaType} of ${res.status} is not documented`)
      else if (mediaType === 'application/json' && media.schema && body !== undefined) {
        const pointer = [
          'paths',
          endpoint.path,
          endpoint.method,
          'responses',
          String(res.status),
          'content',
          mediaType,
          'schema',
        ]
          .map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1'))
          .join('/')
        const validate = ajv.getSchema(`openapi.json#/${pointer}`)
        if (!validate) problems.push(`no validator for ${pointer}`)
        else if (!validate(body)) {
          problems.push(
            `the ${res.status} body does not match its schema: ${ajv.errorsText(validate.errors)}; ${text.slice(0, 300)}`,
          )
        }
      }
    }
    return problems
  }

  return { ajv, problemsOf }
}
