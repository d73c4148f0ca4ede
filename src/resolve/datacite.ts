// DataCite REST API `GET /dois/{doi}` (JSON:API): `{data: {id, type: 'dois', attributes: {doi, titles: [{title,
// titleType?}], publisher, publicationYear, dates, types: {resourceTypeGeneral}, container, state}}}`; an unknown DOI
// answers 404 with `{errors: [{status: '404', title}]}`. DataCite has no retraction feed: only a title prefix counts.

import {isObject, isoDate, list, readJson, text} from './fields.js'
import {parseDoi} from './identifiers.js'
import {missing, titleSignal, unparseable, withTitleSignal, type Parsed, type WorkMetadata} from './metadata.js'
import {plainTex} from './tex.js'
import {workType} from './work-type.js'

export function parseDataCite(body: string): Parsed<WorkMetadata> {
  const read = readJson(body)
  if ('outcome' in read) return read
  const {json} = read
  if (!isObject(json)) return unparseable('not a DataCite response')
  const error = list(json.errors)[0]
  if (error !== undefined) {
    return String(error.status) === '404' ? missing('DataCite has no such DOI') : unparseable(`DataCite error: ${text(error.title) ?? 'unknown'}`)
  }
  const data = json.data
  const attributes = isObject(data) ? data.attributes : undefined
  if (!isObject(data) || !isObject(attributes)) return unparseable('not a DataCite DOI record')
  // Draft DOIs are not registered with the resolver: nobody can follow them.
  if (attributes.state === 'draft') return missing('DataCite holds only a draft of this DOI')
  const identifier = parseDoi(String(attributes.doi ?? data.id ?? ''))
  if (identifier === undefined) return unparseable('a record without a valid DOI')

  const titles = list(attributes.titles)
  const main = text((titles.find((title) => title.titleType === undefined || title.titleType === null) ?? titles[0])?.title)
  const signal = main === undefined ? {title: undefined, notice: undefined} : titleSignal(main)
  // arXiv's DOIs carry its authors' TeX (`Schr\"odinger`): read as rendered, and as written too.
  const rendered = signal.title === undefined ? undefined : plainTex(signal.title)
  const title = rendered ?? signal.title
  const subtitle = text(titles.find((item) => item.titleType === 'Subtitle')?.title)
  const others = [
    ...(title !== undefined && subtitle !== undefined ? [`${title}: ${plainTex(subtitle) ?? subtitle}`] : []),
    ...(rendered === undefined ? [] : [signal.title]),
    ...titles.filter((item) => item.titleType === 'AlternativeTitle' || item.titleType === 'TranslatedTitle').map((item) => text(item.title))
  ].filter((other): other is string => other !== undefined && other !== title)

  const types = isObject(attributes.types) ? attributes.types : {}
  const container = isObject(attributes.container) ? text(attributes.container.title) : undefined
  // `publisher` is a string, or `{name, …}` when asked with `?publisher=true`.
  const publisher = isObject(attributes.publisher) ? text(attributes.publisher.name) : text(attributes.publisher)
  const issued = isoDate(list(attributes.dates).find((date) => date.dateType === 'Issued')?.date) ?? isoDate(text(attributes.publicationYear))
  return {
    identifier,
    title,
    ...(others.length > 0 ? {titles: [...new Set(others)]} : {}),
    type: workType(types.resourceTypeGeneral),
    ...(container === undefined ? {} : {container}),
    ...(publisher === undefined ? {} : {publisher}),
    ...(issued === undefined ? {} : {issued}),
    registry: 'datacite',
    notices: withTitleSignal([], signal.notice)
  }
}
