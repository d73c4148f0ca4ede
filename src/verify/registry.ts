// Asking a registry (doi.org, Crossref, DataCite, arXiv, E-utilities, the Wayback Machine): one GET whose redirects
// are followed by hand, the URL policy checked on every hop, through the same scheduler, retries and transport
// (offline fixtures included) as the pages. The answer is raw: reading it is src/resolve's job.

import {NetError} from '../net/errors.js'
import {checkHop} from '../net/policy.js'
import {statusLine} from '../net/status-line.js'
import {classifyError} from './classify.js'
import {notRecordedReason, NotRecordedError} from './fixtures.js'
import {attempt, type InspectDeps} from './inspect.js'

/** A registry's answer, or why there is none. */
export type Answer =
  | {
      ok: true
      status: number
      statusText: string
      contentType: string | undefined
      body: string
      /** True when a redirect was followed (doi.org content negotiation hands over to the agency). */
      redirected: boolean
    }
  | {ok: false; reason: string}

export async function askRegistry(start: string, headers: Record<string, string>, deps: InspectDeps): Promise<Answer> {
  let current = start
  for (let hops = 0; ; hops++) {
    const verdict = checkHop(current, deps.addresses, hops === 0)
    if (!verdict.ok) return {ok: false, reason: hops === 0 ? verdict.reason : `redirect to ${verdict.reason}`}
    let answer
    try {
      answer = await attempt(verdict.url, deps, undefined, headers, hops > 0)
    } catch (error) {
      if (error instanceof NotRecordedError) return {ok: false, reason: notRecordedReason(error, hops > 0)}
      throw error
    }
    if (answer instanceof NetError) return {ok: false, reason: classifyError(answer, verdict.url.hostname, deps.timeoutMs).reason}
    const location = answer.status >= 300 && answer.status < 400 ? answer.headers.location : undefined
    if (location === undefined || location.trim() === '') {
      return {
        ok: true,
        status: answer.status,
        statusText: answer.statusText,
        contentType: answer.headers['content-type'],
        body: answer.body.toString('utf8'),
        redirected: hops > 0
      }
    }
    if (hops >= deps.maxRedirects) return {ok: false, reason: `more than ${deps.maxRedirects} redirects`}
    try {
      current = new URL(location, answer.url).href
    } catch {
      return {ok: false, reason: `${statusLine(answer.status, answer.statusText)} to a malformed location`}
    }
  }
}
