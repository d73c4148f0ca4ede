// Which construct of the fresh parse a citation record was made from. A record whose place no longer fits
// (the text changed, or was fixed already) locates nothing, so running the fix twice changes nothing more.

import type {Definition, Link, LinkReference} from 'mdast'
import type {Span} from '../extract/bare-urls.js'
import {angled, spanHoldsUrl} from '../extract/url-range.js'
import type {Citation} from '../types.js'
import {holding, type Parsed} from './parse.js'

/** Where the URL's characters sit, which decides how a new URL is written there. */
export type Slot = 'destination' | 'angled' | 'autolink' | 'literal'

export type Target =
  | {form: 'link'; node: Link; span: Span; url: UrlAt | undefined}
  | {form: 'autolink'; span: Span; url: UrlAt}
  | {form: 'literal'; span: Span; url: UrlAt}
  | {form: 'definition'; node: Definition; span: Span; url: UrlAt | undefined; topLevel: boolean}
  | {form: 'reference'; node: LinkReference; span: Span}

export interface UrlAt {
  span: Span
  slot: Slot
}

export function locate(parsed: Parsed, citation: Citation): Target | undefined {
  const place = {start: citation.place.start.offset, end: citation.place.end.offset}
  switch (citation.kind) {
    case 'link':
      return inlineLink(parsed, citation, place)
    case 'autolink':
      return autolink(parsed, citation, place)
    case 'literal':
      return literal(parsed, citation, place)
    case 'definition':
      return definition(parsed, citation, place)
    case 'reference':
      return reference(parsed, citation, place)
    default:
      return undefined
  }
}

function inlineLink(parsed: Parsed, citation: Citation, place: Span): Target | undefined {
  const found = holding(parsed.links, place)
  if (!found || parsed.source.charAt(found.span.start) !== '[' || found.node.url !== citation.url) return undefined
  const {node, span} = found
  if (!citation.placeIsUrl) return same(span, place) ? {form: 'link', node, span, url: undefined} : undefined
  // The URL sits after the label, never inside it (`[https://a](https://a)`).
  const labelEnd = node.children.length > 0 ? (node.children.at(-1)?.position?.end.offset ?? span.end) : span.start
  if (place.start <= labelEnd || !spanHoldsUrl(parsed.source, place, citation.url)) return undefined
  return {form: 'link', node, span, url: {span: place, slot: angled(parsed.source, place) ? 'angled' : 'destination'}}
}

function autolink(parsed: Parsed, citation: Citation, place: Span): Target | undefined {
  const found = holding(parsed.links, place)
  if (!found || parsed.source.charAt(found.span.start) !== '<') return undefined
  // In a table cell the citation's URL has a pipe where the autolink has `\|` (see `inCell`).
  if (found.node.url !== citation.url && !spanHoldsUrl(parsed.source, place, citation.url)) return undefined
  if (found.span.start + 1 !== place.start || found.span.end - 1 !== place.end) return undefined
  return {form: 'autolink', span: found.span, url: {span: place, slot: 'autolink'}}
}

/** A GFM literal link, or a bare URL in text (when the checking parse had no GFM, or GFM did not link it). */
function literal(parsed: Parsed, citation: Citation, place: Span): Target | undefined {
  const link = holding(parsed.links, place)
  if (link) {
    const first = parsed.source.charAt(link.span.start)
    const fits = first !== '[' && first !== '<' && same(link.span, place) && link.node.url === citation.url
    return fits ? {form: 'literal', span: place, url: {span: place, slot: 'literal'}} : undefined
  }
  const text = holding(parsed.texts, place)
  if (!text || !spanHoldsUrl(parsed.source, place, citation.url)) return undefined
  return {form: 'literal', span: place, url: {span: place, slot: 'literal'}}
}

function definition(parsed: Parsed, citation: Citation, place: Span): Target | undefined {
  const found = holding(parsed.definitions, place)
  if (!found || found.node.url !== citation.url) return undefined
  const {node, span, topLevel} = found
  if (!citation.placeIsUrl) {
    return same(span, place) ? {form: 'definition', node, span, url: undefined, topLevel} : undefined
  }
  // The URL follows the label's `]:` (a label may itself read like the URL).
  const afterLabel = parsed.source.slice(span.start, place.start).includes(']:')
  if (!afterLabel || !spanHoldsUrl(parsed.source, place, citation.url)) return undefined
  const slot = angled(parsed.source, place) ? 'angled' : 'destination'
  return {form: 'definition', node, span, url: {span: place, slot}, topLevel}
}

function reference(parsed: Parsed, citation: Citation, place: Span): Target | undefined {
  const found = holding(parsed.references, place)
  if (!found || !same(found.span, place)) return undefined
  if (parsed.resolved.get(found.node.identifier)?.url !== citation.url) return undefined
  return {form: 'reference', node: found.node, span: found.span}
}

function same(a: Span, b: Span): boolean {
  return a.start === b.start && a.end === b.end
}
