// Redacting URLs inside the free text reports carry: messages, claims, reasons, titles.

import {describe, expect, test} from 'vitest'
import {shownUrl} from '../src/judge/verdict.js'
import {redactText, redactValue} from '../src/report/redact-text.js'

describe('redactText', () => {
  test.each([
    ['See https://x.example/?token=abc.', 'See https://x.example/?token=REDACTED.'],
    ['(https://x.example/?sig=abc), then', '(https://x.example/?sig=REDACTED), then'],
    ['`https://u:p@x.example/a`, expected', '`https://REDACTED@x.example/a`, expected'],
    ['two: http://a.example/?key=1 and https://b.example/#access_token=2', 'two: http://a.example/?key=REDACTED and https://b.example/#access_token=REDACTED'],
    ['already `https://REDACTED@x.example/?token=REDACTED`', 'already `https://REDACTED@x.example/?token=REDACTED`'],
    ['no URL, key=value stays', 'no URL, key=value stays'],
    // A message's long URL, cut in the middle: the ellipsis stays one, not `%E2%80%A6`.
    ['`https://x.example/pppp…yyyy?token=REDACTED`', '`https://x.example/pppp…yyyy?token=REDACTED`'],
    ['cut https://x.example/?token=abc…', 'cut https://x.example/?token=REDACTED…'],
    ['to `https://x.example/r?q=https%3A%2F%2Fy.example%2F%3Ftoken%3Dabc`', 'to `https://x.example/r?q=https%3A%2F%2Fy.example%2F%3Ftoken%3DREDACTED`'],
    // A URL without secrets stays as the message (and the document) wrote it: no slash added, case and IDN kept.
    ['Unexpected unsafe citation `http://localhost:3000`, expected', 'Unexpected unsafe citation `http://localhost:3000`, expected'],
    ['Open HTTPS://Bücher.Example/a b now.', 'Open HTTPS://Bücher.Example/a b now.'],
    // One holding a secret is redacted in its parsed form, as messages show it.
    ['See HTTPS://X.Example?token=abc.', 'See https://x.example/?token=REDACTED.']
  ])('%j', (text, redacted) => {
    expect(redactText(text)).toBe(redacted)
  })
})

describe('redactValue', () => {
  test.each([
    ['https://x.example/a?password=hunter2&b=1', 'https://x.example/a?password=REDACTED&b=1'],
    ['A title: with a colon', 'A title: with a colon']
  ])('%j', (value, redacted) => {
    expect(redactValue(value)).toBe(redacted)
  })
})

describe('shownUrl: the cited URL as a message shows it', () => {
  test.each([
    ['as written: case, IDN, no trailing slash', 'HTTPS://Bücher.Example', '`HTTPS://Bücher.Example`'],
    ['a secret redacted, in the parsed form', 'https://Api.Example/data?token=s3cr3t', '`https://api.example/data?token=REDACTED`'],
    [
      'a secret of a URL percent-encoded in a parameter, redacted with its encoding kept',
      'https://x.example/r?q=https://y.example/%3Ftoken%3Dabc',
      '`https://x.example/r?q=https://y.example/%3Ftoken%3DREDACTED`'
    ],
    ['a backtick, which would end the code span, escaped as parsed', 'https://docs.example/a`b', '`https://docs.example/a%60b`'],
    ['a tab, which would break the line, escaped as parsed', 'https://docs.example/a\tb', '`https://docs.example/ab`'],
    ['a bidirectional override, which would reverse the line, escaped as parsed', 'https://docs.example/a\u202Eb', '`https://docs.example/a%E2%80%AEb`']
  ])('%s', (_, url, shown) => {
    expect(shownUrl(url)).toBe(shown)
  })
})
