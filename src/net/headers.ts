// Request headers: an honest User-Agent naming this package, and browser-like Accept headers.

import {cjs} from '../cjs.js'

const HOMEPAGE = 'https://github.com/remarkjs/remark-lint-citations'

function readVersion(): string {
  try {
    // Self-reference through the package's own `exports` (works from src/, dist/ and node_modules).
    const pkg = cjs<unknown>('remark-lint-citations/package.json')
    const version = (pkg as {version?: unknown}).version
    return typeof version === 'string' ? version : '0.0.0'
  } catch {
    return '0.0.0'
  }
}

export const VERSION = readVersion()

export const USER_AGENT = `remark-lint-citations/${VERSION} (+${HOMEPAGE})`

/** A fresh copy of the default request headers (`Accept-Encoding` lists only what fetchHop decodes). */
export function defaultHeaders(): Record<string, string> {
  return {
    'user-agent': USER_AGENT,
    accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    'accept-language': 'en;q=0.9, *;q=0.5',
    'accept-encoding': 'gzip, deflate, br',
  }
}
