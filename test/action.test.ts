// The GitHub Action: action.yml against the metadata schema's rules, the diff reader, and the built entry
// driven by a simulated runner on a git repository with a pull request, against a web on 127.0.0.1.

import {execFileSync} from 'node:child_process'
import {existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, resolve, sep} from 'node:path'
import {pathToFileURL} from 'node:url'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {parseDiff, parseNumstat, unquote} from '../src/action/diff.js'
import {configAnnotations} from '../src/action/config-annotations.js'
import {changesSince} from '../src/action/git.js'
import {inputNames} from '../src/action/inputs.js'
import {outputNames} from '../src/action/run.js'
import {actionEntry, gitIn, makeRepo, runAction, type Repo} from './helpers/runner.js'
import {html, startWeb, status, type Handler, type Web} from './helpers/web.js'

const root = resolve(import.meta.dirname, '..')
/** What the built bin accepts: tests of inputs that need a bin flag run once it has that flag. */
const binHelp = existsSync(join(root, 'dist', 'src', 'cli', 'bin.js'))
  ? execFileSync(process.execPath, [join(root, 'dist', 'src', 'cli', 'bin.js'), '--help'], {encoding: 'utf8'})
  : ''

type Yaml = string | boolean | Yaml[] | {[key: string]: Yaml}
type YamlMap = {[key: string]: Yaml}

/**
 * The YAML that action.yml keeps to (no YAML library is installed): block maps and lists, one-line plain or
 * quoted scalars, full-line comments. Anything else throws, so a fancier action.yml fails here, never misreads.
 */
function readYaml(text: string): Yaml {
  const lines = text
    .split('\n')
    .map((raw, index) => ({indent: raw.length - raw.trimStart().length, text: raw.trim(), number: index + 1, raw}))
    .filter((line) => line.text !== '' && !line.text.startsWith('#'))
  let at = 0
  const fail = (message: string): never => {
    throw new Error(`action.yml line ${lines[at]?.number ?? 'end'}: ${message}`)
  }
  for (const line of lines) if (/^\s*\t/.test(line.raw)) fail('tab in indentation')

  function block(indent: number): Yaml {
    const isList = lines[at]!.text.startsWith('- ')
    const list: Yaml[] = []
    const map: YamlMap = {}
    while (at < lines.length && lines[at]!.indent === indent) {
      const line = lines[at]!
      if (line.text.startsWith('- ') !== isList) fail('a list item and a map key at one level')
      if (isList) {
        // `- key: value` opens a map whose keys sit two columns in.
        lines[at] = {...line, indent: indent + 2, text: line.text.slice(2).trimStart()}
        list.push(/^[\w-]+:(?: |$)/.test(lines[at]!.text) ? block(indent + 2) : scalar(lines[at++]!.text))
        continue
      }
      const pair = /^([\w-]+):(?: (.*))?$/.exec(line.text)
      if (!pair) fail(`expected \`key: value\`, found \`${line.text}\``)
      const [, key, rest] = pair!
      if (key! in map) fail(`duplicate key \`${key}\``)
      at++
      if (rest === undefined || rest === '') {
        if (at >= lines.length || lines[at]!.indent <= indent) fail(`\`${key}\` has no value`)
        map[key!] = block(lines[at]!.indent)
      } else map[key!] = scalar(rest)
    }
    if (at < lines.length && lines[at]!.indent > indent) fail('unexpected indentation')
    return isList ? list : map
  }

  function scalar(text: string): string | boolean {
    if (text.startsWith("'")) {
      if (!/^'(?:[^']|'')*'$/.test(text)) fail(`bad single-quoted scalar ${text}`)
      return text.slice(1, -1).replace(/''/g, "'")
    }
    if (text.startsWith('"')) return JSON.parse(text) as string
    if (/^[[\]{}&*!|>%@`,?:-](?:\s|$)|^[[\]{}&*!|>%@`]/.test(text)) fail(`plain scalar starts with an indicator: ${text}`)
    if (/: | #/.test(text)) fail(`plain scalar holds \`: \` or \` #\` (quote it): ${text}`)
    return text === 'true' ? true : text === 'false' ? false : text
  }

  return block(0)
}

const map = (value: Yaml | undefined): YamlMap => {
  expect(value, 'a map').toBeTypeOf('object')
  expect(Array.isArray(value)).toBe(false)
  return value as YamlMap
}

const action = map(readYaml(readFileSync(join(root, 'action.yml'), 'utf8')))
const steps = (action.runs as YamlMap).steps as YamlMap[]
const check = steps.find((step) => step.id === 'check')!

describe('action.yml, by the action metadata schema', () => {
  const id = /^[A-Za-z_][\w-]*$/

  it('has only known top-level keys; a name, a description, branding GitHub knows', () => {
    expect(Object.keys(action).every((key) => ['name', 'author', 'description', 'inputs', 'outputs', 'runs', 'branding'].includes(key))).toBe(true)
    expect(action.name).toBeTypeOf('string')
    expect(action.description).toBeTypeOf('string')
    expect((action.description as string).length).toBeGreaterThan(0)
    const branding = map(action.branding)
    expect(['white', 'black', 'yellow', 'blue', 'green', 'orange', 'red', 'purple', 'gray-dark']).toContain(branding.color)
    expect(branding.icon).toMatch(/^[a-z][a-z\d-]*$/)
  })

  it('declares every input with a description, kebab-case names and known keys only', () => {
    const inputs = map(action.inputs)
    expect(Object.keys(inputs)).toEqual([...inputNames])
    for (const [name, value] of Object.entries(inputs)) {
      expect(name).toMatch(id)
      expect(name).toMatch(/^[a-z]+(?:-[a-z]+)*$/)
      const input = map(value)
      expect(Object.keys(input).every((key) => ['description', 'required', 'default', 'deprecationMessage'].includes(key)), name).toBe(true)
      expect(input.description, name).toBeTypeOf('string')
      if ('required' in input) expect(input.required, name).toBeTypeOf('boolean')
      if ('default' in input) expect(input.default, name).toBeTypeOf('string')
    }
  })

  it('declares every output the entry writes, each with a description and (composite) a value from the step', () => {
    const outputs = map(action.outputs)
    expect(Object.keys(outputs)).toEqual([...outputNames])
    for (const [name, value] of Object.entries(outputs)) {
      const output = map(value)
      expect(Object.keys(output).sort()).toEqual(['description', 'value'])
      expect(output.description).toBeTypeOf('string')
      expect(output.value).toBe(`\${{ steps.check.outputs.${name} }}`)
    }
  })

  it('runs as a composite action whose steps are well formed', () => {
    const runs = map(action.runs)
    expect(['node20', 'node24', 'composite']).toContain(runs.using)
    expect(runs.using).toBe('composite')
    expect(Object.keys(runs).sort()).toEqual(['steps', 'using'])
    expect(steps.length).toBeGreaterThan(0)
    const ids = steps.flatMap((step) => (step.id === undefined ? [] : [step.id]))
    expect(new Set(ids).size).toBe(ids.length)
    for (const step of steps) {
      const keys = Object.keys(step)
      expect(keys.every((key) => ['name', 'id', 'if', 'run', 'shell', 'uses', 'with', 'env', 'working-directory', 'continue-on-error'].includes(key))).toBe(true)
      if (step.id !== undefined) expect(step.id).toMatch(id)
      // A step runs a command (which needs a shell in a composite action) or uses an action, never both.
      expect('run' in step !== 'uses' in step).toBe(true)
      if ('run' in step) expect(['bash', 'pwsh', 'python', 'sh', 'cmd', 'powershell']).toContain(step.shell)
      else expect('shell' in step).toBe(false)
    }
  })

  it('passes every input to the entry as `INPUT_<NAME>` (composite steps get none by themselves)', () => {
    const env = map(check.env)
    expect(env).toEqual(Object.fromEntries(inputNames.map((name) => [`INPUT_${name.toUpperCase()}`, `\${{ inputs.${name} }}`])))
  })

  it('names only declared inputs and steps in its expressions', () => {
    const text = readFileSync(join(root, 'action.yml'), 'utf8')
    const expressions = [...text.matchAll(/\$\{\{\s*(.+?)\s*\}\}/g)].map((match) => match[1]!)
    expect(expressions.length).toBeGreaterThan(0)
    for (const expression of expressions) {
      const input = /^inputs\.([\w-]+)$/.exec(expression)
      const step = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expression)
      if (input) expect(inputNames).toContain(input[1])
      else if (step) expect([step[1], outputNames.includes(step[2] as never)]).toEqual(['check', true])
      else expect(expression).toBe('github.token')
    }
  })

  it('installs the package in its own folder, then runs the built entry', () => {
    expect(steps[0]!.run).toBe('cd "$GITHUB_ACTION_PATH" && npm ci --include=dev --no-audit --no-fund --loglevel=error')
    expect(check.run).toBe('exec node "$GITHUB_ACTION_PATH/dist/src/action/index.js"')
    expect(existsSync(actionEntry)).toBe(true)
  })
})

describe('changed lines from `git diff --unified=0`', () => {
  it.each<[string, string, Array<[string, Array<[number, number]>]>]>([
    ['a one-line addition', '+++ b/a.md\n@@ -3,0 +4 @@ x\n+new', [['a.md', [[4, 4]]]]],
    ['a change of three lines', '+++ b/a.md\n@@ -3,2 +3,3 @@\n', [['a.md', [[3, 5]]]]],
    ['a pure deletion adds nothing', '+++ b/a.md\n@@ -3,2 +2,0 @@\n', []],
    [
      'hunks of several files',
      'diff --git a/a.md b/a.md\n+++ b/a.md\n@@ -1 +1 @@\ndiff --git a/docs/b.md b/docs/b.md\n+++ b/docs/b.md\n@@ -0,0 +1,2 @@\n@@ -9 +10,2 @@',
      [['a.md', [[1, 1]]], ['docs/b.md', [[1, 2], [10, 11]]]]
    ],
    [
      'an added line `++ x` (`+++ x` in the patch) is not a file header: later hunks stay the file’s',
      'diff --git a/t.md b/t.md\n--- a/t.md\n+++ b/t.md\n@@ -3 +3 @@\n-line2\n+++ counter in C\n@@ -9 +9 @@\n-line8\n+See [d](x).',
      [['t.md', [[3, 3], [9, 9]]]]
    ],
    ['a deleted file', '+++ /dev/null\n@@ -1,3 +0,0 @@', []],
    ['a path with a space (git ends the line with a tab)', '+++ b/my notes.md\t\n@@ -1 +1 @@', [['my notes.md', [[1, 1]]]]],
    ['a quoted path', '+++ "b/caf\\303\\251 \\"x\\".md"\n@@ -1 +1 @@', [['café "x".md', [[1, 1]]]]],
    ['a pure rename has no hunk', 'diff --git a/old.md b/new.md\nsimilarity index 100%\nrename from old.md\nrename to new.md', []],
    [
      'a symbolic link’s line is its target’s path, no line of a document',
      'diff --git a/l.md b/l.md\nnew file mode 120000\n--- /dev/null\n+++ b/l.md\n@@ -0,0 +1 @@\ndiff --git a/m.md b/m.md\nindex 1a2..3b4 120000\n+++ b/m.md\n@@ -1 +1 @@\ndiff --git a/a.md b/a.md\n+++ b/a.md\n@@ -1 +1 @@',
      [['a.md', [[1, 1]]]]
    ]
  ])('%s', (_, patch, expected) => {
    expect([...parseDiff(patch)]).toEqual(expected)
  })

  it('reads `--numstat -z`: files, renames by their new path, binaries with both paths', () => {
    const output = ['3\t1\ta.md', '-\t-\tdocs/page.md', '-\t-\t', 'old name.md', 'new\tname.md', '0\t0\t', 'x.md', 'y.md', ''].join('\0')
    expect(parseNumstat(output)).toEqual({
      files: new Set(['a.md', 'docs/page.md', 'new\tname.md', 'y.md']),
      binary: [['docs/page.md', 'docs/page.md'], ['old name.md', 'new\tname.md']]
    })
  })

  it('unquotes C-style escapes and UTF-8 octets', () => {
    expect(unquote('"tab\\there\\\\ \\303\\274"')).toBe('tab\there\\ ü')
  })
})

/** Where a URL's characters are in a document: 1-based line and column, end column exclusive (unist). */
function placeOf(text: string, url: string): {line: number; col: number; endColumn: number} {
  const lines = text.split('\n')
  const line = lines.findIndex((item) => item.includes(url))
  if (line === -1) throw new Error(`${url} is not in the document`)
  const col = lines[line]!.indexOf(url) + 1
  return {line: line + 1, col, endColumn: col + url.length}
}

function dead(file: string, text: string, url: string): string {
  const {line, col, endColumn} = placeOf(text, url)
  return `::error file=${file},line=${line},col=${col},endLine=${line},endColumn=${endColumn},title=citation-alive::Unexpected dead citation \`${url}\`, expected a live source (\`404 Not Found\`)`
}

function busy(file: string, text: string, url: string): RegExp {
  const {line, col, endColumn} = placeOf(text, url)
  const head = `::warning file=${file},line=${line},col=${col},endLine=${line},endColumn=${endColumn},title=citation-reachable::Unexpected unverifiable citation \`${url}\``
  return new RegExp(`^${head.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*\\(\`503 Service Unavailable\`\\)$`)
}

/** The remark config of the fixture repositories: the preset, loopback allowed, quick to give up. */
function remarkrc(): string {
  const entry = pathToFileURL(join(root, 'dist', 'rules', 'index.js')).href
  return [
    `import recommended, {configure, citationCredibility} from ${JSON.stringify(entry)}`,
    `export default {plugins: [recommended, [configure, {allowPrivateAddresses: ['127.0.0.1/32'], timeout: 1000, retries: 0}],`,
    `  [citationCredibility, ['warn', {trusted: ['127.0.0.1']}]]],`,
    `}`,
    ``
  ].join('\n')
}

/** A web of `routes` and a fresh git repository for one describe block, both removed after it. */
function scene(routes: Record<string, Handler>): {web: Web; repo: Repo} {
  const state = {} as {web: Web; repo: Repo}
  beforeAll(async () => {
    state.web = await startWeb(routes)
    state.repo = makeRepo()
  })
  afterAll(async () => {
    await state.web?.close()
    state.repo?.remove()
  })
  return state
}

describe('config failures as annotations', () => {
  it('annotates the bin’s config-failure lines at their place, and no report line, whatever a checked file is named', () => {
    const output = [
      '.remarkrc.json:4:3: Cannot load remark config: Invalid JSON: Unexpected token \']\'',
      '.remarkrc.mjs: Cannot load plugin `plugins/boom.js:2:7`: TypeError: plugin boom',
      'sub/.remarkrc.yml:5:9: Unexpected `github.token` (not a non-empty string), expected `{token: \'…\'}` (configure)',
      // A report's file header: a path, which Linux lets hold `: Cannot …`; and a message line.
      'notes/2024: Cannot reproduce the bug.md',
      '1:9-1:29 error Unexpected dead citation `https://a.example/x`, expected a live source citation-alive remark-lint'
    ].join('\n')
    expect(configAnnotations(output, 'docs/')).toEqual([
      "::error file=docs/.remarkrc.json,line=4,col=3,title=remark-lint-citations configuration error::Cannot load remark config: Invalid JSON: Unexpected token ']'",
      '::error file=docs/.remarkrc.mjs,title=remark-lint-citations configuration error::Cannot load plugin `plugins/boom.js:2:7`: TypeError: plugin boom',
      "::error file=docs/sub/.remarkrc.yml,line=5,col=9,title=remark-lint-citations configuration error::Unexpected `github.token` (not a non-empty string), expected `{token: '…'}` (configure)"
    ])
  })
})

describe('the Action on a pull request (simulated runner, real git, real bin)', () => {
  const at = scene({'/ok': html('A fine page'), '/gone': status(404), '/busy': status(503)})
  let base: string
  let head: string
  let o: string
  /** The head's documents by path. */
  const docs: Record<string, string> = {}
  const defaults = () =>
    Object.fromEntries(
      Object.entries(map(action.inputs)).map(([name, input]) => [name, name === 'github-token' ? 'ghs_not_a_real_token' : String(map(input).default ?? '')])
    )
  const pr = () => ({action: 'synchronize', number: 7, pull_request: {number: 7, base: {sha: base, ref: 'main'}, head: {sha: head, ref: 'feature'}}})
  const act = (inputs: Record<string, string> = {}, event: object = pr(), eventName?: string) =>
    runAction({workspace: at.repo.dir, inputs: {...defaults(), ...inputs}, event, ...(eventName ? {eventName} : {})})

  beforeAll(async () => {
    o = at.web.origin()
    const moved = ['# Moved', '', 'This page moves to a new name in the pull request.', '', 'Its text stays the same,', 'so git sees a rename.', '', `See [this](${o}/gone?moved-old).`, '']
    base = at.repo.commit(
      {
        '.remarkrc.mjs': remarkrc(),
        'bad.remarkrc.mjs': remarkrc().replace('timeout: 1000', "timeout: 'soon'"),
        // A checker killed in the middle of a line of its report.
        'crash.remarkrc.mjs': "import {writeSync} from 'node:fs'\nexport default {plugins: [() => () => { writeSync(1, 'half a line'); process.kill(process.pid, 'SIGKILL') }]}\n",
        'docs/guide.md': ['# Guide', '', `An [old dead link](${o}/gone?old) stays.`, '', `A [fine source](${o}/ok) is cited.`, ''].join('\n'),
        'docs/untouched.md': `Old [dead](${o}/gone?untouched) link.\n`,
        'docs/old-name.md': moved.join('\n')
      },
      'base'
    )
    Object.assign(docs, {
      'docs/guide.md': [
        '# Guide',
        '',
        `An [old dead link](${o}/gone?old) stays.`,
        '',
        `A [fine source](${o}/gone?changed) is cited.`,
        '',
        `A [new dead link](${o}/gone?new) was added.`,
        '',
        `The server is [busy](${o}/busy).`,
        '',
        `And [another fine one](${o}/ok?new).`,
        ''
      ].join('\n'),
      'docs/new-name.md': [...moved, `A [new one](${o}/gone?moved-new) too.`, ''].join('\n'),
      'docs/warn.md': `The service is [busy](${o}/busy?warn).\n`,
      'docs/notes, 2024: draft.md': `A [dead](${o}/gone?odd) one.\n`,
      'docs/notes.txt': `Not Markdown: [gone](${o}/gone?txt).\n`,
      'outside/new.md': `Out [dead](${o}/gone?outside).\n`
    })
    head = at.repo.commit(docs, 'head', [['docs/old-name.md', 'docs/new-name.md']])
  })

  it('`only-changed: lines` (the default): annotates only citations on added or changed lines, errors first; fails on removed', async () => {
    const run = await act()
    const guide = docs['docs/guide.md']!
    expect(run.annotations).toEqual([
      dead('docs/guide.md', guide, `${o}/gone?changed`),
      dead('docs/guide.md', guide, `${o}/gone?new`),
      dead('docs/new-name.md', docs['docs/new-name.md']!, `${o}/gone?moved-new`),
      // Commas and colons in a property are escaped, as the runner wants them.
      dead('docs/notes%2C 2024%3A draft.md', docs['docs/notes, 2024: draft.md']!, `${o}/gone?odd`),
      dead('outside/new.md', docs['outside/new.md']!, `${o}/gone?outside`),
      expect.stringMatching(busy('docs/guide.md', guide, `${o}/busy`)),
      expect.stringMatching(busy('docs/warn.md', docs['docs/warn.md']!, `${o}/busy?warn`))
    ])
    // The old dead link sits on an unchanged line, the moved one came with a rename, one file is untouched.
    expect(run.commands.join('\n')).not.toMatch(/gone\?(?:old|moved-old|untouched|txt)/)
    expect(run.outputs).toEqual({removed: '5', flagged: '2', ok: '1', ignored: '0', 'report-json': '', 'report-jsonl': '', 'report-sarif': '', 'exit-code': '1'})
    expect(run.code).toBe(1)

    // The job summary: counts, then a table per file of what was annotated, and how the citations were chosen.
    expect(run.summary).toMatch(/^## Citations\n/)
    expect(run.summary).toMatch(/^\| ✗ removed \| 5 \| 5 \|$/m)
    expect(run.summary).toMatch(/^\| ⚠ flagged \| 2 \| 2 \|$/m)
    expect(run.summary).toContain('### `docs/guide.md`')
    const changed = placeOf(guide, `${o}/gone?changed`)
    expect(run.summary).toContain(
      `| ${changed.line}:${changed.col} | [\`citation-alive\`](https://www.npmjs.com/package/remark-lint-citations#citation-alive) | ✗ removed | \`${o}/gone?changed\` | Unexpected dead citation`
    )
    expect(run.summary).not.toMatch(/gone\?(?:old|moved-old|untouched)/)
    expect(run.summary.trimEnd().split('\n').at(-1)).toBe(
      '_Shown: citations on lines this pull request added or changed (`only-changed: lines`); 8 of 10 citations checked._'
    )

    // The log has the bin's own report of the files it checked (old findings included), fenced off from
    // command parsing, and a line on what was annotated.
    expect(run.stdout).toMatch(/::stop-commands::[\w-]+\n[\s\S]*gone\?old[\s\S]*\n::[\w-]+::\n/)
    expect(run.stdout).not.toContain('untouched.md')
    expect(run.stdout).toContain('Annotating 8 of 10 citations: citations on lines this pull request added or changed (`only-changed: lines`).')
    expect(run.stdout + run.summary + JSON.stringify(run.outputs)).not.toContain('ghs_not_a_real_token')
  })

  it('`only-changed: all` reports the old dead link and the untouched file too', async () => {
    const run = await act({'only-changed': 'all'})
    expect(run.annotations).toContainEqual(dead('docs/guide.md', docs['docs/guide.md']!, `${o}/gone?old`))
    expect(run.annotations.join('\n')).toContain(`file=docs/untouched.md,line=1,`)
    expect(run.annotations.join('\n')).toContain('gone?moved-old')
    expect(run.outputs).toMatchObject({removed: '8', flagged: '2', ok: '1', 'exit-code': '1'})
  })

  it('`only-changed: files` reports every citation of a changed file, not those of untouched files', async () => {
    const run = await act({'only-changed': 'files'})
    const text = run.annotations.join('\n')
    expect(text).toContain('gone?old')
    expect(text).toContain('gone?moved-old')
    expect(text).not.toContain('untouched')
    expect(run.outputs).toMatchObject({removed: '7', flagged: '2', ok: '1', 'exit-code': '1'})
  })

  it('`fail-on: never` passes with the same annotations', async () => {
    const run = await act({'fail-on': 'never'})
    expect(run.code).toBe(0)
    expect(run.outputs).toMatchObject({removed: '5', flagged: '2', 'exit-code': '0'})
    expect(run.annotations).toHaveLength(7)
  })

  it('`fail-on: flagged` fails on a flagged citation alone, which `removed` lets pass', async () => {
    const lenient = await act({files: 'docs/warn.md'})
    expect(lenient.annotations).toEqual([expect.stringMatching(busy('docs/warn.md', docs['docs/warn.md']!, `${o}/busy?warn`))])
    expect(lenient.outputs).toMatchObject({removed: '0', flagged: '1', ok: '0', 'exit-code': '0'})
    expect(lenient.code).toBe(0)
    const strict = await act({files: 'docs/warn.md', 'fail-on': 'flagged'})
    expect(strict.outputs).toMatchObject({flagged: '1', 'exit-code': '1'})
    expect(strict.code).toBe(1)
    expect(strict.stdout).toContain('Failing: 1 citation removed or flagged (`fail-on: flagged`).')
  })

  it('`working-directory`: files outside it are not checked; paths stay repository-relative, in annotations and in SARIF', async () => {
    const run = await act({'working-directory': 'docs', report: 'sarif=out/citations.sarif, json=citations.json'})
    expect(run.annotations.join('\n')).not.toContain('outside')
    expect(run.annotations[0]).toBe(dead('docs/guide.md', docs['docs/guide.md']!, `${o}/gone?changed`))
    const sarifPath = join(at.repo.dir, 'docs', 'out', 'citations.sarif')
    expect(run.outputs).toMatchObject({'report-sarif': sarifPath, 'report-json': join(at.repo.dir, 'docs', 'citations.json'), removed: '4', 'exit-code': '1'})
    const sarif = JSON.parse(readFileSync(sarifPath, 'utf8')) as {runs: Array<{results: Array<{locations: Array<{physicalLocation: {artifactLocation: {uri: string}}}>}>}>}
    const uris = sarif.runs[0]!.results.map((result) => result.locations[0]!.physicalLocation.artifactLocation.uri)
    expect(uris).toContain('docs/guide.md')
    expect(uris.every((uri) => uri.startsWith('docs/'))).toBe(true)
    expect(existsSync(join(at.repo.dir, 'docs', 'citations.json'))).toBe(true)
  })

  it('a `files` entry outside `working-directory` is an input error (exit 2) on a pull request and on a push alike', async () => {
    const expected = '::error::Unexpected `files` entry `../outside/new.md` outside `working-directory` `docs`, expected files in it (check others in a step with their own `working-directory`)'
    for (const event of [pr(), {ref: 'refs/heads/main', before: base, after: head}]) {
      const run = await act({'working-directory': 'docs', files: 'guide.md ../outside/new.md'}, event)
      expect(run.commands).toEqual([expected])
      expect(run.outputs).toMatchObject({removed: '0', 'exit-code': '2'})
    }
    // A glob reaching out of it too, and an absolute path in it is not outside.
    expect((await act({'working-directory': 'docs', files: '../**/*.md'})).code).toBe(2)
    const inside = await act({'working-directory': 'docs', files: join(at.repo.dir, 'docs', 'warn.md')}, {ref: 'refs/heads/main'}, 'push')
    expect(inside.annotations).toEqual([expect.stringMatching(busy('docs/warn.md', docs['docs/warn.md']!, `${o}/busy?warn`))])
  })

  it('on a push (not a pull request) every citation is reported, whatever `only-changed` says', async () => {
    const run = await act({}, {ref: 'refs/heads/main', before: base, after: head}, 'push')
    expect(run.annotations).toContainEqual(dead('docs/guide.md', docs['docs/guide.md']!, `${o}/gone?old`))
    expect(run.summary).toContain('_Shown: every citation in the checked files (not a pull request);')
  })

  it('in a merge queue (`merge_group`) reports what the queued changes touched, as on the pull request: old dead links block no merge', async () => {
    const group = {action: 'checks_requested', merge_group: {head_sha: head, head_ref: `refs/heads/gh-readonly-queue/main/pr-7-${base}`, base_sha: base, base_ref: 'refs/heads/main'}}
    const run = await act({}, group, 'merge_group')
    expect(run.commands.join('\n')).not.toMatch(/gone\?(?:old|moved-old|untouched|txt)/)
    expect(run.outputs).toMatchObject({removed: '5', flagged: '2', ok: '1', 'exit-code': '1'})
    expect(run.summary).toContain('_Shown: citations on lines this merge group added or changed (`only-changed: lines`);')
  })

  it('no changed Markdown among `files`: passes without running the bin, and still writes the reports asked for', async () => {
    const run = await act({files: 'docs/untouched.md', report: 'sarif=empty.sarif'})
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('No Markdown file to check.')
    expect(run.outputs).toMatchObject({removed: '0', flagged: '0', ok: '0', 'exit-code': '0'})
    const sarif = JSON.parse(readFileSync(join(at.repo.dir, 'empty.sarif'), 'utf8')) as {runs: Array<{results: unknown[]}>}
    expect(sarif.runs[0]!.results).toEqual([])
  })

  it('a bad input is a configuration error (exit 2) that names the input and the allowed values', async () => {
    const run = await act({'fail-on': 'sometimes'})
    expect(run.code).toBe(2)
    expect(run.commands).toEqual(['::error::Unexpected `fail-on` `sometimes`, expected `removed` or `flagged` or `never`'])
    expect(run.outputs).toMatchObject({'exit-code': '2', removed: '0'})
    const report = await act({report: 'html=citations.html'})
    expect(report.code).toBe(2)
    expect(report.commands).toEqual(['::error::Unexpected `report` entry `html=citations.html`, expected `<format>=<path>` with a format of `json`, `jsonl`, `sarif`'])
  })

  it('a `working-directory` that is not there, or is below a file, is an input error (exit 2), on a pull request and on a push', async () => {
    for (const event of [pr(), {ref: 'refs/heads/main', before: base, after: head}]) {
      const run = await act({'working-directory': 'nowhere'}, event)
      expect(run.code).toBe(2)
      expect(run.commands).toEqual(['::error::Unexpected `working-directory` `nowhere`: no such folder'])
    }
    // Below a file: the file system says ENOTDIR, which is no more a folder than a missing one.
    const below = await act({'working-directory': 'docs/guide.md/more'})
    expect(below.code).toBe(2)
    expect(below.commands).toEqual(['::error::Unexpected `working-directory` `docs/guide.md/more`: no such folder'])
  })

  it('a working directory outside any git repository is said to be so, not taken for a shallow clone', async () => {
    const plain = mkdtempSync(join(tmpdir(), 'action-plain-'))
    try {
      const run = await runAction({workspace: plain, inputs: {}, event: pr()})
      expect(run.code).toBe(2)
      expect(run.commands).toEqual([`::error::Unexpected \`${plain}\` outside a git repository, expected the pull request's checkout (\`actions/checkout\`) for the diff`])
    } finally {
      rmSync(plain, {recursive: true, force: true})
    }
  })

  it('`files` on several lines: one entry a line, spaces kept', async () => {
    const run = await act({files: 'docs/warn.md\ndocs/notes, 2024: draft.md\n'})
    expect(run.annotations).toEqual([
      dead('docs/notes%2C 2024%3A draft.md', docs['docs/notes, 2024: draft.md']!, `${o}/gone?odd`),
      expect.stringMatching(busy('docs/warn.md', docs['docs/warn.md']!, `${o}/busy?warn`))
    ])
  })

  it('a clone without the base commit (shallow checkout) is a configuration error that says how to fix it', async () => {
    const event = {pull_request: {base: {sha: 'f'.repeat(40)}, head: {sha: head}}}
    const run = await act({}, event)
    expect(run.code).toBe(2)
    expect(run.commands[0]).toMatch(/^::error::Unexpected shallow clone: .*`fetch-depth: 0`/)
  })

  it('a shallow clone that holds the base commit but not where the histories meet says how to fix it, not git’s `no merge base`', async () => {
    // The head checked out at depth 1, then the base fetched at depth 1: both commits, no history joining them.
    const clone = mkdtempSync(join(tmpdir(), 'action-shallow-'))
    try {
      gitIn(clone, ['init', '--quiet'])
      for (const sha of [head, base]) gitIn(clone, ['fetch', '--quiet', '--depth=1', pathToFileURL(at.repo.dir).href, sha])
      gitIn(clone, ['checkout', '--quiet', '--detach', head])
      const run = await runAction({workspace: clone, inputs: {}, event: pr()})
      expect(run.code).toBe(2)
      expect(run.commands).toEqual([
        `::error::Unexpected shallow clone: it holds the pull request's base commit \`${base}\` but not the commit where the checkout's history meets it, expected the history between them for the diff (\`actions/checkout\` with \`fetch-depth: 0\`)`
      ])
    } finally {
      rmSync(clone, {recursive: true, force: true})
    }
  })

  it('a sparse checkout (`sparse-checkout: docs`): changed files outside it are not checked, as on a push, and are no error', async () => {
    const sparse = mkdtempSync(join(tmpdir(), 'action-sparse-'))
    try {
      gitIn(sparse, ['init', '--quiet'])
      gitIn(sparse, ['sparse-checkout', 'set', '--cone', 'docs'])
      gitIn(sparse, ['fetch', '--quiet', pathToFileURL(at.repo.dir).href, head])
      gitIn(sparse, ['checkout', '--quiet', '--detach', head])
      const run = await runAction({workspace: sparse, inputs: {}, event: pr()})
      expect(run.commands.join('\n')).not.toContain('exited with 2')
      expect(run.annotations.length).toBe(6)
      expect(run.annotations.every((line) => /^::\w+ file=docs\//.test(line))).toBe(true)
      expect(run.outputs).toMatchObject({removed: '4', flagged: '2', 'exit-code': '1'})
    } finally {
      rmSync(sparse, {recursive: true, force: true})
    }
  })

  it('a checkout of the base branch (`pull_request_target`’s) fails saying so (exit 2), rather than passing with nothing checked', async () => {
    const checkout = mkdtempSync(join(tmpdir(), 'action-target-'))
    try {
      gitIn(at.repo.dir, ['worktree', 'add', '--quiet', '--detach', checkout, base])
      const run = await runAction({workspace: checkout, inputs: {}, event: pr(), eventName: 'pull_request_target'})
      expect(run.code).toBe(2)
      expect(run.commands).toEqual([
        `::error::Unexpected checkout of the base branch: it holds none of the pull request's changes (its head is \`${head}\`), expected them checked out for the diff (\`actions/checkout\` does on \`pull_request\`; on \`pull_request_target\` it checks out the base branch)`
      ])
      expect(run.outputs).toMatchObject({'exit-code': '2'})
    } finally {
      gitIn(at.repo.dir, ['worktree', 'remove', '--force', checkout])
    }
  })

  it('keeps its cache in the working directory’s `node_modules/.cache/remark-lint-citations` (the folder the README caches)', async () => {
    await act({files: 'docs/warn.md'})
    expect(readdirSync(join(at.repo.dir, 'node_modules', '.cache', 'remark-lint-citations')).length).toBeGreaterThan(0)
  })

  it.skipIf(!binHelp.includes('--cache'))('`cache`: a folder of its own, or `false` for none', async () => {
    const run = await act({cache: '.citations-cache'})
    expect(run.code).toBe(1)
    expect(readdirSync(join(at.repo.dir, '.citations-cache')).length).toBeGreaterThan(0)
    expect((await act({cache: 'false'})).code).toBe(1)
    // `False` as YAML writers spell it is `false` too, not a folder of that name.
    expect((await act({cache: 'False'})).code).toBe(1)
    expect(existsSync(join(at.repo.dir, 'False'))).toBe(false)
  })


  it('a broken remark config: the bin’s exit 2 is the Action’s', async () => {
    const run = await act({'config-path': 'bad.remarkrc.mjs', report: 'sarif=broken.sarif'})
    expect(run.code).toBe(2)
    expect(run.commands).toContain('::error::remark-lint-citations exited with 2 (configuration error): see its report above')
    // The bad option is annotated where it is written, for the pull request's reviewer.
    const line = remarkrc().split('\n').findIndex((text) => text.includes('timeout: 1000')) + 1
    expect(run.commands).toContainEqual(
      expect.stringMatching(new RegExp(`^::error file=bad\\.remarkrc\\.mjs,line=${line},col=\\d+,title=remark-lint-citations configuration error::Unexpected \`timeout\` \`soon\`, `))
    )
    // No report path for a report that was not written: an upload step guarded by it stays out.
    expect(run.outputs).toMatchObject({'exit-code': '2', 'report-sarif': ''})
  })

  it('a checker killed mid-line: the fence around its report still closes, so the error after it is a command', async () => {
    const run = await act({'config-path': 'crash.remarkrc.mjs'})
    expect(run.code).toBe(3)
    expect(run.stdout).toContain('half a line\n::')
    expect(run.commands).toEqual(['::error::remark-lint-citations exited with 3 (internal failure): see its report above'])
    expect(run.outputs).toMatchObject({'exit-code': '3'})
  })
})

describe('a pull request checked out as its merge commit (actions/checkout’s default)', () => {
  const at = scene({'/gone': status(404)})

  it('takes the changed lines in the merge’s numbering, where the base branch moved them', async () => {
    const o = at.web.origin()
    at.repo.commit({'.remarkrc.mjs': remarkrc(), 'guide.md': `# Guide\n\nOld [dead](${o}/gone?old).\n`}, 'fork point')
    gitIn(at.repo.dir, ['checkout', '--quiet', '-b', 'feature'])
    const head = at.repo.commit({'guide.md': `# Guide\n\nOld [dead](${o}/gone?old).\n\nNew [dead](${o}/gone?new).\n`}, 'pull request')
    gitIn(at.repo.dir, ['checkout', '--quiet', 'main'])
    // The base branch moved on: four lines above everything.
    const base = at.repo.commit({'guide.md': `Intro.\n\nMore.\n\n# Guide\n\nOld [dead](${o}/gone?old).\n`}, 'base moves')
    gitIn(at.repo.dir, ['merge', '--quiet', '--no-ff', '--no-edit', 'feature'])
    const merged = readFileSync(join(at.repo.dir, 'guide.md'), 'utf8')
    expect(placeOf(merged, `${o}/gone?new`).line).toBe(9)
    const run = await runAction({workspace: at.repo.dir, inputs: {}, event: {pull_request: {base: {sha: base}, head: {sha: head}}}})
    expect(run.commands.filter((line) => line.startsWith('::warning'))).toEqual([])
    expect(run.annotations).toEqual([dead('guide.md', merged, `${o}/gone?new`)])
  })
})

describe('the README workflow', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8')
  const section = readme.slice(readme.indexOf('## GitHub Action'), readme.indexOf('\n## ', readme.indexOf('## GitHub Action') + 1))
  const workflow = /```yaml\n([\s\S]*?)```/.exec(section)?.[1] ?? ''

  it('checks out the history, restores and saves the cache (`if: always()`, a daily key), runs the action, uploads SARIF', () => {
    expect(workflow).toContain('fetch-depth: 0')
    expect(workflow).toContain('uses: actions/cache/restore@v4')
    expect(workflow).toMatch(/- if: always\(\)[^\n]*\n\s+uses: actions\/cache\/save@v4/)
    expect(workflow).not.toMatch(/key: .*(?:github\.sha|run_id|run_number)/)
    expect(workflow).toContain('uses: github/codeql-action/upload-sarif@v3')
  })

  it('passes only inputs the action declares and reads only outputs it writes', () => {
    const given = /uses: OWNER\/remark-lint-citations@v1[^\n]*\n\s+with:\n((?:\s{10}[\w-]+: .*\n)+)/.exec(workflow)?.[1] ?? ''
    const names = [...given.matchAll(/^\s+([\w-]+):/gm)].map((match) => match[1])
    expect(names.length).toBeGreaterThan(0)
    for (const name of names) expect(inputNames).toContain(name)
    for (const [, name] of workflow.matchAll(/steps\.citations\.outputs\.([\w-]+)/g)) expect(outputNames).toContain(name)
  })
})

describe('the annotation cap', () => {
  const at = scene({'/gone': status(404), '/busy': status(503)})
  let base: string
  let head: string
  /** A commit of the pull request's branch the checkout does not hold (a re-run after a push). */
  let later: string

  beforeAll(() => {
    base = at.repo.commit({'.remarkrc.mjs': remarkrc(), 'README.md': '# Project\n'}, 'base')
    const lines = Array.from({length: 12}, (_, index) => `Dead [${index}](${at.web.origin()}/gone?${index}) and busy [${index}](${at.web.origin()}/busy?${index}).\n`)
    head = at.repo.commit({'many.md': lines.join('\n')}, 'many')
    gitIn(at.repo.dir, ['checkout', '--quiet', '-b', 'later'])
    later = at.repo.commit({'later.md': 'Later.\n'}, 'later')
    gitIn(at.repo.dir, ['checkout', '--quiet', 'main'])
  })

  it('annotates 10 errors and 10 warnings, says what is left out, and lists all in the job summary', async () => {
    const run = await runAction({workspace: at.repo.dir, inputs: {}, event: {pull_request: {base: {sha: base}, head: {sha: head}}}})
    expect(run.annotations.filter((line) => line.startsWith('::error'))).toHaveLength(10)
    expect(run.annotations.filter((line) => line.startsWith('::warning'))).toHaveLength(10)
    // Errors first, in document order: the first ten dead links.
    expect(run.annotations[0]).toMatch(/^::error file=many\.md,line=1,/)
    expect(run.annotations[9]).toMatch(/^::error file=many\.md,line=19,/)
    expect(run.commands.at(-1)).toBe(
      '::notice::2 more errors and 2 more warnings not annotated (GitHub shows 10 of each per step): see the job summary and the log'
    )
    expect(run.summary.match(/^\| \d+:\d+ \|/gm)).toHaveLength(24)
    expect(run.outputs).toMatchObject({removed: '12', flagged: '12', 'exit-code': '1'})
  })

  it('the Action’s own warning takes one of the 10: nine flagged citations are annotated, and the notice counts the rest', async () => {
    const run = await runAction({workspace: at.repo.dir, inputs: {}, event: {pull_request: {base: {sha: base}, head: {sha: later}}}})
    const warnings = run.commands.filter((line) => line.startsWith('::warning'))
    expect(warnings).toHaveLength(10)
    expect(warnings[0]).toBe(`::warning::The checked-out commit does not contain the pull request's head \`${later}\`: changed lines are taken from the checkout`)
    expect(run.annotations.filter((line) => line.startsWith('::error'))).toHaveLength(10)
    expect(run.commands.at(-1)).toBe(
      '::notice::2 more errors and 3 more warnings not annotated (GitHub shows 10 of each per step): see the job summary and the log'
    )
    expect(run.summary.match(/^\| \d+:\d+ \|/gm)).toHaveLength(24)
  })
})

describe('.remarkignore', () => {
  const at = scene({'/gone': status(404)})

  it('a changed file listed in `.remarkignore` is skipped, not a configuration error', async () => {
    const base = at.repo.commit({'.remarkrc.mjs': remarkrc(), '.remarkignore': 'vendor/\n', 'README.md': '# Project\n'}, 'base')
    const head = at.repo.commit(
      {'vendor/notes.md': `Dead [link](${at.web.origin()}/gone?vendor).\n`, 'docs.md': `Dead [link](${at.web.origin()}/gone?docs).\n`},
      'changes'
    )
    const run = await runAction({workspace: at.repo.dir, inputs: {}, event: {pull_request: {base: {sha: base}, head: {sha: head}}}})
    expect(run.code).toBe(1)
    expect(run.annotations).toEqual([expect.stringMatching(/^::error file=docs\.md,line=1,/)])
    expect(run.outputs).toMatchObject({removed: '1', 'exit-code': '1'})
  })
})

describe('a cancelled job (the runner signals the step’s process alone)', () => {
  let asked: () => void
  const firstAsk = new Promise<void>((resolve) => (asked = resolve))
  // A page that never answers: the check is still fetching when the job is cancelled.
  const at = scene({'/hang': () => asked()})

  it('stops the check at once: no request after the cancel, exit 130, and it says it was cancelled', async () => {
    const base = at.repo.commit({'.remarkrc.mjs': remarkrc(), 'README.md': '# Project\n'}, 'base')
    const head = at.repo.commit({'docs.md': `A [slow page](${at.web.origin()}/hang).\n`}, 'changes')
    const run = await runAction({
      workspace: at.repo.dir,
      inputs: {},
      event: {pull_request: {base: {sha: base}, head: {sha: head}}},
      cancel: {at: firstAsk, signal: 'SIGINT'}
    })
    expect(run.code).toBe(130)
    expect(run.stdout).toContain('Cancelled: remark-lint-citations was stopped, nothing is reported.')
    expect(run.outputs).toMatchObject({'exit-code': '130'})
    // A check left running would ask again once its 1 s timeout passed (a timeout gets one more try).
    await new Promise((resolve) => setTimeout(resolve, 2500))
    expect(at.web.hits('/hang')).toBe(1)
  })
})

describe('a symbolic link to a Markdown file, added by a pull request', () => {
  const at = scene({'/gone': status(404)})

  it('adds no line: the old dead links of the file it points to are not the pull request’s', async () => {
    const o = at.web.origin()
    const base = at.repo.commit({'.remarkrc.mjs': remarkrc(), 'README.md': `Old [dead](${o}/gone?old).\n`}, 'base')
    symlinkSync('README.md', join(at.repo.dir, 'index.md'))
    const head = at.repo.commit({'docs/new.md': `New [dead](${o}/gone?new).\n`}, 'link')
    const run = await runAction({workspace: at.repo.dir, inputs: {}, event: {pull_request: {base: {sha: base}, head: {sha: head}}}})
    expect(run.annotations).toEqual([dead('docs/new.md', `New [dead](${o}/gone?new).\n`, `${o}/gone?new`)])
  })
})

describe('a file moved into `working-directory` from beside it', () => {
  const at = scene({'/gone': status(404)})

  it('keeps its old lines: only the line the pull request added is annotated', async () => {
    const o = at.web.origin()
    const page = `# Page\n\n${'A line that stays the same.\n'.repeat(4)}\nOld [dead](${o}/gone?moved-old).\n`
    const base = at.repo.commit({'.remarkrc.mjs': remarkrc(), 'notes/page.md': page, 'docs/index.md': '# Docs\n'}, 'base')
    const text = `${page}New [dead](${o}/gone?moved-new).\n`
    const head = at.repo.commit({'docs/page.md': text}, 'move', [['notes/page.md', 'docs/page.md']])
    const run = await runAction({workspace: at.repo.dir, inputs: {'working-directory': 'docs'}, event: {pull_request: {base: {sha: base}, head: {sha: head}}}})
    expect(run.annotations).toEqual([dead('docs/page.md', text, `${o}/gone?moved-new`)])
  })

  it('keeps them when the pull request also deletes more files beside it than a command line can name', async () => {
    const o = at.web.origin()
    const page = `# Page\n\n${'A line that stays the same.\n'.repeat(4)}\nOld [dead](${o}/gone?vendored-old).\n`
    // 800 paths of 3 kB: 2.4 MB, past the 2 MB Linux allows a command line.
    const deep = Array.from({length: 15}, (_, index) => `${index}`.padEnd(200, 'd')).join('/')
    const vendored = Object.fromEntries(Array.from({length: 800}, (_, index) => [`vendor/${deep}/${index}.js`, `${index}\n`]))
    const base = at.repo.commit({'.remarkrc.mjs': remarkrc(), 'notes/vendored.md': page, ...vendored}, 'vendored')
    rmSync(join(at.repo.dir, 'vendor'), {recursive: true})
    const text = `${page}New [dead](${o}/gone?vendored-new).\n`
    const head = at.repo.commit({'docs/vendored.md': text}, 'unvendor and move', [['notes/vendored.md', 'docs/vendored.md']])
    const run = await runAction({workspace: at.repo.dir, inputs: {'working-directory': 'docs'}, event: {pull_request: {base: {sha: base}, head: {sha: head}}}})
    expect(run.annotations).toEqual([dead('docs/vendored.md', text, `${o}/gone?vendored-new`)])
    expect(run.code).toBe(1)
  })
})

describe('a pull request that moves, renames and edits more than 1,000 files (past git’s default rename limit)', () => {
  it('still follows the renames: only the edited line of each moved file is new, not its old citations', async () => {
    const repo = makeRepo()
    try {
      const pages = Array.from({length: 1001}, (_, index) => index)
      const page = (index: number, title: string) => `# ${title} ${index}\n\n${'A line that stays the same.\n'.repeat(8)}\nOld [dead](https://gone.example/${index}).\n`
      const base = repo.commit(Object.fromEntries(pages.map((index) => [`old/page-${index}.md`, page(index, 'Page')])), 'base')
      rmSync(join(repo.dir, 'old'), {recursive: true})
      repo.commit(Object.fromEntries(pages.map((index) => [`new/moved-${index}.md`, page(index, 'Moved page')])), 'restructure')
      const changes = await changesSince(repo.dir, base, (file) => file.endsWith('.md'))
      expect(changes.files.size).toBe(1001)
      expect(new Set([...changes.lines.values()].map((ranges) => JSON.stringify(ranges)))).toEqual(new Set(['[[1,1]]']))
    } finally {
      repo.remove()
    }
  })
})

describe('a Markdown file git diffs as binary (`-diff` in .gitattributes)', () => {
  const at = scene({'/gone': status(404)})

  it('still has its changed lines: the citation added is annotated, the old one is not', async () => {
    const o = at.web.origin()
    const base = at.repo.commit({'.remarkrc.mjs': remarkrc(), '.gitattributes': 'generated/*.md -diff\n', 'generated/api.md': `Old [dead](${o}/gone?old).\n`}, 'base')
    const text = `Old [dead](${o}/gone?old).\n\nNew [dead](${o}/gone?new).\n`
    const head = at.repo.commit({'generated/api.md': text}, 'regenerated')
    const run = await runAction({workspace: at.repo.dir, inputs: {}, event: {pull_request: {base: {sha: base}, head: {sha: head}}}})
    expect(run.annotations).toEqual([dead('generated/api.md', text, `${o}/gone?new`)])
    expect(run.code).toBe(1)
  })

  it('only the files to check are diffed as text: a binary beside them is not read (a PDF may be megabytes of lines)', async () => {
    const base = at.repo.commit({'notes/old.md': 'One.\nTwo.\nThree.\nFour.\nFive.\n'}, 'more')
    writeFileSync(join(at.repo.dir, 'paper.pdf'), Buffer.from('%PDF-1.7\n\0\nstream\n\0\0\nend\n'))
    at.repo.commit({'generated/api.md': 'Rewritten.\n', 'generated/moved.md': 'One.\nTwo.\nThree.\nFour.\nFive.\nSix.\n'}, 'binary', [['notes/old.md', 'generated/moved.md']])
    const changes = await changesSince(at.repo.dir, base, (file) => file.endsWith('.md'))
    expect([...changes.files].sort()).toEqual(['generated/api.md', 'generated/moved.md', 'paper.pdf'])
    // The renamed file's new line only: its old lines came with it.
    expect([...changes.lines].sort()).toEqual([['generated/api.md', [[1, 1]]], ['generated/moved.md', [[6, 6]]]])
    // From a working directory below the root, whatever the user's git config says: with `diff.relative`, git named
    // the files from there (`api.md`), none matched the repository's paths, and nothing was checked.
    execFileSync('git', ['config', 'diff.relative', 'true'], {cwd: at.repo.dir})
    try {
      const below = await changesSince(join(at.repo.dir, 'generated'), base, (file) => file.endsWith('.md'))
      expect([...below.files].sort()).toEqual(['generated/api.md', 'generated/moved.md'])
      expect(below.lines.get('generated/api.md')).toEqual([[1, 1]])
    } finally {
      execFileSync('git', ['config', '--unset', 'diff.relative'], {cwd: at.repo.dir})
    }
  })

  it('git before 2.28 (Ubuntu 20.04 has 2.25) diffs too: it has no `diff.relative`, and refuses `--no-relative`', async () => {
    const base = at.repo.commit({'notes/a.md': 'One.\n'}, 'before old git')
    at.repo.commit({'notes/a.md': 'One.\nTwo.\n'}, 'for old git')
    // Such a git, as far as this diff goes: its `--relative` takes no `--no-` form (2.28 added it with `diff.relative`).
    const shim = mkdtempSync(join(tmpdir(), 'old-git-'))
    const real = execFileSync('sh', ['-c', 'command -v git'], {encoding: 'utf8'}).trim()
    writeFileSync(join(shim, 'git'), `#!/bin/sh\nfor a in "$@"; do [ "$a" = --no-relative ] && { echo "error: option \\\`no-relative' isn't available" >&2; exit 129; }; done\nexec '${real}' "$@"\n`, {mode: 0o755})
    const path = process.env.PATH
    process.env.PATH = `${shim}:${path}`
    try {
      const changes = await changesSince(join(at.repo.dir, 'notes'), base, (file) => file.endsWith('.md'))
      expect([...changes.lines]).toEqual([['notes/a.md', [[2, 2]]]])
    } finally {
      process.env.PATH = path
      rmSync(shim, {recursive: true, force: true})
    }
  })
})

describe('file names that read as globs or separators', () => {
  const at = scene({'/gone': status(404), '/ok': html('Fine')})

  it('a changed `[slug].mdx` is checked (not `s.mdx`), and `a\\b.md` keeps its backslash on POSIX', async () => {
    const o = at.web.origin()
    const base = at.repo.commit({'.remarkrc.mjs': remarkrc(), 'README.md': '# Project\n'}, 'base')
    const files: Record<string, string> = {'[slug].mdx': `Dead [b](${o}/gone?slug).\n`, 's.mdx': `Fine [s](${o}/ok?s).\n`}
    if (sep === '/') files['a\\b.md'] = `Dead [c](${o}/gone?backslash).\n`
    const head = at.repo.commit(files, 'pages')
    const run = await runAction({workspace: at.repo.dir, inputs: {}, event: {pull_request: {base: {sha: base}, head: {sha: head}}}})
    expect(run.annotations).toEqual([
      dead('[slug].mdx', files['[slug].mdx']!, `${o}/gone?slug`),
      ...(sep === '/' ? [dead('a\\b.md', files['a\\b.md']!, `${o}/gone?backslash`)] : [])
    ])
    expect(run.code).toBe(1)
  })
})

describe('one `files` input, the same files on a push and on a pull request', () => {
  const at = scene({'/gone': status(404)})
  let base: string
  let head: string

  beforeAll(() => {
    const o = at.web.origin()
    base = at.repo.commit({'.remarkrc.mjs': remarkrc(), 'index.md': '# Project\n'}, 'base')
    head = at.repo.commit(
      {
        'docs/guide/x.md': `Dead [x](${o}/gone?nested).\n`,
        'docs/top.md': `Dead [t](${o}/gone?top).\n`,
        'docs/.vitepress/notes.md': `Dead [v](${o}/gone?hidden).\n`,
        'other/y.md': `Dead [y](${o}/gone?other).\n`,
        '.github/CONTRIBUTING.md': `Dead [c](${o}/gone?dot).\n`,
        'README.MD': `Dead [r](${o}/gone?upper).\n`,
        // A vendored package, committed (as Actions written in JavaScript commit theirs).
        'node_modules/pkg/readme.md': `Dead [p](${o}/gone?package).\n`
      },
      'changes'
    )
  })

  const docs = ['docs/guide/x.md', 'docs/top.md']
  it.each<[string, string, string[]]>([
    ['`docs/*` takes a folder it matches whole', 'docs/*', docs],
    ['`.` leaves `README.MD` out, as the bin’s extensions are written', '.', ['.github/CONTRIBUTING.md', 'docs/.vitepress/notes.md', ...docs, 'other/y.md']],
    ['`./docs/**/*.md`, a glob written from `./`, takes what it matches', './docs/**/*.md', docs],
    ['`.github`, a folder whose name starts with a dot, takes its files', '.github', ['.github/CONTRIBUTING.md']],
    ['`docs/**` takes the folder `docs` itself, hidden folders in it too', 'docs/**', ['docs/.vitepress/notes.md', ...docs]],
    ['`**/*.md` takes nothing under `node_modules`', '**/*.md', [...docs, 'other/y.md']],
    ['`node_modules/**/*.md`, a glob that names `node_modules`, takes what it matches', 'node_modules/**/*.md', ['node_modules/pkg/readme.md']],
    ['`node_modules`, a folder named as a path, takes its files', 'node_modules', ['node_modules/pkg/readme.md']],
    ['`${{ github.workspace }}/docs`, an absolute path, takes that folder', '<workspace>/docs', ['docs/.vitepress/notes.md', ...docs]],
    ['`${{ github.workspace }}/docs/**/*.md`, an absolute glob, takes what it matches', '<workspace>/docs/**/*.md', docs]
  ])('%s', async (_, input, checked) => {
    const files = (run: {annotations: string[]}) => run.annotations.map((line) => /^::error file=([^,]+)/.exec(line)![1]).sort()
    const value = input.replace('<workspace>', at.repo.dir)
    const [pull, push] = await Promise.all([
      runAction({workspace: at.repo.dir, inputs: {files: value}, event: {pull_request: {base: {sha: base}, head: {sha: head}}}}),
      runAction({workspace: at.repo.dir, inputs: {files: value}, event: {}})
    ])
    expect(files(pull)).toEqual(files(push))
    expect(files(pull)).toEqual(checked)
  })
})

describe('a changed file that cannot be parsed', () => {
  const at = scene({'/gone': status(404)})

  it('is an error at the parser’s place and fails the step, whatever `only-changed` says; `fail-on: never` passes', async () => {
    const o = at.web.origin()
    const base = at.repo.commit({'.remarkrc.mjs': remarkrc(), 'base.md': '# Base\n'}, 'base')
    const head = at.repo.commit({'page.mdx': `# Doc\n\nBroken <div>\n\n[link](${o}/gone?mdx)\n`}, 'broken')
    const event = {pull_request: {base: {sha: base}, head: {sha: head}}}
    for (const mode of ['lines', 'files', 'all']) {
      const run = await runAction({workspace: at.repo.dir, inputs: {'only-changed': mode, report: 'json=citations.json'}, event})
      expect(run.annotations).toEqual([
        "::error file=page.mdx,line=3,col=1,title=not checked::Cannot check the file's citations: Expected a closing tag for `<div>` (3:8-3:13) before the end of `paragraph`"
      ])
      expect(run.stdout).toContain('Failing: 1 file not checked (`fail-on: removed`).')
      expect(run.summary).toContain('| `page.mdx` | 3:1 | Expected a closing tag for `<div>` (3:8-3:13) before the end of `paragraph` |')
      expect(run.code).toBe(1)
    }
    const json = JSON.parse(readFileSync(join(at.repo.dir, 'citations.json'), 'utf8')) as {unchecked_files: unknown}
    expect(json.unchecked_files).toEqual([{file: 'page.mdx', line: 3, column: 1, error: expect.stringMatching(/^Expected a closing tag/)}])
    expect((await runAction({workspace: at.repo.dir, inputs: {'fail-on': 'never'}, event})).code).toBe(0)
  })
})

describe('a changed sentence citing a footnote or a numbered source whose URL’s line is unchanged', () => {
  const page = '<p>Solar power capacity in Europe grew by 24 percent in 2023, according to the annual survey of installations.</p>'
  const at = scene({'/solar': html('Solar capacity survey 2023', page), '/gone': status(404)})

  const unsupported = 'Chocolate cures insomnia in elderly dogs within three nights.'
  /** Footnotes are GFM's. */
  const config = () => {
    const gfm = pathToFileURL(join(root, 'node_modules', 'remark-gfm', 'index.js')).href
    return `import remarkGfm from ${JSON.stringify(gfm)}\n${remarkrc().replace('plugins: [recommended', 'plugins: [remarkGfm, recommended')}`
  }
  /** The annotation of `unsupported` sentence's `mark` (its first in `text`), citing `url`. */
  const weak = (text: string, mark: string, url: string) => {
    const {line, endColumn} = placeOf(text, `${unsupported}${mark}`)
    const from = endColumn - mark.trimStart().length
    return `::warning file=notes.md,line=${line},col=${from},endLine=${line},endColumn=${endColumn},title=citation-claim-support::Unexpected weak support (0.00) for the claim citing \`${url}\`, expected the source to support it: requires review; no passage shares its words`
  }

  it('is judged for its sentence at its `[^1]` or `[1]`, a line of the diff; the definition’s dead URL is not reported again, nor counted ok', async () => {
    const o = at.web.origin()
    const doc = (first: string, second: string, third: string) =>
      [`# Notes`, ``, `${first}[^1]`, ``, `${second}[^2]`, ``, `${third} [1].`, ``, `[^1]: Survey, ${o}/solar`, ``, `[^2]: Gone, ${o}/gone?footnote`, ``, '## Sources', ``, `1. ${o}/solar?list`, ``].join('\n')
    const supported = 'Solar power capacity in Europe grew by 24 percent in 2023.'
    const base = at.repo.commit({'.remarkrc.mjs': config(), 'notes.md': doc(supported, supported, supported)}, 'base')
    const text = doc(unsupported, 'Another claim rests on this source.', unsupported)
    const head = at.repo.commit({'notes.md': text}, 'claims')
    const run = await runAction({workspace: at.repo.dir, inputs: {}, event: {pull_request: {base: {sha: base}, head: {sha: head}}}})
    expect(run.annotations).toEqual([weak(text, '[^1]', `${o}/solar`), weak(text, ' [1]', `${o}/solar?list`)])
    // The sentence citing the dead footnote is not counted: no page judged it, and it is no ok citation.
    expect(run.stdout).toContain('Annotating 2 of 3 citations')
    expect(run.outputs).toMatchObject({removed: '0', flagged: '2', ok: '0', 'exit-code': '0'})
  })

  it('a later sentence citing the same `[^1]` or `[1]` is judged at its own mark; one citing a dead source is not counted', async () => {
    const o = at.web.origin()
    const supported = 'Solar power capacity in Europe grew by 24 percent in 2023.'
    const doc = (later: string) =>
      [`# Notes`, ``, `${supported}[^1]`, ``, `${supported}[^2]`, ``, `${supported} [1].`, ``, `${later}[^1]`, ``, `${later}[^2]`, ``, `${later} [1].`, ``, `[^1]: Survey, ${o}/solar`, ``, `[^2]: Gone, ${o}/gone?later`, ``, '## Sources', ``, `1. ${o}/solar?later`, ``].join('\n')
    const base = at.repo.commit({'.remarkrc.mjs': config(), 'notes.md': doc('Solar capacity grew in Europe in 2023.')}, 'base')
    const text = doc(unsupported)
    const head = at.repo.commit({'notes.md': text}, 'later claims')
    const run = await runAction({workspace: at.repo.dir, inputs: {}, event: {pull_request: {base: {sha: base}, head: {sha: head}}}})
    expect(run.annotations).toEqual([weak(text, '[^1]', `${o}/solar`), weak(text, ' [1]', `${o}/solar?later`)])
    expect(run.stdout).toContain('Annotating 2 of 6 citations')
    expect(run.outputs).toMatchObject({removed: '0', flagged: '2', ok: '0', 'exit-code': '0'})
  })
})

describe('a citation whose finding a lint comment silenced', () => {
  const at = scene({'/gone': status(404), '/ok': html('Fine')})

  it('gets no annotation, passes, and the job summary counts it ignored, not ok', async () => {
    const o = at.web.origin()
    const base = at.repo.commit({'.remarkrc.mjs': remarkrc(), 'README.md': '# Project\n'}, 'base')
    const head = at.repo.commit({'notes.md': `<!--lint ignore citation-alive-->\n\nKept for history: [old](${o}/gone?kept).\n\nA [fine one](${o}/ok).\n`}, 'notes')
    const run = await runAction({workspace: at.repo.dir, inputs: {}, event: {pull_request: {base: {sha: base}, head: {sha: head}}}})
    expect(run.annotations).toEqual([])
    expect(run.code).toBe(0)
    expect(run.summary).toContain('| ○ ignored | 1 | 1 |\n| ✓ ok | 1 | 1 |\n| total | 2 | 2 |')
    expect(run.outputs).toMatchObject({removed: '0', flagged: '0', ok: '1', ignored: '1', 'exit-code': '0'})
  })
})
