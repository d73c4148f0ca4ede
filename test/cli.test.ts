// End to end through the real `remark` CLI: the example config, exit codes, lint comments, MDX.
// It runs the built package (dist/), which `npm test` builds first.

import {execFile, spawn} from 'node:child_process'
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {join, resolve} from 'node:path'
import {pathToFileURL} from 'node:url'
import {promisify} from 'node:util'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {html, startWeb, status, type Handler, type Web} from './helpers/web.js'

const root = resolve(import.meta.dirname, '..')
const remark = join(root, 'node_modules', '.bin', 'remark')
const run = promisify(execFile)

async function cli(args: string[], cwd = root, env: Record<string, string> = {}): Promise<{code: number; lines: string[]}> {
  const {code, stderr} = await report(args, cwd, env)
  return {code, lines: tidy(stderr)}
}

/** `remark`'s exit code and report as printed. */
async function report(args: string[], cwd = root, env: Record<string, string> = {}): Promise<{code: number; stderr: string}> {
  try {
    const {stderr} = await run(remark, [...args, '--no-color'], {cwd, env: {...process.env, NO_COLOR: '1', ...env}})
    return {code: 0, stderr}
  } catch (error) {
    const {code, stderr} = error as {code: number; stderr: string}
    return {code, stderr}
  }
}

/** Message lines without the column padding the reporter adds. */
function tidy(output: string): string[] {
  return output
    .split('\n')
    .map((line) => line.trim().replace(/\s+/g, ' '))
    .filter(Boolean)
}

describe('the README example', () => {
  it('`remark examples --rc-path .remarkrc.example.js` prints positioned messages and exits 1', async () => {
    const {code, lines} = await cli(['examples', '--rc-path', '.remarkrc.example.js'])
    expect(code).toBe(1)
    expect(lines).toEqual([
      'examples/report.md',
      '4:20-4:86 warning Unexpected tracking parameter `utm_source=chatgpt.com` in citation `https://example.org/reports/heat-pumps-2024?utm_source=chatgpt.com`, expected the address without it citation-tracking-params remark-lint',
      '6:28-6:68 error Unexpected dead citation `https://example.com/blog/heat-pump-myths`, expected a live source (`404 Not Found`) citation-alive remark-lint',
      '9:2-9:52 error Unexpected dead citation `https://no-such-publisher.example/papers/heat-2023`, expected a live source (`no such host no-such-publisher.example`) citation-alive remark-lint',
      '13:18-13:53 error Unexpected unknown DOI `https://doi.org/10.5555/hp.2022.404`, expected a registered work (`DOI 10.5555/hp.2022.404 is not registered`) citation-alive remark-lint',
      '14:21-14:54 error Unexpected retracted paper `https://doi.org/10.5555/hp.2011.7`, expected a paper in good standing (`retraction 10.5555/hp.2014.9 of 2014-09-02`) citation-retracted remark-lint',
      '17:28-17:70 warning Unexpected blocked citation `https://news.example.net/2024/01/cold-snap`, expected a source that lets the checker read it (`cloudflare bot wall, 403 Forbidden`) citation-reachable remark-lint',
      '18:30-18:76 warning Unexpected paywalled citation `https://journal.example.com/article/10.5555/hp.2023.17`, expected a source readers can open (`login title “Institutional login | Example Journal”, 403 Forbidden`) citation-reachable remark-lint',
      '21:1-21:26 warning Unexpected low-credibility source `short.example` (0.20, link shortener), expected a source scoring at least 0.8: listed in `examples/sources.txt` line 5 citation-credibility remark-lint',
      '21:1-21:26 warning Unexpected redirect of citation `https://short.example/hp1` to another site `https://casino.example/welcome`, expected the cited source (`301 Moved Permanently`) citation-reachable remark-lint',
      '24:16-24:90 error Unexpected unsafe citation `https://data.example.org/export.csv?api_key=REDACTED&format=csv`, expected a public http(s) URL (`secret in query parameter api_key`) citation-url-safety remark-lint',
      '26:26-26:66 error Unexpected unsafe citation `http://169.254.169.254/latest/meta-data/`, expected a public http(s) URL (`private address 169.254.169.254 (linkLocal)`) citation-url-safety remark-lint',
      '33:19-33:62 error Unexpected soft 404 at citation `https://example.org/2019/heat-pump-overview`, expected a live source (`redirects to the home page https://example.org/`) citation-soft-404 remark-lint',
      '35:15-35:66 warning Unexpected missing anchor `#finding` in citation `https://example.org/reports/heat-pumps-2024#finding`, expected an id on the page such as `#findings` citation-fragment remark-lint',
      '37:19-37:65 warning Unexpected cited title “Heat Pump Market Report 2023” for `https://energy.example.gov/reports/market-2023`, expected the page title “Electric Vehicle Charging Survey 2023 | Energy Agency” (`title`) citation-title-match remark-lint',
      '39:22-39:63 warning Unexpected weak support (0.32) for the claim citing `https://stats.example.int/heat-pump-sales`, expected the source to support it: requires review; best passage “Heat pump sales in Europe grew by 14% in 2024, after two years of faster growth.” citation-claim-support remark-lint',
      '41:19-41:63 warning Unexpected citation of `acme.example` for a claim about `Acme`, expected an independent source: the cited source is published by a party named in the claim (\'acme\'), so it may not be independent citation-conflict-of-interest remark-lint',
      '41:19-41:63 warning Unexpected low-credibility source `acme.example` (0.50, vendor or marketing page), expected a source scoring at least 0.8: the path `/blog` reads like a vendor\'s own marketing, so cite an independent source citation-credibility remark-lint',
      '43:12-43:66 warning Unexpected paywalled citation `https://journal.example.com/article/10.5555/hp.2023.17`, expected a source readers can open (`login title “Institutional login | Example Journal”, 403 Forbidden`) citation-reachable remark-lint',
      '18 messages (✖ 7 errors, ⚠ 11 warnings)'
    ])
    expect(lines.join('\n')).not.toContain('sk_live')
  })

  it('reports the same under frozen intrinsics (`node --frozen-intrinsics`, where `Error` cannot be changed)', async () => {
    const plain = await cli(['examples', '--rc-path', '.remarkrc.example.js'])
    const frozen = await cli(['examples', '--rc-path', '.remarkrc.example.js'], root, {NODE_OPTIONS: '--frozen-intrinsics'})
    expect(frozen.code).toBe(1)
    // Node warns that the flag is experimental; everything else is the example's report, unchanged.
    expect(frozen.lines.filter((line) => !/ExperimentalWarning|--trace-warnings/.test(line))).toEqual(plain.lines)
  })
})

describe('a project checked against a live (loopback) web', () => {
  let web: Web
  let folder: string

  beforeAll(async () => {
    web = await startWeb({
      '/ok': html('A fine page'),
      '/gone': status(404),
      '/busy': status(503)
    })
    folder = mkdtempSync(join(root, 'test', '.cli-'))
    const entry = pathToFileURL(join(root, 'dist', 'rules', 'index.js')).href
    writeFileSync(
      join(folder, '.remarkrc.mjs'),
      [
        `import remarkGfm from 'remark-gfm'`,
        `import recommended, {configure, citationCredibility} from ${JSON.stringify(entry)}`,
        `export default {plugins: [remarkGfm, recommended, [configure, {allowPrivateAddresses: ['127.0.0.1/32'], timeout: 1000, jsxAttributes: {Cite: ['href']}}],`,
        `  [citationCredibility, ['warn', {trusted: ['127.0.0.1']}]]],`,
        `}`,
        ``
      ].join('\n')
    )
    const origin = web.origin()
    writeFileSync(
      join(folder, 'dead.md'),
      [
        `# Notes`,
        ``,
        `A [fine source](${origin}/ok) and a [dead one](${origin}/gone).`,
        ``,
        `<!--lint ignore citation-alive-->`,
        ``,
        `We know this one is gone: [kept for history](${origin}/gone?history).`,
        ``,
        `* [Last reference](${origin}/gone?last)`,
        ``
      ].join('\n')
    )
    writeFileSync(join(folder, 'warn.md'), `The server is [busy](${origin}/busy).\n`)
    writeFileSync(join(folder, 'page.mdx'), `import {Cite} from './cite.js'\n\nAs <Cite href="${origin}/gone?mdx">the study</Cite> shows.\n`)
  })

  afterAll(async () => {
    await web.close()
    rmSync(folder, {recursive: true, force: true})
  })

  it('reports dead citations at file:line:column, honours lint ignore comments, exits 1', async () => {
    const {code, lines} = await cli(['dead.md'], folder)
    expect(code).toBe(1)
    expect(lines).toEqual([
      'dead.md',
      expect.stringMatching(/^3:\d+-3:\d+ error Unexpected dead citation `http:\/\/127\.0\.0\.1:\d+\/gone`, expected a live source \(`404 Not Found`\) citation-alive remark-lint$/),
      // The document's last link: kept although it sits after the last leaf node.
      expect.stringMatching(/^9:20-9:\d+ error Unexpected dead citation `.*\/gone\?last`/),
      '✖ 2 errors'
    ])
  })

  it('a file that starts with a byte order mark: the same places as without it, up to its last link', async () => {
    const body = `# Notes\n\nA [dead one](${web.origin()}/gone) here.\n\n[closing](${web.origin()}/gone?end)`
    writeFileSync(join(folder, 'bom.md'), `\uFEFF${body}`)
    writeFileSync(join(folder, 'nobom.md'), body)
    const marked = await cli(['bom.md'], folder)
    const plain = await cli(['nobom.md'], folder)
    expect(marked.code).toBe(1)
    expect(marked.lines.slice(1)).toEqual(plain.lines.slice(1))
    expect(marked.lines.slice(1, 3)).toEqual([
      expect.stringMatching(/^3:14-3:\d+ error Unexpected dead citation `http:\/\/127\.0\.0\.1:\d+\/gone`/),
      expect.stringMatching(/^5:11-5:\d+ error Unexpected dead citation `.*\/gone\?end`/)
    ])
  })

  it('a file holding only a link without text is reported (its tree has no leaf for lint comments to cover)', async () => {
    writeFileSync(join(folder, 'bare-link.md'), `[](${web.origin()}/gone?bare "T")\n`)
    const {code, lines} = await cli(['bare-link.md'], folder)
    expect(code).toBe(1)
    expect(lines).toEqual(['bare-link.md', expect.stringMatching(/^1:4-1:\d+ error Unexpected dead citation `.*\/gone\?bare`/), '✖ 1 error'])
  })

  it('many files citing the same dead source: every file is reported, none lost', async () => {
    // Files settle together when they share a fetch; unified-engine once flushed without the ones
    // already holding an error, and `remark` exited 0 with no output.
    const many = join(folder, 'many')
    mkdirSync(many)
    for (let index = 0; index < 12; index++) {
      writeFileSync(join(many, `doc-${index}.md`), `See [gone](${web.origin()}/gone?many) in file ${index}.\n`)
    }
    const {code, lines} = await cli(['many'], folder)
    expect(code).toBe(1)
    expect(lines.filter((line) => /^many\/doc-\d+\.md$/.test(line))).toHaveLength(12)
    expect(lines.at(-1)).toBe('✖ 12 errors')
  })

  it('only warnings: exit 0; with --frail: exit 1', async () => {
    const plain = await cli(['warn.md'], folder)
    expect(plain.code).toBe(0)
    expect(plain.lines).toEqual([
      'warn.md',
      expect.stringMatching(/^1:22-1:\d+ warning Unexpected unverifiable citation .*\(`503 Service Unavailable`\) citation-reachable remark-lint$/),
      '⚠ 1 warning'
    ])
    expect((await cli(['warn.md', '--frail'], folder)).code).toBe(1)
  })

  it('`--report remark-lint-citations/reporter`: remark’s report, with the columns of a long one lined up after a `©`', async () => {
    const reporter = ['--report', 'remark-lint-citations/reporter']
    // A short report is remark's own, to the character.
    expect(await report(['dead.md', ...reporter], folder)).toEqual(await report(['dead.md'], folder))

    const origin = web.origin()
    const dead = Array.from({length: 205}, (_, index) => `See [a source](${origin}/gone?long) (${index}).\n`)
    writeFileSync(join(folder, 'long.md'), `${dead.join('\n')}\nAnd [this](${origin}/ok "© Notice Register Archive").\n`)
    const fast = await report(['long.md', ...reporter], folder)
    const usual = await report(['long.md'], folder)
    expect(fast.code).toBe(1)
    expect(tidy(fast.stderr)).toEqual(tidy(usual.stderr))
    const ruleColumns = (stderr: string) => new Set(stderr.split('\n').filter((line) => line.includes('remark-lint')).map((line) => line.search(/citation-(alive|title-match)/)))
    expect(fast.stderr).toContain('Unexpected cited title “© Notice Register Archive”')
    expect(ruleColumns(fast.stderr).size).toBe(1)
    // remark's default counts `©` two columns wide: that line's rule stands one column left of the others.
    expect(ruleColumns(usual.stderr).size).toBe(2)
  })

  it('MDX: configured JSX attributes are citations (with remark-mdx)', async () => {
    const {code, lines} = await cli(['page.mdx', '--use', 'remark-mdx'], folder)
    expect(code).toBe(1)
    expect(lines[1]).toMatch(/^3:16-3:\d+ error Unexpected dead citation `.*\/gone\?mdx`/)
  })

  it('with the README’s `remark-frontmatter` setting, `remark` cites no URL in YAML or TOML front matter, as the bin does', async () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8').replace(/\s*\n\s*/g, ' ')
    const setting = JSON.parse(/Under `remark`, add `remark-frontmatter` [^`]*`(\["remark-frontmatter",[^`]*)`/.exec(readme)![1]!) as unknown
    const front = join(folder, 'front')
    mkdirSync(front)
    const settings = {allowPrivateAddresses: ['127.0.0.1/32'], timeout: 1000}
    const plugins = [setting, join(root, 'dist', 'rules', 'index.js'), [join(root, 'dist', 'src', 'configure.js'), settings]]
    writeFileSync(join(front, '.remarkrc.json'), JSON.stringify({plugins}))
    const origin = web.origin()
    writeFileSync(join(front, 'yaml.md'), `---\ncanonical: ${origin}/gone?yaml\n---\n\nA [dead one](${origin}/gone?body).\n`)
    writeFileSync(join(front, 'toml.md'), `+++\ncanonical = "${origin}/gone?toml"\n+++\n\nA [dead one](${origin}/gone?body).\n`)
    const {code, lines} = await cli(['yaml.md', 'toml.md', '--no-stdout'], front)
    expect(code).toBe(1)
    expect(lines.filter((line) => line.includes('citation-alive')).map((line) => /\/gone\?\w+/.exec(line)![0])).toEqual(['/gone?body', '/gone?body'])
  })

  it('a severity written alone (`["…/citation-alive", 1]`, `"off"`) is named so, not only as options the rule does not take', async () => {
    const bare = join(folder, 'bare')
    mkdirSync(bare)
    const rule = (name: string) => join(root, 'dist', 'rules', name, 'index.js')
    const settings = {allowPrivateAddresses: ['127.0.0.1/32'], timeout: 1000}
    const plugins = [join(root, 'dist', 'rules', 'index.js'), [join(root, 'dist', 'src', 'configure.js'), settings], [rule('citation-alive'), 1], [rule('citation-claim-support'), 'off']]
    writeFileSync(join(bare, '.remarkrc.json'), JSON.stringify({plugins}))
    writeFileSync(join(bare, 'doc.md'), `A [dead one](${web.origin()}/gone?bare).\n`)
    const {code, lines} = await cli(['doc.md', '--no-stdout'], bare)
    expect(code).toBe(1)
    // unified-lint-rule takes a severity only as an array's first item: these are the rules' options.
    expect(lines.filter((line) => line.includes('Unexpected options'))).toEqual([
      'error Unexpected options `1` for `citation-alive`, expected a severity first in an array (`[1]`), or `false` to turn the rule off citation-alive remark-lint-citations',
      'error Unexpected options `off` for `citation-claim-support`, expected a severity first in an array (`["off"]`), or `false` to turn the rule off citation-claim-support remark-lint-citations'
    ])
  })

  it('a fetching option given to a rule (`["…/citation-alive", {timeout: 5000}]`) is said to belong to `configure`', async () => {
    const given = join(folder, 'fetching')
    mkdirSync(given)
    const rule = (name: string) => join(root, 'dist', 'rules', name, 'index.js')
    const settings = {allowPrivateAddresses: ['127.0.0.1/32'], timeout: 1000}
    const plugins = [
      join(root, 'dist', 'rules', 'index.js'),
      [join(root, 'dist', 'src', 'configure.js'), settings],
      [rule('citation-alive'), {timeout: 5000, strict: true}],
      [rule('citation-soft-404'), {strict: true}],
      [rule('citation-claim-support'), ['warn', {retries: 1}]]
    ]
    writeFileSync(join(given, '.remarkrc.json'), JSON.stringify({plugins}))
    writeFileSync(join(given, 'doc.md'), `A [dead one](${web.origin()}/gone?fetching).\n`)
    const {lines} = await cli(['doc.md', '--no-stdout'], given)
    expect(lines.filter((line) => line.startsWith('error Unexpected option'))).toEqual([
      'error Unexpected options `timeout`, `strict` for `citation-alive` (`timeout` belongs to `configure`), expected none: only a severity (`["warn"]`), or `false` to turn the rule off citation-alive remark-lint-citations',
      'error Unexpected option `retries` (it belongs to `configure`), expected one of `threshold`, `scorer` citation-claim-support remark-lint-citations',
      'error Unexpected option `strict` for `citation-soft-404`, expected none: only a severity (`["warn"]`), or `false` to turn the rule off citation-soft-404 remark-lint-citations'
    ])
  })

  it('a judgment rule’s options in a `.remarkrc.mjs` take effect; warnings only: exit 0', async () => {
    const papers = await startWeb({
      '/resnet': html(
        'Deep Residual Learning for Image Recognition',
        '<p>We present a residual learning framework to ease the training of networks that are substantially deeper than those used previously.</p>'
      )
    })
    try {
      // A folder of its own: its `.remarkrc.mjs` is the nearest one for the file in it.
      const judged = join(folder, 'judged')
      mkdirSync(judged)
      const entry = pathToFileURL(join(root, 'dist', 'rules', 'index.js')).href
      writeFileSync(
        join(judged, '.remarkrc.mjs'),
        [
          `import remarkGfm from 'remark-gfm'`,
          `import recommended, {configure, citationCredibility, citationTitleMatch} from ${JSON.stringify(entry)}`,
          `export default {plugins: [remarkGfm, recommended, [configure, {allowPrivateAddresses: ['127.0.0.1/32'], timeout: 1000, retries: 0}],`,
          `  [citationCredibility, ['warn', {trusted: ['127.0.0.1']}]], [citationTitleMatch, ['warn', {threshold: 1}]]],`,
          `}`,
          ``
        ].join('\n')
      )
      const url = `${papers.origin()}/resnet`
      const markdown = `A residual learning framework eases the training of substantially deeper networks ([paper](${url} "Deep Residual Networks for Image Recognition")).\n`
      writeFileSync(join(judged, 'near.md'), markdown)
      const start = markdown.indexOf(url) + 1
      const {code, lines} = await cli(['near.md'], judged)
      expect(code).toBe(0)
      // One word in five changed: the default threshold (0.8) lets it pass, `threshold: 1` does not.
      expect(lines).toEqual([
        'near.md',
        `1:${start}-1:${start + url.length} warning Unexpected cited title “Deep Residual Networks for Image Recognition” for \`${url}\`, expected the page title “Deep Residual Learning for Image Recognition” (\`title\`) citation-title-match remark-lint`,
        '⚠ 1 warning'
      ])
      // The same file under the folder's other config, which leaves `threshold` at its default: no issues.
      expect(await cli(['near.md', '--rc-path', '../.remarkrc.mjs'], judged)).toEqual({code: 0, lines: ['near.md: no issues found']})
    } finally {
      await papers.close()
    }
  })
})

describe('with a stock rule set to `error` before the preset', () => {
  it('a file it flags while the citations are checked: every file is reported, exit 1', async () => {
    // Answered late: the stock rule's error is in place long before the checks are done.
    const web = await startWeb({'/late': (request, response) => void setTimeout(() => html('Late page')(request, response), 500), '/gone': status(404)})
    const folder = mkdtempSync(join(root, 'test', '.cli-order-'))
    try {
      const entry = pathToFileURL(join(root, 'dist', 'rules', 'index.js')).href
      writeFileSync(
        join(folder, '.remarkrc.mjs'),
        [
          `import {lintRule} from 'unified-lint-rule'`,
          `import recommended, {configure, citationCredibility} from ${JSON.stringify(entry)}`,
          `const emphasis = lintRule('remark-lint:no-emphasis', (tree, file) => {`,
          `  for (const node of tree.children[0].children) if (node.type === 'emphasis') file.message('Unexpected emphasis', node)`,
          `})`,
          `export default {plugins: [[emphasis, ['error']], recommended, [configure, {allowPrivateAddresses: ['127.0.0.1/32'], timeout: 2000, retries: 0}],`,
          `  [citationCredibility, ['warn', {trusted: ['127.0.0.1']}]]]}`,
          ``
        ].join('\n')
      )
      writeFileSync(join(folder, 'cited.md'), `A *late* [page](${web.origin()}/late) and a [dead one](${web.origin()}/gone).\n`)
      writeFileSync(join(folder, 'plain.md'), `No citations here.\n`)
      const {code, lines} = await cli(['cited.md', 'plain.md'], folder)
      // unified-engine took cited.md for finished at the stock error, went on with plain.md alone, and never ended the
      // run: no report at all, exit 0.
      expect(code).toBe(1)
      expect(lines).toEqual([
        'cited.md',
        '1:3-1:9 error Unexpected emphasis no-emphasis remark-lint',
        expect.stringMatching(/^1:\d+-1:\d+ error Unexpected dead citation `.*\/gone`, expected a live source \(`404 Not Found`\) citation-alive remark-lint$/),
        'plain.md: no issues found',
        '✖ 2 errors'
      ])
    } finally {
      await web.close()
      rmSync(folder, {recursive: true, force: true})
    }
  })
})

describe('`remark --watch`', () => {
  it('a save checks again what the cache does not keep, once 10 s old: a source that answered 503 and is back is no longer reported', async () => {
    let up = false
    const back = html('Heat pump sales', '<p>Heat pump sales grew by 14% in 2024.</p>')
    const flaky: Handler = (request, response) => (up ? back(request, response) : status(503)(request, response))
    const web = await startWeb({'/flaky': flaky})
    const folder = mkdtempSync(join(root, 'test', '.cli-watch-'))
    const child = spawn(remark, ['watched.md', '--watch', '--no-color'], {cwd: folder, env: {...process.env, NO_COLOR: '1'}, stdio: ['ignore', 'ignore', 'pipe']})
    try {
      const entry = pathToFileURL(join(root, 'dist', 'rules', 'index.js')).href
      writeFileSync(
        join(folder, '.remarkrc.mjs'),
        [
          `import recommended, {configure, citationCredibility} from ${JSON.stringify(entry)}`,
          `export default {plugins: [recommended, [configure, {allowPrivateAddresses: ['127.0.0.1/32'], timeout: 1000, retries: 0}],`,
          `  [citationCredibility, ['warn', {trusted: ['127.0.0.1']}]]]}`,
          ``
        ].join('\n')
      )
      const cited = (text: string) => `Heat pump sales grew by 14% in 2024 ([${text}](${web.origin()}/flaky)).\n`
      writeFileSync(join(folder, 'watched.md'), cited('Heat pump sales'))
      let stderr = ''
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
      /** The reports printed so far (each ends with its summary line). */
      const reports = (): string[] => stderr.match(/watched\.md(?:: no issues found|\n[^]*?(?:warnings?|errors?)\n)/g) ?? []
      const until = async (done: () => boolean, tick?: () => void) => {
        for (let waited = 0; !done(); waited += 200) {
          if (waited > 30_000) throw new Error(`Waited in vain; remark printed:\n${stderr}`)
          tick?.()
          await new Promise((resolve) => setTimeout(resolve, 200))
        }
      }
      await until(() => reports().length === 1)
      expect(tidy(reports()[0]!)).toEqual([
        'watched.md',
        expect.stringMatching(/warning Unexpected unverifiable citation `.*\/flaky`, expected a source that can be checked \(`503 Service Unavailable`\) citation-reachable/),
        '⚠ 1 warning'
      ])
      up = true
      // Saved every second: the watcher starts once the first report is out, and the 503 is kept for 10 s.
      // (A save may be read half written, an empty file with no issues: the source's second ask is what counts.)
      let saves = 0
      await until(
        () => web.hits('/flaky') === 2 && reports().at(-1) === 'watched.md: no issues found',
        () => void (saves++ % 5 === 0 && writeFileSync(join(folder, 'watched.md'), cited(`Heat pump sales ${saves}`)))
      )
      // A 503 is never cached, so a new process would ask again; the watching one never did, and kept reporting it.
      // The saves within 10 s of it were answered from memory: the source was asked twice in all.
      expect(reports().length).toBeGreaterThan(3)
      expect(web.hits('/flaky')).toBe(2)
    } finally {
      child.kill()
      await web.close()
      rmSync(folder, {recursive: true, force: true})
    }
  }, 60_000)
})
