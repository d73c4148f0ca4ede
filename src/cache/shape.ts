// Whether a stored value has the shape of a SourceReport, down to each field a judge reads. Pure.
//
// A value that passes is used as it is, by code that trusts its types: a title that is not text, a found paper
// without its identifier or a content type that is a number (a hand-edited entry, a writer of another build)
// otherwise stopped the whole run with a TypeError.

import type {Liveness, SourceReport} from '../types.js'

type Check = (value: unknown) => boolean
type Fields = Record<string, Check>

const string: Check = (value) => typeof value === 'string'
const number: Check = (value) => typeof value === 'number'
const boolean: Check = (value) => typeof value === 'boolean'
const optional = (check: Check): Check => (value) => value === undefined || check(value)
const listOf = (check: Check): Check => (value) => Array.isArray(value) && value.every(check)
const oneOf = (...values: string[]): Check => (value) => values.includes(value as string)
const record = (fields: Fields): Check => (value) => isRecord(value) && Object.entries(fields).every(([name, check]) => check(value[name]))

const identifierFields: Record<string, Fields> = {
  doi: {doi: string, display: string},
  arxiv: {id: string, version: optional(number)},
  pmid: {pmid: string},
  pmcid: {pmcid: string}
}
const identifier: Check = (value) => isRecord(value) && Object.hasOwn(identifierFields, value.kind as string) && record(identifierFields[value.kind as string]!)(value)

const notice = record({kind: string, doi: optional(string), pmid: optional(string), date: optional(string), source: optional(string), label: optional(string), about: optional(string)})

const metadata = record({
  identifier,
  title: optional(string),
  titles: optional(listOf(string)),
  type: string,
  container: optional(string),
  publisher: optional(string),
  issued: optional(string),
  registry: string,
  notices: listOf(notice),
  doi: optional(string),
  pmid: optional(string)
})

const work = record({identifier, outcome: oneOf('found', 'missing', 'unverified'), registry: string, metadata: optional(metadata), reason: optional(string)})

const page = record({
  titles: listOf(record({source: string, text: string})),
  anchors: listOf(string),
  siteName: optional(string),
  botWall: optional(string),
  paywall: optional(string),
  passwordField: optional(boolean),
  notFound: optional(record({reason: string, certain: boolean})),
  noindex: optional(boolean),
  refresh: optional(string),
  passages: listOf(string),
  contentType: optional(string),
  truncated: boolean,
  partial: optional(boolean),
  cutShort: optional(boolean)
})

const hop = record({url: string, status: number, location: optional(string), fragment: optional(string), address: optional(string)})

const livenesses: Liveness[] = [
  'alive',
  'dead',
  'unsafe',
  'malformed',
  'timeout',
  'blocked',
  'paywalled',
  'forbidden',
  'server-error',
  'too-many-redirects',
  'unexpected-status',
  'network-error',
  'unverified',
  'error'
]

const report = record({
  url: string,
  finalUrl: string,
  hops: listOf(hop),
  status: optional(number),
  liveness: oneOf(...livenesses),
  reason: string,
  errorCode: optional(string),
  permanentRedirect: boolean,
  page: optional(page),
  elapsedMs: number,
  checkedAt: string,
  work: optional(work)
})

export function isReport(value: unknown): value is SourceReport {
  return report(value)
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
