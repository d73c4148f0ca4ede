// github.com answers anonymous checkers with 429s and private repositories with 404s. With a token, a github.com
// citation that the page did not settle is asked of the REST API instead: repositories, issues and pull requests,
// files and folders.

import {parseUrl, percentDecode} from '../net/parse-url.js'
import type {GitHubSettings} from '../options.js'
import type {SourceReport} from '../types.js'
import type {InspectDeps} from './inspect.js'
import {askRegistry} from './registry.js'

/** First path segments that are GitHub's own pages, not owners (`/advisories/GHSA-…` is no repository). */
const reserved = new Set([
  'about', 'account', 'advisories', 'apps', 'codespaces', 'collections', 'contact', 'copilot', 'customer-stories',
  'dashboard', 'enterprise', 'enterprises', 'events', 'explore', 'features', 'issues', 'login', 'marketplace', 'new',
  'notifications', 'orgs', 'organizations', 'pricing', 'pulls', 'readme', 'resources', 'search', 'security',
  'settings', 'signup', 'site', 'solutions', 'sponsors', 'stars', 'team', 'topics', 'trending', 'users'
])

/** Most segments a branch or tag name is tried with (`release/2024/q1`). */
const longestRef = 3

/**
 * The API paths that say whether a github.com URL's object exists, most likely first; none for other URLs. A
 * `blob/<ref>/<path>` URL cannot tell where a ref with a slash (`release/1.0`) ends: one path per reading.
 */
export function apiPathsOf(url: string): string[] {
  const parsed = parseUrl(url)
  if (!parsed || !/^(?:www\.)?github\.com$/i.test(parsed.hostname)) return []
  const [owner, repo, kind, ...rest] = parsed.pathname.split('/').filter(Boolean).map(percentDecode)
  if (!owner || !repo || reserved.has(owner.toLowerCase())) return []
  const base = `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo.replace(/\.git$/, ''))}`
  if (kind === undefined) return [base]
  if ((kind === 'issues' || kind === 'pull') && /^\d+$/.test(rest[0] ?? '')) return [`${base}/issues/${rest[0]}`]
  if ((kind !== 'blob' && kind !== 'tree') || !rest[0]) return []
  // A file needs a path after its ref; a folder may be the ref's root.
  const most = Math.min(longestRef, kind === 'blob' ? rest.length - 1 : rest.length)
  return Array.from({length: Math.max(1, most)}, (_, index) => {
    const path = rest.slice(index + 1).map(encodeURIComponent).join('/')
    return `${base}/contents/${path}?ref=${encodeURIComponent(rest.slice(0, index + 1).join('/'))}`
  })
}

/**
 * Settles a github.com report the page left open (blocked, rate limited, a 404 that may be a private
 * repository) by the API's answer; any other report, or an API that does not answer 200 or 404, is kept.
 */
export async function settleByApi(report: SourceReport, url: string, github: GitHubSettings, deps: InspectDeps): Promise<SourceReport> {
  if (!github.token || !leftOpen(report, url)) return report
  const paths = apiPathsOf(url)
  // Dead only when no reading of the URL exists: `blob/release/1.0/a.md` is no `1.0/a.md` on a branch `release`.
  for (const path of paths) {
    const answer = await askRegistry(github.apiBase.replace(/\/+$/, '') + path, headers(github.token), deps)
    if (!answer.ok || (answer.status !== 200 && answer.status !== 404)) return report
    if (answer.status === 200) return {...report, liveness: 'alive', reason: `${byApi}${path.replace(/\?.*$/, '')} exists`}
  }
  return {...report, liveness: 'dead', reason: `${byApi}no ${paths[0]!.replace(/\?.*$/, '')}`}
}

/** How the reason of a report the API settled starts. */
const byApi = 'GitHub API: '

/**
 * Whether a report (a cached one) is what this run's token setting makes of `url`: with a token, a page left open
 * must have been settled by the API; without one, the API's answer is none this run would have had. A token added to
 * answer a private repository's 404 was otherwise met by that 404, cached for an hour.
 */
export function settledAlike(report: SourceReport, url: string, github: GitHubSettings): boolean {
  return report.reason.startsWith(byApi) ? Boolean(github.token) : !github.token || !leftOpen(report, url)
}

/** Whether the page left a github.com citation's report open (blocked, rate limited, a 404 that may be private). */
function leftOpen(report: SourceReport, url: string): boolean {
  return report.liveness !== 'alive' && report.liveness !== 'unsafe' && report.liveness !== 'malformed' && apiPathsOf(url).length > 0
}

function headers(token: string): Record<string, string> {
  return {authorization: `Bearer ${token}`, accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28'}
}
