// citation-tracking-params: ChatGPT's `utm_source=chatgpt.com`, click ids and share ids are reported, and the fix
// (`--fix`, the message's `expected`) drops exactly them.

import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {join, resolve} from 'node:path'
import {pathToFileURL} from 'node:url'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import {unified} from 'unified'
import {VFile} from 'vfile'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {extractCitations} from '../src/extract/index.js'
import {fixText} from '../src/fix/index.js'
import {judgeLiveness} from '../src/judge/liveness.js'
import {judgeTracking, withoutTracking} from '../src/judge/tracking.js'
import {toRecord} from '../src/report/record.js'
import {closeSharedVerifiers} from '../src/verify/shared.js'
import {citationTrackingParams} from '../rules/index.js'
import {lint} from './helpers/lint.js'
import {runNode} from './helpers/node.js'
import {citation, source} from './helpers/source.js'
import {html, redirect, startWeb, testResolve, type Web} from './helpers/web.js'

const root = resolve(import.meta.dirname, '..')

describe('withoutTracking: the URL as written, less its tracking parameters', () => {
  const none = new Set<string>()
  const table: Array<[url: string, params: string[], clean: string]> = [
    ['https://docs.example/guide?utm_source=chatgpt.com', ['utm_source=chatgpt.com'], 'https://docs.example/guide'],
    // Order, encoding and the fragment of the rest kept.
    [
      'https://a.example/p?b=%20x&utm_source=chatgpt.com&a=1+2&utm_medium=referral#Gr%C3%BCnde',
      ['utm_source=chatgpt.com', 'utm_medium=referral'],
      'https://a.example/p?b=%20x&a=1+2#Gr%C3%BCnde'
    ],
    ['https://a.example/p?utm_source=chatgpt.com#top', ['utm_source=chatgpt.com'], 'https://a.example/p#top'],
    // Encoded names, any case, repeated.
    ['https://a.example/p?utm%5Fsource=x&q=1', ['utm%5Fsource=x'], 'https://a.example/p?q=1'],
    ['https://a.example/p?UTM_Source=x&q=1&utm_source=y', ['UTM_Source=x', 'utm_source=y'], 'https://a.example/p?q=1'],
    ['https://a.example/p?fbclid=IwAR0&gclid=Cj0&msclkid=9&_hsenc=p2&mc_eid=4f&igshid=MzR', ['fbclid=IwAR0', 'gclid=Cj0', 'msclkid=9', '_hsenc=p2', 'mc_eid=4f', 'igshid=MzR'], 'https://a.example/p'],
    ['https://a.example/p?fbclid=1&', ['fbclid=1'], 'https://a.example/p'],
    // Share ids on their own sites.
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&si=Ab12', ['si=Ab12'], 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=Ab12&t=42', ['si=Ab12'], 'https://youtu.be/dQw4w9WgXcQ?t=42'],
    ['https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC?si=e3f1', ['si=e3f1'], 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC'],
    ['https://www.instagram.com/p/C0abc/?igsh=MWQ1', ['igsh=MWQ1'], 'https://www.instagram.com/p/C0abc/']
  ]
  for (const [url, params, clean] of table) {
    it(url, () => expect(withoutTracking(url, none)).toEqual({params, url: clean}))
  }

  it('leaves parameters that choose what the page shows, and share ids on other sites', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42',
      'https://github.com/acme/tool?ref=main',
      'https://a.example/item?id=7&page=2&q=heat+pumps',
      'https://example.org/post?si=2',
      'https://example.org/post?igsh=2',
      'https://a.example/p?next=https%3A%2F%2Fb.example%2F%3Futm_source%3Dx',
      'https://a.example/p#utm_source=x',
      'mailto:team@example.org?utm_source=x'
    ]) {
      expect(withoutTracking(url, none)).toBeUndefined()
    }
  })

  it('keeps the names a team allows', () => {
    expect(withoutTracking('https://a.example/p?utm_source=news&utm_medium=email', new Set(['utm_source']))).toEqual({
      params: ['utm_medium=email'],
      url: 'https://a.example/p?utm_source=news'
    })
  })
})

let web: Web
let origin: string
const settings = {allowPrivateAddresses: ['127.0.0.1/32'], retries: 0, timeout: 2000}

beforeAll(async () => {
  web = await startWeb({
    // A shortened link, which leads to another site with tracking parameters of its own.
    '/short': (request, response) => redirect(301, `http://site.test:${web.port}/a?id=7&utm_source=twitter&utm_medium=social`)(request, response),
    '*': html('A page', '<h2 id="summary">Summary</h2><p>What the page says, at length.</p>')
  })
  origin = web.origin()
})

afterAll(async () => {
  await web.close()
  await closeSharedVerifiers()
})

/** The rule's own messages, with the fix each offers. */
async function tracking(markdown: string, extra: Parameters<typeof lint>[3] = [], options = {}) {
  const {file} = await lint(markdown, {...settings, ...options}, 'doc.md', extra)
  return file.messages
    .filter((message) => message.ruleId === 'citation-tracking-params')
    .map((message) => ({at: `${message.line}:${message.column}`, reason: message.reason, expected: message.expected?.[0], fatal: message.fatal}))
}

describe('citation-tracking-params in the preset', () => {
  it('reports a ChatGPT link, an autolink, a bare URL and a reference definition, as a warning with the clean URL as the fix', async () => {
    const markdown = [
      `Heat pumps cut emissions ([guide](${origin}/guide?utm_source=chatgpt.com)).`,
      `See <${origin}/report?lang=en&utm_source=chatgpt.com#summary> and ${origin}/news?fbclid=IwAR0abc.`,
      `Then [the study][study], and [again][study].`,
      '',
      `[study]: ${origin}/study?id=7&mc_eid=4f2a9c1b7e`,
      ''
    ].join('\n')
    expect(await tracking(markdown)).toEqual([
      {
        at: '1:35',
        reason: `Unexpected tracking parameter \`utm_source=chatgpt.com\` in citation \`${origin}/guide?utm_source=chatgpt.com\`, expected the address without it`,
        expected: `${origin}/guide`,
        fatal: false
      },
      {
        at: '2:6',
        reason: `Unexpected tracking parameter \`utm_source=chatgpt.com\` in citation \`${origin}/report?lang=en&utm_source=chatgpt.com#summary\`, expected the address without it`,
        expected: `${origin}/report?lang=en#summary`,
        fatal: false
      },
      {
        at: `2:${`See <${origin}/report?lang=en&utm_source=chatgpt.com#summary> and `.length + 1}`,
        reason: `Unexpected tracking parameter \`fbclid=IwAR0abc\` in citation \`${origin}/news?fbclid=IwAR0abc\`, expected the address without it`,
        expected: `${origin}/news`,
        fatal: false
      },
      // Once, at the definition: the references show its URL.
      {
        at: '5:10',
        reason: `Unexpected tracking parameter \`mc_eid=4f2a9c1b7e\` in citation \`${origin}/study?id=7&mc_eid=4f2a9c1b7e\`, expected the address without it`,
        expected: `${origin}/study?id=7`,
        fatal: false
      }
    ])
    // The URL is fetched as written.
    expect(web.hits('/guide')).toBe(1)
  })

  it('names every tracking parameter of a URL in one message', async () => {
    const [message] = await tracking(`[a](${origin}/a?utm_source=chatgpt.com&x=1&utm_medium=referral)\n`)
    expect(message?.reason).toBe(
      `Unexpected tracking parameters \`utm_source=chatgpt.com\`, \`utm_medium=referral\` in citation \`${origin}/a?utm_source=chatgpt.com&x=1&utm_medium=referral\`, expected the address without them`
    )
    expect(message?.expected).toBe(`${origin}/a?x=1`)
  })

  it('reads a parameter named like an object property (`constructor`, `__proto__`) as any other', async () => {
    const markdown = `[a](${origin}/a?constructor=1&utm_source=chatgpt.com) and [b](${origin}/b?__proto__=1)\n`
    expect(await tracking(markdown)).toEqual([
      {
        at: '1:5',
        reason: `Unexpected tracking parameter \`utm_source=chatgpt.com\` in citation \`${origin}/a?constructor=1&utm_source=chatgpt.com\`, expected the address without it`,
        expected: `${origin}/a?constructor=1`,
        fatal: false
      }
    ])
  })

  it('says nothing of `?ref=main`, `?id=`, badges, front matter, or a citation under `lint ignore`', async () => {
    const markdown = [
      '---',
      `source: ${origin}/front?utm_source=chatgpt.com`,
      '---',
      '',
      `[![CI](${origin}/badge.svg)](${origin}/actions?utm_source=badge)`,
      '',
      `The [code](${origin}/code?ref=main) and [item](${origin}/item?id=7&page=2).`,
      '',
      '<!--lint ignore citation-tracking-params-->',
      `[guide](${origin}/guide?utm_source=chatgpt.com)`,
      ''
    ].join('\n')
    expect(await tracking(markdown)).toEqual([])
  })

  it('reports a link in HTML, with no fix (those are left to the writer)', async () => {
    expect(await tracking(`<a href="${origin}/guide?gclid=Cj0">the guide</a>\n`)).toEqual([
      {at: '1:10', reason: expect.stringContaining('Unexpected tracking parameter `gclid=Cj0`'), expected: undefined, fatal: false}
    ])
  })

  it('keeps what `allow` lists, and names a wrong option', async () => {
    const markdown = `[a](${origin}/a?utm_source=news&utm_medium=email)\n`
    const allowed = await tracking(markdown, [[citationTrackingParams, ['warn', {allow: ['UTM_SOURCE']}]]])
    expect(allowed.map((message) => message.expected)).toEqual([`${origin}/a?utm_source=news`])
    const wrong = await tracking(markdown, [[citationTrackingParams, ['warn', {allow: 'utm_source'}]]])
    expect(wrong.map((message) => message.reason)).toEqual(['Unexpected `allow` `utm_source`, expected an array of a parameter name'])
  })
})

describe('the fix of a `www.` literal', () => {
  // GFM links it as `http://www.…`; the fix takes only the parameters off, so the `http://` it never had stays off.
  const markdown = 'See www.example.org/a?utm_source=chatgpt.com&x=1 for more.\n'

  it('is written without the scheme GFM adds, by --fix', () => {
    const file = new VFile(markdown)
    const tree = unified().use(remarkParse).use(remarkGfm).parse(file)
    const records = extractCitations(tree, file, {skip: [], jsxAttributes: {}}).map((citation) =>
      toRecord('a.md', citation, source(citation.normalizedUrl!), [judgeTracking(citation, {allow: new Set()})!])
    )
    expect(fixText(markdown, records).text).toBe('See www.example.org/a?x=1 for more.\n')
  })

  it('and in the message an editor applies', async () => {
    const folder = mkdtempSync(join(root, 'test', '.tracking-'))
    try {
      const fixtures = join(folder, 'fixtures.json')
      const answer = {status: 200, statusText: 'OK', headers: {'content-type': 'text/html'}, body: '<title>A</title>'}
      writeFileSync(fixtures, JSON.stringify({version: 1, responses: {'http://www.example.org/a?utm_source=chatgpt.com&x=1': answer}}))
      const {file} = await lint(markdown, {offline: {fixtures}})
      const own = file.messages.filter((message) => message.ruleId === 'citation-tracking-params')
      expect(own.map((message) => [message.actual, message.expected])).toEqual([['http://www.example.org/a?utm_source=chatgpt.com&x=1', ['www.example.org/a?x=1']]])
    } finally {
      rmSync(folder, {recursive: true, force: true})
    }
  })
})

describe('the fix of a citation that also moved for good', () => {
  /** `[a](url)`, its citation, and the report of a permanent redirect from `url` to `end` with the verdict on it. */
  function moved(url: string, end: string) {
    const cited = citation(url, {place: {start: {line: 1, column: 5, offset: 4}, end: {line: 1, column: 5 + url.length, offset: 4 + url.length}}})
    const report = source(url, {}, {finalUrl: end, permanentRedirect: true, hops: [{url, status: 301, location: end}, {url: end, status: 200}]})
    return {markdown: `[a](${url})\n`, cited, report, verdict: judgeLiveness(cited, report, {timeoutAction: 'flagged', redirectResolvers: []})}
  }

  it('is the redirect’s end less the tracking parameters it carried along, so a second --fix changes nothing', () => {
    const {markdown, cited, report, verdict} = moved('https://old.example/a?utm_source=chatgpt.com&x=1&fbclid=IwAR0', 'https://new.example/a?utm_source=chatgpt.com&x=1&fbclid=IwAR0')
    // `allow` keeps a name on the end too.
    const untracked = judgeTracking(cited, {allow: new Set(['utm_source'])})!
    expect(fixText(markdown, [toRecord('a.md', cited, report, [verdict, untracked])]).text).toBe('[a](https://new.example/a?utm_source=chatgpt.com&x=1)\n')
  })

  it('is the end of a shortened link less the tracking parameters the redirect added', () => {
    const {markdown, cited, report, verdict} = moved('https://short.example/x?id=7', 'https://site.example/a?id=7&utm_source=twitter&utm_medium=social&fbclid=IwAR0')
    // The cited URL has none: the rule says nothing of it.
    expect(judgeTracking(cited, {allow: new Set()})).toBeUndefined()
    expect(fixText(markdown, [toRecord('a.md', cited, report, [verdict])]).text).toBe('[a](https://site.example/a?id=7)\n')
  })

  it('and in the redirect’s message, whose fix an editor applies', async () => {
    const {file} = await lint(`[a](${web.origin('short.test')}/short?id=7)\n`, {...settings, resolve: testResolve})
    const redirects = file.messages.filter((message) => message.ruleId === 'citation-reachable')
    expect(redirects.map((message) => [message.reason, message.expected])).toEqual([
      [expect.stringContaining(`to another site \`http://site.test:${web.port}/a?id=7&utm_source=twitter&utm_medium=social\``), [`http://site.test:${web.port}/a?id=7`]]
    ])
  })
})

describe('--fix', () => {
  let folder: string
  beforeAll(() => {
    folder = mkdtempSync(join(root, 'test', '.tracking-'))
  })
  afterAll(() => rmSync(folder, {recursive: true, force: true}))

  it('writes each URL without its tracking parameters, and changes nothing else', async () => {
    const entry = pathToFileURL(join(root, 'dist', 'rules', 'index.js')).href
    writeFileSync(
      join(folder, '.remarkrc.mjs'),
      `import remarkGfm from 'remark-gfm'\nimport recommended, {configure} from ${JSON.stringify(entry)}\n` +
        `export default {plugins: [remarkGfm, recommended, [configure, ${JSON.stringify({...settings, cache: false})}]]}\n`
    )
    const before = [
      '# Heat pumps',
      '',
      `They cut emissions ([IEA](${origin}/guide?utm_source=chatgpt.com "The guide")), says <${origin}/report?lang=en&utm_source=chatgpt.com&b=%20c#summary>.`,
      `Also ${origin}/news?fbclid=IwAR0abc and [the study][study].`,
      '',
      '<!--lint ignore citation-tracking-params-->',
      `[kept](${origin}/kept?utm_source=chatgpt.com)`,
      '',
      `[study]: ${origin}/study?id=7&mc_eid=4f2a9c1b7e`,
      ''
    ].join('\n')
    const path = join(folder, 'doc.md')
    writeFileSync(path, before)
    const {code, stderr} = await runNode([join(root, 'dist', 'src', 'cli', 'bin.js'), 'doc.md', '--fix'], {cwd: folder, env: {CI: 'true'}})
    expect(code).toBe(0)
    expect(readFileSync(path, 'utf8')).toBe(
      [
        '# Heat pumps',
        '',
        `They cut emissions ([IEA](${origin}/guide "The guide")), says <${origin}/report?lang=en&b=%20c#summary>.`,
        `Also ${origin}/news and [the study][study].`,
        '',
        '<!--lint ignore citation-tracking-params-->',
        `[kept](${origin}/kept?utm_source=chatgpt.com)`,
        '',
        `[study]: ${origin}/study?id=7`,
        ''
      ].join('\n')
    )
    expect(stderr).toContain('Fixed 4 citations in 1 file:')
    expect(stderr).toContain(`doc.md:3:27 untrack: ${origin}/guide?utm_source=chatgpt.com → ${origin}/guide`)
  })
})
