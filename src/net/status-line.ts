// `404 Not Found`: an HTTP status as a person recognises it.

import {STATUS_CODES} from 'node:http'

export function statusLine(status: number, statusText = ''): string {
  const text = statusText.trim() || STATUS_CODES[status] || (status === 999 ? 'Request Denied' : '')
  return text ? `${status} ${text}` : String(status)
}
