// Reads one HTTP response into PageFacts: decode, parse when HTML, then titles, anchors, passages and the wall signals.

import type {PageFacts} from '../types.js'
import {readAnchors} from './anchors.js'
import {botWallScanChars, detectBotWall} from './bot-wall.js'
import {isHtml, isTextual, mediaType} from './content-type.js'
import {decodeBody} from './decode.js'
import {parseHtml} from './dom.js'
import {parseJsonLd, type JsonLd} from './json-ld.js'
import {detectNotFound} from './not-found.js'
import {detectPaywall} from './paywall.js'
import {readPassages} from './passages.js'
import {findRefresh} from './refresh.js'
import {metaContents, scan, type Scan} from './scan.js'
import {readSiteName, readTitles} from './titles.js'

export type {BotWallVendor} from './bot-wall.js'

/** One HTTP response, as the fetcher hands it over. */
export interface ResponseView {
  /** Final URL. */
  url: string
  status: number
  /** Lower-case header names. */
  headers: Record<string, string>
  body: Buffer
  /** True when the body was cut at the size cap. */
  truncated: boolean
}

const emptyScan: Scan = {metas: [], baseHref: undefined, jsonLd: [], title: undefined, h1: undefined, passwordField: false, scripts: ''}
const emptyJsonLd: JsonLd = {nodes: [], byId: new Map()}

/**
 * What the page says about itself. Pure and total: never throws, whatever the bytes. Only text/html and
 * application/xhtml+xml bodies (or untyped bodies that sniff as HTML) are parsed; other types get empty lists, but
 * header- and status-based signals (bot wall, 401/402, not-found URL) still apply.
 */
export function readPage(response: ResponseView): PageFacts {
  const headers = lowerCaseNames(response.headers)
  const contentType = headers['content-type']?.trim() || undefined
  try {
    return read(response, headers, contentType)
  } catch {
    // Defence in depth: the readers are written not to throw; if one does, keep what the headers say.
    const botWall = safe(() => detectBotWall({status: response.status, headers, head: '', url: response.url}))
    return {...emptyPageFacts(contentType, response.truncated), botWall}
  }
}

function read(response: ResponseView, headers: Record<string, string>, contentType: string | undefined): PageFacts {
  const body = Buffer.isBuffer(response.body) ? response.body : Buffer.from(response.body ?? [])
  const html = isHtml(contentType, body)
  let head = ''
  let scanned = emptyScan
  let jsonLd = emptyJsonLd
  const facts = emptyPageFacts(contentType, response.truncated)
  if (html) {
    const {text} = decodeBody(body, contentType, {html: true})
    head = text.slice(0, botWallScanChars)
    const doc = parseHtml(text)
    scanned = scan(doc)
    jsonLd = parseJsonLd(scanned.jsonLd)
    facts.titles = readTitles(scanned, jsonLd)
    facts.siteName = readSiteName(scanned, jsonLd)
    facts.anchors = readAnchors(doc)
    facts.passages = readPassages(doc)
    facts.refresh = findRefresh(scanned.metas, headers.refresh, response.url, scanned.baseHref, scanned.scripts)
  } else {
    if (isTextual(mediaType(contentType))) head = decodeBody(body, contentType, {limit: botWallScanChars * 4}).text.slice(0, botWallScanChars)
    facts.refresh = findRefresh([], headers.refresh, response.url, undefined)
  }
  facts.botWall = detectBotWall({status: response.status, headers, head, url: response.url})
  facts.paywall = detectPaywall({
    status: response.status,
    headers,
    url: response.url,
    jsonLd,
    metas: scanned.metas,
    title: scanned.title,
    h1: scanned.h1,
    passwordField: scanned.passwordField,
    passages: facts.passages
  })
  if (scanned.passwordField) facts.passwordField = true
  if (/\bnoindex\b|\bnone\b/i.test([headers['x-robots-tag'] ?? '', ...metaContents(scanned.metas, ['robots'])].join(' '))) facts.noindex = true
  facts.notFound = detectNotFound({url: response.url, title: scanned.title, h1: scanned.h1, passages: facts.passages})
  return facts
}

/** Facts of a page with nothing read from it yet. */
export function emptyPageFacts(contentType: string | undefined, truncated: boolean): PageFacts {
  return {
    titles: [],
    anchors: [],
    siteName: undefined,
    botWall: undefined,
    paywall: undefined,
    notFound: undefined,
    refresh: undefined,
    passages: [],
    contentType,
    truncated: truncated === true
  }
}

function lowerCaseNames(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (typeof value === 'string') out[name.toLowerCase()] = value
    else if (Array.isArray(value)) out[name.toLowerCase()] = (value as unknown[]).join(', ')
  }
  return out
}

function safe<T>(run: () => T): T | undefined {
  try {
    return run()
  } catch {
    return undefined
  }
}
