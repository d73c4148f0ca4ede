// Title candidates in priority order (citation_title, Dublin Core, JSON-LD, og, twitter, <title>, <h1>) and the site name.

import type {PageFacts, TitleSource} from '../types.js'
import {resolve, texts, type JsonLd, type LdNode} from './json-ld.js'
import {maxTitleChars, metaContents, type Scan} from './scan.js'
import {collapse} from './text.js'

type Candidate = PageFacts['titles'][number]

/** JSON-LD types whose headline / name is the work's title, tried before the WebPage family. */
const articleTypes = new Set([
  'Article', 'ScholarlyArticle', 'MedicalScholarlyArticle', 'NewsArticle', 'AnalysisNewsArticle', 'BackgroundNewsArticle',
  'OpinionNewsArticle', 'ReportageNewsArticle', 'ReviewNewsArticle', 'BlogPosting', 'LiveBlogPosting', 'SocialMediaPosting',
  'DiscussionForumPosting', 'TechArticle', 'Report', 'SatiricalArticle'
])
const pageTypes = new Set(['WebPage', 'ItemPage', 'AboutPage', 'MedicalWebPage'])

const maxPerSource = 10

/**
 * Face markup in a title's text, as publishers' citation_title metas carry it escaped (`CO<sub>2</sub>`, `<i>E.
 * coli</i>`, MathML) and Crossref's titles do (see resolve/fields.ts): only these tags, since `List<T>` is text.
 */
const faceMarkup = /<\/?(?:i|b|em|strong|sub|sup|u|sc|scp|small|span|mml:[a-z]+)(?:\s[^<>]*)?>/gi

export function readTitles(scanned: Scan, jsonLd: JsonLd): Candidate[] {
  const out: Candidate[] = []
  const seen = new Set<string>()
  /** A title as written, then without its face markup: `CO2`, as the article's heading shows it and citations write it. */
  const add = (source: TitleSource, raw: string | undefined): void => {
    if (raw === undefined) return
    addText(source, raw)
    addText(source, raw.replace(faceMarkup, ''))
  }
  const addText = (source: TitleSource, raw: string): void => {
    const text = collapse(raw.length > maxTitleChars * 4 ? raw.slice(0, maxTitleChars * 4) : raw).slice(0, maxTitleChars).trimEnd()
    const key = `${source}\u0000${text}`
    if (text === '' || seen.has(key)) return
    if (out.filter((candidate) => candidate.source === source).length >= maxPerSource) return
    seen.add(key)
    out.push({source, text})
  }
  for (const text of metaContents(scanned.metas, ['citation_title'])) add('citation_title', text)
  for (const text of metaContents(scanned.metas, ['dc.title', 'dcterms.title', 'dc:title', 'dcterms:title'])) add('dc.title', text)
  for (const text of jsonLdTitles(jsonLd)) add('json-ld', text)
  for (const text of metaContents(scanned.metas, ['og:title'])) add('og:title', text)
  for (const text of metaContents(scanned.metas, ['twitter:title'])) add('twitter:title', text)
  add('title', scanned.title)
  add('h1', scanned.h1)
  return out
}

/** `headline` then `name` of each article-like node, then of each WebPage-like node, in document order. */
function jsonLdTitles(jsonLd: JsonLd): string[] {
  const out: string[] = []
  for (const family of [articleTypes, pageTypes]) {
    for (const node of jsonLd.nodes) {
      if (!node.types.some((type) => family.has(type))) continue
      out.push(...texts(node.data.headline), ...texts(node.data.name))
    }
  }
  return out
}

/** `og:site_name`; else the JSON-LD publisher of an article or page node (then of any node); else a WebSite node's name. */
export function readSiteName(scanned: Scan, jsonLd: JsonLd): string | undefined {
  for (const text of metaContents(scanned.metas, ['og:site_name'])) {
    const clean = collapse(text)
    if (clean !== '') return clean
  }
  const isWork = (node: LdNode): boolean => node.types.some((type) => articleTypes.has(type) || pageTypes.has(type))
  const ordered = [...jsonLd.nodes.filter(isWork), ...jsonLd.nodes.filter((node) => !isWork(node))]
  for (const node of ordered) {
    const name = publisherName(node.data.publisher, jsonLd)
    if (name !== undefined) return name
  }
  for (const node of jsonLd.nodes) {
    if (node.types.includes('WebSite')) {
      const name = texts(node.data.name)[0]
      if (name !== undefined) return name
    }
  }
  return undefined
}

function publisherName(value: unknown, jsonLd: JsonLd): string | undefined {
  for (const item of Array.isArray(value) ? value : [value]) {
    if (typeof item === 'string') {
      if (!/^(?:https?:)?\/\/|^#/.test(item.trim())) return texts(item)[0]
      continue
    }
    const target = resolve(item, jsonLd)
    if (target !== null && typeof target === 'object' && !Array.isArray(target)) {
      const name = texts((target as Record<string, unknown>).name)[0]
      if (name !== undefined) return name
    }
  }
  return undefined
}
