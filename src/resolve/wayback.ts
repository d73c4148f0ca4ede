// The Wayback Machine availability API `GET /wayback/available?url=…&timestamp=YYYYMMDDhhmmss`:
// `{archived_snapshots: {closest: {available: true, url, timestamp, status: "200"}}}`, or `{archived_snapshots: {}}`
// when nothing is archived. The closest copy is what a dead citation can be replaced with.

import {parseUrl} from '../net/parse-url.js'
import {isObject, readJson} from './fields.js'
import {missing, unparseable, type Parsed} from './metadata.js'

export interface Snapshot {
  /** The archived copy, e.g. `https://web.archive.org/web/20130919044612/http://example.com/`. */
  url: string
  /** The capture time as Wayback writes it: `YYYYMMDDhhmmss`. */
  timestamp: string
  /** The capture time in ISO 8601 (UTC). */
  date: string
  /** The HTTP status the archived page had, when given. */
  status?: number
}

export function parseWaybackAvailability(body: string): Parsed<Snapshot> {
  const read = readJson(body)
  if ('outcome' in read) return read
  const {json} = read
  if (!isObject(json)) return unparseable('not a Wayback availability answer')
  const snapshots = json.archived_snapshots
  if (snapshots === undefined && Object.keys(json).length === 0) return missing('no archived copy')
  if (!isObject(snapshots)) return unparseable('not a Wayback availability answer')
  const closest = snapshots.closest
  if (!isObject(closest) || closest.available !== true) return missing('no archived copy')
  const timestamp = typeof closest.timestamp === 'string' ? closest.timestamp : ''
  const time = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(timestamp)
  const url = typeof closest.url === 'string' ? parseUrl(closest.url) : undefined
  if (time === null || url === undefined || !/^https?:$/.test(url.protocol)) return unparseable('a snapshot without a URL or timestamp')
  const status = /^\d{3}$/.test(String(closest.status)) ? Number(closest.status) : undefined
  // A capture of an error page is no replacement for the source.
  if (status !== undefined && status >= 400) return missing(`the closest archived copy is a ${status}`)
  // The API links over plain http; the archive serves the same copy over https.
  if (url.hostname === 'web.archive.org') url.protocol = 'https:'
  const [, year, month, day, hour, minute, second] = time
  return {
    url: url.href,
    timestamp,
    date: `${year}-${month}-${day}T${hour}:${minute}:${second}Z`,
    ...(status === undefined ? {} : {status})
  }
}
