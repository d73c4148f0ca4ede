// The `remark-lint-citations` bin, built (dist/), run as a child process on fixture repositories against a
// loopback web: config discovery, MDX, exit codes, reports, and the `verify` command.

import {spawn} from 'node:child_process'
import {createHash} from 'node:crypto'
import {chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync} from 'node:fs'
import {join, resolve} from 'node:path'
import {pathToFileURL} from 'node:url'
import {VFile} from 'vfile'
import {reporter} from 'vfile-reporter'
import stringWidth from 'string-width'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import type {JsonReport} from '../src/report/json.js'
import type {JsonlRecord} from '../src/report/jsonl.js'
import type {SarifLog} from '../src/report/sarif.js'
import {createProgress, progressWanted} from '../src/cli/progress.js'
import {countFiles} from '../src/cli/file-count.js'
import {manyFiles} from '../src/cli/lint.js'
import {sourcesDocument} from '../src/cli/sources.js'
import {remarkReport} from '../src/cli/reporter.js'
import cellWidth, {isPlain, loadUnicodeWidth} from '../src/cli/cell-width.js'
import {engineQueueHash} from '../src/cli/queue.js'
import {initialize, resolve as resolveHook} from '../src/cli/module-hooks.js'
import {runNode, type NodeRun} from './helpers/node.js'
import {html, startWeb, status, type Web} from './helpers/web.js'

const root = resolve(import.meta.dirname, '..')
const bin = join(root, 'dist', 'src', 'cli', 'bin.js')
const entry = pathToFileURL(join(root, 'dist', 'rules', 'index.js')).href
/** Fast and independent of earlier runs: one attempt, a short limit, no persistent cache. */
const fast = {allowPrivateAddresses: ['127.0.0.1/32'], timeout: 1000, retries: 0, cache: false}

function run(args: string[], cwd: string, input?: string, env: NodeJS.ProcessEnv = {}): Promise<NodeRun> {
  return runNode([bin, ...args], {cwd, input, env: {CI: 'true', ...env}})
}

/** Lines without the reporter's column padding. */
function tidy(output: string): string[] {
  return output
    .split('\n')
    .map((line) => line.trim().replace(/\s+/g, ' '))
    .filter(Boolean)
}

function config(plugins: string[], imports = 'configure, citationCredibility, citationTitleMatch'): string {
  return [
    `import remarkGfm from 'remark-gfm'`,
    `import recommended, {${imports}} from ${JSON.stringify(entry)}`,
    `export default {plugins: [remarkGfm, recommended, ${plugins.join(', ')}]}`,
    ``
  ].join('\n')
}

let web: Web
let folder: string
let origin: string
/** A project with its own `.remarkrc.mjs`. */
let repo: string

function write(path: string, text: string): void {
  mkdirSync(resolve(path, '..'), {recursive: true})
  writeFileSync(path, text)
}

beforeAll(async () => {
  web = await startWeb({
    '/ok': html('A fine page'),
    '/paper': html('Deep Residual Learning for Image Recognition'),
    '/anchored': html('Anchored', '<h2 id="results">Results</h2><p>What was found, and how it was measured.</p>'),
    '/gone': status(404),
    '/busy': status(503),
    // A hostile title: OSC 52 writes the clipboard of the terminal that prints it, CSI 2J clears the screen.
    '/escapes': html('Weather \u001B]52;c;SGVsbG8=\u0007 report\u001B[2J')
  })
  origin = web.origin()
  folder = mkdtempSync(join(root, 'test', '.cli-bin-'))
  repo = join(folder, 'repo')
  write(
    join(repo, '.remarkrc.mjs'),
    config([
      `[configure, ${JSON.stringify(fast)}]`,
      `[citationCredibility, ['warn', {trusted: ['127.0.0.1']}]]`,
      `[citationTitleMatch, ['warn', {threshold: 1}]]`
    ])
  )
  write(join(repo, 'ok.md'), `# Fine\n\nA [fine page](${origin}/ok) is cited.\n`)
  write(join(repo, 'dead.md'), `# Dead\n\nSee [the report](${origin}/gone) for details.\n\nAnd [this one](${origin}/ok).\n`)
  // One word of five differs: the default threshold lets it pass, this config's `threshold: 1` does not.
  write(join(repo, 'near.md'), `Residual learning helps ([paper](${origin}/paper "Deep Residual Networks for Image Recognition")).\n`)
  write(join(repo, 'docs', 'page.mdx'), `import {Chart} from './chart.js'\n\nAs <a href="${origin}/gone?mdx">the study</a> shows, {1 + 1} is two.\n`)
  write(join(repo, 'docs', 'raw.md'), `Raw HTML in Markdown: <a href="${origin}/ok?raw">a page</a>.\n`)
  write(join(repo, 'skipped', 'ignored.md'), `[Gone](${origin}/gone?ignored)\n`)
  write(join(repo, '.remarkignore'), 'skipped/\n')
  write(join(repo, 'other.markdown'), `[Gone](${origin}/gone?markdown)\n`)
})

afterAll(async () => {
  await web.close()
  rmSync(folder, {recursive: true, force: true})
})

describe('remark-lint-citations <files>', () => {
  it('without a config, the `recommended` preset (with remark-gfm) is used: a loopback citation is unsafe, exit 1', async () => {
    const plain = join(folder, 'plain')
    write(join(plain, 'loop.md'), `Local: ${origin}/ok?literal\n`)
    const {code, stderr, stdout} = await run(['loop.md'], plain)
    expect(code).toBe(1)
    expect(stdout).toBe('')
    const lines = tidy(stderr)
    // A bare URL is a citation only with remark-gfm's autolink literals or the prose scan; the preset's
    // citation-url-safety refuses a private address before any request.
    expect(lines.slice(0, 3)).toEqual([
      'loop.md',
      expect.stringMatching(/^1:8-1:\d+ error Unexpected unsafe citation `http:\/\/127\.0\.0\.1:\d+\/ok\?literal`, expected a public http\(s\) URL \(`private address 127\.0\.0\.1 \(loopback\)`\) citation-url-safety remark-lint$/),
      '✖ 1 error'
    ])
    expect(web.hits('/ok')).toBe(0)
    // Then the human summary, on stderr too.
    expect(lines.slice(3)).toEqual([
      'Source verification (1 source):',
      expect.stringMatching(/^✗ http:\/\/127\.0\.0\.1:\d+\/ok\?literal — private address 127\.0\.0\.1 \(loopback\) \(REMOVED\)$/),
      expect.stringMatching(/^loop\.md:1:8 citation-url-safety: Unexpected unsafe citation/),
      'Summary: 0 ok, 1 removed, 0 flagged'
    ])
  })

  it('a project’s `.remarkrc.mjs` is found and its options are taken; clean files exit 0', async () => {
    const [clean, near, frail] = await Promise.all([run(['ok.md'], repo), run(['near.md'], repo), run(['near.md', '--frail'], repo)])
    expect(clean.code).toBe(0)
    expect(tidy(clean.stderr)).toEqual([
      'ok.md: no issues found',
      'Source verification (1 source):',
      expect.stringMatching(/^✓ http:\/\/127\.0\.0\.1:\d+\/ok — 200 OK, title matches$/),
      'Summary: 1 ok, 0 removed, 0 flagged'
    ])
    // `threshold: 1` from the config: a warning (exit 0), and with `--frail` exit 1.
    expect(near.code).toBe(0)
    expect(tidy(near.stderr)[1]).toMatch(/warning Unexpected cited title “Deep Residual Networks for Image Recognition” .* citation-title-match remark-lint$/)
    expect(frail.code).toBe(1)
  })

  it('a folder: `.md`, `.markdown` and `.mdx` (parsed as MDX: JSX and expressions) in one run; `.remarkignore` honoured', async () => {
    const {code, stderr, stdout} = await run(['.', '--report', 'json'], repo)
    expect(code).toBe(1)
    const report = JSON.parse(stdout) as JsonReport
    const cited = report.results.flatMap((result) => result.citations.map((citation) => `${citation.file}:${citation.line}:${citation.column}`))
    expect(cited.sort()).toEqual(['dead.md:3:18', 'dead.md:5:16', 'docs/page.mdx:3:13', 'docs/raw.md:1:32', 'near.md:1:34', 'ok.md:3:15', 'other.markdown:1:8'])
    const mdx = report.results.find((result) => result.url.endsWith('/gone?mdx'))!
    expect(mdx.action).toBe('removed')
    // A parse error would have been reported instead: `{1 + 1}` is MDX, and the `import` is not prose.
    expect(stderr).not.toContain('Cannot process file')
    expect(stderr).toContain('docs/page.mdx')
    expect(stderr).not.toContain('ignored.md')
  })

  it('`.mdx` files are parsed on a Node that cannot `require` an ES module (before 20.19): remark-mdx is imported up front', async () => {
    const {code, stdout, stderr} = await runNode(['--no-experimental-require-module', bin, 'docs/page.mdx', '--report', 'json'], {cwd: repo, env: {CI: 'true'}})
    expect(stderr).not.toContain('Cannot process file')
    expect(code).toBe(1)
    const citations = (JSON.parse(stdout) as JsonReport).results.flatMap((result) => result.citations)
    expect(citations.map((citation) => [citation.file, citation.line, citation.action])).toEqual([['docs/page.mdx', 3, 'removed']])
  })

  it('a config with remark-mdx: `.md` files are read as MDX too, and `.mdx` files as before', async () => {
    const project = join(folder, 'mdx-config')
    write(join(project, '.remarkrc.mjs'), `import remarkMdx from 'remark-mdx'\nimport recommended from ${JSON.stringify(entry)}\nexport default {plugins: [remarkMdx, recommended]}\n`)
    write(join(project, 'a.md'), `Two is {1 + 1}, says <a href="${origin}/ok?md">the page</a>.\n`)
    write(join(project, 'b.mdx'), `export const year = 2024\n\nIn {year}, <a href="${origin}/ok?mdx">the study</a> said so.\n`)
    const {code, stdout, stderr} = await run(['.', '--report', 'json'], project)
    expect(stderr).not.toContain('Cannot process file')
    expect(code).toBe(1)
    const citations = (JSON.parse(stdout) as JsonReport).results.flatMap((result) => result.citations)
    // An expression is not prose: read as Markdown, `{1 + 1}` would be part of the claim.
    expect(citations.map((citation) => [citation.file, citation.line, citation.column, citation.claim])).toEqual([
      ['a.md', 1, 31, 'Two is, says the page.'],
      ['b.mdx', 3, 21, 'In, the study said so.']
    ])
  })

  it('a file that cannot be parsed is reported as such, and every other file of the run still is', async () => {
    const project = join(folder, 'broken')
    write(join(project, '.remarkrc.mjs'), config([`[configure, ${JSON.stringify(fast)}]`]))
    // Many files, so that the broken one is neither the first nor the last to reach the engine's queue.
    for (let index = 0; index < 30; index++) write(join(project, `page-${index}.md`), `See [the report](${origin}/gone?${index}).\n`)
    write(join(project, 'broken.mdx'), 'An unclosed <Chart\n')
    const {code, stderr, stdout} = await run(['.', '--no-color', '--report', 'jsonl'], project)
    // The document is at fault, not the checker: exit 1, as for a lint error (it was 3, "internal failure").
    expect(code).toBe(1)
    const lines = tidy(stderr)
    expect(lines).toContain('broken.mdx')
    // The parser's own message, at its place (it was an unplaced `Cannot process file` with the place in a cause).
    expect(lines).toContainEqual(expect.stringMatching(/^1:19 error Unexpected end of file in name, .* unexpected-eof micromark-extension-mdx-jsx$/))
    expect(stderr).not.toContain('Cannot process file')
    // In the reports too: the summary lists it, the JSONL has a line for it before the citations.
    expect(lines).toContain('Not checked (1 file):')
    expect(lines).toContainEqual(expect.stringMatching(/^✗ broken\.mdx:1:19 Unexpected end of file in name/))
    expect(lines.at(-1)).toBe('Summary: 0 ok, 30 removed, 0 flagged, 1 file not checked')
    expect(JSON.parse(stdout.split('\n')[0]!)).toEqual({file: 'broken.mdx', line: 1, column: 19, error: expect.stringMatching(/^Unexpected end of file in name/)})
    for (let index = 0; index < 30; index++) expect(lines).toContain(`page-${index}.md`)
    expect(lines.filter((line) => /^1:\d+-1:\d+ error Unexpected dead citation/.test(line))).toHaveLength(30)
  })

  it('an MDX element left open to the end of the file (`<br>` on a line of its own) is a file not checked, placed at the end: exit 1, not a crash', async () => {
    const project = join(folder, 'open-element')
    write(join(project, '.remarkrc.mjs'), config([`[configure, ${JSON.stringify(fast)}]`]))
    write(join(project, 'page.md'), `See [the report](${origin}/gone?open).\n`)
    write(join(project, 'br.mdx'), `# Notes\n\nLine one\n\n<br>\n\nLine two, ${origin}/gone?br\n`)
    const {code, stderr, stdout} = await run(['.', '--no-color', '--report', 'jsonl'], project)
    // It was exit 3 ("internal failure"), an unplaced `Cannot process file`, and no report listed the file.
    expect(code).toBe(1)
    const lines = tidy(stderr)
    expect(lines).toContainEqual('8:1 error Expected a closing tag for `<br>` (5:1-5:5) before the end of the document end-tag-mismatch mdast-util-mdx-jsx')
    expect(stderr).not.toContain('Cannot process file')
    expect(lines).toContain('✗ br.mdx:8:1 Expected a closing tag for `<br>` (5:1-5:5) before the end of the document')
    expect(JSON.parse(stdout.split('\n')[0]!)).toEqual({file: 'br.mdx', line: 8, column: 1, error: 'Expected a closing tag for `<br>` (5:1-5:5) before the end of the document'})
    expect(lines).toContainEqual(expect.stringMatching(/^1:\d+-1:\d+ error Unexpected dead citation `.*\/gone\?open`/))
  })

  it('a document nested too deeply for the parser (10,000 blockquotes) is a file not checked, said plainly: exit 1, no stack trace', async () => {
    const project = join(folder, 'too-deep')
    write(join(project, '.remarkrc.mjs'), config([`[configure, ${JSON.stringify(fast)}]`]))
    write(join(project, 'page.md'), `See [the report](${origin}/gone?deep).\n`)
    write(join(project, 'deep.md'), '> '.repeat(10_000) + `A [source](${origin}/gone?inside).\n`)
    const {code, stderr, stdout} = await run(['.', '--no-color', '--report', 'jsonl'], project)
    // It was exit 3 ("internal failure"): an unplaced `Cannot process file` and remark-gfm's stack trace.
    expect(code).toBe(1)
    expect(stderr).not.toContain('Maximum call stack')
    const reason = 'Cannot check this file: its blockquotes, lists or other blocks nest too deeply for the Markdown parser (thousands of levels)'
    const lines = tidy(stderr)
    expect(lines).toContain(`1:1 error ${reason} remark-lint-citations`)
    expect(lines).toContain(`✗ deep.md:1:1 ${reason}`)
    expect(JSON.parse(stdout.split('\n')[0]!)).toEqual({file: 'deep.md', line: 1, column: 1, error: reason})
    // The other files are checked as ever.
    expect(lines).toContainEqual(expect.stringMatching(/^1:\d+-1:\d+ error Unexpected dead citation `.*\/gone\?deep`/))
  })

  it('a file in a checked folder that cannot be read (a symlink loop, a symlink to a missing file) is a file not checked, said plainly: exit 1', async () => {
    const project = join(folder, 'unreadable')
    write(join(project, '.remarkrc.mjs'), config([`[configure, ${JSON.stringify(fast)}]`]))
    write(join(project, 'page.md'), `See [the report](${origin}/gone?unreadable).\n`)
    symlinkSync('loop-b.md', join(project, 'loop-a.md'))
    symlinkSync('loop-a.md', join(project, 'loop-b.md'))
    symlinkSync('../CHANGELOG.md', join(project, 'changelog.md'))
    const {code, stderr, stdout} = await run(['.', '--no-color', '--report', 'jsonl'], project)
    // It was exit 2 (a missing argument, no summary) for the dangling link, exit 3 (internal failure) and an unplaced
    // `Cannot process file` with the error behind it for the loop, and no report listed either file.
    expect(code).toBe(1)
    expect(stderr).not.toContain('Cannot process file')
    const lines = tidy(stderr)
    const loop = 'Cannot read this file: too many symbolic links encountered (`ELOOP`)'
    const dangling = 'Cannot read this file: it is a symbolic link to `../CHANGELOG.md`, which does not exist'
    expect(lines).toContain(`1:1 error ${loop} remark-lint-citations`)
    expect(lines).toContain(`1:1 error ${dangling} remark-lint-citations`)
    expect(lines).toContain(`✗ loop-a.md:1:1 ${loop}`)
    expect(lines).toContain('Summary: 0 ok, 1 removed, 0 flagged, 3 files not checked')
    expect(stdout.split('\n').slice(0, 3).map((line) => JSON.parse(line) as unknown)).toEqual([
      {file: 'changelog.md', line: 1, column: 1, error: dangling},
      {file: 'loop-a.md', line: 1, column: 1, error: loop},
      {file: 'loop-b.md', line: 1, column: 1, error: loop}
    ])
    // The other files are checked as ever.
    expect(lines).toContainEqual(expect.stringMatching(/^1:\d+-1:\d+ error Unexpected dead citation `.*\/gone\?unreadable`/))
  })

  it('a UTF-16 file (as Windows PowerShell writes them) is not checked as garbage that cites nothing: it is listed as not checked, exit 1', async () => {
    const project = join(folder, 'utf16')
    write(join(project, 'ok.md'), '# Fine\n')
    const text = `# Notes\n\nSee [the report](${origin}/gone?utf16).\n`
    const littleEndian = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])
    writeFileSync(join(project, 'notes.md'), littleEndian)
    // Big-endian, without a byte order mark.
    writeFileSync(join(project, 'big.md'), Buffer.from(text, 'utf16le').swap16())
    // Two stray NULs in a short UTF-8 file are not UTF-16: its citation is checked (it was 'Unexpected UTF-16 text').
    write(join(project, 'nul.md'), `[x](${origin}/gone?nul)\u0000\u0000\n`)
    const {code, stderr} = await run(['.', '--no-color'], project)
    expect(code).toBe(1)
    const lines = tidy(stderr)
    for (const file of ['big.md', 'notes.md']) {
      expect(lines).toContainEqual(`✗ ${file}:1:1 Unexpected UTF-16 text, expected UTF-8: save the file as UTF-8 to check it`)
    }
    expect(lines).toContain('1:1 error Unexpected UTF-16 text, expected UTF-8: save the file as UTF-8 to check it encoding remark-lint-citations')
    expect(lines).toContainEqual(expect.stringMatching(/^1:5-1:\d+ error Unexpected unsafe citation `.*\/gone\?nul`/))
    expect(lines.at(-1)).toBe('Summary: 0 ok, 1 removed, 0 flagged, 2 files not checked')
  })

  it('a run of more files than `manyFiles` (remark’s engine with the bin’s linear queue step): every file is checked', async () => {
    const project = join(folder, 'many')
    for (let index = 0; index < manyFiles; index++) write(join(project, 'pages', `page-${index}.md`), `# Page ${index}\n\nNothing cited here.\n`)
    write(join(project, 'pages', 'broken.mdx'), 'An unclosed <Chart\n')
    write(join(project, 'loop.md'), `Local: ${origin}/ok?many\n`)
    const {code, stderr, stdout} = await run(['.', '--quiet', '--report', 'json'], project)
    expect(code).toBe(1)
    const report = JSON.parse(stdout) as JsonReport
    expect(report.results.map((result) => result.citations.map((citation) => citation.file))).toEqual([['loop.md']])
    const lines = tidy(stderr)
    expect(lines).toContain('pages/broken.mdx')
    expect(lines).toContainEqual(expect.stringMatching(/^1:19 error Unexpected end of file/))
    expect(lines.filter((line) => /^1:8-1:\d+ error Unexpected unsafe citation/.test(line))).toHaveLength(1)
    expect(lines.filter((line) => line.startsWith('pages/page-'))).toEqual([])
  })

  it('`--quiet` leaves out of the summary the sources that are fine and those a lint comment silenced, as remark leaves out their files', async () => {
    const project = join(folder, 'quiet-summary')
    write(join(project, '.remarkrc.mjs'), config([`[configure, ${JSON.stringify(fast)}]`, `[citationCredibility, ['warn', {trusted: ['127.0.0.1']}]]`]))
    write(join(project, 'a.md'), `A [fine page](${origin}/ok?quiet).\n\n<!--lint ignore citation-alive-->\nAn [old page](${origin}/gone?quiet-ignored).\n`)
    write(join(project, 'b.md'), `A [dead page](${origin}/gone?quiet).\n`)
    const {code, stderr} = await run(['.', '--quiet'], project)
    expect(code).toBe(1)
    const lines = tidy(stderr)
    expect(lines.filter((line) => /^[✓○✗⚠] /.test(line))).toEqual([`✗ ${origin}/gone?quiet — 404 Not Found (REMOVED)`])
    expect(lines).toContain('Summary: 1 ok, 1 removed, 0 flagged, 1 ignored')
  })

  it('YAML and TOML front matter is the page\'s settings: its URLs are not cited, and `--fix` leaves it alone', async () => {
    const project = join(folder, 'front-matter')
    write(join(project, '.remarkrc.mjs'), config([`[configure, ${JSON.stringify(fast)}]`]))
    write(join(project, 'yaml.md'), `---\ntitle: Notes\nimage: ${origin}/gone?cover\n---\n\n# Notes\n\nSee [the report](${origin}/gone?yaml).\n`)
    write(join(project, 'toml.md'), `+++\ncanonical = "${origin}/gone?canonical"\n+++\n\nSee [the report](${origin}/gone?toml).\n`)
    const {code, stderr} = await run(['.', '--fix'], project)
    expect(code).toBe(1)
    expect(stderr).not.toMatch(/cover|canonical/)
    expect(readFileSync(join(project, 'yaml.md'), 'utf8')).toBe(`---\ntitle: Notes\nimage: ${origin}/gone?cover\n---\n\n# Notes\n\nSee the report (dead link).\n`)
    expect(readFileSync(join(project, 'toml.md'), 'utf8')).toBe(`+++\ncanonical = "${origin}/gone?canonical"\n+++\n\nSee the report (dead link).\n`)
  })

  it('a file or folder named with glob syntax (`[slug].md`, as Next.js names pages) is that file, not a glob', async () => {
    const project = join(folder, 'glob-names')
    write(join(project, '.remarkrc.mjs'), config([`[configure, ${JSON.stringify(fast)}]`]))
    write(join(project, '[slug].md'), `Dead [b](${origin}/gone?slug).\n`)
    write(join(project, 's.md'), `Fine [s](${origin}/ok?s).\n`)
    write(join(project, '[lang]', 'a.md'), `Dead [a](${origin}/gone?lang).\n`)
    write(join(project, 'l', 'b.md'), `Fine [b](${origin}/ok?l).\n`)
    const {code, stdout} = await run(['--report', 'jsonl', '--', '[slug].md', '[lang]'], project)
    expect(code).toBe(1)
    const records = stdout.trim().split('\n').map((line) => JSON.parse(line) as JsonlRecord)
    expect(records.map((record) => record.file).sort()).toEqual(['[lang]/a.md', '[slug].md'])
    // A glob that names no file is still a glob.
    const glob = await run(['--report', 'jsonl', '--', '[rs].md'], project)
    expect(glob.stdout.trim().split('\n').map((line) => (JSON.parse(line) as JsonlRecord).file)).toEqual(['s.md'])
  })

  it('a glob finds nothing under `node_modules` (as `.` does) unless it names `node_modules`; a path there is checked', async () => {
    const project = join(folder, 'glob-node-modules')
    write(join(project, '.remarkrc.mjs'), config([`[configure, ${JSON.stringify(fast)}]`]))
    write(join(project, 'index.md'), `Dead [i](${origin}/gone?index).\n`)
    write(join(project, 'docs', 'a.md'), `Dead [a](${origin}/gone?docs).\n`)
    // What `npm ci` leaves: package readmes, and a package's own `node_modules` below a folder of the project.
    write(join(project, 'node_modules', 'pkg', 'readme.md'), `Dead [p](${origin}/gone?pkg).\n`)
    write(join(project, 'docs', 'node_modules', 'dep', 'readme.md'), `Dead [d](${origin}/gone?dep).\n`)
    const checked = async (...files: string[]) => {
      const {code, stdout} = await run(['--report', 'jsonl', '--', ...files], project)
      const records = stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as JsonlRecord)
      return {code, files: [...new Set(records.map((record) => record.file))].sort()}
    }
    const ours = ['docs/a.md', 'index.md']
    const runs = await Promise.all([
      checked('**/*.md'),
      checked('.'),
      // A folder a glob matches is walked, but `node_modules` is not matched.
      checked('*'),
      // A glob that finds only files under `node_modules` finds none (and stdin is not read instead).
      checked('*/pkg/*.md'),
      checked('node_modules/**/*.md'),
      checked('**/node_modules/**/*.md'),
      checked('**/*.md', 'node_modules/pkg/readme.md')
    ])
    expect(runs).toEqual([
      {code: 1, files: ours},
      {code: 1, files: ours},
      {code: 1, files: ours},
      {code: 2, files: []},
      {code: 1, files: ['node_modules/pkg/readme.md']},
      {code: 1, files: ['docs/node_modules/dep/readme.md', 'node_modules/pkg/readme.md']},
      {code: 1, files: [...ours, 'node_modules/pkg/readme.md']}
    ])
  })

  it('a glob that finds no file is a wrong argument, said at its name, exit 2, as a missing path is: a typo does not pass unchecked', async () => {
    const project = join(folder, 'glob-no-match')
    write(join(project, 'index.md'), 'Nothing cited.\n')
    const alone = await run(['docs/**/*.md'], project)
    expect(alone.code).toBe(2)
    expect(alone.stderr).toMatch(/docs\/\*\*\/\*\.md\n\s*error\s+No file matches this glob/)
    // Beside a glob that finds files: those are not checked either, as with a missing path.
    const beside = await run(['*.md', 'doc/*.md'], project)
    expect(beside.code).toBe(2)
    expect(beside.stderr).toContain('No file matches this glob')
  })

  it('`--ext` chooses the extensions', async () => {
    const {code, stdout} = await run(['.', '--ext', 'markdown', '--report', 'jsonl'], repo)
    expect(code).toBe(1)
    const records = stdout.trim().split('\n').map((line) => JSON.parse(line) as JsonlRecord)
    expect(records.map((record) => record.file)).toEqual(['other.markdown'])
  })

  it('a dead citation is an error (exit 1); `--report` in each format, to files (atomically) and one to stdout', async () => {
    const out = join(folder, 'out')
    const {code, stdout, stderr} = await run(
      ['dead.md', 'ok.md', '--report', `json=${out}/r.json`, '--report', `jsonl=${out}/r.jsonl`, '--report', `summary=${out}/summary.txt`, '--report', 'sarif'],
      repo
    )
    expect(code).toBe(1)
    expect(tidy(stderr).slice(0, 4)).toEqual([
      'dead.md',
      expect.stringMatching(/^3:18-3:\d+ error Unexpected dead citation `.*\/gone`, expected a live source \(`404 Not Found`\) citation-alive remark-lint$/),
      'ok.md: no issues found',
      '✖ 1 error'
    ])

    const json = JSON.parse(readFileSync(join(out, 'r.json'), 'utf8')) as JsonReport
    expect(json.summary).toEqual({total: 2, ok: 1, removed: 1, flagged: 0})
    expect(json.results.map((result) => [result.url.replace(origin, ''), result.action, result.http_status])).toEqual([
      ['/gone', 'removed', 404],
      ['/ok', 'ok', 200]
    ])

    const jsonl = readFileSync(join(out, 'r.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as JsonlRecord)
    // One record per citation, sorted by normalised URL.
    expect(jsonl.map((record) => [record.file, record.line, record.status])).toEqual([
      ['dead.md', 3, 'invalid'],
      ['dead.md', 5, 'valid'],
      ['ok.md', 3, 'valid']
    ])

    const summary = readFileSync(join(out, 'summary.txt'), 'utf8')
    expect(summary).toMatch(/^Source verification \(2 sources, 3 citations\):\n/)
    expect(summary).toContain('Summary: 1 ok, 1 removed, 0 flagged')
    expect(summary).not.toContain('\u001B[')

    const sarif = JSON.parse(stdout) as SarifLog
    expect(sarif.version).toBe('2.1.0')
    const results = sarif.runs[0].results
    expect(results).toHaveLength(1)
    expect(results[0]).toMatchObject({
      ruleId: 'citation-alive',
      level: 'error',
      locations: [{physicalLocation: {artifactLocation: {uri: 'dead.md'}, region: {startLine: 3, startColumn: 18, endLine: 3}}}]
    })
  })

  it('a page title with escape sequences reaches no terminal: the message, in every report, has spaces in their place', async () => {
    const dir = join(folder, 'escapes')
    write(join(dir, '.remarkrc.mjs'), config([`[configure, ${JSON.stringify(fast)}]`, `[citationCredibility, false]`]))
    write(join(dir, 'a.md'), `# Escapes\n\nSee [Quarterly Sales Figures](${origin}/escapes).\n`)
    const {code, stdout, stderr} = await run(['a.md', '--report', 'json'], dir)
    expect(code).toBe(0)
    const shown = 'expected the page title “Weather  ]52;c;SGVsbG8=  report [2J” (`title`)'
    expect(stderr).toContain(shown)
    expect(stderr).not.toMatch(/[\u0000-\u0009\u000B-\u001F]/)
    const json = JSON.parse(stdout) as JsonReport
    expect(json.results[0]!.citations[0]!.verdicts.map((verdict) => verdict.message)).toEqual([expect.stringContaining(shown)])
  })

  it('`--fix` unlinks a dead citation with a visible marker and leaves the rest of the file alone', async () => {
    const path = join(repo, 'fix', 'fix.md')
    write(path, `# Fix me\n\nSee [the old report](${origin}/gone?fix) and *keep* [this page](${origin}/ok?fix).\n`)
    const {code, stderr} = await run(['fix/fix.md', '--fix'], repo)
    // The exit code and reports describe the check, made before the fix.
    expect(code).toBe(1)
    expect(readFileSync(path, 'utf8')).toBe(`# Fix me\n\nSee the old report (dead link) and *keep* [this page](${origin}/ok?fix).\n`)
    expect(tidy(stderr)).toContain('Fixed 1 citation in 1 file:')
    expect(tidy(stderr)).toContain(`fix/fix.md:3:22 unlink: ${origin}/gone?fix → the old report (dead link)`)
  })

  it('SARIF levels follow the severity the config gives a rule, as the run prints it and exits', async () => {
    const project = join(folder, 'severity')
    write(join(project, '.remarkrc.mjs'), config([`[configure, ${JSON.stringify(fast)}]`, `[citationAlive, ['warn']]`], 'configure, citationAlive'))
    write(join(project, 'doc.md'), `See [the old report](${origin}/gone?severity).\n`)
    const {code, stderr} = await run(['doc.md', '--report', 'sarif=out.sarif'], project)
    expect(code).toBe(0)
    expect(tidy(stderr).join('\n')).toMatch(/warning Unexpected dead citation/)
    const sarif = JSON.parse(readFileSync(join(project, 'out.sarif'), 'utf8')) as SarifLog
    expect(sarif.runs[0].results.map((result) => [result.ruleId, result.level])).toEqual([['citation-alive', 'warning']])
  })

  it('`--fix` writes through a symlink and keeps the file’s mode; a read-only file is listed, not written; the rest is fixed', async () => {
    const dead = (name: string) => `See [the old report](${origin}/gone?${name}).\n`
    write(join(repo, 'fix', 'real.md'), dead('real'))
    chmodSync(join(repo, 'fix', 'real.md'), 0o640)
    symlinkSync('real.md', join(repo, 'fix', 'link.md'))
    write(join(repo, 'fix', 'ro.md'), dead('ro'))
    chmodSync(join(repo, 'fix', 'ro.md'), 0o444)
    const {code, stderr} = await run(['fix/link.md', 'fix/ro.md', '--fix'], repo)
    expect(code).toBe(1)
    expect(lstatSync(join(repo, 'fix', 'link.md')).isSymbolicLink()).toBe(true)
    expect(readFileSync(join(repo, 'fix', 'real.md'), 'utf8')).toBe('See the old report (dead link).\n')
    expect(statSync(join(repo, 'fix', 'real.md')).mode & 0o777).toBe(0o640)
    expect(readFileSync(join(repo, 'fix', 'ro.md'), 'utf8')).toBe(dead('ro'))
    expect(tidy(stderr)).toContain(`fix/ro.md:1:22 not fixed (unlink): the file is read-only`)
    expect(tidy(stderr)).toContain('Fixed 1 citation in 1 file:')
  })

  it('`--fix` leaves a file that is not UTF-8 as it was (its other bytes would be lost), and keeps a byte order mark', async () => {
    const bom = join(repo, 'fix', 'bom.md')
    write(bom, `\uFEFF# Bom\n\nSee [the old report](${origin}/gone?bom).\n`)
    const latin1 = join(repo, 'fix', 'latin1.md')
    const bytes = Buffer.concat([Buffer.from('# Caf'), Buffer.from([0xe9]), Buffer.from(`\n\nSee [the old report](${origin}/gone?latin1).\n`)])
    writeFileSync(latin1, bytes)
    const {code, stderr} = await run(['fix/latin1.md', 'fix/bom.md', '--fix'], repo)
    expect(code).toBe(1)
    expect(readFileSync(latin1).equals(bytes)).toBe(true)
    expect(tidy(stderr)).toContain('fix/latin1.md:3:22 not fixed (unlink): the file is not UTF-8: writing it would change its other bytes')
    expect(readFileSync(bom, 'utf8')).toBe('\uFEFF# Bom\n\nSee the old report (dead link).\n')
  })

  it('`--fix` leaves a file that changed during the check as it now is', async () => {
    const path = join(repo, 'fix', 'edited.md')
    // The page is asked for once the file was read: the edit lands while the check runs, as a writer's would.
    const editing = await startWeb({
      '/gone': (request, response) => {
        writeFileSync(path, 'A paragraph written meanwhile.\n')
        status(404)(request, response)
      }
    })
    try {
      write(path, `See [the old report](${editing.origin()}/gone).\n`)
      const {code, stderr} = await run(['fix/edited.md', '--fix'], repo)
      expect(code).toBe(1)
      expect(readFileSync(path, 'utf8')).toBe('A paragraph written meanwhile.\n')
      expect(tidy(stderr)).toContain('fix/edited.md:1:22 not fixed (unlink): the file changed since it was checked: run again')
      expect(tidy(stderr)).toContain('Fixed no citation:')
    } finally {
      await editing.close()
    }
  })

  it('`--fix` leaves a dead citation alone until `confirmDead` confirms it: a warning, not a failed run', async () => {
    const project = join(folder, 'confirm')
    write(join(project, '.remarkrc.mjs'), config([`[configure, ${JSON.stringify({...fast, cache: join(project, '.cache'), confirmDead: 24 * 60 * 60 * 1000})}]`]))
    const text = `See [the old report](${origin}/gone?confirm).\n`
    write(join(project, 'doc.md'), text)
    const {code, stderr} = await run(['doc.md', '--fix'], project)
    expect(code).toBe(0)
    expect(readFileSync(join(project, 'doc.md'), 'utf8')).toBe(text)
    const first = tidy(stderr).join('\n')
    expect(first).toMatch(/warning Unexpected dead citation `[^`]+\/gone\?confirm` \(not yet confirmed\), expected a live source \(`404 Not Found, dead since /)
    // The first failure was kept in the cache by the verifier thread: under a one-second `confirmDead`, a run a
    // second later finds the page dead long enough, an error (a lost record would make it a first failure again).
    write(join(project, '.remarkrc.mjs'), config([`[configure, ${JSON.stringify({...fast, cache: join(project, '.cache'), confirmDead: 1000})}]`]))
    await new Promise((done) => setTimeout(done, 1100))
    const again = await run(['doc.md'], project)
    expect(again.code).toBe(1)
    expect(tidy(again.stderr).join('\n')).toMatch(/error Unexpected dead citation `[^`]+\/gone\?confirm`, expected a live source \(`404 Not Found`\)/)
  })

  it('verifies on a thread of its own; `REMARK_LINT_CITATIONS_THREAD=0` keeps it on the main thread, with the same messages', async () => {
    const files = ['ok.md', 'dead.md', 'near.md', 'docs/page.mdx', 'docs/raw.md', 'other.markdown']
    const [threaded, inline] = await Promise.all([run(files, repo), run(files, repo, undefined, {REMARK_LINT_CITATIONS_THREAD: '0'})])
    expect(threaded.code).toBe(1)
    expect(inline.code).toBe(1)
    expect(threaded.stderr).toContain('Unexpected dead citation')
    expect(threaded.stderr).toBe(inline.stderr)
  })

  it('a page first asked for its top (no rule reads its text) still has its anchors checked for a later `#fragment`', async () => {
    // Liveness and fragments only: a citation without a fragment asks the thread for the top of the page, and the
    // answer crosses without the page's text and anchors; the one with a fragment must get them all the same.
    const project = join(folder, 'depth')
    write(join(project, '.remarkrc.mjs'), config([`[configure, ${JSON.stringify(fast)}]`, '[citationSoft404, false]', '[citationClaimSupport, false]'], 'configure, citationSoft404, citationClaimSupport'))
    write(join(project, 'a.md'), `See [the results](${origin}/anchored).\n`)
    write(join(project, 'b.md'), `See [the results](${origin}/anchored#results) and [the method](${origin}/anchored#method).\n`)
    const {code, stderr} = await run(['a.md', 'b.md'], project)
    expect(code).toBe(0)
    const anchors = tidy(stderr).filter((line) => /^\d+:\d+-\d+:\d+ .*citation-fragment/.test(line))
    expect(anchors).toEqual([expect.stringMatching(/^1:\d+-1:\d+ warning Unexpected missing anchor `#method` in citation `[^`]+\/anchored#method`/)])
  })

  it('a report path that cannot be written: the message names it, exit 2', async () => {
    const {code, stderr} = await run(['ok.md', '--report', 'json=ok.md/report.json'], repo)
    expect(code).toBe(2)
    expect(stderr).toContain('Cannot write report `ok.md/report.json`')
    const folderPath = await run(['ok.md', '--report', 'json=docs'], repo)
    expect(folderPath.code).toBe(2)
    expect(folderPath.stderr).toContain('Cannot write report `docs`: it is a folder, expected a file path')
  })

  it('a report that cannot be written does not cost the others: each one that can is written, then exit 2', async () => {
    const out = join(folder, 'reports-beside')
    mkdirSync(out, {recursive: true})
    const {code, stderr} = await run(['ok.md', '--report', 'json=ok.md/report.json', '--report', `jsonl=${join(out, 'citations.jsonl')}`], repo)
    expect(code).toBe(2)
    expect(stderr).toContain('Cannot write report `ok.md/report.json`')
    expect(readFileSync(join(out, 'citations.jsonl'), 'utf8')).toContain('"file":"ok.md"')
  })

  it('a report path that is a file the run checks is refused, and the file is left as it was: exit 2', async () => {
    const before = readFileSync(join(repo, 'dead.md'), 'utf8')
    const {code, stderr} = await run(['dead.md', 'ok.md', '--fix', '--report', 'sarif=./dead.md'], repo)
    expect(code).toBe(2)
    expect(stderr).toContain('Cannot write report `./dead.md`: it is a file this run checks')
    expect(readFileSync(join(repo, 'dead.md'), 'utf8')).toBe(before)
  })

  it('a path the file system refuses (below a file, a symlink loop, a name too long) is named as not found: exit 2, no stack trace', async () => {
    const project = join(folder, 'bad-paths')
    write(join(project, 'a.md'), '# A\n')
    symlinkSync('loop-b.md', join(project, 'loop-a.md'))
    symlinkSync('loop-a.md', join(project, 'loop-b.md'))
    const paths = ['a.md/b.md', 'loop-a.md', `${'x'.repeat(300)}.md`]
    const runs = await Promise.all(paths.map((path) => run([path], project)))
    expect(runs.map(({code}) => code)).toEqual([2, 2, 2])
    for (const [index, {stderr}] of runs.entries()) {
      expect(tidy(stderr).slice(0, 2)).toEqual([paths[index], 'error No such file or folder'])
      expect(stderr).not.toMatch(/internal failure|\n\s+at /)
    }
  })

  it('a reader that stops reading (`| head`) is no crash: the other stream is whole, the exit code the check’s', async () => {
    const project = join(folder, 'closed-pipe')
    write(join(project, 'loop.md'), `Local: ${origin}/ok?pipe\n`)
    /** The bin with one of its output pipes closed before it writes; what the other one got. */
    const closing = (closed: 'stdout' | 'stderr') =>
      new Promise<{code: number | null; other: string}>((done, fail) => {
        const child = spawn(process.execPath, [bin, 'loop.md', '--report', 'json'], {cwd: project, env: {...process.env, NO_COLOR: '1', CI: 'true'}})
        child[closed].destroy()
        let other = ''
        child[closed === 'stdout' ? 'stderr' : 'stdout'].on('data', (chunk) => (other += chunk))
        child.on('error', fail)
        child.on('close', (code) => done({code, other}))
      })
    const [noStdout, noStderr] = await Promise.all([closing('stdout'), closing('stderr')])
    expect(noStdout.code).toBe(1)
    expect(noStdout.other).toContain('Summary: 0 ok, 1 removed, 0 flagged')
    expect(noStdout.other).not.toContain('EPIPE')
    expect(noStderr.code).toBe(1)
    expect((JSON.parse(noStderr.other) as JsonReport).summary).toMatchObject({total: 1, removed: 1})
  })

  it('a bad argument names itself and the allowed values: exit 2', async () => {
    const [format, unknown, twice, samePath, missing, flagValue, shortValue, noValue, longFlagValue] = await Promise.all([
      run(['ok.md', '--report', 'xml'], repo),
      run(['ok.md', '--strict'], repo),
      run(['ok.md', '--report', 'json', '--report', 'sarif'], repo),
      run(['ok.md', '--report', `json=${folder}/same/r.out`, '--report', `sarif=${folder}/same/../same/r.out`], repo),
      run(['missing.md'], repo),
      run(['ok.md', '-q=1'], repo),
      run(['ok.md', '-e=md'], repo),
      run(['ok.md', '--ext'], repo),
      run(['ok.md', '--quiet=1'], repo)
    ])
    expect(format.code).toBe(2)
    expect(format.stderr).toContain('Unexpected `--report` format `xml`, expected `json`, `jsonl`, `sarif` or `summary`')
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toMatch(/^Unexpected option `--strict`, expected one of `--report` <value>, `--frail`/)
    expect(twice.code).toBe(2)
    expect(twice.stderr).toContain('Unexpected second report to stdout (`--report sarif`)')
    // The SARIF report replaced the JSON one, and the run passed.
    expect(samePath.code).toBe(2)
    expect(samePath.stderr).toContain(`Unexpected second report to \`${folder}/same/../same/r.out\` (\`--report sarif=${folder}/same/../same/r.out\`), expected a path of its own: it would replace the \`json\` report`)
    expect(existsSync(join(folder, 'same'))).toBe(false)
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('No such file or folder')
    // `parseArgs` alone read `-q=1` as `-q -= -1` and named `-=`.
    expect(flagValue.code).toBe(2)
    expect(flagValue.stderr).toContain('Unexpected value for `-q` in `-q=1`, expected none (it is a flag)')
    expect(shortValue.code).toBe(2)
    expect(shortValue.stderr).toContain('Unexpected `-e=md`, expected `-e md` or `--ext=md`')
    // An option with a short name: `parseArgs` names it `-e, --ext <value>`, which was read as a flag named `-e,`.
    expect(noValue.code).toBe(2)
    expect(noValue.stderr).toMatch(/^Unexpected `--ext` without a value, expected `--ext <value>`\n/)
    expect(longFlagValue.code).toBe(2)
    expect(longFlagValue.stderr).toMatch(/^Unexpected value for `--quiet`, expected none \(it is a flag\)\n/)
  })

  it('an invalid option in the config: the message names the option and the allowed values, exit 2', async () => {
    const broken = join(folder, 'broken')
    write(join(broken, '.remarkrc.mjs'), config([`[configure, {timeoutAction: 'never'}]`]))
    write(join(broken, 'a.md'), `[A page](${origin}/ok)\n`)
    const {code, stderr} = await run(['a.md'], broken)
    expect(code).toBe(2)
    expect(stderr).toContain('Unexpected `timeoutAction` `never`, expected `flagged` or `removed`')
    // Nothing was checked, so no summary.
    expect(stderr).not.toContain('Source verification')
  })

  it('`--no-cache` keeps no cache, and is refused beside `confirmDead`, which needs one (exit 2)', async () => {
    const project = join(folder, 'no-cache')
    const cache = join(project, 'cache-folder')
    write(join(project, 'a.md'), `[A page](${origin}/ok?no-cache)\n`)
    write(join(project, '.remarkrc.mjs'), config([`[configure, ${JSON.stringify({...fast, cache})}]`]))
    expect((await run(['a.md', '--no-cache'], project)).code).toBe(0)
    expect(existsSync(cache)).toBe(false)
    expect((await run(['a.md'], project)).code).toBe(0)
    expect(existsSync(cache)).toBe(true)
    write(join(project, '.remarkrc.mjs'), config([`[configure, ${JSON.stringify({...fast, cache, confirmDead: 3_600_000})}]`]))
    const {code, stderr} = await run(['a.md', '--no-cache'], project)
    expect(code).toBe(2)
    expect(stderr).toContain('Unexpected `confirmDead` without a `cache`')
  })

  it('an invalid option of a rule: exit 2, no summary and no report, as for `configure`', async () => {
    const broken = join(folder, 'broken-rule')
    write(join(broken, '.remarkrc.mjs'), config([`[configure, ${JSON.stringify(fast)}]`, `[citationCredibility, ['warn', {threshold: 5}]]`]))
    write(join(broken, 'a.md'), `[A page](${origin}/gone?rule-option)\n`)
    const {code, stderr} = await run(['a.md', '--report', 'json=r.json'], broken)
    expect(code).toBe(2)
    expect(stderr).toContain('Unexpected `threshold` `5`')
    expect(stderr).not.toContain('Source verification')
    expect(existsSync(join(broken, 'r.json'))).toBe(false)
  })

  it('an invalid option is said once, at its place in the config that gave it, however many files that config covers: exit 2', async () => {
    const project = join(folder, 'bad-options')
    const configure = join(root, 'dist', 'src', 'configure.js')
    const preset = join(root, 'dist', 'rules', 'index.js')
    write(join(project, 'json', '.remarkrc.json'), `{\n  "plugins": [\n    ${JSON.stringify(preset)},\n    [${JSON.stringify(configure)}, {"concurency": 3}]\n  ]\n}\n`)
    write(join(project, 'yaml', '.remarkrc.yml'), `plugins:\n  - ${preset}\n  - - ${configure}\n    - github:\n        token: ''\n`)
    // Another rule's `threshold`, before the bad one, is not where the error is.
    const ruleConfig = config([`[configure, ${JSON.stringify(fast)}]`, `[citationTitleMatch, ['warn', {threshold: 0.5}]]`, `[citationCredibility, 1]`])
    const titleLine = join(root, 'dist', 'rules', 'citation-title-match', 'index.js')
    const credibility = join(root, 'dist', 'rules', 'citation-credibility', 'index.js')
    const both = JSON.stringify({plugins: [preset, [configure, fast], [titleLine, ['warn', {threshold: 0.5}]], [credibility, ['warn', {threshold: 5}]]]}, null, 2)
    write(join(project, 'both', '.remarkrc.json'), both)
    const bothLine = both.split('\n').findIndex((line) => line.includes('"threshold": 5'))
    write(join(project, 'rule', '.remarkrc.mjs'), ruleConfig)
    for (const name of ['json', 'yaml', 'rule', 'both']) for (const file of ['a.md', 'b.md']) write(join(project, name, file), `[A page](${origin}/gone?${name})\n`)
    const {code, stderr} = await run(['.', '--no-color'], project)
    expect(code).toBe(2)
    // It was `a.md` and `b.md` each with the same unplaced error: one line per file, none naming the config.
    const lines = tidy(stderr)
    expect(lines.filter((line) => /^(json|yaml|rule|both)\/\./.test(line)).sort()).toEqual([
      `both/.remarkrc.json:${bothLine + 1}:${both.split('\n')[bothLine]!.indexOf('threshold') + 1}: ` +
        'Unexpected `threshold` `5`, expected a number from 0 to 1 (citation-credibility)',
      expect.stringMatching(/^json\/\.remarkrc\.json:4:[0-9]+: Unexpected option `concurency` \(did you mean `concurrency`\?\), expected one of .* \(configure\)$/),
      `rule/.remarkrc.mjs:3:${ruleConfig.split('\n')[2]!.indexOf('citationCredibility, 1') + 1}: ` +
        "Unexpected options `1` for `citation-credibility`, expected a severity first in an array (`[1]`), or `false` to turn the rule off (citation-credibility)",
      "yaml/.remarkrc.yml:5:9: Unexpected `github.token` (not a non-empty string), expected `{token: '…'}`, optionally with `apiBase: 'https://…'` (configure)"
    ])
    // A rule's bad option leaves the file's other rules to report; `configure`'s leaves nothing checked.
    expect(lines).toContainEqual(expect.stringMatching(/^1:\d+-1:\d+ error Unexpected dead citation `.*\/gone\?rule`/))
    expect(stderr).not.toContain('gone?json')
    // A config given with `--rc-path` is every file's, wherever it is.
    const given = await run(['rule/a.md', 'yaml/b.md', '--rc-path', 'json/.remarkrc.json'], project)
    expect([given.code, tidy(given.stderr)]).toEqual([2, [expect.stringMatching(/^json\/\.remarkrc\.json:4:\d+: Unexpected option `concurency`/)]])
  })

  it('a fetching option given to a rule is said to belong to `configure`, at the option: exit 2', async () => {
    const project = join(folder, 'rule-fetching')
    const rule = (name: string) => join(root, 'dist', 'rules', name, 'index.js')
    const text = JSON.stringify(
      {plugins: [join(root, 'dist', 'rules', 'index.js'), [join(root, 'dist', 'src', 'configure.js'), fast], [rule('citation-alive'), {timeout: 5000}], [rule('citation-title-match'), ['warn', {retries: 1}]]]},
      null,
      2
    )
    write(join(project, '.remarkrc.json'), text)
    write(join(project, 'a.md'), `[A page](${origin}/gone?fetching)\n`)
    // `fast` gives `configure` a `timeout` and `retries` of its own, before the rules'.
    const lines = text.split('\n')
    const at = (name: string, key: string) => {
      const line = lines.findIndex((each, index) => index > lines.findIndex((named) => named.includes(name)) && each.includes(`"${key}"`))
      return `${line + 1}:${lines[line]!.indexOf(key) + 1}`
    }
    const {code, stderr} = await run(['.', '--no-color'], project)
    expect(code).toBe(2)
    expect(tidy(stderr).filter((line) => line.startsWith('.remarkrc.json'))).toEqual([
      `.remarkrc.json:${at('citation-alive', 'timeout')}: Unexpected option \`timeout\` for \`citation-alive\` (it belongs to \`configure\`), expected none: only a severity (\`["warn"]\`), or \`false\` to turn the rule off (citation-alive)`,
      `.remarkrc.json:${at('citation-title-match', 'retries')}: Unexpected option \`retries\` (it belongs to \`configure\`), expected one of \`threshold\`, \`linkTextThreshold\` (citation-title-match)`
    ])
  })

  it('an unreadable config: exit 2', async () => {
    const {code, stderr} = await run(['ok.md', '--rc-path', 'no-such-config.mjs'], repo)
    expect(code).toBe(2)
    expect(stderr).toMatch(/^no-such-config\.mjs: Cannot read remark config: Error: ENOENT: no such file or directory/)
  })

  it('a config that cannot be loaded: one line naming it, with the line and column where one is known; no stack trace, exit 2', async () => {
    // One folder per config, each with two files: a failure is said once, however many files its config covers.
    const cases: Record<string, [file: string, text: string, said: string]> = {
      syntax: ['.remarkrc.mjs', `export default {plugins: [\n  foo bar\n]}\n`, `.remarkrc.mjs:2:7: Cannot load remark config: SyntaxError: Unexpected identifier 'bar'`],
      cjs: ['.remarkrc.cjs', `module.exports = {\n  plugins: [,,\n  }\n`, `.remarkrc.cjs:3:3: Cannot load remark config: SyntaxError: Unexpected token '}'`],
      json: ['.remarkrc.json', `{\n  "plugins": [\n    "lint",\n  ]\n}\n`, `.remarkrc.json:4:3: Cannot load remark config: Invalid JSON: Unexpected token ']'`],
      package: [
        'package.json',
        `{"name": "x",\n "remarkConfig": {"plugins": []},\n}\n`,
        `package.json:3:1: Cannot load remark config: Invalid JSON: Expected double-quoted property name`
      ],
      yaml: [
        '.remarkrc.yml',
        `plugins:\n  - [a\n  b: : c\n`,
        `.remarkrc.yml:3:3: Cannot load remark config: Invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]`
      ],
      throws: [
        '.remarkrc.mjs',
        `const settings = {}\nsettings.plugins.push('x')\nexport default settings\n`,
        `.remarkrc.mjs:2:18: Cannot load remark config: TypeError: Cannot read properties of undefined (reading 'push')`
      ],
      imports: [
        '.remarkrc.mjs',
        `import '../helper.mjs'\nexport default {}\n`,
        `.remarkrc.mjs: Cannot load remark config: SyntaxError: Unexpected token '=' (in a module it imports)`
      ],
      missing: ['.remarkrc.json', `{\n  "plugins": ["remark-no-such-plugin"]\n}\n`, '.remarkrc.json:2:16: Cannot find plugin `remark-no-such-plugin`'],
      typo: ['.remarkrc.yml', `plugins:\n  - ../plugins/typo.js\n`, '.remarkrc.yml: Cannot load plugin `plugins/typo.js`: no such file'],
      plugin: ['.remarkrc.json', `{"plugins": ["../plugins/boom.js"]}\n`, '.remarkrc.json: Cannot load plugin `plugins/boom.js:2:7`: TypeError: plugin boom']
    }
    const project = join(folder, 'bad-configs')
    write(join(project, 'helper.mjs'), `export const = 1\n`)
    write(join(project, 'plugins', 'boom.js'), `\nthrow new TypeError('plugin boom')\n`)
    for (const [name, [file, text]] of Object.entries(cases)) {
      write(join(project, name, file), text)
      write(join(project, name, 'a.md'), '# A\n')
      write(join(project, name, 'b.md'), '# B\n')
    }
    // A folder whose config loads is still checked and reported.
    write(join(project, 'fine', '.remarkrc.json'), JSON.stringify({plugins: [join(root, 'dist', 'rules', 'index.js')]}))
    write(join(project, 'fine', 'c.md'), '# C\n')
    const {code, stderr} = await run(['.'], project)
    expect(code).toBe(2)
    const expected = Object.entries(cases).map(([name, [, , said]]) => `${name}/${said}`)
    expect(stderr.split('\n').filter(Boolean).sort()).toEqual([...expected, 'fine/c.md: no issues found'].sort())
  })

  it('a config that uses no citation rule (one for other remark-lint rules) is a configuration error, exit 2, not a pass that checked nothing', async () => {
    const project = join(folder, 'style-only')
    write(join(project, '.remarkrc.json'), '{"plugins": ["remark-gfm"]}\n')
    write(join(project, 'a.md'), `A [dead one](${origin}/gone).\n`)
    // A rule turned off is the config's choice: such a folder is checked, by the rules left on.
    write(join(project, 'off', '.remarkrc.mjs'), config(['[configure, ' + JSON.stringify(fast) + ']', '[citationCredibility, false]']))
    write(join(project, 'off', 'b.md'), `A [dead one](${origin}/gone).\n`)
    const {code, stderr} = await run(['.'], project)
    expect(code).toBe(2)
    expect(tidy(stderr)).toEqual([
      '.remarkrc.json: Unexpected remark config without citation rules, expected `remark-lint-citations` (the preset) or its rules among its plugins: no citation was checked (configure)',
      'off/b.md',
      expect.stringMatching(/^1:\d+-1:\d+ error Unexpected dead citation `http:\/\/127\.0\.0\.1:\d+\/gone`/),
      '✖ 1 error'
    ])
    const verify = await run(['verify'], project, JSON.stringify([{url: `${origin}/gone`}]))
    expect([verify.code, JSON.parse(verify.stdout).error.message]).toEqual([2, expect.stringContaining('without citation rules')])
  })

  it('a plugin that throws: internal failure, exit 3', async () => {
    const crash = join(folder, 'crash')
    write(
      join(crash, '.remarkrc.mjs'),
      config([`[configure, ${JSON.stringify(fast)}]`, `function crash() { return () => { throw new Error('plugin crashed') } }`], 'configure')
    )
    write(join(crash, 'a.md'), `[A page](${origin}/ok)\n`)
    const {code, stderr} = await run(['a.md'], crash)
    expect(code).toBe(3)
    expect(stderr).toContain('plugin crashed')
  })

  it('an email address or a www. domain before a citation does not hide its message (GFM links them without a position)', async () => {
    write(join(repo, 'gap', 'email.md'), `Contact foo@example.com [](${origin}/gone?email)\n`)
    // `.test`: the literal is cited too, and a special-use name is never looked up.
    write(join(repo, 'gap', 'www.md'), `See www.example.test and [the report](${origin}/gone?www) too.\n`)
    const {code, stderr} = await run(['gap/email.md', 'gap/www.md'], repo)
    expect(code).toBe(1)
    const dead = tidy(stderr).filter((line) => line.includes('error Unexpected dead citation'))
    expect(dead.filter((line) => line.includes('/gone?'))).toEqual([expect.stringContaining('/gone?email'), expect.stringContaining('/gone?www')])
  })

  it('`--help` lists the options and exit codes; `--version` prints the version', async () => {
    const [help, version] = await Promise.all([run(['--help'], repo), run(['--version'], repo)])
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('--report <format>[=<path>]')
    expect(help.stdout).toMatch(/Exit codes:\n {2}0 .*\n {2}1 .*\n(?:.*\n)* {2}2 .*\n(?:.*\n)* {2}3 /)
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version)
    expect(readFileSync(bin, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true)
  })
})

describe('remark-lint-citations verify', () => {
  const options = ['--options', JSON.stringify(fast)]

  it('a claim with an email address or a www. domain still gets its source judged', async () => {
    const sources = [{url: `${origin}/gone?claim-email`, title: 'Totally wrong title', claim: 'Contact foo@example.test or see www.example.test for details'}]
    const {code, stdout} = await run(['verify', ...options], repo, JSON.stringify(sources))
    expect(code).toBe(1)
    expect((JSON.parse(stdout) as JsonReport).results.map((result) => result.action)).toEqual(['removed'])
  })

  it('reads sources on stdin, writes `{results, summary}` on stdout and the summary on stderr; a removed source exits 1', async () => {
    const title = 'A [bracketed] "quoted" *starred* title\\'
    const claim = 'Claims may hold [links](https://example.com/page), <b>HTML</b>, &amp; and *emphasis*.'
    const sources = [
      {url: `${origin}/ok`, title: 'A fine page'},
      {url: `${origin}/gone`, title, claim},
      {url: `${origin}/paper`, title: 'Deep Residual Networks for Image Recognition'}
    ]
    // In the configured project: its `.remarkrc.mjs` applies (credibility trusts 127.0.0.1, title threshold 1).
    const {code, stdout, stderr} = await run(['verify', ...options], repo, JSON.stringify(sources))
    expect(code).toBe(1)
    const report = JSON.parse(stdout) as JsonReport
    expect(report.summary).toEqual({total: 3, ok: 1, removed: 1, flagged: 1})
    expect(report.results.map((result) => [result.url, result.action, result.title_match])).toEqual([
      [`${origin}/gone`, 'removed', null],
      [`${origin}/ok`, 'ok', true],
      [`${origin}/paper`, 'flagged', false]
    ])
    // Markdown syntax in titles and claims is text, kept exactly; each source's line is its place in the list.
    const gone = report.results[0]!
    expect(gone.cited_title).toBe(title)
    expect(gone.citations[0]).toMatchObject({file: 'sources', line: 2, cited_title: title, claim})
    expect(report.results[0]!.reason).toBe('404 Not Found')
    expect(tidy(stderr)).toEqual([
      'Source verification (3 sources):',
      `✗ ${origin}/gone — 404 Not Found (REMOVED)`,
      expect.stringMatching(/^sources:2:1 citation-alive: Unexpected dead citation/),
      `✓ ${origin}/ok — 200 OK, title matches`,
      `⚠ ${origin}/paper — 200 OK, title mismatch (FLAGGED)`,
      expect.stringMatching(/^sources:3:1 citation-title-match: Unexpected cited title/),
      'Summary: 1 ok, 1 removed, 1 flagged'
    ])
  })

  it('a claim of several sentences is judged whole, in any order, and reported as given', async () => {
    const sentences = ['Results show what was found.', 'Zebras eat quantum marmalade daily!']
    const sources = [
      {url: `${origin}/anchored?one`, claim: sentences.join(' ')},
      {url: `${origin}/anchored?two`, claim: [...sentences].reverse().join('\n')}
    ]
    const {stdout} = await run(['verify', ...options], repo, JSON.stringify(sources))
    const results = (JSON.parse(stdout) as JsonReport).results
    expect(results.map((result) => result.citations[0]!.claim)).toEqual([sentences.join(' '), [...sentences].reverse().join(' ')])
    const said = results.map((result) => result.citations[0]!.verdicts.map((verdict) => [verdict.rule, verdict.message.replace(result.url, 'URL')]))
    expect(said[0]).toEqual(said[1])
  })

  it('the sources document: a sentence ending inside «» or „“ joins the next; an address or www. domain in a claim is code', () => {
    const url = 'https://a.example/x'
    expect(sourcesDocument([{url, claim: '«Results show what was found.» Zebras eat.'}])).toContain('found\\;» Zebras eat\\.')
    expect(sourcesDocument([{url, claim: '„Results show what was found.“ Zebras eat.'}])).toContain('found\\;“ Zebras eat\\.')
    expect(sourcesDocument([{url, claim: 'Mail foo@example.test or see www.example.test.'}])).toBe(
      `Mail \`foo@example.test\` or see \`www.example.test\`\\. [](<${url}>)\n`
    )
  })

  it('stdin may start with a byte order mark (as PowerShell and some editors write JSON)', async () => {
    const {code, stdout} = await run(['verify', ...options], repo, '\uFEFF' + JSON.stringify([{url: `${origin}/ok?bom`, title: 'A fine page'}]))
    expect(code).toBe(0)
    expect((JSON.parse(stdout) as JsonReport).summary).toEqual({total: 1, ok: 1, removed: 0, flagged: 0})
  })

  it('one source, without a title or claim: a dead one is removed, exit 1 (its list is a lone `[](url)`, a tree without leaves)', async () => {
    const {code, stdout} = await run(['verify', ...options], repo, JSON.stringify([{url: `${origin}/gone?alone`}]))
    expect(code).toBe(1)
    expect((JSON.parse(stdout) as JsonReport).summary).toEqual({total: 1, ok: 0, removed: 1, flagged: 0})
  })

  it('no source removed: exit 0; `--rc-path` and `--report` to a file', async () => {
    const out = join(folder, 'verify-out', 'sources.sarif')
    const {code, stdout} = await run(
      ['verify', ...options, '--rc-path', join(repo, '.remarkrc.mjs'), '--report', `sarif=${out}`],
      folder,
      JSON.stringify([{url: `${origin}/ok`, title: 'A fine page'}])
    )
    expect(code).toBe(0)
    expect((JSON.parse(stdout) as JsonReport).summary).toEqual({total: 1, ok: 1, removed: 0, flagged: 0})
    expect((JSON.parse(readFileSync(out, 'utf8')) as SarifLog).runs[0].results).toEqual([])
  })

  it('expected failures answer with the error contract on stdout, exit 2', async () => {
    const answer = async (args: string[], input: string) => {
      const {code, stdout} = await run(['verify', ...args], repo, input)
      expect(code).toBe(2)
      return JSON.parse(stdout) as {ok: false; error: {code: string; message: string; details: Record<string, unknown>}}
    }
    // An invalid entry (`sources[0].url` not absolute) is tested through the library, in api.test.ts.
    const [invalid, notList, unwritable, badOption] = await Promise.all([
      answer(options, '[{"url": '),
      answer(options, '{"url": "https://example.com"}'),
      answer([...options, '--report', 'json=ok.md/sources.json'], JSON.stringify([{url: `${origin}/ok`}])),
      answer(['--options', '{"timeout": 0}'], '[]')
    ])
    expect(invalid.error).toMatchObject({code: 'INVALID_JSON', message: expect.stringMatching(/^Cannot parse the sources on stdin as JSON/)})
    expect(notList).toEqual({
      ok: false,
      error: {code: 'INVALID_ARGS', message: expect.stringMatching(/^Unexpected sources `\{"url":"https:\/\/example.com"\}`, expected a JSON list/), details: {}}
    })
    expect(unwritable.error).toMatchObject({code: 'WRITE_FAILED', message: expect.stringContaining('Cannot write report `ok.md/sources.json`')})
    expect(badOption.error).toMatchObject({
      code: 'INVALID_ARGS',
      message: 'Unexpected `timeout` `0`, expected an integer from 1 to 2147483647 (in `--options`)'
    })
  })
})

describe('counting files before remark’s engine loads', () => {
  it('counts files with the extensions in folders, files and globs’ folders, skipping `node_modules` and hidden entries, up to the limit', () => {
    const tree = join(folder, 'count')
    for (const path of ['a.md', 'b.markdown', 'c.txt', 'docs/d.mdx', 'docs/deep/e.md', 'node_modules/pkg/f.md', '.git/g.md', 'docs/.hidden/h.md']) write(join(tree, path), '')
    expect(countFiles(['.'], ['md', 'markdown', 'mdx'], tree, 100)).toBe(4)
    expect(countFiles(['docs', 'a.md', 'missing.md'], ['md'], tree, 100)).toBe(2)
    expect(countFiles(['docs/**/*.md'], ['md', 'mdx'], tree, 100)).toBe(2)
    expect(countFiles(['.'], ['md', 'markdown', 'mdx'], tree, 3)).toBe(3)
  })
})

describe('the progress line', () => {
  it('shows only on a terminal outside CI, and is cleared before anything else is printed', () => {
    expect(progressWanted({isTTY: true}, {})).toBe(true)
    expect(progressWanted({isTTY: true}, {CI: 'true'})).toBe(false)
    expect(progressWanted({isTTY: false}, {})).toBe(false)

    let time = 0
    let written = ''
    const stream = {write: (text: string) => ((written += text), true)} as unknown as NodeJS.WritableStream
    const progress = createProgress(stream, true, () => time)
    progress.fileDone(3)
    expect(written).toBe('') // a short run never shows it
    time = 1000
    progress.fileDone(2)
    expect(written).toBe('\r\u001B[K2 files done, 5 citations checked…')
    progress.clear()
    expect(written.endsWith('\r\u001B[K')).toBe(true)
  })
})

describe('the report', () => {
  /** A file with `count` messages, one a line, the last few out of order. */
  function fileWith(count: number): VFile {
    const file = new VFile({path: 'links.md'})
    for (let line = count; line > count - 3; line--) file.message('Unexpected dead citation', {place: {line, column: 5}, ruleId: 'citation-alive', source: 'remark-lint'}).fatal = true
    for (let line = 1; line <= count - 3; line++) file.message('Unexpected low-credibility source', {place: {line, column: 5}, ruleId: 'citation-credibility', source: 'remark-lint'})
    return file
  }

  it('is laid out by remark’s reporter measuring with string-width 8: its columns line up after a `©`', async () => {
    // The built module, in a process of its own: the copy of the reporter it loads imports the compiled cell-width.js.
    const script = `
      import {VFile} from 'vfile'
      import {reporter} from 'vfile-reporter'
      import {remarkReport} from ${JSON.stringify(pathToFileURL(join(root, 'dist', 'src', 'cli', 'reporter.js')).href)}
      const file = (mark) => {
        const file = new VFile({path: 'links.md'})
        for (let line = 1; line <= 12; line++) {
          file.message(line === 2 ? 'Unexpected cited title “' + mark + ' Example”' : 'Unexpected cited title \`Example\`', {place: {line, column: 5}, ruleId: 'citation-title-match', source: 'remark-lint'})
        }
        return file
      }
      const ascii = file('(c)')
      const same = (options) => remarkReport([ascii], options).then((report) => report === reporter([ascii], options))
      console.log(JSON.stringify({wide: await remarkReport([file('©')], {color: false}), same: await same({color: false}), sameInColour: await same({color: true})}))
    `
    const {code, stdout, stderr} = await runNode(['--input-type=module', '-e', script], {cwd: root})
    expect(stderr).toBe('')
    expect(code).toBe(0)
    const {wide, same, sameInColour} = JSON.parse(stdout) as {wide: string; same: boolean; sameInColour: boolean}
    const lines = wide.split('\n').filter((line) => line.includes('citation-title-match'))
    expect(lines).toHaveLength(12)
    expect(lines[1]).toContain('“© Example”')
    // string-width 6 counts `©` two columns wide, and the rule of that line stood one column left of the others.
    expect(new Set(lines.map((line) => line.indexOf('citation-title-match'))).size).toBe(1)
    // Text that is plain ASCII, with colours or without, is laid out exactly as by remark's own report.
    expect(same).toBe(true)
    expect(sameInColour).toBe(true)
  })

  it('measures each cell as string-width 8 does, colours aside', async () => {
    await loadUnicodeWidth()
    const cells = ['9:184-9:241', 'Unexpected dead citation `http://127.0.0.1/a`', '“© Example” – ok', 'e\u0301t\u00E9', 'key 1\uFE0F\u20E3 pad', '漢字 ok', 'family 👨\u200D👩\u200D👧 x', '\u00AD soft', 'tab\there', '\u001B[2K odd escape']
    for (const cell of cells) {
      expect(cellWidth(cell)).toBe(stringWidth(cell))
      expect(cellWidth(`\u001B[1m${cell}\u001B[22m`)).toBe(stringWidth(cell))
    }
  })

  it('counts the Latin letters and typographic punctuation of its own messages as string-width 8 does, without it', async () => {
    // These cells are measured without loading string-width 8 (60-90 ms at the end of a run): each must be one column.
    const ranges = [[0x20, 0x7e], [0xa0, 0xac], [0xae, 0x2ff], [0x2010, 0x2027], [0x2030, 0x205e]]
    const narrow = ranges.flatMap(([from, to]) => Array.from({length: to! - from! + 1}, (_, i) => String.fromCodePoint(from! + i)))
    for (const char of narrow) expect([char, stringWidth(char)]).toEqual([char, 1])
    const cell = 'Unexpected title “Über – ‘naïve’ © … ‰”'
    expect(isPlain(cell)).toBe(true)
    expect(cellWidth(cell)).toBe(stringWidth(cell))
    // A combining accent, a soft hyphen or a zero-width space is not one column: string-width 8 measures those.
    for (const other of ['e\u0301', 'soft\u00ADhyphen', 'zero\u200Bwidth', '漢字']) expect(isPlain(other)).toBe(false)
  })

  it('the bin’s hook redirects only the one engine copy’s queue step', async () => {
    const pipeline = 'file:///app/node_modules/unified-engine/lib/file-pipeline/index.js'
    initialize({queue: {from: pipeline, to: 'file:///fast/queue.js'}})
    const next = async (specifier: string) => ({url: `file:///as-usual/${specifier}`})
    const from = (parentURL: string) => ({parentURL, conditions: [], importAttributes: {}, importAssertions: {}})
    expect(await resolveHook('string-width', from('file:///app/node_modules/vfile-reporter/lib/index.js'), next)).toEqual({url: 'file:///as-usual/string-width'})
    expect(await resolveHook('./queue.js', from(pipeline), next)).toEqual({url: 'file:///fast/queue.js', shortCircuit: true})
    expect(await resolveHook('./queue.js', from('file:///other/node_modules/unified-engine/lib/file-pipeline/index.js'), next)).toEqual({url: 'file:///as-usual/./queue.js'})
  })

  it('the bin replaces the engine’s queue step only while the engine’s is the code the replacement was written against', () => {
    const original = readFileSync(join(root, 'node_modules', 'unified-engine', 'lib', 'file-pipeline', 'queue.js'))
    expect(createHash('sha256').update(original).digest('hex')).toBe(engineQueueHash)
  })

  it('keeps every message, in order, where remark’s report gives up (a file with more than about 120,000 messages)', async () => {
    const count = 130_000
    const file = fileWith(count)
    expect(() => reporter([file], {color: false})).toThrow(RangeError)
    const lines = (await remarkReport([file], {color: false})).split('\n')
    expect(lines[0]).toBe('links.md')
    expect(lines[1]).toBe('1:5  warning  Unexpected low-credibility source  citation-credibility  remark-lint')
    expect(lines.filter((line) => /^\d+:5  /.test(line))).toHaveLength(count)
    expect(lines.at(-3)).toBe(`${count}:5  error  Unexpected dead citation  citation-alive  remark-lint`)
    expect(lines.at(-1)).toBe(`${count} messages (3 errors, ${count - 3} warnings)`)
  })
})
