// Parses JSON-LD blocks into a flat list of typed nodes (walking @graph, arrays and nested objects); invalid blocks are ignored.

import {parseHtml, textOf} from './dom.js'
import {collapse} from './text.js'

export type LdObject = Record<string, unknown>

export interface LdNode {
  /** `@type` values without a vocabulary prefix (`schema:Article`, `https://schema.org/Article` → `Article`). */
  types: string[]
  data: LdObject
  /** The property this node was reached through (`hasPart`, `publisher`, …), undefined at the top of a block or in @graph. */
  via: string | undefined
}

export interface JsonLd {
  nodes: LdNode[]
  /** Nodes by `@id`, to follow references such as `"publisher": {"@id": "#org"}`. */
  byId: Map<string, LdObject>
}

const maxNodes = 5000
const maxDepth = 32
const maxBlockChars = 1_000_000

export function parseJsonLd(blocks: string[]): JsonLd {
  const result: JsonLd = {nodes: [], byId: new Map()}
  for (const block of blocks) {
    if (block.length > maxBlockChars) continue
    const value = parseLenient(block)
    if (value !== undefined) collect(value, undefined, 0, result)
  }
  return result
}

/** JSON.parse after removing HTML comment / CDATA wrappers; once more with raw control characters blanked. */
function parseLenient(text: string): unknown {
  const cleaned = text
    .trim()
    .replace(/^(?:\/\/\s*)?<!\[CDATA\[|(?:\/\/\s*)?\]\]>$/g, '')
    .replace(/^<!--|-->$/g, '')
    .trim()
    // From a run's first `;` only: tried from each `;` of a long run inside the block, it read to the run's end each time.
    .replace(/(?<!;);+$/, '')
  if (cleaned === '') return undefined
  try {
    return JSON.parse(cleaned)
  } catch {
    try {
      return JSON.parse(cleaned.replace(/[\u0000-\u001F]+/g, ' '))
    } catch {
      return undefined
    }
  }
}

function collect(value: unknown, via: string | undefined, depth: number, result: JsonLd): void {
  if (depth > maxDepth || result.nodes.length >= maxNodes) return
  if (Array.isArray(value)) {
    for (const item of value) collect(item, via, depth + 1, result)
    return
  }
  if (value === null || typeof value !== 'object') return
  const data = value as LdObject
  const id = data['@id']
  if (typeof id === 'string' && !result.byId.has(id)) result.byId.set(id, data)
  result.nodes.push({types: typesOf(data), data, via})
  for (const [key, child] of Object.entries(data)) {
    if (key === '@context') continue
    collect(child, key === '@graph' ? via : key, depth + 1, result)
  }
}

function typesOf(data: LdObject): string[] {
  const raw = data['@type']
  const list = Array.isArray(raw) ? raw : [raw]
  return list.filter((type): type is string => typeof type === 'string').map((type) => type.replace(/^.*[/:#]/, '').trim())
}

/** String values of a property: a string, an array of strings, or `{"@value": "…"}`; markup and entities removed. */
export function texts(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value]
  const out: string[] = []
  for (const item of list) {
    let text: unknown = item
    if (item !== null && typeof item === 'object' && '@value' in item) text = (item as LdObject)['@value']
    if (typeof text !== 'string') continue
    const clean = collapse(/[&<]/.test(text) ? textOf(parseHtml(text)) : text)
    if (clean !== '') out.push(clean)
  }
  return out
}

/** Follow an `{"@id": …}` reference to the full node when the block defines it. */
export function resolve(value: unknown, jsonLd: JsonLd): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value
  const data = value as LdObject
  const id = data['@id']
  if (typeof id === 'string' && Object.keys(data).length === 1) return jsonLd.byId.get(id) ?? value
  return value
}
