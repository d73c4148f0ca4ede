// citation-fragment's judgment: which `#fragments` count as missing, and the anchor it suggests instead.

import {describe, expect, it} from 'vitest'
import {judgeFragment, nearestAnchor} from '../src/judge/fragment.js'
import {maxAnchors} from '../src/page/anchor-limit.js'
import {readPage} from '../src/page/index.js'
import {citation, source} from './helpers/source.js'

const anchors = ['introduction', 'install', 'usage', 'api-reference', 'user-content-faq', 'L10']
/** A page with ids has text too; one without is an app's shell. */
const passages = ['Install it with npm and read on.']

/** The facts of an HTML page served at `url`. */
const htmlPage = (url: string, body: string) =>
  readPage({url, status: 200, headers: {'content-type': 'text/html; charset=utf-8'}, body: Buffer.from(body), truncated: false})

function judge(url: string, pageAnchors = anchors, finalUrl?: string) {
  const base = url.replace(/#.*$/, '')
  return judgeFragment(citation(url), source(base, {anchors: pageAnchors, passages}, finalUrl ? {finalUrl} : {}))
}

describe('citation-fragment', () => {
  it.each([
    ['an existing id', 'https://docs.example/guide#usage'],
    ['a percent-encoded id', 'https://docs.example/guide#api%2Dreference'],
    ['GitHub’s user-content- prefix', 'https://docs.example/guide#faq'],
    ['#top, always valid', 'https://docs.example/guide#top'],
    ['an empty fragment', 'https://docs.example/guide#'],
    ['a text fragment', 'https://docs.example/guide#:~:text=hello%20world'],
    ['an existing id with a text fragment after it', 'https://docs.example/guide#usage:~:text=hello%20world'],
    ['a hash route', 'https://app.example/#/settings/profile'],
    ['a hash-bang route', 'https://app.example/#!/settings'],
    ['a PDF page', 'https://docs.example/guide#page=3'],
    ['a spreadsheet’s sheet', 'https://docs.example/spreadsheets/d/1x/edit#gid=1514837065'],
    ['a document’s heading, as its script names it', 'https://docs.example/document/d/1x/edit#heading=h.30j0zll']
  ])('is silent for %s', (_, url) => {
    expect(judge(url)).toBeUndefined()
  })

  it.each([
    ['GitHub line', 'https://github.com/acme/tool/blob/main/src/a.ts#L10'],
    ['GitHub range', 'https://github.com/acme/tool/blob/main/src/a.ts#L10-L20'],
    ['GitHub line and column', 'https://github.com/acme/tool/blob/main/src/a.ts#L10C5'],
    ['GitLab line range', 'https://gitlab.com/acme/tool/-/blob/main/a.ts#L10-20']
  ])('leaves %s anchors to the code host’s script', (_, url) => {
    expect(judgeFragment(citation(url), source(url.replace(/#.*/, ''), {anchors: ['readme'], passages}))).toBeUndefined()
  })

  // A range was looked for as an id: rustdoc's `[src]` links, and any range on a Gitea or a GitLab of one's own, were
  // missing anchors.
  it('judges a line range of any code view by its first line, and leaves lines its script renders to it', () => {
    const rustdoc = htmlPage(
      'https://doc.rust.example/src/core/option.rs.html',
      '<title>option.rs - source</title><div class="example-wrap"><pre class="src-line-numbers"><a href="#1" id="1">1</a>\n<a href="#2" id="2">2</a>\n<a href="#3" id="3">3</a></pre>' +
        '<pre class="rust"><code>//! Optional values.\n//! Type Option represents an optional value: every Option is either Some and contains a value.\n</code></pre></div>'
    )
    const gitea = htmlPage(
      'https://gitea.example/acme/tool/src/branch/main/main.go',
      '<title>tool/main.go at main - acme/tool - Gitea</title><table><tr><td id="L1" class="lines-num"></td><td class="lines-code">package main // the tool’s entry point and its flags</td></tr>' +
        '<tr><td id="L2" class="lines-num"></td><td class="lines-code">func main() { run(os.Args[1:]) }</td></tr></table>'
    )
    const gitlab = htmlPage(
      'https://gitlab.gnome.example/acme/tool/-/blob/main/src/main.c',
      '<title>src/main.c · main · acme / tool · GitLab</title><div id="super-sidebar"></div><div id="js-view-blob-app" data-blob-path="src/main.c"></div><p>GitLab Community Edition, the open source DevOps platform.</p>'
    )
    const verdict = (url: string, page: ReturnType<typeof htmlPage>) => judgeFragment(citation(url), source(url.replace(/#.*/, ''), page))
    expect(verdict('https://doc.rust.example/src/core/option.rs.html#2-3', rustdoc)).toBeUndefined()
    expect(verdict('https://gitea.example/acme/tool/src/branch/main/main.go#L1-L2', gitea)).toBeUndefined()
    expect(verdict('https://gitea.example/acme/tool/src/branch/main/main.go#L2C4', gitea)).toBeUndefined()
    expect(verdict('https://gitlab.gnome.example/acme/tool/-/blob/main/src/main.c#L10-20', gitlab)).toBeUndefined()
    // A range past the file's end: the lines cited are gone, and no other line is offered.
    const gone = verdict('https://doc.rust.example/src/core/option.rs.html#570-572', rustdoc)
    expect(gone?.message).toBe(
      'Unexpected missing anchor `#570-572` in citation `https://doc.rust.example/src/core/option.rs.html#570-572`, expected an id on the page'
    )
    expect(verdict('https://gitea.example/acme/tool/src/branch/main/main.go#L40-L41', gitea)?.expected).toBeUndefined()
    expect(verdict('https://gitea.example/acme/tool/src/branch/main/main.go#L40-L41', gitea)?.message).toContain('Unexpected missing anchor `#L40-L41`')
    // On a page with no lines, a number range is an anchor like any other.
    expect(judge('https://docs.example/guide#2019-2020')?.message).toContain('Unexpected missing anchor `#2019-2020`')
  })

  it('leaves to the code host what its script renders: a Markdown file’s headings, a thread’s comments', () => {
    // GitHub's file view: the rendered Markdown, its heading ids among it, is in a JSON blob for its script.
    const blob = htmlPage(
      'https://github.com/acme/tool/blob/main/docs/guide.md',
      '<title>tool/docs/guide.md at main · acme/tool</title><div id="repo-content-pjax-container"><react-app app-name="react-code-view">' +
        '<script type="application/json" data-target="react-app.embeddedData">{"payload":{"blob":{"richText":"<h2><a id=\\"user-content-installation\\" href=\\"#installation\\"></a>Installation</h2>"}}}</script>' +
        '</react-app></div>'
    )
    const file = 'https://github.com/acme/tool/blob/main/docs/guide.md#installation'
    expect(judgeFragment(citation(file), source(file.replace(/#.*/, ''), {anchors: blob.anchors, passages}))).toBeUndefined()
    const gitlab = 'https://gitlab.com/acme/tool/-/blob/main/README.md#usage'
    expect(judgeFragment(citation(gitlab), source(gitlab.replace(/#.*/, ''), {anchors: ['super-sidebar'], passages}))).toBeUndefined()
    // An issue whose description has headings, with a comment of a long thread, loaded when scrolled to.
    const issue = 'https://github.com/acme/tool/issues/7'
    const thread = {anchors: ['issue-7', 'user-content-steps', 'issuecomment-100'], passages}
    expect(judgeFragment(citation(`${issue}#issuecomment-2345678`), source(issue, thread))).toBeUndefined()
    expect(judgeFragment(citation('https://github.com/acme/tool/pull/8/files#diff-0a1b2c3d4e5f6789R12'), source('https://github.com/acme/tool/pull/8/files', thread))).toBeUndefined()
    // Where the rendered Markdown is in the page, as a repository's home page has its README, headings are judged.
    const home = 'https://github.com/acme/tool#instalation'
    const readme = {anchors: ['repo-content-pjax-container', 'user-content-installation', 'user-content-usage'], passages}
    expect(judgeFragment(citation(home), source('https://github.com/acme/tool', readme))?.expected).toBe('https://github.com/acme/tool#installation')
    expect(judgeFragment(citation(`${issue}#step`), source(issue, thread))?.expected).toBe(`${issue}#steps`)
    // The hosts' documentation is plain HTML, its ids without the prefix.
    const docs = 'https://docs.github.com/en/actions/reference/workflow-syntax'
    expect(judgeFragment(citation(`${docs}#on-push`), source(docs, {anchors: ['onpush', 'jobs'], passages}))?.expected).toBe(`${docs}#onpush`)
  })

  // GitHub's script lowercases the fragment before it looks for the prefixed id: a table of contents written in
  // capitals works there, and was a missing anchor.
  it('finds a GitHub README heading cited in capitals, as GitHub does; elsewhere an id matches as written', () => {
    const home = htmlPage(
      'https://github.com/acme/tool',
      '<title>GitHub - acme/tool: A tool</title><article class="markdown-body"><div class="markdown-heading"><h2 class="heading-element">Getting Started</h2>' +
        '<a id="user-content-getting-started" class="anchor" href="#getting-started"></a></div><p>Install it with npm and read on.</p></article>'
    )
    for (const fragment of ['Getting-Started', 'getting-started', 'GETTING-STARTED']) {
      expect(judgeFragment(citation(`https://github.com/acme/tool#${fragment}`), source('https://github.com/acme/tool', home))).toBeUndefined()
    }
    expect(judgeFragment(citation('https://github.com/acme/tool#Getting-Startd'), source('https://github.com/acme/tool', home))?.expected).toBe(
      'https://github.com/acme/tool#getting-started'
    )
    // A browser matches ids case-sensitively: `#Install` does not reach `id="install"`.
    expect(judge('https://docs.example/guide#Install')?.expected).toBe('https://docs.example/guide#install')
  })

  it('reports a missing anchor and offers the nearest as the fix', () => {
    const verdict = judge('https://docs.example/guide#instal')
    expect(verdict).toMatchObject({status: 'mismatch', action: 'flagged', rule: 'citation-fragment'})
    expect(verdict?.message).toBe(
      'Unexpected missing anchor `#instal` in citation `https://docs.example/guide#instal`, expected an id on the page such as `#install`'
    )
    expect(verdict?.expected).toBe('https://docs.example/guide#install')
  })

  it('judges the id before a text fragment, and keeps the text fragment in the fix', () => {
    const verdict = judge('https://docs.example/guide#instal:~:text=with%20npm')
    expect(verdict?.message).toBe(
      'Unexpected missing anchor `#instal` in citation `https://docs.example/guide#instal:~:text=with%20npm`, expected an id on the page such as `#install`'
    )
    expect(verdict?.expected).toBe('https://docs.example/guide#install:~:text=with%20npm')
  })

  it('suggests nothing when no anchor is close', () => {
    const verdict = judge('https://docs.example/guide#changelog-2019')
    expect(verdict?.message).toBe(
      'Unexpected missing anchor `#changelog-2019` in citation `https://docs.example/guide#changelog-2019`, expected an id on the page'
    )
    expect(verdict?.expected).toBeUndefined()
  })

  it('says nothing about pages without a single id (script-rendered, not HTML)', () => {
    expect(judge('https://docs.example/guide#anything', [])).toBeUndefined()
  })

  it('says nothing about an app’s shell, whose only id is where its script renders the page', () => {
    const page = (body: string) =>
      readPage({url: 'https://app.example/docs', status: 200, headers: {'content-type': 'text/html'}, body: Buffer.from(body), truncated: false})
    const shell = page('<title>Acme Docs</title><div id="root"></div><noscript>You need to enable JavaScript to run this app.</noscript>')
    expect(judgeFragment(citation('https://app.example/docs#usage'), source('https://app.example/docs', shell))).toBeUndefined()
    const headed = page('<title>Acme Docs</title><div id="root"></div><noscript><h1>JavaScript required</h1></noscript>')
    expect(judgeFragment(citation('https://app.example/docs#usage'), source('https://app.example/docs', headed))).toBeUndefined()
    const rendered = page('<title>Acme Docs</title><div id="root"><h2 id="install">Install</h2><p>Install it with npm and read on.</p></div>')
    expect(judgeFragment(citation('https://app.example/docs#usage'), source('https://app.example/docs', rendered))).toBeDefined()
  })

  // Taken for an app's shell, as no line reaches 20 characters: a release that never was passed silently.
  it('judges a short page that has a heading, such as a changelog of one-line entries', () => {
    const changelog = readPage({
      url: 'https://tool.example/changelog',
      status: 200,
      headers: {'content-type': 'text/html'},
      body: Buffer.from('<h1>Changelog</h1><h2 id="v2-0-0">2.0.0</h2><ul><li>Drop Node 16</li></ul><h2 id="v1-9-0">1.9.0</h2><ul><li>Add --quiet</li></ul>'),
      truncated: false
    })
    const verdict = judgeFragment(citation('https://tool.example/changelog#v2-1-0'), source('https://tool.example/changelog', changelog))
    expect(verdict?.message).toContain('Unexpected missing anchor `#v2-1-0`')
  })

  it('says nothing about pages it could not read', () => {
    const url = 'https://docs.example/gone#usage'
    expect(judgeFragment(citation(url), source('https://docs.example/gone', {anchors}, {liveness: 'dead', status: 404}))).toBeUndefined()
  })

  it('judges a page cited thousands of times at once: its ids are read into a set, and a missing one’s nearest found, once', () => {
    // A one-page spec with 4,000 ids, cited 3,000 times, and 300 times more with the same misspelt anchor: 4 to 5 s before.
    const ids = Array.from({length: 4000}, (_, index) => `section-${index}-of-the-specification-text`)
    const spec = source('https://spec.example/', {anchors: ids, passages})
    const found = ids.slice(0, 3000).map((id) => citation(`https://spec.example/#${id}`))
    const misspelt = citation('https://spec.example/#section-12-of-teh-specification-text')
    expect(judgeFragment(misspelt, spec)?.expected).toBe('https://spec.example/#section-12-of-the-specification-text')
    const started = performance.now()
    const verdicts = [...found, ...Array.from({length: 300}, () => misspelt)].map((cited) => judgeFragment(cited, spec))
    expect(performance.now() - started).toBeLessThan(1000)
    expect(verdicts.slice(0, 3000).filter(Boolean)).toEqual([])
    expect(new Set(verdicts.slice(3000).map((verdict) => verdict?.expected))).toEqual(new Set(['https://spec.example/#section-12-of-the-specification-text']))
  })

  it('suggests a prefix match and strips GitHub’s prefix from a suggestion', () => {
    expect(nearestAnchor('intro', anchors)).toBe('introduction')
    expect(nearestAnchor('fqa', anchors)).toBe('faq')
    expect(nearestAnchor('Install', anchors)).toBe('install')
  })

  it('does not suggest an anchor that only starts what was written, or another number', () => {
    // `#c` starts `configuration`, but `#configuration-file` is the one meant.
    expect(nearestAnchor('configuration', ['c', 'usage', 'configuration-file'])).toBe('configuration-file')
    expect(nearestAnchor('section-12', ['section-1', 'section-2', 'section-3'])).toBeUndefined()
    expect(nearestAnchor('sec-5500', ['sec-5', 'sec-55'])).toBeUndefined()
  })

  it('says nothing when the anchor may be past what was read: a body cut at the size cap, or more ids than are kept', () => {
    const url = 'https://spec.example/#conclusion'
    expect(judgeFragment(citation(url), source('https://spec.example/', {anchors, passages, truncated: true}))).toBeUndefined()
    const many = Array.from({length: maxAnchors}, (_, index) => `sec-${index}`)
    expect(judge('https://spec.example/#sec-5500', many)).toBeUndefined()
    expect(judge('https://spec.example/#sec-x', many.slice(0, 100))).toBeDefined()
  })
})
