// doi.org content negotiation with `Accept: application/vnd.citationstyles.csl+json`: one CSL-JSON item (Crossref
// adds its own keys). Some prefixes ignore the Accept header and serve their HTML landing page with a 200: that is
// unparseable, never a work.

import {readJson, isObject} from './fields.js'
import {readWork} from './crossref.js'
import {missing, unparseable, type Parsed, type WorkMetadata} from './metadata.js'

/** `contentType` is the response's `Content-Type`, when known. */
export function parseCslJson(body: string, contentType?: string): Parsed<WorkMetadata> {
  const media = contentType?.split(';')[0]?.trim().toLowerCase()
  if (media !== undefined && media !== '' && !/json$/.test(media)) return unparseable(`a \`${media}\` response, not CSL JSON`)
  const read = readJson(body)
  if ('outcome' in read) return read
  const {json} = read
  // Citation.js reads a bare `[]` as "no data"; an item may also come wrapped in an array.
  if (Array.isArray(json) && json.length === 0) return missing('content negotiation returned no item')
  const item: unknown = Array.isArray(json) ? json[0] : json
  if (!isObject(item)) return unparseable('not a CSL-JSON item')
  return readWork(item, 'csl')
}
