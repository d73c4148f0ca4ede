// The library's text functions from the built `./api` (dist/): `auditMarkdown` and `verifySources` against
// a loopback web, with the preset by default and a project config through `rcPath`.

import {cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {join, resolve} from 'node:path'
import {pathToFileURL} from 'node:url'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {runNode, type NodeRun} from './helpers/node.js'
import {html, startWeb, status, type Web} from './helpers/web.js'

type Api = typeof import('../src/index.js')

const root = resolve(import.meta.dirname, '..')
const fast = {allowPrivateAddresses: ['127.0.0.1/32'], timeout: 1000, retries: 0, cache: false as const}

let api: Api

let web: Web
let origin: string
let folder: string
/**
 * A project config: the preset, the fast settings, and credibility that trusts 127.0.0.1. The settings are
 * in the config, not in `configure:`: under vitest the config's copy of the rules (imported natively by
 * unified-engine) is not the test's copy, so `configure:` would name another `configure` plugin.
 */
let rcPath: string

beforeAll(async () => {
  api = (await import(pathToFileURL(join(root, 'dist', 'src', 'index.js')).href)) as Api
  web = await startWeb({
    '/ok': html('A fine page'),
    '/gone': status(404),
    '/busy': status(503)
  })
  origin = web.origin()
  folder = mkdtempSync(join(root, 'test', '.cli-api-'))
  rcPath = join(folder, '.remarkrc.mjs')
  const entry = pathToFileURL(join(root, 'dist', 'rules', 'index.js')).href
  writeFileSync(
    rcPath,
    [
      `import recommended, {configure, citationCredibility} from ${JSON.stringify(entry)}`,
      `export default {plugins: [recommended, [configure, ${JSON.stringify(fast)}], [citationCredibility, ['warn', {trusted: ['127.0.0.1']}]]]}`,
      ``
    ].join('\n')
  )
})

afterAll(async () => {
  await api.closeSharedVerifiers()
  await web.close()
  rmSync(folder, {recursive: true, force: true})
})

describe('auditMarkdown', () => {
  it('returns every citation in document order; any flagged or removed citation fails', async () => {
    const text = `# Notes\n\nA [fine page](${origin}/ok).\n\nA [dead one](${origin}/gone).\n\nA [busy one](${origin}/busy).\n`
    const report = await api.auditMarkdown(text, {rcPath})
    expect(report.citations.map((citation) => [citation.citation.url.replace(origin, ''), citation.action, citation.verified])).toEqual([
      ['/ok', 'ok', true],
      ['/gone', 'removed', false],
      ['/busy', 'flagged', false]
    ])
    expect(report.allCitationsVerified).toBe(false)
    expect(report.failedCitations.map((citation) => citation.citation.place.start.line)).toEqual([5, 7])
    expect(report.failedCitations[0]!.verdicts[0]).toMatchObject({rule: 'citation-alive', action: 'removed'})
    expect(report.citations[0]!.file).toBe('document.md')
    expect(Date.parse(report.verifiedAt)).not.toBeNaN()

    // `failOn: 'removed'`: only what must be removed fails.
    const lenient = await api.auditMarkdown(text, {rcPath, failOn: 'removed'})
    expect(lenient.failedCitations.map((citation) => citation.citation.url.replace(origin, ''))).toEqual(['/gone'])
  })

  it('all verified when every citation is fine, and when there are none', async () => {
    expect((await api.auditMarkdown(`See the [fine page](${origin}/ok?again).\n`, {rcPath})).allCitationsVerified).toBe(true)
    const none = await api.auditMarkdown('No citations here.\n')
    expect(none).toMatchObject({citations: [], allCitationsVerified: true, failedCitations: []})
  })

  it('uses the `recommended` preset without a config: credibility below 0.8 fails a live loopback page', async () => {
    const report = await api.auditMarkdown(`A [fine page](${origin}/ok?preset).\n`, {configure: fast})
    expect(report.allCitationsVerified).toBe(false)
    expect(report.failedCitations[0]!.verdicts.map((verdict) => verdict.rule)).toEqual(['citation-credibility'])
  })

  it('parses MDX when the path says `.mdx`', async () => {
    const report = await api.auditMarkdown(`export const year = 2024\n\nAs <a href="${origin}/gone?mdx">the study</a> shows.\n`, {rcPath, path: 'page.mdx'})
    expect(report.citations.map((citation) => [citation.file, citation.citation.kind, citation.action])).toEqual([['page.mdx', 'jsx', 'removed']])
  })

  it('a document that cannot be parsed throws the parser’s message at its place: its citations were never read', async () => {
    const audit = api.auditMarkdown(`An unclosed <Chart\n\n[dead](${origin}/gone?unparsed)\n`, {rcPath, path: 'page.mdx'})
    await expect(audit).rejects.toMatchObject({file: 'page.mdx', line: 1, column: 19, fatal: true, reason: expect.stringMatching(/^Unexpected end of file in name/)})
    expect(web.hits('/gone?unparsed')).toBe(0)
  })

  it('invalid options throw an OptionsError that names them', async () => {
    await expect(api.auditMarkdown('x', {failOn: 'never' as 'removed'})).rejects.toThrow('Unexpected `failOn` `never`, expected `flagged` or `removed`')
    await expect(api.auditMarkdown('x', {configure: {timeout: -1}})).rejects.toThrow(api.OptionsError)
    await expect(api.auditMarkdown('x', {rcPath: join(folder, 'missing.mjs'), cwd: folder})).rejects.toThrow(/^missing\.mjs: Cannot read remark config: Error: ENOENT/)
  })

  it('a misspelt rule option throws, also for a document opening with a lint comment that silences the rule', async () => {
    const misspelt = join(folder, 'misspelt.mjs')
    const entry = pathToFileURL(join(root, 'dist', 'rules', 'index.js')).href
    writeFileSync(
      misspelt,
      `import recommended, {configure, citationCredibility} from ${JSON.stringify(entry)}\nexport default {plugins: [recommended, [configure, ${JSON.stringify(fast)}], [citationCredibility, ['warn', {threshhold: 0.5}]]]}\n`
    )
    const refused = 'Unexpected option `threshhold` (did you mean `threshold`?)'
    for (const comment of ['', '<!--lint ignore citation-credibility-->\n', '<!--lint disable citation-credibility-->\n']) {
      const text = `${comment}A [fine page](${origin}/ok).\n\nAnd [again](${origin}/ok).\n`
      await expect(api.auditMarkdown(text, {rcPath: misspelt})).rejects.toThrow(refused)
    }
  })

  it('a remark config that does not load throws an OptionsError naming its file, line and column, as the bin says it', async () => {
    const broken = join(folder, 'broken')
    mkdirSync(broken)
    writeFileSync(join(broken, 'syntax.mjs'), 'export default {\n  plugins: [foo bar]\n}\n')
    writeFileSync(join(broken, 'comma.json'), '{"plugins": [\n  "remark-gfm",\n]}\n')
    writeFileSync(join(broken, 'plugin.mjs'), "export default {plugins: ['remark-no-such-plugin']}\n")
    writeFileSync(join(broken, '.remarkrc.json'), '{"plugins": [}\n')
    const failure = async (run: Promise<unknown>) => {
      const error = (await run.then(() => undefined, (error: unknown) => error)) as Error
      return {options: error instanceof api.OptionsError, message: error.message}
    }
    expect(
      await Promise.all([
        failure(api.auditMarkdown('x', {rcPath: join(broken, 'syntax.mjs'), cwd: folder})),
        failure(api.auditMarkdown('x', {rcPath: 'comma.json', cwd: broken})),
        failure(api.auditMarkdown('x', {rcPath: 'plugin.mjs', cwd: broken})),
        // Found from `cwd` up, and for a list of sources too.
        failure(api.verifySources([], {detectConfig: true, cwd: broken}))
      ])
    ).toEqual([
      {options: true, message: "broken/syntax.mjs:2:17: Cannot load remark config: SyntaxError: Unexpected identifier 'bar'"},
      {options: true, message: "comma.json:3:1: Cannot load remark config: Invalid JSON: Unexpected token ']'"},
      {options: true, message: 'plugin.mjs:1:28: Cannot find plugin `remark-no-such-plugin`'},
      {options: true, message: ".remarkrc.json:1:14: Cannot load remark config: Invalid JSON: Unexpected token '}'"}
    ])
  })
})

describe('the verifier thread', () => {
  /** A module of the built package, for a script's import. */
  const dist = (path: string) => JSON.stringify(pathToFileURL(join(root, 'dist', 'src', path)).href)
  /** Runs a script of `lines` in a process of its own. */
  function script(name: string, lines: string[], where = folder): Promise<NodeRun> {
    const path = join(where, name)
    writeFileSync(path, lines.join('\n'))
    return runNode([path])
  }
  /** A script's lines that audit a dead and a fine citation, and print each one's URL and action. */
  const audit = (index: string, query: string) => [
    `import {auditMarkdown} from ${index}`,
    `const text = ${JSON.stringify(`A [dead one](${origin}/gone?${query}) and [a fine one](${origin}/ok?${query}).\n`)}`,
    `const report = await auditMarkdown(text, {configure: ${JSON.stringify(fast)}})`,
    `console.log(JSON.stringify(report.citations.map((citation) => [citation.citation.url, citation.action])))`
  ]
  const audited = (query: string) => [
    [`${origin}/gone?${query}`, 'removed'],
    [`${origin}/ok?${query}`, 'flagged']
  ]

  it('one that cannot start (its file left out of a bundle) is one warning, and the main thread verifies instead', async () => {
    const copy = join(folder, 'bundle')
    cpSync(join(root, 'dist'), join(copy, 'dist'), {recursive: true})
    rmSync(join(copy, 'dist', 'src', 'verify', 'thread-worker.js'))
    // As the bin does: a thread started before the settings are known fails the same way, and is not waited for.
    const lines = [`import {prestartThread} from './dist/src/verify/thread.js'`, `prestartThread()`, ...audit(`'./dist/src/index.js'`, 'bundle')]
    const {stdout, stderr, code} = await script('audit.mjs', lines, copy)
    expect(code).toBe(0)
    expect(JSON.parse(stdout)).toEqual(audited('bundle'))
    expect(stderr.match(/Warning: .*/g)).toEqual([expect.stringMatching(/^Warning: The citation verifier thread failed, verifying on the main thread: Cannot find module/)])
  })

  it('one started before its settings are known (the bin) is taken by the first verifier, and answers as its own would', async () => {
    const {code, stdout, stderr} = await script('spare.mjs', [`import {prestartThread} from ${dist('verify/thread.js')}`, `prestartThread()`, ...audit(dist('index.js'), 'spare')])
    // A thread that failed to take its settings would be a warning here.
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(JSON.parse(stdout)).toEqual(audited('spare'))
  })

  it('is stopped at close when it was never asked anything, taken or not: nothing printed, nothing left running', async () => {
    const close = [`import {closeSharedVerifiers, sharedVerifier} from ${dist('verify/shared.js')}`, `await closeSharedVerifiers()`, `console.log('closed')`]
    const untaken = script('untaken.mjs', [`import {prestartThread} from ${dist('verify/thread.js')}`, `prestartThread()`, ...close])
    const idle = script('idle.mjs', [
      `import {resolveSettings} from ${dist('options.js')}`,
      `if (!sharedVerifier(resolveSettings(${JSON.stringify(fast)})).threaded) throw new Error('no thread')`,
      ...close
    ])
    for (const {code, stdout, stderr} of await Promise.all([untaken, idle])) {
      expect(stderr).toBe('')
      expect(stdout).toBe('closed\n')
      expect(code).toBe(0)
    }
  })
})

describe('the defaults', () => {
  it('a call without options uses its verifier thread: no warning that the thread failed', async () => {
    const script = join(folder, 'defaults.mjs')
    writeFileSync(
      script,
      [
        `import {verifySources} from ${JSON.stringify(pathToFileURL(join(root, 'dist', 'src', 'index.js')).href)}`,
        // A private address: refused without a request, and never cached.
        `const {summary} = await verifySources([{url: 'http://127.0.0.1:9/x'}])`,
        `if (summary.removed !== 1) throw new Error(JSON.stringify(summary))`
      ].join('\n')
    )
    const {code, stderr} = await runNode([script], {cwd: folder})
    expect(stderr).toBe('')
    expect(code).toBe(0)
  })

  it('an empty list still refuses invalid options; records name the document from `cwd`', async () => {
    await expect(api.verifySources([], {configure: {timeot: 1} as never})).rejects.toBeInstanceOf(api.OptionsError)
    const report = await api.auditMarkdown(`A [page](${origin}/ok?cwd).\n`, {rcPath, cwd: folder, path: 'docs/page.md'})
    expect(report.citations.map((citation) => citation.file)).toEqual(['docs/page.md'])
  })
})

describe('`cwd` and `path`', () => {
  it('a `cwd` that is not a folder is refused by name, not searched up from for a config', async () => {
    const missing = join(folder, 'no-such-folder')
    const refused = `Unexpected \`cwd\` \`${missing}\`, expected an existing folder`
    await expect(api.auditMarkdown('x', {cwd: missing, detectConfig: true})).rejects.toThrow(new api.OptionsError(refused))
    await expect(api.verifySources([], {cwd: missing})).rejects.toThrow(new api.OptionsError(refused))
    await expect(api.auditMarkdown('x', {cwd: rcPath})).rejects.toThrow(`Unexpected \`cwd\` \`${rcPath}\`, expected an existing folder`)
    // A path below a file is no folder either (the file system's ENOTDIR was thrown as it was).
    const belowFile = join(rcPath, 'docs')
    await expect(api.auditMarkdown('x', {cwd: belowFile})).rejects.toThrow(new api.OptionsError(`Unexpected \`cwd\` \`${belowFile}\`, expected an existing folder`))
  })

  it('names the document from `cwd`, one outside it `../…`, and finds the config of the folder it names', async () => {
    const project = join(folder, 'project')
    mkdirSync(project)
    const entry = pathToFileURL(join(root, 'dist', 'rules', 'index.js')).href
    writeFileSync(
      join(project, '.remarkrc.mjs'),
      `import recommended, {configure} from ${JSON.stringify(entry)}\nexport default {plugins: [recommended, [configure, ${JSON.stringify({...fast, skip: ['skip=project']})}]]}\n`
    )
    const text = `A [page](${origin}/ok?skip=project).\n`
    const files = async (path: string) => (await api.auditMarkdown(text, {cwd: project, detectConfig: true, path})).citations.map((citation) => citation.file)
    // The project's config skips the citation; outside the project, the config of the folder above does not.
    expect(await files('docs/page.md')).toEqual([])
    expect(await files(join(project, 'docs', 'page.md'))).toEqual([])
    expect(await files('../outside.md')).toEqual(['../outside.md'])
    expect(await files(join(folder, 'outside.md'))).toEqual(['../outside.md'])
  })
})

describe('`configure` given in the call', () => {
  it('is laid over the config option by option, an array replacing the config’s, and does not stay for later calls', async () => {
    const skipping = join(folder, 'skipping.mjs')
    const entry = pathToFileURL(join(root, 'dist', 'rules', 'index.js')).href
    writeFileSync(
      skipping,
      `import recommended, {configure} from ${JSON.stringify(entry)}\nexport default {plugins: [recommended, [configure, ${JSON.stringify({...fast, skip: ['skip=config']})}]]}\n`
    )
    const text = `A [page](${origin}/ok?skip=config) and [another](${origin}/ok?skip=call).\n`
    const checked = async (configure?: object) =>
      (await api.auditMarkdown(text, {rcPath: skipping, ...(configure ? {configure} : {})})).citations.map((citation) => citation.citation.url.replace(origin, ''))
    expect(await checked()).toEqual(['/ok?skip=call'])
    expect(await checked({skip: ['skip=call']})).toEqual(['/ok?skip=config'])
    expect(await checked()).toEqual(['/ok?skip=call'])
  })
})

describe('a custom `resolve`', () => {
  it('that answers out of shape makes its citations unverifiable, saying so, not dead', async () => {
    const port = new URL(origin).port
    // `dns.promises.resolve4`'s bare strings, where `{address, family}` objects are asked for; and no list at all.
    for (const [answer, shown] of [[['127.0.0.1'], '["127.0.0.1"]'], ['127.0.0.1', '127.0.0.1']] as const) {
      const report = await api.auditMarkdown(`A [fine page](http://site.test:${port}/ok?resolve).\n`, {configure: {...fast, resolve: async () => answer as never}})
      const [citation] = report.citations
      expect(citation!.action).toBe('flagged')
      expect(citation!.verdicts[0]!.message).toContain(`(\`the resolve option gave site.test ${shown}, expected [{address, family}] with IP addresses\`)`)
    }
    expect(web.hits('/ok?resolve')).toBe(0)
  })
})

describe('many settings in one process', () => {
  it('each gets its verifier, without a listener warning, and the process still exits by itself', async () => {
    const script = join(folder, 'many.mjs')
    writeFileSync(
      script,
      [
        `import {auditMarkdown} from ${JSON.stringify(pathToFileURL(join(root, 'dist', 'src', 'index.js')).href)}`,
        `for (let i = 0; i < 12; i++) {`,
        `  const report = await auditMarkdown(${JSON.stringify(`A [page](${origin}/ok?many).\n`)}, {configure: {...${JSON.stringify(fast)}, timeout: 1000 + i}})`,
        `  if (report.citations.length !== 1) throw new Error('not checked')`,
        `}`
      ].join('\n')
    )
    const {code, stderr} = await runNode([script])
    expect(stderr).toBe('')
    expect(code).toBe(0)
  })
})

describe('verifySources', () => {
  it('answers with the seed’s `{results, summary}`, one result per source', async () => {
    const report = await api.verifySources(
      [
        {url: `${origin}/ok`, title: 'A fine page'},
        {url: `${origin}/gone`, title: 'Gone [for] "good" *now*', claim: 'The page said so at https://example.com/elsewhere.'}
      ],
      {rcPath}
    )
    expect(report.summary).toEqual({total: 2, ok: 1, removed: 1, flagged: 0})
    expect(report.results.map(({url, http_status, action, title_match, reason}) => ({url: url.replace(origin, ''), http_status, action, title_match, reason}))).toEqual([
      {url: '/gone', http_status: 404, action: 'removed', title_match: null, reason: '404 Not Found'},
      {url: '/ok', http_status: 200, action: 'ok', title_match: true, reason: '200 OK, title matches'}
    ])
    // The claim's own URL is text, not a source: it is neither a result nor fetched.
    expect(report.results[0]!.citations[0]).toMatchObject({
      line: 2,
      cited_title: 'Gone [for] "good" *now*',
      claim: 'The page said so at https://example.com/elsewhere.'
    })
  })

  it('refuses a list it cannot check with INVALID_ARGS', async () => {
    await expect(api.verifySources([{url: 42}] as never)).rejects.toMatchObject({
      code: 'INVALID_ARGS',
      message: 'Unexpected `sources[0].url` `42`, expected an absolute URL such as `https://example.com/page`'
    })
    await expect(api.verifySources('nope' as never)).rejects.toBeInstanceOf(api.InputError)
    // A URL cut from a line of text keeps its line break: shown so, not as the clean URL parsing makes of it.
    await expect(api.verifySources([{url: 'https://example.com/page\n'}])).rejects.toMatchObject({
      message: 'Unexpected `sources[0].url` `"https://example.com/page\\n"`, expected an absolute URL such as `https://example.com/page`'
    })
  })
})
