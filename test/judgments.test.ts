// The source judgments end to end through remark (unified + the preset) against a web on 127.0.0.1:
// one fetch per URL feeds every rule; the soft-404 probe asks one made-up sibling per folder.

import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {closeSharedVerifiers} from '../src/verify/shared.js'
import {siblingUrl} from '../src/verify/sibling.js'
import type {Pluggable} from 'unified'
import {citationAlive, citationClaimSupport, citationSoft404} from '../rules/index.js'
import {lint, lintLiveness} from './helpers/lint.js'
import {html, redirect, startWeb, testResolve, type Web} from './helpers/web.js'

let web: Web
let spa: Web
const options = () => ({allowPrivateAddresses: ['127.0.0.1/32'], resolve: testResolve, timeout: 1000, retries: 0})

const shell = html('Acme App', '<div id="root"></div><noscript>You need to enable JavaScript to run this app.</noscript>')

beforeAll(async () => {
  web = await startWeb({
    '/': html('Site home', '<p>Welcome to the site, where every article lives.</p>'),
    '/2019/old-story': redirect(301, '/'),
    '/shop/p/1': html('Page not found | Shop', '<p>Try the search box.</p>'),
    '/guide': html('Guide', '<h2 id="install">Install</h2><p>Install it with npm and read on.</p><h2 id="usage">Usage</h2>'),
    '/docs/real': html('Real page', '<p id="x">Nothing much here.</p>'),
    '/heat': html('Heat pumps in homes', `<p>${'Heat pumps cut household heating bills by 40 percent in the first winter, the survey of 2,000 homes found. '.repeat(3)}</p>`),
    '/coffee': html('Coffee and sleep', `<p>${'Coffee late in the day delays sleep by about an hour in most adults, the sleep study found. '.repeat(3)}</p>`),
    // Moved for good, to another page's own section; and for now, the same way.
    '/old-guide': redirect(301, '/guide#usage'),
    '/moved-guide': redirect(302, '/guide#usage'),
    // Moved for good to the same section, its name percent-encoded as locations are.
    '/wiki/Kaffee': html('Kaffee', '<h1>Kaffee</h1><p>Kaffee wird aus gerösteten Bohnen gebrüht.</p><h2 id="Gründe">Gründe</h2><h2 id="Anbau">Anbau</h2>'),
    '/wiki/Coffee': redirect(301, '/wiki/Kaffee#Gr%C3%BCnde'),
    // Live pages that only talk about "not found": a how-to, a Q&A slug, a docs page named for the convention.
    '/blog/fix-404-errors-nginx': html('How to Fix 404 Errors in Nginx', `<p>${'Check the root directive and the try_files line first. '.repeat(15)}</p>`),
    '/questions/123/nginx-404-not-found': html('nginx - 404 Not Found - Q&A', `<p>${'Nginx answers 404 when the root is wrong; set it to the build folder. '.repeat(60)}</p>`),
    '/docs/conventions/not-found': html('not-found.js', `<p>${'The not-found file renders UI when the notFound function is thrown in a route segment. '.repeat(50)}</p>`),
    // A long page whose last paragraph is 600 kB down.
    '/long': html('A long page', `<p>${'Filler words about nothing in particular. '.repeat(15_000)}</p><p id="end">The very last paragraph.</p>`),
    // Slow the first time: its top, then nothing until the deadline. Whole the next time.
    '/slow-report': (_, response) => {
      const top = '<!doctype html><html><head><title>Heat pump report</title></head><body><p>Heat pumps were installed in many homes across the region.</p>'
      response.writeHead(200, {'content-type': 'text/html; charset=utf-8'})
      if (web.hits('/slow-report') === 1) return void response.write(top)
      response.end(`${top}<p>Heat pumps cut household heating bills by 40 percent in the first winter.</p></body></html>`)
    },
    // Reset the first time before its title has come; whole the next time.
    '/reset-report': (_, response) => {
      const page = '<!doctype html><html><head><title>Heat pump report</title></head><body><p>Heat pumps were installed.</p></body></html>'
      response.writeHead(200, {'content-type': 'text/html; charset=utf-8', 'content-length': String(page.length)})
      if (web.hits('/reset-report') > 1) return void response.end(page)
      response.write(page.slice(0, 20))
      setTimeout(() => response.destroy(), 20)
    }
  })
  // A script-rendered site: every path gets the same shell with status 200.
  spa = await startWeb({'*': shell})
})

afterAll(async () => {
  await closeSharedVerifiers()
  await Promise.all([web.close(), spa.close()])
})

describe('citation-soft-404', () => {
  it('a deep link redirected home is an error even at warn severity, and fails like a dead link', async () => {
    const {messages} = await lint(`Read [the story](${web.origin()}/2019/old-story).\n`, options())
    expect(messages.filter((line) => line.includes('citation-soft-404'))).toEqual([
      expect.stringMatching(/^1:18-1:\d+: Unexpected soft 404 at citation `.*\/2019\/old-story`, expected a live source \(`redirects to the home page http:\/\/127\.0\.0\.1:\d+\/`\) \[citation-soft-404, error\]$/)
    ])
  })

  it('only while it is on does a soft 404 silence the other judgments: off, the page is judged like any other', async () => {
    const markdown = `Read [the story](${web.origin()}/2019/old-story "Heat pumps in the old town").\n`
    const on = await lint(markdown, options())
    expect(on.messages.filter((line) => /citation-(soft-404|title-match)/.test(line))).toEqual([expect.stringContaining('[citation-soft-404, error]')])
    const off = await lint(markdown, options(), 'doc.md', [[citationSoft404, false]])
    expect(off.messages.filter((line) => /citation-(soft-404|title-match)/.test(line))).toEqual([
      expect.stringMatching(/^1:18-1:\d+: Unexpected cited title “Heat pumps in the old town” for `.*\/2019\/old-story`, expected the page title “Site home” \(`title`\) \[citation-title-match\]$/)
    ])
  })

  it('a not-found title on a thin page is certain, unless a made-up sibling gets a real 404', async () => {
    // A shop that shows its not-found page, with 200, for any product.
    const shop = await startWeb({'*': html('Page not found | Shop', '<p>Try the search box.</p>')})
    try {
      const {messages} = await lint(`See [product](${shop.origin()}/shop/p/1).\n`, options())
      expect(messages.find((line) => line.includes('citation-soft-404'))).toMatch(/title “Page not found \| Shop”`\) \[citation-soft-404, error\]$/)
      expect(shop.hits(new URL(siblingUrl(`${shop.origin()}/shop/p/1`)!).pathname)).toBe(1)
    } finally {
      await shop.close()
    }
    // The same page on a site that answers a made-up page with a real 404 is a page of its own.
    const real = await lint(`See [product](${web.origin()}/shop/p/1).\n`, options())
    expect(real.messages.filter((line) => line.includes('citation-soft-404'))).toEqual([])
  })

  it('a site that answers every path with one shell: likely, from one probe for the folder', async () => {
    const markdown = `See [one](${spa.origin()}/app/one) and [two](${spa.origin()}/app/two).\n`
    const {messages} = await lint(markdown, options())
    const soft = messages.filter((line) => line.includes('citation-soft-404'))
    expect(soft).toHaveLength(2)
    expect(soft[0]).toMatch(/Unexpected likely soft 404 .*a made-up sibling page shows the same page \(similarity 1\.00\)`\) \[citation-soft-404\]$/)
    expect(spa.hits(new URL(siblingUrl(`${spa.origin()}/app/one`)!).pathname)).toBe(1)
  })

  it('a page about "not found" on a site with real 404s is fine: its title, slug or name is only a likely sign, which the probe clears', async () => {
    const origin = web.origin()
    const paths = ['/blog/fix-404-errors-nginx', '/questions/123/nginx-404-not-found', '/docs/conventions/not-found']
    const {messages} = await lint(paths.map((path) => `See [page](${origin}${path}).`).join('\n\n') + '\n', options())
    expect(messages.filter((line) => line.includes('citation-soft-404'))).toEqual([])
    // The two whose title or name reads like an error page were probed; the Q&A slug is no sign at all.
    expect(web.hits(new URL(siblingUrl(`${origin}/blog/fix-404-errors-nginx`)!).pathname)).toBe(1)
    expect(web.hits(new URL(siblingUrl(`${origin}/docs/conventions/not-found`)!).pathname)).toBe(1)
  })

  it('with it off, a not-found page is judged like any other: its title is compared', async () => {
    const markdown = `See [the product](${web.origin()}/shop/p/1 "Blue kettle, 1.7 litres").\n`
    const off = await lint(markdown, options(), 'doc.md', [[citationSoft404, false]])
    expect(off.messages.filter((line) => line.includes('citation-title-match'))).toEqual([
      expect.stringContaining('expected the page title “Page not found | Shop”')
    ])
  })

  it('a thin page on a site with real 404s is fine', async () => {
    const {messages} = await lint(`See [real](${web.origin()}/docs/real).\n`, options())
    expect(messages.filter((line) => line.includes('citation-soft-404'))).toEqual([])
    // The probe was asked and got a real 404.
    expect(web.hits(new URL(siblingUrl(`${web.origin()}/docs/real`)!).pathname)).toBe(1)
  })
})

describe('a removing rule that is off', () => {
  it('with citation-alive off, a dead link is judged like any other source: its credibility is scored', async () => {
    const markdown = `See [the report](${web.origin()}/no-such-report).\n`
    const on = await lint(markdown, options())
    expect(on.messages).toEqual([expect.stringContaining('[citation-alive, error]')])
    const off = await lint(markdown, options(), 'doc.md', [[citationAlive, false]])
    expect(off.messages).toEqual([expect.stringMatching(/^1:18-1:\d+: Unexpected low-credibility source `127\.0\.0\.1` .*\[citation-credibility\]$/)])
  })
})

describe('citation-fragment', () => {
  it('reports a missing anchor with the nearest one as the fix; one fetch for the page', async () => {
    const origin = web.origin()
    const {file} = await lint(`See [install](${origin}/guide#instal) and [usage](${origin}/guide#usage).\n`, options())
    const fragment = file.messages.filter((message) => message.ruleId === 'citation-fragment')
    expect(fragment.map((message) => message.reason)).toEqual([
      `Unexpected missing anchor \`#instal\` in citation \`${origin}/guide#instal\`, expected an id on the page such as \`#install\``
    ])
    expect(fragment[0]!.expected).toEqual([`${origin}/guide#install`])
    expect(fragment[0]!.fatal).toBe(false)
    expect(web.hits('/guide')).toBe(1)
  })

  it("a redirect that names its own fragment replaces the cited one: the anchor is lost, and a fix on the cited URL would do nothing", async () => {
    const origin = web.origin()
    const {file} = await lint(
      `See [install](${origin}/old-guide#install), [usage](${origin}/old-guide#usage), [typo](${origin}/old-guide#instal) and [for now](${origin}/moved-guide#install).\n`,
      options()
    )
    const fragment = file.messages.filter((message) => message.ruleId === 'citation-fragment')
    // `#usage` is where the redirect goes anyway. Before, `#install` passed, and the typo's fix, `/old-guide#install`,
    // still landed readers on #usage.
    expect(fragment.map((message) => [message.reason, message.expected])).toEqual([
      [`Unexpected anchor \`#install\` in citation \`${origin}/old-guide#install\` lost to its redirect to \`${origin}/guide#usage\`, expected a link that keeps it`, [`${origin}/guide#install`]],
      [
        `Unexpected missing anchor \`#instal\` in citation \`${origin}/old-guide#instal\`, expected an id on the page such as \`#install\` (its redirect sends readers to \`#usage\` instead)`,
        undefined
      ],
      [`Unexpected anchor \`#install\` in citation \`${origin}/moved-guide#install\` lost to its redirect to \`${origin}/guide#usage\`, expected a link that keeps it`, undefined]
    ])
  })

  // The anchor as written was 'lost to its redirect to …#Gr%C3%BCnde', where the reader lands on it.
  it('a redirect to the cited anchor percent-encoded keeps it', async () => {
    const origin = web.origin()
    const {file} = await lint(`See [reasons](${origin}/wiki/Coffee#Gründe), [again](${origin}/wiki/Coffee#Gr%C3%BCnde) and [growing](${origin}/wiki/Coffee#Anbau).\n`, options())
    expect(file.messages.filter((message) => message.ruleId === 'citation-fragment').map((message) => message.reason)).toEqual([
      `Unexpected anchor \`#Anbau\` in citation \`${origin}/wiki/Coffee#Anbau\` lost to its redirect to \`${origin}/wiki/Kaffee#Gr%C3%BCnde\`, expected a link that keeps it`
    ])
  })
})

describe('a numbered list of sources, as AI research tools write one', () => {
  it('each source is judged against the sentence that marks it, and reported at its line', async () => {
    const origin = web.origin()
    const markdown = [
      'Heat pumps cut household heating bills by 40 percent in the first winter [1]. Heat pumps doubled electricity prices in Norway [2].',
      '',
      '## Sources',
      '',
      `1. ${origin}/heat`,
      `2. ${origin}/coffee`,
      ''
    ].join('\n')
    const {messages} = await lint(markdown, options())
    // Before, neither source had a claim, and the unsupported one passed.
    expect(messages.filter((line) => line.includes('citation-claim-support'))).toEqual([
      expect.stringMatching(/^6:4-6:\d+: Unexpected weak support .*citing `http:\/\/127\.0\.0\.1:\d+\/coffee`/)
    ])
  })
})

describe('a page cut by this run’s trouble', () => {
  it('is read again by the next run, not judged from the part the cache kept', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'judgments-cache-'))
    try {
      const markdown = `Heat pumps cut household heating bills by 40 percent in the first winter ([report](${web.origin()}/slow-report)).\n`
      const support = (messages: string[]) => messages.filter((line) => line.includes('citation-claim-support'))
      const first = await lint(markdown, {...options(), cache: folder})
      expect(support(first.messages)).toEqual([expect.stringContaining('Unexpected weak support')])
      await closeSharedVerifiers()
      const second = await lint(markdown, {...options(), cache: folder})
      expect(web.hits('/slow-report')).toBe(2)
      expect(support(second.messages)).toEqual([])
    } finally {
      await closeSharedVerifiers()
      rmSync(folder, {recursive: true, force: true})
    }
  })

  // Kept as partial, it served the runs that read only the top of pages: a title the reset cut off stayed unknown
  // for a day, and a wrong cited title passed.
  it('is read again by a next run that reads only the top of pages: the title it cut off is compared', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'judgments-cache-'))
    try {
      const markdown = `See [Wind farm survey](${web.origin()}/reset-report).\n`
      const titles = async () => {
        await closeSharedVerifiers()
        const {messages} = await lint(markdown, {...options(), cache: folder}, 'doc.md', [citationClaimSupport, citationSoft404].map((rule) => [rule, false] as Pluggable))
        return messages.filter((line) => line.includes('citation-title-match'))
      }
      expect(await titles()).toEqual([])
      expect(await titles()).toEqual([expect.stringContaining('Unexpected cited title “Wind farm survey”')])
      expect(web.hits('/reset-report')).toBe(2)
    } finally {
      await closeSharedVerifiers()
      rmSync(folder, {recursive: true, force: true})
    }
  })
})

describe('reading only what the rules that are on need', () => {
  it('with the liveness rules only, just the top of a long page is read', async () => {
    const {file} = await lintLiveness(`See [long](${web.origin()}/long?top).\n`, options())
    const page = file.data.citationResults![0]!.report.page!
    expect(page.partial).toBe(true)
    expect(page.titles[0]?.text).toBe('A long page')
    expect(page.anchors).not.toContain('end')
  })

  it('a rule that reads the text gets the whole page, and a partial read is not reused for it', async () => {
    const url = `${web.origin()}/long?both`
    const top = await lintLiveness(`See [long](${url}).\n`, options())
    expect(top.file.data.citationResults![0]!.report.page!.partial).toBe(true)
    const {file} = await lint(`See [long](${url}#end).\n`, options())
    const page = file.data.citationResults![0]!.report.page!
    expect(page.partial).toBeUndefined()
    expect(page.anchors).toContain('end')
    expect(file.messages.filter((message) => message.ruleId === 'citation-fragment')).toEqual([])
  })
})
