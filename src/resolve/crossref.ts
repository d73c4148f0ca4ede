// Crossref REST API `GET /works/{doi}`: `{status: 'ok', message-type: 'work', message: {…}}`. Notices come from the
// work's own `updated-by` (publisher deposits and Retraction Watch entries), never from `update-to`, which a notice
// carries to point at the work it updates.

import {isObject, list, readJson, text, texts, dateFromParts, type Json} from './fields.js'
import {parseDoi} from './identifiers.js'
import {
  missing,
  noticeKind,
  titleSignal,
  unparseable,
  withTitleSignal,
  type Notice,
  type Parsed,
  type Registry,
  type WorkMetadata
} from './metadata.js'
import {plainTex} from './tex.js'
import {workType} from './work-type.js'

export function parseCrossrefWork(body: string): Parsed<WorkMetadata> {
  // A 404 answers in plain text. It means "not a Crossref work": the DOI may belong to DataCite or another agency.
  if (/^\s*Resource not found\.?\s*$/i.test(body)) return missing('Crossref has no work with this DOI')
  const read = readJson(body)
  if ('outcome' in read) return read
  const {json} = read
  if (!isObject(json) || json.status !== 'ok' || json['message-type'] !== 'work' || !isObject(json.message)) {
    return unparseable('not a Crossref work response')
  }
  return readWork(json.message, 'crossref')
}

/**
 * A Crossref work record, or a CSL-JSON item (doi.org content negotiation): the same field names, except that CSL
 * gives single strings where Crossref gives arrays, and CSL type names.
 */
export function readWork(record: Json, registry: Registry): Parsed<WorkMetadata> {
  const identifier = typeof record.DOI === 'string' ? parseDoi(record.DOI) : undefined
  if (identifier === undefined) return unparseable('a record without a valid DOI')
  const registered = text(record.title)
  // A notice's own title often repeats the original's with a `Retracted:` prefix; only an original's prefix counts.
  const isNotice = list(record['update-to']).length > 0
  const signal = registered === undefined || isNotice ? {title: registered, notice: undefined} : titleSignal(registered)
  // Springer deposits TeX (`Search for $$ {\Lambda}_b^0 $$ decays`): read as rendered, and as written too.
  const rendered = signal.title === undefined ? undefined : plainTex(signal.title)
  const title = rendered ?? signal.title
  const subtitle = text(record.subtitle)
  const others = [
    ...(title !== undefined && subtitle !== undefined ? [`${title}: ${plainTex(subtitle) ?? subtitle}`] : []),
    ...(rendered === undefined ? [] : [signal.title!]),
    ...texts(record['short-title']),
    ...texts(record['original-title'])
  ]
  const titles = [...new Set(others)].filter((other) => other !== title)
  const container = text(record['container-title'])
  const publisher = text(record.publisher)
  const issued = dateFromParts(record.issued) ?? dateFromParts(record['published-print']) ?? dateFromParts(record['published-online'])
  const publishedAs = publishedVersion(record.relation)
  return {
    identifier,
    title,
    ...(titles.length > 0 ? {titles} : {}),
    type: workType(record.type, record.subtype),
    ...(container === undefined ? {} : {container}),
    ...(publisher === undefined ? {} : {publisher}),
    ...(issued === undefined ? {} : {issued}),
    registry,
    notices: withTitleSignal(updatedBy(record['updated-by']), signal.notice),
    ...(publishedAs === undefined ? {} : {publishedAs})
  }
}

/** `relation: {'is-preprint-of': [{id: '10.…', 'id-type': 'doi', 'asserted-by': 'subject'}]}`: the published version. */
function publishedVersion(relation: unknown): string | undefined {
  const version = isObject(relation) ? list(relation['is-preprint-of']).find((item) => item['id-type'] === 'doi') : undefined
  return typeof version?.id === 'string' ? parseDoi(version.id)?.doi : undefined
}

/** `updated-by: [{type, DOI, updated: {date-parts}, source, label, record-id?}]`: the notices about this work. */
function updatedBy(value: unknown): Notice[] {
  const notices: Notice[] = []
  for (const entry of list(value)) {
    const kind = typeof entry.type === 'string' ? noticeKind(entry.type) : undefined
    if (kind === undefined) continue
    const doi = typeof entry.DOI === 'string' ? parseDoi(entry.DOI) : undefined
    const date = dateFromParts(entry.updated)
    const source = text(entry.source)
    const label = text(entry.label)
    notices.push({
      kind,
      ...(doi === undefined ? {} : {doi: doi.doi}),
      ...(date === undefined ? {} : {date}),
      ...(source === undefined ? {} : {source}),
      ...(label === undefined ? {} : {label})
    })
  }
  return notices
}
