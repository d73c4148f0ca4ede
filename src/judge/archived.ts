// A Wayback Machine snapshot stands for the page it archived: the judges score and attribute that page. Pure.

import {parseUrl} from '../net/parse-url.js'

const SNAPSHOT = /^\/web\/\d+[a-z_]*\/(.+)$/
/** The archive's own address before the archived one, as a snapshot of a snapshot repeats it. */
const NESTED = /^(?:(?:https?:\/\/)?web\.archive\.org\/web\/\d+[a-z_]*\/)+/i
/** Snapshots read one by one at most, for those the archive's address is written otherwise in (`:443`, `%2E`). */
const MAX_NESTING = 8

/**
 * The address a snapshot archived (`https://web.archive.org/web/20230101000000/https://a.example/x` →
 * `https://a.example/x`, a scheme-less `…/web/2023id_/a.example/x` read as http), the innermost of a snapshot of
 * snapshots; undefined for any other URL, or for snapshots nested past reading. Never itself a snapshot: its judges
 * do not read it again (thousands of nested snapshots overflowed the stack).
 */
export function archivedAddress(url: URL): string | undefined {
  let address: string | undefined
  for (let at = url, depth = 0; at.hostname === 'web.archive.org' && SNAPSHOT.test(at.pathname); depth++) {
    if (depth === MAX_NESTING) return undefined
    const inner = SNAPSHOT.exec(at.pathname)![1]!.replace(NESTED, '') + at.search
    address = /^https?:\/\//i.test(inner) ? inner : 'http://' + inner
    const next = parseUrl(address)
    if (next === undefined) break
    at = next
  }
  return address
}
