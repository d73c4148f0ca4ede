// The editor path, end to end: the built language server (unified-language-server with remark's settings, what
// vscode-remark runs) as a child process over stdio, spoken to in LSP, in a workspace that uses the preset.

import {execFile, spawn, type ChildProcess} from 'node:child_process'
import {existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, resolve} from 'node:path'
import {pathToFileURL} from 'node:url'
import {promisify} from 'node:util'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection} from 'vscode-jsonrpc/node.js'
import {html, redirect, startWeb, status, type Web} from './helpers/web.js'

const root = resolve(import.meta.dirname, '..')
const server = join(root, 'dist', 'src', 'language-server.js')
const entry = pathToFileURL(join(root, 'dist', 'rules', 'index.js')).href
const docs = 'https://www.npmjs.com/package/remark-lint-citations'

/** The LSP shapes this test reads (vscode-jsonrpc carries no protocol types). */
interface Position {
  line: number
  character: number
}
interface Diagnostic {
  range: {start: Position; end: Position}
  severity?: number
  code?: string | number
  codeDescription?: {href: string}
  source?: string
  message: string
}
interface Published {
  uri: string
  version?: number
  diagnostics: Diagnostic[]
}
interface CodeAction {
  title: string
  kind?: string
  isPreferred?: boolean
  edit: {changes: Record<string, Array<{range: Diagnostic['range']; newText: string}>>}
}

const Severity = {Error: 1, Warning: 2} as const

/** A language client: what an editor does, minus the editor. It starts the built server over stdio in `cwd`. */
class Client {
  /** What the server logged (`window/logMessage`). */
  readonly logs: string[] = []
  /** Every publish, in the order it came. */
  readonly published: Published[] = []
  readonly exited: Promise<number | null>
  private readonly waiting: Array<{match: (item: Published) => boolean; done: (item: Published) => void}> = []
  private readonly child: ChildProcess
  private readonly connection: MessageConnection

  constructor(cwd: string) {
    // The server's stderr goes to the test's, so a crash explains itself.
    this.child = spawn(process.execPath, [server, '--stdio'], {cwd, stdio: ['pipe', 'pipe', 'inherit']})
    this.exited = new Promise((done) => this.child.on('exit', (code) => done(code)))
    this.connection = createMessageConnection(new StreamMessageReader(this.child.stdout!), new StreamMessageWriter(this.child.stdin!))
    this.connection.onNotification('window/logMessage', (params: {message: string}) => this.logs.push(params.message))
    this.connection.onNotification('textDocument/publishDiagnostics', (item: Published) => {
      this.published.push(item)
      for (const waiter of this.waiting.filter((waiter) => waiter.match(item))) {
        this.waiting.splice(this.waiting.indexOf(waiter), 1)
        waiter.done(item)
      }
    })
    this.connection.listen()
  }

  /** `null` folders: an editor with no folder open (the server then finds each file's project itself). */
  async initialize(folders: string[] | null, capabilities: Record<string, unknown> = {}): Promise<{capabilities: Record<string, unknown>}> {
    const result = await this.connection.sendRequest<{capabilities: Record<string, unknown>}>('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities,
      workspaceFolders: folders && folders.map((folder) => ({uri: pathToFileURL(folder).href, name: folder}))
    })
    await this.connection.sendNotification('initialized', {})
    return result
  }

  /** Opens a document and waits for its diagnostics. */
  open(uri: string, text: string, version = 1): Promise<Diagnostic[]> {
    const published = this.diagnostics(uri, version)
    void this.connection.sendNotification('textDocument/didOpen', {textDocument: {uri, languageId: 'markdown', version, text}})
    return published
  }

  /** The next diagnostics published for a document version the client did not change again: a re-check. */
  republished(uri: string, version: number): Promise<Diagnostic[]> {
    return this.diagnostics(uri, version)
  }

  /** Replaces a document's text (full sync, what the server asks for) and waits for its diagnostics. */
  change(uri: string, text: string, version: number): Promise<Diagnostic[]> {
    const published = this.diagnostics(uri, version)
    void this.connection.sendNotification('textDocument/didChange', {textDocument: {uri, version}, contentChanges: [{text}]})
    return published
  }

  /** Adds workspace folders, as an editor does when one is added to a multi-root workspace. */
  addFolders(folders: string[]): Promise<void> {
    return this.connection.sendNotification('workspace/didChangeWorkspaceFolders', {
      event: {added: folders.map((folder) => ({uri: pathToFileURL(folder).href, name: folder})), removed: []}
    })
  }

  /** The quick fixes the server offers for one of its diagnostics. */
  quickFixes(uri: string, diagnostic: Diagnostic): Promise<CodeAction[]> {
    return this.connection.sendRequest<CodeAction[]>('textDocument/codeAction', {
      textDocument: {uri},
      range: diagnostic.range,
      context: {diagnostics: [diagnostic]}
    })
  }

  /** The edits the server's formatter makes to a document. */
  format(uri: string): Promise<Array<{range: Diagnostic['range']; newText: string}> | null> {
    return this.connection.sendRequest('textDocument/formatting', {textDocument: {uri}, options: {tabSize: 2, insertSpaces: true}})
  }

  async shutdown(): Promise<number | null> {
    await this.connection.sendRequest('shutdown')
    await this.connection.sendNotification('exit')
    const code = await this.exited
    this.connection.dispose()
    return code
  }

  /** The server's threads now, as Linux counts them (its verifier threads among them). */
  threads(): number {
    return Number(/^Threads:\s+(\d+)$/m.exec(readFileSync(`/proc/${this.child.pid}/status`, 'utf8'))![1])
  }

  kill(): void {
    this.connection.dispose()
    this.child.kill()
  }

  private diagnostics(uri: string, version: number): Promise<Diagnostic[]> {
    return new Promise((done) =>
      this.waiting.push({match: (item) => item.uri === uri && item.version === version, done: (item) => done(sorted(item.diagnostics))})
    )
  }
}

function sorted(diagnostics: Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character)
}

/** The range LSP gives a URL written in `text`: 0-based line, UTF-16 code units (what JavaScript strings count). */
function spanOf(text: string, url: string): {start: Position; end: Position} {
  const offset = text.indexOf(url)
  expect(offset).toBeGreaterThanOrEqual(0)
  const before = text.slice(0, offset).split('\n')
  const line = before.length - 1
  const character = before.at(-1)!.length
  return {start: {line, character}, end: {line, character: character + url.length}}
}

/** A `.remarkrc.mjs` with the preset; `options` is the JavaScript source of the `configure` options. */
/** The diagnostic for a citation of `url` in `text` that answers 404. */
function deadAt(text: string, url: string): Diagnostic {
  return {
    range: spanOf(text, url),
    severity: Severity.Error,
    code: 'citation-alive',
    codeDescription: {href: `${docs}#citation-alive`},
    source: 'remark-lint',
    message: `Unexpected dead citation \`${url}\`, expected a live source (\`404 Not Found\`)`
  }
}

function rc(options: string): string {
  return [
    `import {fileURLToPath} from 'node:url'`,
    `import recommended, {configure, citationCredibility} from ${JSON.stringify(entry)}`,
    `export default {plugins: [recommended, [configure, ${options}],`,
    `  [citationCredibility, ['warn', {trusted: ['127.0.0.1', 'old-site.test', 'new-site.test']}]]]}`,
    ``
  ].join('\n')
}

describe('the language server (unified-language-server with remark’s settings, as vscode-remark runs it)', () => {
  let web: Web
  let workspace: string
  let client: Client
  let slowAnswered: () => void = () => {}
  /** Loopback allowed; every host name resolves to it (`*.test` names here), with no DNS asked. */
  const fetching = `allowPrivateAddresses: ['127.0.0.1/32'], timeout: 1000, retries: 0, resolve: async () => [{address: '127.0.0.1', family: 4}]`

  beforeAll(async () => {
    web = await startWeb({
      '/ok': html('A fine page'),
      '/gone': status(404),
      '/busy': status(503),
      '/moved': (request, response) => redirect(301, `http://new-site.test:${web.port}/ok`)(request, response),
      '/moved-bare': (request, response) => redirect(301, `http://new-site.test:${web.port}/a_b_`)(request, response),
      '/moved-paren': (request, response) => redirect(301, `http://new-site.test:${web.port}/x)y`)(request, response),
      '/moved-query': (request, response) => redirect(301, `http://new-site.test:${web.port}/ok?q=a|b&copy;`)(request, response),
      '/a_b_': html('Underscored'),
      '/x)y': html('Parenthesised'),
      '/removed': status(404),
      '/slow': (request, response) =>
        setTimeout(() => {
          status(404)(request, response)
          slowAnswered()
        }, 500)
    })
    workspace = mkdtempSync(join(root, 'test', '.cli-editor-'))
    mkdirSync(join(workspace, 'live'))
    mkdirSync(join(workspace, 'editor'))
    mkdirSync(join(workspace, 'background'))
    mkdirSync(join(workspace, 'confirm'))
    mkdirSync(join(workspace, 'confirm-day'))
    writeFileSync(join(workspace, 'live', '.remarkrc.mjs'), rc(`{${fetching}, cache: ${JSON.stringify(join(workspace, 'cache-live'))}}`))
    // The README's editor setup: cache only under a language server; the cache folder named from the config
    // file's place, not the working directory, so the server and `remark` in a terminal share it.
    writeFileSync(
      join(workspace, 'editor', '.remarkrc.mjs'),
      rc(`{${fetching}, cache: fileURLToPath(new URL('../cache-shared', import.meta.url)), cacheOnly: /language-server/.test(process.argv[1] ?? '')}`)
    )
    writeFileSync(join(workspace, 'background', '.remarkrc.mjs'), rc(`{${fetching}, cache: false, cacheOnly: 'background'}`))
    // The editor setup with `confirmDead`: `remark` in a terminal keeps the first failures, the editor reads them.
    const confirming = (folder: string, options: string) =>
      writeFileSync(
        join(workspace, folder, '.remarkrc.mjs'),
        rc(`{${fetching}, cache: fileURLToPath(new URL('cache', import.meta.url)), cacheOnly: /language-server/.test(process.argv[1] ?? ''), ${options}}`)
      )
    // A 404 kept no time, as one an hour old is: the editor finds no entry, the runs only the first failure.
    confirming('confirm', 'confirmDead: 1500, cacheTtl: {notFound: 0}')
    confirming('confirm-day', 'confirmDead: 24 * 60 * 60 * 1000')
    // Started elsewhere, as editors may start it: the workspace comes from `initialize`.
    client = new Client(tmpdir())
  })

  afterAll(async () => {
    client?.kill()
    await web?.close()
    if (workspace) rmSync(workspace, {recursive: true, force: true})
  })

  it('answers `initialize` with full document sync, quick fixes and formatting', async () => {
    const {capabilities} = await client.initialize([workspace])
    expect(capabilities).toMatchObject({textDocumentSync: 1, documentFormattingProvider: true, codeActionProvider: {codeActionKinds: ['quickfix']}})
  })

  const live = () => pathToFileURL(join(workspace, 'live', 'notes.md')).href

  /** `remark` from the terminal in a folder of the workspace (not a language server: it fetches), with the same config. */
  function terminalRun(folder: string, file: string): Promise<{failed: boolean; stderr: string}> {
    return promisify(execFile)(join(root, 'node_modules', '.bin', 'remark'), [file, '--no-color'], {cwd: join(workspace, folder)}).then(
      ({stderr}) => ({failed: false, stderr}),
      (error: {stderr: string}) => ({failed: true, stderr: error.stderr})
    )
  }

  it('publishes each flagged citation on the URL’s own span, with severity, rule id, source and docs link', async () => {
    const gone = `${web.origin()}/gone`
    const busy = `${web.origin()}/busy`
    // Characters outside the BMP before the URL: LSP counts UTF-16 code units, as JavaScript strings do.
    const text = [`# Notes`, ``, `Café 🎉 a [fine source](${web.origin()}/ok) and a [dead one](${gone}).`, ``, `The server is [busy](${busy}).`, ``].join('\n')
    const diagnostics = await client.open(live(), text)
    expect(diagnostics).toEqual([
      deadAt(text, gone),
      {
        range: spanOf(text, busy),
        severity: Severity.Warning,
        code: 'citation-reachable',
        codeDescription: {href: `${docs}#citation-reachable`},
        source: 'remark-lint',
        message: `Unexpected unverifiable citation \`${busy}\`, expected a source that can be checked (\`503 Service Unavailable\`)`
      }
    ])
    expect(diagnostics[0]!.range.start.character).toBe(text.split('\n')[2]!.indexOf(gone))
    expect([web.hits('/ok'), web.hits('/gone'), web.hits('/busy')]).toEqual([1, 1, 1])
  })

  it('re-checks on each change: new positions, fixed citations gone, and no second request for a known URL', async () => {
    const gone = `${web.origin()}/gone`
    const text = [`# Notes`, ``, `Only the [dead one](${gone}) is left, moved down.`, ``].join('\n')
    const diagnostics = await client.change(live(), text, 2)
    expect(diagnostics.map(({range, severity, code}) => ({range, severity, code}))).toEqual([
      {range: spanOf(text, gone), severity: Severity.Error, code: 'citation-alive'}
    ])
    expect(web.hits('/gone')).toBe(1)
  })

  it('publishes the latest version only: a slow check of an earlier one, finishing last, is dropped', async () => {
    const uri = pathToFileURL(join(workspace, 'live', 'rapid.md')).href
    const answered = new Promise<void>((done) => (slowAnswered = done))
    void client.open(uri, `A [slow source](${web.origin()}/slow).\n`)
    const gone = `${web.origin()}/gone`
    const text = `A [dead source](${gone}), typed before the slow one was checked.\n`
    expect(await client.change(uri, text, 2)).toEqual([deadAt(text, gone)])
    await answered
    // Time for the first version's check to finish and publish, had it not been dropped.
    await new Promise((done) => setTimeout(done, 300))
    expect(client.published.filter((item) => item.uri === uri).map((item) => item.version)).toEqual([2])
  })

  it('offers the final URL of a permanent redirect as a quick fix that replaces the URL only', async () => {
    const moved = `http://old-site.test:${web.port}/moved`
    const final = `http://new-site.test:${web.port}/ok`
    const uri = pathToFileURL(join(workspace, 'live', 'moved.md')).href
    const text = `The [report](${moved} "A fine page") moved.\n`
    const [diagnostic, ...others] = await client.open(uri, text)
    expect(others).toEqual([])
    expect(diagnostic).toMatchObject({
      range: spanOf(text, moved),
      severity: Severity.Warning,
      code: 'citation-reachable',
      message: `Unexpected redirect of citation \`${moved}\` to another site \`${final}\`, expected the cited source (\`301 Moved Permanently\`)`
    })
    expect(await client.quickFixes(uri, diagnostic!)).toEqual([
      {
        title: `Replace \`${moved}\` with \`${final}\``,
        kind: 'quickfix',
        isPreferred: true,
        edit: {changes: {[uri]: [{range: spanOf(text, moved), newText: final}]}}
      }
    ])
  })

  it('writes a quick fix’s URL as `--fix` does, so the link reads back as that URL', async () => {
    const moved = (path: string) => `http://old-site.test:${web.port}${path}`
    const final = `http://new-site.test:${web.port}`
    const uri = pathToFileURL(join(workspace, 'live', 'escaped.md')).href
    const text = [`Bare ${moved('/moved-bare')} here.`, ``, `A [paren](${moved('/moved-paren')}) and [a query](${moved('/moved-query')}).`, ``].join('\n')
    const diagnostics = await client.open(uri, text)
    expect(diagnostics.map(({code}) => code)).toEqual(['citation-reachable', 'citation-reachable', 'citation-reachable'])
    const fixes = await Promise.all(diagnostics.map((diagnostic) => client.quickFixes(uri, diagnostic)))
    expect(fixes.map((actions) => actions.map(({edit}) => edit.changes[uri]![0]!.newText))).toEqual([
      // Bare, GFM would end the URL before its last `_`.
      [`<${final}/a_b_>`],
      // An unbalanced `)` would end the destination.
      [`${final}/x\\)y`],
      // `|` would end a table cell, `&copy;` read as `©`.
      [`${final}/ok?q=a%7Cb\\&copy;`]
    ])
  })

  it('places diagnostics and quick fixes on the first line of a document with a byte order mark as the editor counts', async () => {
    const gone = `${web.origin()}/gone`
    const moved = `http://old-site.test:${web.port}/moved`
    const uri = pathToFileURL(join(workspace, 'live', 'bom.md')).href
    const text = `\uFEFF[dead](${gone}) and [moved](${moved}).\n`
    const diagnostics = await client.open(uri, text)
    expect(diagnostics.map(({code, range}) => ({code, range}))).toEqual([
      {code: 'citation-alive', range: spanOf(text, gone)},
      {code: 'citation-reachable', range: spanOf(text, moved)}
    ])
    const [fix] = await client.quickFixes(uri, diagnostics[1]!)
    expect(fix!.edit.changes[uri]).toEqual([{range: spanOf(text, moved), newText: `http://new-site.test:${web.port}/ok`}])
  })

  it('publishes a document with many findings: the engine’s text report, which nothing reads, held it past 16 KiB', async () => {
    const uri = pathToFileURL(join(workspace, 'live', 'many.md')).href
    // Refused before any lookup: 100 errors, no request.
    const urls = Array.from({length: 100}, (_, index) => `http://169.254.169.254/latest/meta-data/${index}`)
    const text = urls.map((url) => `- See [the metadata](${url}).`).join('\n') + '\n'
    const published = await Promise.race([client.open(uri, text), new Promise<string>((done) => setTimeout(() => done('nothing published in 10 s'), 10_000))])
    expect(typeof published === 'string' ? published : published.map(({range, code}) => ({range, code}))).toEqual(
      urls.map((url) => ({range: spanOf(text, url), code: 'citation-url-safety'}))
    )
  })

  it('cache only: an uncached URL is “not yet checked” with no request; after a CLI run fills the cache, the real diagnostic', async () => {
    const removed = `${web.origin()}/removed`
    const file = join(workspace, 'editor', 'draft.md')
    const uri = pathToFileURL(file).href
    const text = `A [source](${removed}) nobody has checked yet.\n`
    writeFileSync(file, text)

    expect(await client.open(uri, text)).toEqual([
      {
        range: spanOf(text, removed),
        severity: Severity.Warning,
        code: 'citation-reachable',
        codeDescription: {href: `${docs}#citation-reachable`},
        source: 'remark-lint',
        message: `Unexpected unverifiable citation \`${removed}\`, expected a source that can be checked (\`not yet checked: cache only\`)`
      }
    ])
    expect(web.hits('/removed')).toBe(0)

    // `remark` from the terminal, with the same config: not a language server, so it fetches and fills the cache.
    expect(await terminalRun('editor', 'draft.md')).toMatchObject({failed: true, stderr: expect.stringContaining('Unexpected dead citation')})
    expect(web.hits('/removed')).toBe(1)

    // The next edit reads the filled cache: the real error, still without a request from the editor.
    const edited = `A [source](${removed}) somebody has checked now.\n`
    expect(await client.change(uri, edited, 2)).toEqual([
      deadAt(edited, removed)
    ])
    expect(web.hits('/removed')).toBe(1)
  })

  it('cache only in the background: an answer fetched in the background shows without another edit', async () => {
    const gone = `${web.origin()}/gone?background`
    const uri = pathToFileURL(join(workspace, 'background', 'draft.md')).href
    const text = `A [source](${gone}) to check.\n`
    const pending = (reason: string) => [
      {
        range: spanOf(text, gone),
        severity: Severity.Warning,
        code: 'citation-reachable',
        codeDescription: {href: `${docs}#citation-reachable`},
        source: 'remark-lint',
        message: `Unexpected unverifiable citation \`${gone}\`, expected a source that can be checked (\`${reason}\`)`
      }
    ]
    const before = web.hits('/gone')
    // Seen once: maybe a URL still being typed, so not fetched.
    expect(await client.open(uri, text)).toEqual(pending('not yet checked: checking in the background'))
    expect(web.hits('/gone')).toBe(before)
    // Still there after an edit elsewhere: fetched in the background, and the document is checked again when the
    // answer is in, with no further edit.
    const republished = client.change(uri, text, 2).then(() => client.republished(uri, 2))
    expect(await republished).toEqual([deadAt(text, gone)])
    expect(web.hits('/gone')).toBe(before + 1)
  })

  it('cache only with `confirmDead`: the editor leaves the first failure a run kept, so the next run confirms it', async () => {
    const gone = `${web.origin()}/gone?confirm`
    const file = join(workspace, 'confirm', 'draft.md')
    const text = `A [source](${gone}) that went away.\n`
    writeFileSync(file, text)
    const first = await terminalRun('confirm', 'draft.md')
    // The run kept its first failure before it ended: `confirmDead` is over for certain 1.6 s after that, however long
    // the run took to start.
    const recorded = Date.now()
    expect(first).toMatchObject({failed: false, stderr: expect.stringContaining('(not yet confirmed)')})
    // No entry to read (a 404 is kept no time here): not yet checked, which says nothing of the page.
    const [diagnostic] = await client.open(pathToFileURL(file).href, text)
    expect(diagnostic?.message).toContain('(`not yet checked: cache only`)')
    await new Promise((done) => setTimeout(done, recorded + 1600 - Date.now()))
    // Dead since the first run, over `confirmDead` ago: an error. The editor cleared that record, and it began again.
    const second = await terminalRun('confirm', 'draft.md')
    expect(second).toMatchObject({failed: true, stderr: expect.stringContaining(`Unexpected dead citation \`${gone}\`, expected a live source (\`404 Not Found\`)`)})
  })

  it('cache only with `confirmDead`: a first failure a run kept since the last edit shows as not yet confirmed, as the run said', async () => {
    const gone = `${web.origin()}/gone?confirm-day`
    const file = join(workspace, 'confirm-day', 'draft.md')
    const uri = pathToFileURL(file).href
    const text = `A [source](${gone}) that went away.\n`
    writeFileSync(file, text)
    expect((await client.open(uri, text))[0]?.message).toContain('(`not yet checked: cache only`)')
    expect((await terminalRun('confirm-day', 'draft.md')).stderr).toContain('(not yet confirmed)')
    // The editor's first look, before the run, was kept as "never dead": the 404 was an error at once.
    const edited = `A [source](${gone}) that went away, edited.\n`
    const [diagnostic, ...others] = await client.change(uri, edited, 2)
    expect(others).toEqual([])
    expect(diagnostic).toMatchObject({
      range: spanOf(edited, gone),
      severity: Severity.Warning,
      code: 'citation-reachable',
      message: expect.stringMatching(/^Unexpected dead citation `[^`]+` \(not yet confirmed\), expected a live source \(`404 Not Found, dead since /)
    })
  })

  it('shuts down on `shutdown` then `exit`, with exit code 0', async () => {
    expect(await client.shutdown()).toBe(0)
  })
})

describe('front matter and MDX, read as the bin reads them', () => {
  it('cites no URL in front matter, reads `.mdx` as MDX (its lint comments apply), and formats MDX as MDX', async () => {
    const web = await startWeb({'/gone': status(404), '/removed': status(404), '/canonical': status(404)})
    const workspace = mkdtempSync(join(root, 'test', '.cli-editor-'))
    const client = new Client(workspace)
    try {
      writeFileSync(join(workspace, '.remarkrc.mjs'), rc(`{allowPrivateAddresses: ['127.0.0.1/32'], timeout: 1000, retries: 0, cache: false}`))
      await client.initialize([workspace])
      const gone = `${web.origin()}/gone`
      const front = [`---`, `canonical: ${web.origin()}/canonical`, `---`, ``].join('\n')
      const markdown = `${front}\nA [dead source](${gone}).\n`
      const md = await client.open(pathToFileURL(join(workspace, 'notes.md')).href, markdown)
      expect(md.map(({range, code}) => ({range, code}))).toEqual([{range: spanOf(markdown, gone), code: 'citation-alive'}])
      const mdx = [
        front,
        `import {Chart} from './chart.js'`,
        ``,
        `{/* lint ignore citation-alive */}`,
        `Known to be gone: [an old source](${web.origin()}/removed).`,
        ``,
        `<Chart title="Sales" />`,
        ``,
        `A [dead source](${gone}).`,
        ``
      ].join('\n')
      const uri = pathToFileURL(join(workspace, 'page.mdx')).href
      const diagnostics = await client.open(uri, mdx)
      expect(diagnostics.map(({range, code}) => ({range, code}))).toEqual([{range: spanOf(mdx, gone), code: 'citation-alive'}])
      expect(web.hits('/canonical')).toBe(0)
      // Formatting an MDX file keeps its import, comment and JSX as written (remark's MDX serializer). The engine
      // formats no file with an error, so this one cites nothing dead.
      const chart = [front, `import {Chart} from './chart.js'`, ``, `Sales`, `=====`, ``, `{/* Q3 only */}`, ``, `<Chart title="Sales" />`, ``].join('\n')
      const chartUri = pathToFileURL(join(workspace, 'chart.mdx')).href
      expect(await client.open(chartUri, chart)).toEqual([])
      expect((await client.format(chartUri))?.[0]?.newText).toBe(chart.replace('Sales\n=====', '# Sales'))
      expect(await client.shutdown()).toBe(0)
    } finally {
      client.kill()
      await web.close()
      rmSync(workspace, {recursive: true, force: true})
    }
  })
})

describe('a workspace without its own `remark`', () => {
  it('falls back to the bundled remark-parse and remark-stringify, and still reports', async () => {
    // Outside this repository, so `remark` cannot be found from the workspace; the rc imports the build by URL.
    const workspace = mkdtempSync(join(tmpdir(), 'remark-lint-citations-editor-'))
    const client = new Client(workspace)
    try {
      writeFileSync(join(workspace, '.remarkrc.mjs'), rc('{cache: false}'))
      await client.initialize([workspace])
      const unsafe = 'http://169.254.169.254/latest/meta-data/'
      const text = `See [the metadata](${unsafe}).\n`
      const diagnostics = await client.open(pathToFileURL(join(workspace, 'doc.md')).href, text)
      expect(diagnostics.map(({range, severity, code}) => ({range, severity, code}))).toEqual([
        {range: spanOf(text, unsafe), severity: Severity.Error, code: 'citation-url-safety'}
      ])
      expect(client.logs.join('\n')).toContain('Cannot find `remark` locally but using `defaultProcessor`')
      expect(await client.shutdown()).toBe(0)
    } finally {
      client.kill()
      rmSync(workspace, {recursive: true, force: true})
    }
  })
})

describe('an editor with no folder open', () => {
  it('leaves a document that is not a file (`untitled:`) unchecked, and goes on checking files', async () => {
    const workspace = mkdtempSync(join(tmpdir(), 'remark-lint-citations-editor-'))
    const client = new Client(workspace)
    try {
      // With no folder, a file's project is the nearest folder with a package.json.
      writeFileSync(join(workspace, 'package.json'), '{}')
      writeFileSync(join(workspace, '.remarkrc.mjs'), rc('{cache: false}'))
      await client.initialize(null)
      const unsafe = 'http://169.254.169.254/latest/meta-data/'
      const text = `See [the metadata](${unsafe}).\n`
      void client.open('untitled:Untitled-1', text)
      const uri = pathToFileURL(join(workspace, 'doc.md')).href
      const checked = client.open(uri, text).then((diagnostics) => diagnostics.map(({code}) => code))
      expect(await Promise.race([checked, client.exited.then((code) => `exited with ${code}`)])).toEqual(['citation-url-safety'])
      expect(client.published.map((item) => item.uri)).toEqual([uri])
      expect(await client.shutdown()).toBe(0)
    } finally {
      client.kill()
      rmSync(workspace, {recursive: true, force: true})
    }
  })
})

describe('a config edited while the editor is open', () => {
  // Each check reads the config again; new fetching settings make a new verifier, with its own thread.
  // A file that cannot be parsed (MDX being typed) is never checked: the check its parse began must end all the same.
  it.runIf(existsSync('/proc/self/status')).each([
    ['a Markdown file', 'notes.md', undefined],
    ['an MDX file that could not be parsed at first', 'notes.mdx', 'A <div\n']
  ])('closes the verifier of the settings edited away: the server’s threads stay as many (%s)', async (_, name, unparsed) => {
    const web = await startWeb({'*': status(404)})
    const workspace = mkdtempSync(join(root, 'test', '.cli-editor-'))
    const client = new Client(workspace)
    const config = (timeout: number) =>
      writeFileSync(
        join(workspace, '.remarkrc.json'),
        JSON.stringify({
          plugins: [join(root, 'dist', 'rules', 'index.js'), [join(root, 'dist', 'src', 'configure.js'), {allowPrivateAddresses: ['127.0.0.1/32'], timeout, retries: 0, cache: false}]]
        })
      )
    try {
      config(1000)
      await client.initialize([workspace])
      const uri = pathToFileURL(join(workspace, name)).href
      const cite = (edit: number) => `A [dead source](${web.origin()}/gone-${edit}).\n`
      let version = 0
      const check = (text: string) => (++version === 1 ? client.open(uri, text) : client.change(uri, text, version))
      if (unparsed) expect((await check(unparsed)).map(({code}) => code)).not.toContain('citation-alive')
      expect((await check(cite(0))).map(({code}) => code)).toEqual(['citation-alive'])
      const first = client.threads()
      for (let edit = 1; edit <= 3; edit++) {
        config(1000 + edit)
        expect((await check(cite(edit))).map(({code}) => code)).toEqual(['citation-alive'])
      }
      // A thread ends shortly after it is told to close: wait for it, not for a time.
      for (let tries = 0; tries < 50 && client.threads() > first; tries++) await new Promise((done) => setTimeout(done, 100))
      expect(client.threads()).toBeLessThanOrEqual(first)
      expect(await client.shutdown()).toBe(0)
    } finally {
      client.kill()
      await web.close()
      rmSync(workspace, {recursive: true, force: true})
    }
  })
})

describe('the editor closing while a page is being read', () => {
  // The verifier on a thread of its own, and (checking while you type) on the server's, whose fetches start on the
  // second check that sees a URL.
  it.each([
    ['fetching', '', 1],
    ['checking in the background', `cacheOnly: 'background', `, 2]
  ])('keeps an answer that comes after `shutdown` in the cache, and exits in time when a page never answers (%s)', async (_, mode, checks) => {
    let shutdownSent = (): void => {}
    const sent = new Promise<void>((done) => (shutdownSent = done))
    const web = await startWeb({
      // Answers just after the editor asked the server to shut down.
      '/late': (request, response) => void sent.then(() => setTimeout(() => status(404)(request, response), 200)),
      '/never': () => {}
    })
    const workspace = mkdtempSync(join(root, 'test', '.cli-editor-'))
    const cache = join(workspace, 'cache')
    const client = new Client(workspace)
    try {
      writeFileSync(join(workspace, '.remarkrc.mjs'), rc(`{allowPrivateAddresses: ['127.0.0.1/32'], timeout: 20_000, retries: 0, ${mode}cache: ${JSON.stringify(cache)}}`))
      await client.initialize([workspace])
      const uri = pathToFileURL(join(workspace, 'notes.md')).href
      const text = `A [late source](${web.origin()}/late) and a [silent one](${web.origin()}/never).\n`
      for (let version = 1; version <= checks; version++) void (version === 1 ? client.open(uri, text) : client.change(uri, text, version))
      while (web.hits('/late') === 0 || web.hits('/never') === 0) await new Promise((done) => setTimeout(done, 20))
      const asked = Date.now()
      const shutdown = client.shutdown()
      shutdownSent()
      expect(await shutdown).toBe(0)
      // The server waits for what is under way for 1.5 s at most; the silent page would have held it 20 s.
      expect(Date.now() - asked).toBeLessThan(5000)
      const entries = readdirSync(cache, {recursive: true, encoding: 'utf8'}).filter((name) => name.endsWith('.json'))
      expect(entries).toHaveLength(1)
      expect(readFileSync(join(cache, entries[0]!), 'utf8')).toContain('/late')
    } finally {
      client.kill()
      await web.close()
      rmSync(workspace, {recursive: true, force: true})
    }
  })
})

describe('a config that does not load, edited while the editor is open', () => {
  it('is said as the bin says it: the config file, the line and column, and why', async () => {
    const workspace = mkdtempSync(join(root, 'test', '.cli-editor-'))
    const client = new Client(workspace)
    const rules = JSON.stringify(join(root, 'dist', 'rules', 'index.js'))
    const configure = JSON.stringify(join(root, 'dist', 'src', 'configure.js'))
    const json = (plugins: string) => writeFileSync(join(workspace, '.remarkrc.json'), `{\n  "plugins": [\n    ${plugins}\n  ]\n}\n`)
    try {
      json(`${rules},`)
      await client.initialize([workspace])
      const uri = pathToFileURL(join(workspace, 'notes.md')).href
      let version = 1
      const check = async () => {
        const text = `Notes, version ${version}.\n`
        const diagnostics = version === 1 ? await client.open(uri, text) : await client.change(uri, text, version)
        version++
        return diagnostics.map(({range, message, severity, code}) => ({range, message, severity, code}))
      }
      const start = {start: {line: 0, character: 0}, end: {line: 0, character: 0}}
      // Not a stack trace under `Cannot process file`.
      expect(await check()).toEqual([{range: start, severity: Severity.Error, code: undefined, message: ".remarkrc.json:4:3: Cannot load remark config: Invalid JSON: Unexpected token ']'"}])
      json(`${rules},\n    "remark-no-such-plugin"`)
      expect(await check()).toEqual([{range: start, severity: Severity.Error, code: undefined, message: '.remarkrc.json:4:6: Cannot find plugin `remark-no-such-plugin`'}])
      // Not only the reason, at the start of the document.
      const invalid = `[${configure}, {"cache": false, "timeout": -1}]`
      json(`${rules},\n    ${invalid}`)
      expect(await check()).toEqual([
        {
          range: start,
          severity: Severity.Error,
          code: 'configure',
          message: `.remarkrc.json:4:${'    '.length + invalid.indexOf('timeout') + 1}: Unexpected \`timeout\` \`-1\`, expected an integer from 1 to 2147483647 (configure)`
        }
      ])
      rmSync(join(workspace, '.remarkrc.json'))
      writeFileSync(join(workspace, '.remarkrc.mjs'), `export default {plugins: []}\nthrow new Error('Not ready')\n`)
      const notReady = '.remarkrc.mjs:2:7: Cannot load remark config: Error: Not ready (a JavaScript config is loaded once: restart the server after editing it)'
      expect(await check()).toEqual([{range: start, severity: Severity.Error, code: undefined, message: notReady}])
      // Fixed, but Node keeps the module it loaded: the line stays, and says why.
      writeFileSync(join(workspace, '.remarkrc.mjs'), `export default {plugins: []}\n`)
      expect(await check()).toEqual([{range: start, severity: Severity.Error, code: undefined, message: notReady}])
      expect(await client.shutdown()).toBe(0)
    } finally {
      client.kill()
      rmSync(workspace, {recursive: true, force: true})
    }
  })

  it('says that a fetching option given to a rule belongs to `configure`, at the option', async () => {
    const workspace = mkdtempSync(join(root, 'test', '.cli-editor-'))
    const client = new Client(workspace)
    const alive = `[${JSON.stringify(join(root, 'dist', 'rules', 'citation-alive', 'index.js'))}, {"timeout": 5000}]`
    const plugins = [JSON.stringify(join(root, 'dist', 'rules', 'index.js')), `[${JSON.stringify(join(root, 'dist', 'src', 'configure.js'))}, {"cache": false}]`, alive]
    writeFileSync(join(workspace, '.remarkrc.json'), `{\n  "plugins": [\n    ${plugins.join(',\n    ')}\n  ]\n}\n`)
    try {
      await client.initialize([workspace])
      const diagnostics = await client.open(pathToFileURL(join(workspace, 'notes.md')).href, 'Notes.\n')
      expect(diagnostics.map(({message, code}) => ({message, code}))).toEqual([
        {
          code: 'citation-alive',
          message:
            `.remarkrc.json:5:${'    '.length + alive.indexOf('timeout') + 1}: Unexpected option \`timeout\` for \`citation-alive\` (it belongs to \`configure\`), ` +
            'expected none: only a severity (`["warn"]`), or `false` to turn the rule off (citation-alive)'
        }
      ])
      expect(await client.shutdown()).toBe(0)
    } finally {
      client.kill()
      rmSync(workspace, {recursive: true, force: true})
    }
  })

  it('names the config from the document’s workspace folder, as the bin names it from where it runs, whatever the document’s folder', async () => {
    const workspace = mkdtempSync(join(root, 'test', '.cli-editor-'))
    const docs = join(workspace, 'docs')
    mkdirSync(join(docs, 'guide'), {recursive: true})
    const client = new Client(workspace)
    const rules = JSON.stringify(join(root, 'dist', 'rules', 'index.js'))
    const configure = `[${JSON.stringify(join(root, 'dist', 'src', 'configure.js'))}, {"cache": false, "timeout": -1}]`
    const json = (folder: string, plugins: string) => writeFileSync(join(folder, '.remarkrc.json'), `{\n  "plugins": [\n    ${plugins}\n  ]\n}\n`)
    const timeout = `:4:${'    '.length + configure.indexOf('timeout') + 1}: Unexpected \`timeout\` \`-1\`, expected an integer from 1 to 2147483647 (configure)`
    try {
      json(workspace, `${rules},`)
      await client.initialize([workspace], {workspace: {workspaceFolders: true}})
      const uri = pathToFileURL(join(docs, 'guide', 'notes.md')).href
      const messages = async (version: number) =>
        (await (version === 1 ? client.open(uri, 'Notes.\n') : client.change(uri, `Notes ${version}.\n`, version))).map(({message}) => message)
      // It was `../../.remarkrc.json:4:3: …`, from the document's folder.
      expect(await messages(1)).toEqual([".remarkrc.json:4:3: Cannot load remark config: Invalid JSON: Unexpected token ']'"])
      // A config of a subfolder: `docs/.remarkrc.json`, not `../.remarkrc.json`, nor `.remarkrc.json` for a document in `docs/`.
      json(docs, `${rules},\n    ${configure}`)
      expect(await messages(2)).toEqual([`docs/.remarkrc.json${timeout}`])
      const top = pathToFileURL(join(docs, 'top.md')).href
      expect((await client.open(top, 'Top.\n')).map(({message}) => message)).toEqual([`docs/.remarkrc.json${timeout}`])
      // `docs` made a workspace folder of its own: the server checks its documents from there, and the line follows.
      const again = client.republished(uri, 2)
      await client.addFolders([docs])
      expect((await again).map(({message}) => message)).toEqual([`.remarkrc.json${timeout}`])
      expect(await client.shutdown()).toBe(0)
      // No folder open: the server checks from the document's project, the nearest folder with a `package.json`.
      writeFileSync(join(docs, 'package.json'), '{}\n')
      const alone = new Client(workspace)
      try {
        await alone.initialize(null)
        expect((await alone.open(uri, 'Notes.\n')).map(({message}) => message)).toEqual([`.remarkrc.json${timeout}`])
        expect(await alone.shutdown()).toBe(0)
      } finally {
        alone.kill()
      }
    } finally {
      client.kill()
      rmSync(workspace, {recursive: true, force: true})
    }
  })

  it('says where a JavaScript config does not parse once, not at each keystroke', async () => {
    const workspace = mkdtempSync(join(root, 'test', '.cli-editor-'))
    const client = new Client(workspace)
    try {
      writeFileSync(join(workspace, '.remarkrc.mjs'), `export default {plugins: [}\n`)
      await client.initialize([workspace])
      const uri = pathToFileURL(join(workspace, 'notes.md')).href
      const said = ".remarkrc.mjs:1:27: Cannot load remark config: SyntaxError: Unexpected token '}' (a JavaScript config is loaded once: restart the server after editing it)"
      expect((await client.open(uri, 'Notes.\n')).map(({message}) => message)).toEqual([said])
      // Its place is Node's `node --check`, 0.1 to 0.3 s a run: it was run at each change (30 changes took 3 to 9 s),
      // and then named the config as it now is on disk, a place in another text than the module Node keeps.
      writeFileSync(join(workspace, '.remarkrc.mjs'), `export default {\n  plugins: [\n  ]]\n}\n`)
      for (let version = 2; version <= 31; version++) {
        expect((await client.change(uri, `Notes, typed ${version}.\n`, version)).map(({message}) => message)).toEqual([said])
      }
      expect(await client.shutdown()).toBe(0)
    } finally {
      client.kill()
      rmSync(workspace, {recursive: true, force: true})
    }
  })
})
