// One walk over the document collecting its declarations: <meta> tags, <base>, JSON-LD blocks, <title>, first <h1>, password fields.

import {collapse} from './text.js'
import {attr, rawText, textOf, walk, type Doc} from './dom.js'

export interface Meta {
  /** `name`, lower-cased. */
  name: string | undefined
  /** `property`, lower-cased. */
  property: string | undefined
  /** `itemprop`, as written. */
  itemprop: string | undefined
  /** `http-equiv`, lower-cased. */
  httpEquiv: string | undefined
  content: string | undefined
  /** Inside <noscript>: only a browser without JavaScript would act on it. */
  inNoscript: boolean
}

export interface Scan {
  metas: Meta[]
  /** `<base href>` as written (first one). */
  baseHref: string | undefined
  /** Text of each `<script type="application/ld+json">`. */
  jsonLd: string[]
  /** First `<title>` outside SVG, whitespace collapsed. */
  title: string | undefined
  /** First `<h1>`, whitespace collapsed. */
  h1: string | undefined
  /** An `<input type=password>` somewhere on the page. */
  passwordField: boolean
  /** The text of the page's inline scripts, up to `maxScriptChars`: a redirect stub's is a line. */
  scripts: string
}

const maxMetas = 2000
const maxJsonLd = 200
/** A <title> or <h1> longer than this is an unclosed tag swallowing the page: keep the start only. */
export const maxTitleChars = 1000
/** Inline script text kept, in all. */
const maxScriptChars = 16 * 1024

export function scan(doc: Doc): Scan {
  const result: Scan = {metas: [], baseHref: undefined, jsonLd: [], title: undefined, h1: undefined, passwordField: false, scripts: ''}
  let noscript = 0
  walk(doc, {
    enter(element) {
      switch (element.name) {
        case 'svg':
        case 'math':
        case 'template':
          return 'skip'
        case 'noscript':
          noscript++
          return
        case 'meta':
          if (result.metas.length < maxMetas) {
            result.metas.push({
              name: attr(element, 'name')?.trim().toLowerCase(),
              property: attr(element, 'property')?.trim().toLowerCase(),
              itemprop: attr(element, 'itemprop')?.trim(),
              httpEquiv: attr(element, 'http-equiv')?.trim().toLowerCase(),
              content: attr(element, 'content'),
              inNoscript: noscript > 0
            })
          }
          return 'skip'
        case 'base':
          if (result.baseHref === undefined) result.baseHref = attr(element, 'href')
          return 'skip'
        case 'script': {
          const type = (attr(element, 'type') ?? '').split(';')[0]!.trim().toLowerCase()
          if (type === 'application/ld+json' && result.jsonLd.length < maxJsonLd) result.jsonLd.push(rawText(element))
          else if (result.scripts.length < maxScriptChars && attr(element, 'src') === undefined) {
            result.scripts += rawText(element).slice(0, maxScriptChars - result.scripts.length) + '\n'
          }
          return 'skip'
        }
        case 'style':
          return 'skip'
        case 'title':
          if (result.title === undefined) result.title = clip(rawText(element)) || undefined
          return 'skip'
        case 'h1':
          // A browser running scripts, as readers' do, shows no <noscript>: its 'enable JavaScript' heading is no page's.
          if (result.h1 === undefined && noscript === 0) result.h1 = clip(textOf(element, maxTitleChars * 2)) || undefined
          return 'skip'
        case 'input':
          if ((attr(element, 'type') ?? '').trim().toLowerCase() === 'password') result.passwordField = true
          return 'skip'
      }
    },
    exit(element) {
      if (element.name === 'noscript') noscript--
    }
  })
  return result
}

/** Contents of the metas whose `name` or `property` (lower-cased) is one of `keys`, in document order. */
export function metaContents(metas: Meta[], keys: readonly string[]): string[] {
  const out: string[] = []
  for (const meta of metas) {
    if (meta.content === undefined) continue
    if ((meta.name !== undefined && keys.includes(meta.name)) || (meta.property !== undefined && keys.includes(meta.property))) {
      out.push(meta.content)
    }
  }
  return out
}

function clip(text: string): string {
  return collapse(text.length > maxTitleChars * 4 ? text.slice(0, maxTitleChars * 4) : text).slice(0, maxTitleChars).trimEnd()
}
