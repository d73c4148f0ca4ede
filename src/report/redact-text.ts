// Redacting the URLs inside free text (messages, reasons, claims, titles) before it leaves in a report.

import {redactUrl, redactWrittenUrl} from '../net/redact.js'

/**
 * A URL in prose: a scheme, `://`, then anything up to whitespace, a backtick, a quote, an angle bracket or an
 * ellipsis. Messages cut a long URL in the middle with `…` (after redacting it): read as part of the URL, it came
 * back percent-encoded (`%E2%80%A6`).
 */
const URL_IN_TEXT = /\b[a-z][a-z\d+.-]*:\/\/[^\s`'"<>\u2026]+/gi
/** Punctuation that ends a sentence or a parenthesis after a URL rather than belonging to it. */
const TRAILING = /[.,;:!?)\]}]+$/

/**
 * `text` with every URL in it through `redactWrittenUrl`. Judges redact their messages already; reports do it
 * again so that nothing a record carries (a claim quoting a URL, a reason naming a redirect target) can
 * leak a secret. A URL without secrets stays as written (`http://localhost:3000` gains no slash), as the message
 * and the document spell it. Trailing punctuation stays outside the URL, so `…?token=x).` keeps its `).`.
 */
export function redactText(text: string): string {
  return text.replace(URL_IN_TEXT, (match) => {
    const tail = TRAILING.exec(match)?.[0] ?? ''
    return redactWrittenUrl(match.slice(0, match.length - tail.length)) + tail
  })
}

/** A value that is either a URL (a replacement an editor offers) or text (a title): redacted as what it is. */
export function redactValue(value: string): string {
  return /^[a-z][a-z\d+.-]*:\/\//i.test(value) ? redactUrl(value) : redactText(value)
}
