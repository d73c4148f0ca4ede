// Cookie-consent interstitials: pages a site redirects readers to before its own (consent.youtube.com, guce.yahoo.com).

import {parseUrl} from '../net/parse-url.js'

/**
 * The consent page's host when `url` is one: a host named `consent.` (Google's, for YouTube, Maps, Search), or a
 * `/consent` page that carries the address to return to (`?done=https://…`). A page about consent reached by a
 * redirect (`/consent` → `/guidance/consent/`) carries no such address.
 */
export function consentPage(url: string): string | undefined {
  const parsed = parseUrl(url)
  if (!parsed) return undefined
  if (/^consent\./i.test(parsed.hostname)) return parsed.hostname
  const consentPath = parsed.pathname.split('/').some((segment) => segment.toLowerCase() === 'consent')
  const returns = [...parsed.searchParams.values()].some((value) => /^https?:\/\//i.test(value))
  return consentPath && returns ? parsed.hostname : undefined
}
