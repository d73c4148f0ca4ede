// The target of an HTML refresh: `<meta http-equiv="refresh" content="0; url=…">` or a `Refresh` header, resolved.

import type {Meta} from './scan.js'

/**
 * The first `<meta http-equiv=refresh>` outside <noscript> (a no-JavaScript fallback, `/nojs`, is not where the page
 * sends a reader) or inside one whose target the page's scripts name too (a redirect stub's fallback, as
 * sphinx-reredirects writes it: `<noscript><meta … url=X></noscript><script>location.replace("X")</script>`), else the
 * `refresh` header; resolved against `<base href>` and the final URL. Only http(s) targets, and not the page itself
 * (a timed reload).
 */
export function findRefresh(
  metas: Meta[],
  header: string | undefined,
  url: string,
  baseHref: string | undefined,
  scripts = ''
): string | undefined {
  const candidates = [
    ...metas
      .filter((meta) => meta.httpEquiv === 'refresh' && (!meta.inNoscript || scriptsName(scripts, meta.content)))
      .map((meta) => meta.content),
    header
  ]
  const base = baseUrl(url, baseHref)
  for (const content of candidates) {
    if (content === undefined) continue
    const target = parseRefresh(content)
    if (target === undefined || base === undefined) continue
    let resolved: URL
    try {
      resolved = new URL(target, base)
    } catch {
      continue
    }
    if (resolved.protocol !== 'http:' && resolved.protocol !== 'https:') continue
    if (withoutHash(resolved.href) === withoutHash(url)) continue
    return resolved.href
  }
  return undefined
}

/**
 * Longest refresh delay that sends the reader on (`you will be redirected in 5 seconds`). A longer one is a page
 * that reloads itself after a while, a news front page often to the site's home: the page is read, not left.
 */
export const longestRefreshSeconds = 30

/**
 * The URL part of a refresh value, following the HTML "shared declarative refresh steps": a delay, `;` or `,`,
 * optional `url=`, the URL possibly in quotes. Undefined when there is no URL (a reload), the value is invalid, or
 * the delay is longer than `longestRefreshSeconds`.
 */
export function parseRefresh(content: string): string | undefined {
  let rest = content.trim()
  const delay = /^[0-9]*(?:\.[0-9.]*)?/.exec(rest)?.[0] ?? ''
  if (delay === '' || Number.parseFloat(delay) > longestRefreshSeconds) return undefined
  rest = rest.slice(delay.length)
  if (rest !== '' && !/^[\s;,]/.test(rest)) return undefined
  rest = rest.replace(/^\s*[;,]?\s*/, '')
  if (rest === '') return undefined
  const prefix = /^url\s*=\s*/i.exec(rest)
  if (prefix) rest = rest.slice(prefix[0].length)
  else if (/^url\s*$/i.test(rest)) return undefined
  const first = rest[0]
  if (first === '"' || first === "'") {
    const end = rest.indexOf(first, 1)
    rest = end === -1 ? rest.slice(1) : rest.slice(1, end)
  }
  const target = rest.trim()
  return target === '' ? undefined : target
}

/** Whether the scripts hold the refresh's target as a string: `"X"` or `'X'`. */
function scriptsName(scripts: string, content: string | undefined): boolean {
  const target = content === undefined ? undefined : parseRefresh(content)
  return target !== undefined && (scripts.includes(`"${target}"`) || scripts.includes(`'${target}'`))
}

function baseUrl(url: string, baseHref: string | undefined): string | undefined {
  try {
    const page = new URL(url)
    if (baseHref === undefined || baseHref.trim() === '') return page.href
    try {
      return new URL(baseHref.trim(), page).href
    } catch {
      return page.href
    }
  } catch {
    return undefined
  }
}

function withoutHash(href: string): string {
  const index = href.indexOf('#')
  return index === -1 ? href : href.slice(0, index)
}
