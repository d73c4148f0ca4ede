// PubMed E-utilities `esummary.fcgi?db=pubmed&id=<pmid>&retmode=json`: `{result: {uids: [..], <pmid>: {title, pubtype,
// fulljournalname, sortpubdate, articleids, references}}}`. A PMID that does not exist still answers HTTP 200, with
// `result[pmid].error` (or a top-level `error` / `esummaryresult`): decide on those keys, never on the status.
// PubMed Central's summaries (`db=pmc`, the PMC id's number) come in the same envelope, without notices.

import {isObject, list, readJson, text, texts, type Json} from './fields.js'
import {findDoi, parseDoi, parsePmid} from './identifiers.js'
import {
  missing,
  titleSignal,
  unparseable,
  withTitleSignal,
  type Missing,
  type Notice,
  type NoticeKind,
  type Parsed,
  type Unparseable,
  type WorkMetadata
} from './metadata.js'

/** `pmid` picks the record when several were asked at once; by default the first uid. */
export function parsePubmedSummary(body: string, pmid?: string): Parsed<WorkMetadata> {
  const summary = summaryRecord(body, pmid, 'PubMed')
  if ('outcome' in summary) return summary
  const {record, uid} = summary
  const pubtypes = texts(record.pubtype)
  // A notice's title names the work it retracts; only an original's prefix is a signal.
  const isNotice = pubtypes.some((type) => noticeTypes.has(type))
  const registered = pubmedTitle(text(record.title))
  const signal = registered === undefined || isNotice ? {title: registered, notice: undefined} : titleSignal(registered)
  // An article in another language is titled in English (`[Vitamin D and bone].`); its own title is cited too.
  const vernacular = pubmedTitle(text(record.vernaculartitle))
  const doi = articleDoi(record)
  const container = text(record.fulljournalname) ?? text(record.source)
  const issued = pubmedDate(text(record.sortpubdate)) ?? pubmedDate(text(record.pubdate))
  const notices = [...retracted(pubtypes), ...linked(record.references)]
  return {
    identifier: {kind: 'pmid', pmid: uid},
    title: signal.title,
    ...(vernacular === undefined || vernacular === signal.title ? {} : {titles: [vernacular]}),
    type: record.doctype === 'book' ? 'book' : record.doctype === 'chapter' ? 'chapter' : pubtypes.includes('Preprint') ? 'preprint' : 'journal-article',
    ...(container === undefined ? {} : {container}),
    ...(issued === undefined ? {} : {issued}),
    registry: 'pubmed',
    notices: withTitleSignal(notices, signal.notice),
    ...(doi === undefined ? {} : {doi: doi.doi})
  }
}

/**
 * A PubMed Central article: its title, journal and date, and the PubMed id and DOI of the same article, which lead
 * to the notices PMC's summary lacks. `pmcid` is the number alone.
 */
export function parsePmcSummary(body: string, pmcid: string): Parsed<WorkMetadata> {
  const summary = summaryRecord(body, pmcid, 'PMC')
  if ('outcome' in summary) return summary
  const {record, uid} = summary
  const registered = pubmedTitle(text(record.title))
  const signal = registered === undefined ? {title: undefined, notice: undefined} : titleSignal(registered)
  const pmid = parsePmid(text(list(record.articleids).find((id) => id.idtype === 'pmid' || id.idtype === 'pubmed')?.value))?.pmid
  const doi = articleDoi(record)
  const container = text(record.fulljournalname) ?? text(record.source)
  const issued = pubmedDate(text(record.pubdate)) ?? pubmedDate(text(record.epubdate))
  return {
    identifier: {kind: 'pmcid', pmcid: uid},
    title: signal.title,
    type: 'journal-article',
    ...(container === undefined ? {} : {container}),
    ...(issued === undefined ? {} : {issued}),
    registry: 'pmc',
    notices: withTitleSignal([], signal.notice),
    ...(doi === undefined ? {} : {doi: doi.doi}),
    ...(pmid === undefined ? {} : {pmid})
  }
}

/** The record for `uid` (by default the first listed) from an E-utilities summary, or why there is none. */
function summaryRecord(body: string, uid: string | undefined, database: 'PubMed' | 'PMC'): {record: Json; uid: string} | Missing | Unparseable {
  const read = readJson(body)
  if ('outcome' in read) return read
  const {json} = read
  if (!isObject(json)) return unparseable('not an E-utilities summary')
  if (typeof json.error === 'string') {
    // Over the rate limit NCBI answers `{"error": "API rate limit exceeded", …}`: no news about the id.
    return /rate limit/i.test(json.error) ? unparseable(`E-utilities: ${json.error}`) : missing(`${database}: ${json.error}`)
  }
  if (json.esummaryresult !== undefined) return missing(`${database}: ${text(json.esummaryresult) ?? 'no summary'}`)
  const result = json.result
  if (!isObject(result)) return unparseable('not an E-utilities summary')
  const uids = texts(result.uids)
  const chosen = uid ?? uids[0]
  if (chosen === undefined) return missing(`${database} returned no record`)
  const record = result[chosen]
  if (!isObject(record)) return uids.includes(chosen) ? unparseable(`no summary for listed uid ${chosen}`) : missing(`${database} has no record ${chosen}`)
  if (record.error !== undefined) return missing(`${database}: ${text(record.error) ?? 'no record'}`)
  return {record, uid: chosen}
}

function articleDoi(record: Json) {
  return parseDoi(text(list(record.articleids).find((id) => id.idtype === 'doi')?.value) ?? '')
}

/** Publication types that mark the notice itself, not the work it is about. */
const noticeTypes = new Set(['Retraction of Publication', 'Published Erratum', 'Expression of Concern'])

function retracted(pubtypes: string[]): Notice[] {
  return pubtypes.includes('Retracted Publication') ? [{kind: 'retraction', source: 'pubmed', label: 'Retracted Publication'}] : []
}

/** esummary's rendering of MEDLINE CommentsCorrections (`RetractionIn`, `ErratumIn`, …). */
const referenceKinds: Array<[RegExp, NoticeKind]> = [
  [/^retraction in$/i, 'retraction'],
  [/^retracted and republished in$/i, 'retraction'],
  [/^partial retraction in$/i, 'partial-retraction'],
  [/^expression of concern in$/i, 'expression-of-concern'],
  [/^(?:erratum|corrected and republished) in$/i, 'correction']
]

/** `references: [{refsource: "Lancet. 2010 Feb 6;375(9713):445", reftype: "Retraction in", pmid}]`. */
function linked(value: unknown): Notice[] {
  const notices: Notice[] = []
  for (const reference of list(value)) {
    const type = text(reference.reftype) ?? ''
    const kind = referenceKinds.find(([pattern]) => pattern.test(type))?.[1]
    if (kind === undefined) continue
    const source = text(reference.refsource) ?? ''
    const doi = findDoi(source)
    const date = pubmedDate(source.replace(/^[^.]*\.\s*/, ''))
    const pmid = text(reference.pmid)
    notices.push({
      kind,
      ...(doi === undefined ? {} : {doi: doi.doi}),
      ...(pmid === undefined ? {} : {pmid}),
      ...(date === undefined ? {} : {date}),
      source: 'pubmed',
      label: type
    })
  }
  return notices
}

/** PubMed titles end with a period, and a translated title sits in brackets: `[Title in English].` */
function pubmedTitle(title: string | undefined): string | undefined {
  if (title === undefined) return undefined
  const bare = title.replace(/\.$/, '').replace(/^\[(.*)\]$/, '$1').trim()
  return bare === '' ? undefined : bare
}

const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

/** `2004/10/28 00:00` (sortpubdate), `2020 Feb 20`, `2020 Feb`, `2019 Winter` (pubdate) → `YYYY[-MM[-DD]]`. */
function pubmedDate(value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  const sortable = /^(\d{4})\/(\d{2})\/(\d{2})/.exec(value)
  if (sortable !== null) return `${sortable[1]}-${sortable[2]}-${sortable[3]}`
  const match = /^(\d{4})(?:\s+([a-z]{3})[a-z]*(?:\s+(\d{1,2})\b)?)?/i.exec(value.trim())
  if (match === null) return undefined
  const month = match[2] === undefined ? -1 : months.indexOf(match[2].toLowerCase())
  if (month === -1) return match[1]
  const day = match[3] === undefined ? '' : `-${match[3].padStart(2, '0')}`
  return `${match[1]}-${String(month + 1).padStart(2, '0')}${day}`
}
