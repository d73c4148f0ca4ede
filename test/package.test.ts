// The package as npm publishes it: `npm pack`'s tarball, unpacked into a project's node_modules, checks citations
// with `remark` and with its own bin. A file the code loads at run time but `files` in package.json leaves out
// (a thread's entry, the reporter's cell measure, a rule's docs) passes every other test and breaks every install.
// The project's other dependencies are links to this checkout's: nothing is downloaded.

import {execFile} from 'node:child_process'
import {cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import {join, resolve} from 'node:path'
import {promisify} from 'node:util'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {html, startWeb, status, type Web} from './helpers/web.js'

const root = resolve(import.meta.dirname, '..')
const run = promisify(execFile)

interface Run {
  code: number
  stdout: string
  stderr: string
}

/** A command's exit code and output, also when it fails. */
async function outcome(file: string, args: string[], cwd: string): Promise<Run> {
  try {
    const {stdout, stderr} = await run(file, args, {cwd, env: {...process.env, NO_COLOR: '1'}})
    return {code: 0, stdout, stderr}
  } catch (error) {
    const {code, stdout, stderr} = error as Run
    return {code, stdout, stderr}
  }
}

describe('the published package', () => {
  let folder: string
  let project: string
  let packed: string[]
  let web: Web

  beforeAll(async () => {
    folder = mkdtempSync(join(root, 'test', '.package-'))
    // `--ignore-scripts`: `prepare` would build again; `npm test` has built dist/ already.
    const {stdout} = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', folder], {cwd: root})
    const [pack] = JSON.parse(stdout) as Array<{filename: string; files: Array<{path: string}>}>
    packed = pack!.files.map((file) => file.path)
    await run('tar', ['-xzf', join(folder, pack!.filename), '-C', folder])

    project = join(folder, 'project')
    const modules = join(project, 'node_modules')
    mkdirSync(modules, {recursive: true})
    for (const name of readdirSync(join(root, 'node_modules'))) symlinkSync(join(root, 'node_modules', name), join(modules, name))
    cpSync(join(folder, 'package'), join(modules, 'remark-lint-citations'), {recursive: true})
    cpSync(join(root, 'examples'), join(project, 'examples'), {recursive: true})
    cpSync(join(root, '.remarkrc.example.js'), join(project, '.remarkrc.example.js'))
    // An ES module project, as the example config is one.
    writeFileSync(join(project, 'package.json'), JSON.stringify({name: 'docs', private: true, type: 'module'}))

    web = await startWeb({'/ok': html('A fine page'), '/gone': status(404)})
    mkdirSync(join(project, 'live'))
    writeFileSync(join(project, 'live', 'doc.md'), `A [fine source](${web.origin()}/ok) and a [dead one](${web.origin()}/gone).\n`)
    writeFileSync(
      join(project, 'live', '.remarkrc.mjs'),
      `import recommended, {configure} from 'remark-lint-citations'\n` +
        `export default {plugins: [recommended, [configure, {allowPrivateAddresses: ['127.0.0.1/32'], cache: false}]]}\n`
    )
    // Configs in JSON name `configure` by its own export, after the preset or before it.
    const settings = {allowPrivateAddresses: ['127.0.0.1/32'], cache: false, timeout: 3000}
    for (const [name, config] of [
      ['json', {'.remarkrc.json': {plugins: ['remark-lint-citations', ['remark-lint-citations/configure', settings]]}}],
      ['field', {'package.json': {private: true, remarkConfig: {plugins: [['remark-lint-citations/configure', settings], 'remark-lint-citations']}}}]
    ] as const) {
      mkdirSync(join(project, name))
      writeFileSync(join(project, name, 'doc.md'), `A [dead source](${web.origin()}/gone).\n`)
      for (const [file, value] of Object.entries(config)) writeFileSync(join(project, name, file), JSON.stringify(value))
    }
  }, 60_000)

  afterAll(async () => {
    await web?.close()
    if (folder) rmSync(folder, {recursive: true, force: true})
  })

  it('ships the built code, the rules’ docs and the action, and no sources or tests', () => {
    expect(packed).toEqual(expect.arrayContaining(['package.json', 'README.md', 'action.yml', 'dist/rules/index.js', 'rules/citation-alive/readme.md']))
    expect(packed.filter((path) => /^(src|test|bench|examples)\//.test(path) || path.endsWith('.ts') && !path.endsWith('.d.ts'))).toEqual([])
    // What the code loads by path, not by import: every thread's entry and the reporter's cell measure.
    for (const file of ['dist/src/verify/thread-worker.js', 'dist/src/page/worker.js', 'dist/src/cli/cell-width.js', 'dist/src/cli/module-hooks.js']) {
      expect(packed).toContain(file)
    }
    // Every bin (the check, the editor server) and every export.
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {bin: Record<string, string>; exports: Record<string, string | {default: string; types: string}>}
    const shipped = [...Object.values(manifest.bin), ...Object.values(manifest.exports).flatMap((entry) => (typeof entry === 'string' ? [entry] : [entry.default, entry.types]))]
    for (const file of shipped) expect(packed).toContain(file.replace(/^\.\//, ''))
  })

  it('its declaration files import only packages it depends on: a package manager that does not hoist (pnpm, Yarn PnP) finds every type', () => {
    const {dependencies} = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {dependencies: Record<string, string>}
    const imported = new Set<string>()
    for (const path of packed.filter((path) => path.endsWith('.d.ts'))) {
      for (const [, specifier] of readFileSync(join(folder, 'package', path), 'utf8').matchAll(/(?:from |import\()'([^'.][^']*)'/g)) {
        if (!specifier!.startsWith('node:')) imported.add(/^(@[^/]+\/)?[^/]+/.exec(specifier!)![0])
      }
    }
    // A package without types of its own (`mdast`, `unist`) is typed by its `@types/` package.
    expect([...imported].filter((name) => !(name in dependencies) && !(`@types/${name}` in dependencies))).toEqual([])
  })

  it('installed, a strict TypeScript project compiles with the documented options and not with a misspelt one or a severity alone', async () => {
    const folder = join(project, 'typed')
    mkdirSync(folder)
    writeFileSync(join(folder, 'package.json'), JSON.stringify({name: 'typed', private: true, type: 'module'}))
    const compilerOptions = {strict: true, exactOptionalPropertyTypes: true, verbatimModuleSyntax: true, skipLibCheck: false, noEmit: true, module: 'nodenext', target: 'es2022', types: ['node']}
    writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify({compilerOptions, files: ['good.ts', 'bad.ts']}))
    const start = [
      `import {unified} from 'unified'`,
      `import remarkParse from 'remark-parse'`,
      `import recommended, {configure, citationAlive, citationClaimSupport, citationConflictOfInterest, citationCredibility, citationTitleMatch} from 'remark-lint-citations'`,
      `unified().use(remarkParse).use(recommended).use(configure, {timeout: 3000, skip: [/^https:\\/\\/docs\\.internal\\.example\\//]})`
    ]
    // Each rule's options as its readme gives them.
    writeFileSync(
      join(folder, 'good.ts'),
      [
        ...start,
        `  .use(citationCredibility, ['warn', {threshold: 0.7, trusted: ['example.org']}])`,
        `  .use(citationClaimSupport, ['warn', {threshold: 0.4, scorer: () => ({score: 1, passage: undefined})}])`,
        `  .use(citationConflictOfInterest, ['warn', {brands: {Alphabet: ['google.com']}, ignore: ['docs.acme.example']}])`,
        `  .use(citationTitleMatch, {linkTextThreshold: 0.5})`,
        `  .use(citationAlive, ['error'])`,
        // A custom resolver as Node's own resolver answers.
        `  .use(configure, {resolve: (host) => lookup(host, {all: true})})`,
        // Lists a program keeps read-only.
        `const domains = ['example.org'] as const`,
        `unified().use(configure, {redirectResolvers: domains, skip: [/^x/] as const}).use(citationCredibility, ['warn', {trusted: domains}]).use(citationConflictOfInterest, {brands: {Acme: domains}, ignore: domains})`,
        `import {lookup} from 'node:dns/promises'`,
        `import type {ClaimSupportRuleOptions, ConflictRuleOptions, CredibilityOptions, Options, TitleMatchRuleOptions} from 'remark-lint-citations'`,
        `export const typed: [Options, CredibilityOptions, ClaimSupportRuleOptions, ConflictRuleOptions, TitleMatchRuleOptions] = [{}, {}, {}, {}, {}]`,
        ``
      ].join('\n')
    )
    const wrong = [
      `  .use(citationCredibility, ['warn', {threshhold: 0.7}])`,
      `  .use(citationTitleMatch, {treshold: 0.9})`,
      `  .use(citationConflictOfInterest, ['warn', {brand: {Alphabet: ['google.com']}}])`,
      `  .use(citationAlive, ['error', {timeout: 1}])`,
      // unified-lint-rule reads anything but an array as the rule's options.
      `  .use(citationAlive, 'error')`
    ]
    writeFileSync(join(folder, 'bad.ts'), [...start, ...wrong, ''].join('\n'))
    const compiled = await outcome(process.execPath, [join(project, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.'], folder)
    const errorLines = [...compiled.stdout.matchAll(/^(\S+)\((\d+),\d+\): error/gm)].map(([, file, line]) => `${file}:${line}`)
    // One error per wrong line, and none elsewhere (the package's own declarations included).
    expect(errorLines).toEqual(wrong.map((_, index) => `bad.ts:${start.length + index + 1}`))
  }, 60_000)

  it('installed, checks the README example with `remark` as the source checkout does', async () => {
    const args = ['examples', '--rc-path', '.remarkrc.example.js', '--no-color']
    const installed = await outcome(join(project, 'node_modules', '.bin', 'remark'), args, project)
    const checkout = await outcome(join(root, 'node_modules', '.bin', 'remark'), args, root)
    expect(installed.code).toBe(1)
    expect(installed.stderr).toContain('18 messages (✖ 7 errors, ⚠ 11 warnings)')
    expect(installed.stderr).toBe(checkout.stderr)
  }, 60_000)

  it('installed, its verifier and page threads check a live (loopback) web, through `remark` and through its bin', async () => {
    const dead = /^1:\d+-1:\d+ +error +Unexpected dead citation `http:\/\/127\.0\.0\.1:\d+\/gone`, expected a live source \(`404 Not Found`\) +citation-alive/m
    const viaRemark = await outcome(join(project, 'node_modules', '.bin', 'remark'), ['doc.md', '--no-color', '--no-stdout'], join(project, 'live'))
    expect(viaRemark.code).toBe(1)
    expect(viaRemark.stderr).toMatch(dead)
    // The live page is not called dead, and no thread failed to start (that is a warning, then in-process checks).
    expect(viaRemark.stderr.match(/dead citation/g)).toHaveLength(1)
    expect(viaRemark.stderr).not.toMatch(/Warning|Cannot/)

    // Where npm would link it from: the packed package.json's `bin`.
    const installed = join(project, 'node_modules', 'remark-lint-citations')
    const {bin: bins} = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {bin: Record<string, string>}
    const bin = join(installed, bins['remark-lint-citations']!)
    expect(existsSync(bin)).toBe(true)
    const viaBin = await outcome(process.execPath, [bin, 'doc.md'], join(project, 'live'))
    expect(viaBin.code).toBe(1)
    expect(viaBin.stderr).toMatch(dead)
    expect(viaBin.stderr).not.toMatch(/dead citation `[^`]*\/ok`/)
    // The bin's summary per source follows the report.
    expect(viaBin.stderr).toMatch(/^Summary: \d+ ok, 1 removed, \d+ flagged$/m)
    expect(viaBin.stderr).not.toMatch(/Warning|Cannot/)
  }, 60_000)

  it('installed, the README’s Use config, under the name it gives, loads in a project `npm init` made (CommonJS)', async () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8')
    const use = readme.slice(readme.indexOf('\n## Use\n'))
    const [, name, config] = /^`(\.remarkrc\.\w+)` in your project[^]*?```js\n([^]*?)```/m.exec(use)!
    const folder = join(project, 'use')
    mkdirSync(folder)
    writeFileSync(join(folder, 'package.json'), JSON.stringify({name: 'use', version: '1.0.0', type: 'commonjs'}))
    writeFileSync(join(folder, name!), config!)
    // The config's `skip` leaves the internal docs out; the preset refuses the loopback address before any request.
    writeFileSync(join(folder, 'doc.md'), 'See <https://docs.internal.example/guide> and [a page](http://127.0.0.1:9/x).\n')
    const viaRemark = await outcome(join(project, 'node_modules', '.bin', 'remark'), ['doc.md', '--no-color', '--no-stdout'], folder)
    expect(viaRemark.stderr).not.toMatch(/Cannot|docs\.internal/)
    expect(viaRemark.stderr).toMatch(/^1:\d+-1:\d+ +error +Unexpected unsafe citation `http:\/\/127\.0\.0\.1:9\/x`/m)
    expect(viaRemark.code).toBe(1)
  }, 60_000)

  it('installed, a `.remarkrc.json` or `package.json#remarkConfig` sets `configure` through `remark-lint-citations/configure`', async () => {
    // Without the settings, the loopback source would be refused as unsafe rather than found dead.
    const dead = /^1:\d+-1:\d+ +error +Unexpected dead citation `http:\/\/127\.0\.0\.1:\d+\/gone`, expected a live source \(`404 Not Found`\) +citation-alive/m
    for (const folder of ['json', 'field']) {
      const viaRemark = await outcome(join(project, 'node_modules', '.bin', 'remark'), ['doc.md', '--no-color', '--no-stdout'], join(project, folder))
      expect(viaRemark.stderr).toMatch(dead)
      expect(viaRemark.stderr).not.toMatch(/unsafe|Cannot/)
      expect(viaRemark.code).toBe(1)
      const installed = join(project, 'node_modules', 'remark-lint-citations')
      const viaBin = await outcome(process.execPath, [join(installed, 'dist', 'src', 'cli', 'bin.js'), 'doc.md'], join(project, folder))
      expect(viaBin.stderr).toMatch(dead)
      expect(viaBin.code).toBe(1)
    }
  }, 60_000)
})
