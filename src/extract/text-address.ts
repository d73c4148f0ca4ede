// Link text that is itself an address (`nature.com`, `https://…`): the page a reader expects the link to open.

import {parseUrl} from '../net/parse-url.js'
import {parse} from '../judge/public-suffix.js'
import type {TextAddress} from '../types.js'

/** `http(s)://` and a host, nothing else around it. */
const ABSOLUTE = /^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i
/** A host name of two labels or more, with or without a path: `nature.com`, `www.nature.com/articles/x`. */
const BARE = /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}[\p{L}\p{N}-]*(?:[/?#]\S*)?$/u
/** The generic top-level domains a site written bare is under; newer ones (`.inc`, `.name`, `.run`) are code's words too. */
const GENERIC = new Set(['com', 'org', 'net', 'edu', 'gov', 'mil', 'int', 'info', 'biz', 'dev', 'app'])
/**
 * Country codes that are also file extensions or identifiers' words: `README.md`, `setup.py`, `main.rs`, `install.sh`,
 * `Makefile.in`, `user.id` name files and fields, not sites. Under a second-level suffix (`gov.in`) or written with
 * `www.` or a scheme, they are addresses all the same.
 */
const FILE_EXTENSIONS = new Set(['md', 'py', 'rs', 'sh', 'pl', 'pm', 'so', 'tf', 'ps', 'ml', 'mm', 'cc', 'am', 'in', 'ac', 'mk', 'mo', 'id', 'gd', 'sc', 'nu'])

/**
 * Link text that is nothing but an address, and the absolute URL it spells: an `http(s)` URL, or a host name under a
 * public suffix (`nature.com`, `www.nature.com`, `bücher.de/x`), read as `https://`; undefined for anything else: a
 * sentence holding a domain, an email address, a file name (`README.md`), `Node.js`, a product (`ASP.NET`), and
 * text written as code (`` [`np.ma`](…) ``) unless it is a URL or starts with `www.`.
 */
export function textAddress(text: string | undefined, code = false): TextAddress | undefined {
  const written = text?.trim()
  if (!written) return undefined
  if (ABSOLUTE.test(written)) return parseUrl(written) ? {text: written, url: written} : undefined
  if (!BARE.test(written)) return undefined
  const host = written.split(/[/?#]/, 1)[0]!
  if (!/^www\./i.test(host) && (code || !bareSite(host))) return undefined
  const url = `https://${written}`
  return parseUrl(url) ? {text: written, url} : undefined
}

/**
 * A host written without `www.` or a scheme that names a site: under a generic suffix, a country's, or a second-level
 * one, written in lower case (`ASP.NET`, `Socket.IO` are products' names).
 */
function bareSite(host: string): boolean {
  const {isIcann, publicSuffix, domain} = parse(host.toLowerCase())
  if (!isIcann || domain === null || publicSuffix === null || !host.endsWith(`.${publicSuffix}`)) return false
  if (publicSuffix.includes('.') || GENERIC.has(publicSuffix)) return true
  return [...publicSuffix].length === 2 && !FILE_EXTENSIONS.has(publicSuffix)
}
