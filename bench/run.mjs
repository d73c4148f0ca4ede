#!/usr/bin/env node
// Benchmark: remark-lint-citations against plain `remark` and two peer link checkers, on a simulated web that
// lives on loopback addresses only (127.0.1.1–127.0.1.200; refused URLs on 127.0.2.x). Nothing leaves the machine.
//
//   node bench/run.mjs [--scale small|large|both] [--skip-peers] [--no-build] [--rules liveness|all]
//                      [--host-concurrency N] [--host-interval MS] [--budget 360] [--port 47310]
//
// Our tool runs with the package's defaults, plus `cache` (a fresh folder for the cold run) and, when given on the
// command line, `hostConcurrency` / `hostInterval`. BENCH_NEW_OPTIONS=0 leaves those options out (for a src/ that
// does not have them); =1 insists on them; unset: passed when the built package accepts them. Ours prints its report
// with `--report remark-lint-citations/reporter`, as the README advises, when the package has it (BENCH_REPORT=remark:
// remark's default report); its warm run is then also measured with remark's default report.
// Writes the corpora into bench/.corpus/, installs the peers into bench/.peers/, prints a Markdown report and
// writes it to bench/results.md.

import {spawn} from 'node:child_process'
import {existsSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import os from 'node:os'
import {dirname, join, relative} from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'
import {performance} from 'node:perf_hooks'
import net from 'node:net'
import {buildWorld, defaultPort} from './model.mjs'
import {startWebOnFreePort} from './web.mjs'
import {generateCorpus, scales} from './corpus.mjs'
import {chainOf, lowerBound} from './lower-bound.mjs'

const benchDir = dirname(fileURLToPath(import.meta.url))
const root = dirname(benchDir)
const corpusRoot = join(benchDir, '.corpus')
const peersDir = join(benchDir, '.peers')
const peerVersions = {node: '22.23.3', linkinator: '8.1.0', 'markdown-link-check': '3.15.0'}
const node22 = join(peersDir, 'node_modules', 'node', 'bin', 'node')
const remarkCli = join(root, 'node_modules', 'remark-cli', 'cli.js')

// ---------------------------------------------------------------------------------------------------------------
// Arguments

const args = parseArgs(process.argv.slice(2))
/** Decided in main(): whether the bench rc passes `cache` (and the per-host options given on the command line). */
let newOptions = process.env.BENCH_NEW_OPTIONS !== '0'
/** Decided in main(): whether ours prints with the package's reporter (`--report remark-lint-citations/reporter`). */
let ourReporter = false
const runStarted = performance.now()

function parseArgs(argv) {
  const out = {scale: 'both', skipPeers: false, build: true, hostConcurrency: undefined, hostInterval: undefined, budget: 360, port: defaultPort, out: join(benchDir, 'results.md'), rules: 'liveness'}
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    const value = () => {
      const next = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[++i]
      if (next === undefined) fail(`${arg} needs a value`)
      return next
    }
    const name = arg.split('=')[0]
    if (name === '--scale') out.scale = value()
    else if (name === '--skip-peers') out.skipPeers = true
    else if (name === '--rules') out.rules = value()
    else if (name === '--no-build') out.build = false
    else if (name === '--host-concurrency') out.hostConcurrency = integer(value(), name, 1)
    else if (name === '--host-interval') out.hostInterval = integer(value(), name, 0)
    else if (name === '--budget') out.budget = integer(value(), name, 30)
    else if (name === '--port') out.port = integer(value(), name, 1024)
    else if (name === '--out') out.out = value()
    else if (name === '--help' || name === '-h') {
      console.log('node bench/run.mjs [--scale small|large|both] [--skip-peers] [--no-build] [--rules liveness|all] [--host-concurrency N] [--host-interval MS] [--budget S] [--port P] [--out FILE]')
      process.exit(0)
    } else fail(`unknown argument ${arg}`)
  }
  if (!['small', 'large', 'both'].includes(out.scale)) fail('--scale must be small, large or both')
  if (!['liveness', 'all'].includes(out.rules)) fail('--rules must be liveness or all')
  return out
}

function integer(text, name, min) {
  const n = Number(text)
  if (!Number.isInteger(n) || n < min) fail(`${name} must be an integer of at least ${min}`)
  return n
}

function fail(message) {
  console.error(`bench: ${message}`)
  process.exit(2)
}

const log = (message) => console.error(`[bench ${((performance.now() - runStarted) / 1000).toFixed(1).padStart(6)} s] ${message}`)

// ---------------------------------------------------------------------------------------------------------------
// Children: wall time, peak RSS, a time limit, a clean environment (no proxy: loopback only, nothing in between)

function childEnv() {
  const env = {...process.env}
  for (const key of Object.keys(env)) if (/_proxy$/i.test(key)) delete env[key]
  return {...env, NO_PROXY: '*', no_proxy: '*', NO_COLOR: '1', FORCE_COLOR: '0', BENCH_NEW_OPTIONS: newOptions ? '1' : '0'}
}
const timeBinary = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined
const running = new Set()
let childCount = 0

function runChild(cmd, argv, {cwd = root, timeoutMs}) {
  const rssFile = join(corpusRoot, `.rss-${process.pid}-${++childCount}.txt`)
  const [file, list] = timeBinary ? [timeBinary, ['-f', '%M', '-o', rssFile, cmd, ...argv]] : [cmd, argv]
  return new Promise((resolve) => {
    const started = performance.now()
    const child = spawn(file, list, {cwd, env: childEnv(), detached: true, stdio: ['ignore', 'pipe', 'pipe']})
    running.add(child)
    const out = []
    const err = []
    let size = 0
    const keep = (chunks) => (chunk) => {
      if ((size += chunk.length) < 256 * 1024 * 1024) chunks.push(chunk)
    }
    child.stdout.on('data', keep(out))
    child.stderr.on('data', keep(err))
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      killGroup(child)
    }, Math.max(1, timeoutMs))
    // Backup for /usr/bin/time (absent, or killed at the time limit): sample the tree's high-water marks in /proc.
    let polledKb = 0
    const poll = setInterval(() => (polledKb = Math.max(polledKb, treeHighWater(child.pid))), 100)
    child.on('error', (error) => err.push(Buffer.from(String(error))))
    child.on('close', (code, signal) => {
      const wallMs = performance.now() - started
      clearTimeout(timer)
      clearInterval(poll)
      running.delete(child)
      let rssKb = polledKb || undefined
      let rssSampled = true
      if (timeBinary && existsSync(rssFile)) {
        const lines = readFileSync(rssFile, 'utf8').trim().split('\n')
        const last = Number(lines.at(-1))
        if (Number.isFinite(last) && last > 0) (rssKb = last), (rssSampled = false)
        rmSync(rssFile, {force: true})
      }
      resolve({code, signal, timedOut, wallMs, rssKb, rssSampled, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8')})
    })
  })
}

/** Largest VmHWM (peak RSS, kB) among `pid` and its descendants; 0 where /proc cannot tell. */
function treeHighWater(pid, depth = 0) {
  let kb = 0
  try {
    const match = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    if (match) kb = Number(match[1])
    if (depth < 3) {
      for (const next of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)) {
        kb = Math.max(kb, treeHighWater(Number(next), depth + 1))
      }
    }
  } catch {}
  return kb
}

function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGKILL')
  } catch {
    try {
      child.kill('SIGKILL')
    } catch {}
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of running) killGroup(child)
    process.exit(130)
  })
}

// ---------------------------------------------------------------------------------------------------------------
// Setup: build, peers, settings

async function build() {
  log('building the package (tsc -p tsconfig.json)')
  const result = await runChild(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], {timeoutMs: 240_000})
  if (result.code !== 0) {
    console.error(result.stdout + result.stderr)
    if (!existsSync(join(root, 'dist', 'rules', 'index.js'))) fail('the build failed and there is no dist/')
    log('warning: tsc reported errors (above); benchmarking the dist/ it emitted')
  }
}

function peersReady() {
  const files = [node22, join(peersDir, 'node_modules', 'linkinator', 'build', 'src', 'cli.js'), join(peersDir, 'node_modules', 'markdown-link-check', 'markdown-link-check')]
  if (!files.every((file) => existsSync(file))) return false
  for (const name of ['linkinator', 'markdown-link-check']) {
    if (readJson(join(peersDir, 'node_modules', name, 'package.json')).version !== peerVersions[name]) return false
  }
  return true
}

async function installPeers() {
  if (peersReady()) return
  log(`installing peers into ${relative(root, peersDir)}/ (npm install --prefix)`)
  mkdirSync(peersDir, {recursive: true})
  const specs = Object.entries(peerVersions).map(([name, version]) => `${name}@${version}`)
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  const result = await runChild(npm, ['install', '--prefix', peersDir, '--no-audit', '--no-fund', '--loglevel=error', ...specs], {timeoutMs: 300_000})
  if (result.code !== 0 || !peersReady()) {
    console.error(result.stdout + result.stderr)
    fail('could not install the peers; rerun with --skip-peers to benchmark without them')
  }
}

async function nodeVersion(binary) {
  const result = await runChild(binary, ['--version'], {timeoutMs: 20_000})
  return result.stdout.trim()
}

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'))
}

let resolveSettings
async function loadPackage() {
  ;({resolveSettings} = await import(pathToFileURL(join(root, 'dist', 'src', 'options.js')).href))
}

/** BENCH_NEW_OPTIONS unset: pass the new options when the built package accepts them. */
function decideNewOptions() {
  const wanted = process.env.BENCH_NEW_OPTIONS
  if (wanted === '0') return false
  try {
    resolveSettings(ourOptions(join(corpusRoot, 'cache-probe'), true))
    return true
  } catch (error) {
    if (wanted === '1') fail(`remark-lint-citations rejects the benchmark's options (${error.message}); BENCH_NEW_OPTIONS=0 leaves them out`)
    log(`the package rejects the new options (${error.message}): benchmarking without them (BENCH_NEW_OPTIONS=0)`)
    return false
  }
}

/** The options the bench rc passes, resolved by the package itself (so its defaults, e.g. `hostConcurrency`, are read). */
function resolvedSettings(cacheDir) {
  return resolveSettings(ourOptions(cacheDir, newOptions))
}

function hostOptions() {
  return {
    ...(args.hostConcurrency === undefined ? {} : {hostConcurrency: args.hostConcurrency}),
    ...(args.hostInterval === undefined ? {} : {hostInterval: args.hostInterval})
  }
}

function ourOptions(cacheDir, withNew) {
  return {allowPrivateAddresses: ['127.0.0.0/8'], timeout: 5000, ...(withNew ? {cache: cacheDir, ...hostOptions()} : {})}
}

/** The preset's rules that judge a source beyond "does it answer" (exported names). */
const judgmentRules = ['citationSoft404', 'citationFragment', 'citationTitleMatch', 'citationConflictOfInterest', 'citationCredibility', 'citationClaimSupport', 'citationRetracted']

function writeRc(file, cacheDir) {
  const text = `// Generated by bench/run.mjs: remark-lint-citations as a user sets it up, allowed to reach the simulated web on
// loopback. BENCH_NEW_OPTIONS=0 leaves out the options src/ may not have yet.
import recommended, * as rules from 'remark-lint-citations'

const newOptions = process.env.BENCH_NEW_OPTIONS !== '0'
// --rules ${args.rules}: ${args.rules === 'liveness' ? 'the liveness rules only, the job the peers do' : 'every rule of the preset'}.
const judgments = ${JSON.stringify(args.rules === 'liveness' ? judgmentRules : [])}

export default {
  plugins: [
    recommended,
    ...judgments.filter((name) => rules[name]).map((name) => [rules[name], false]),
    [
      rules.configure,
      {
        allowPrivateAddresses: ['127.0.0.0/8'],
        timeout: 5000,
        ...(newOptions ? ${JSON.stringify({cache: cacheDir, ...hostOptions()})} : {})
      }
    ]
  ]
}
`
  writeFileSync(file, text)
}

async function checkRefusedAddresses(world) {
  const ips = [...new Set(world.urls.filter((entry) => entry.kind === 'refused').map((entry) => entry.ip))]
  for (const ip of ips) {
    const open = await new Promise((resolve) => {
      const socket = net.connect({host: ip, port: world.port})
      socket.setTimeout(1000)
      socket.on('connect', () => (socket.destroy(), resolve(true)))
      socket.on('error', () => resolve(false))
      socket.on('timeout', () => (socket.destroy(), resolve(false)))
    })
    if (open) log(`warning: something listens on ${ip}:${world.port}; its "refused" URLs will not be dead`)
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Verdicts: which cited URLs each tool calls dead

/** Ours: errors are "remove this citation" (citation-alive dead, citation-url-safety unsafe). */
function oursVerdicts(result) {
  const text = result.stderr + result.stdout
  const dead = new Set()
  const flagged = new Set()
  for (const match of text.matchAll(/Unexpected (?:dead|unsafe|malformed) (?:citation|URL) `([^`]+)`/g)) dead.add(match[1])
  for (const match of text.matchAll(/Unexpected (?:blocked|paywalled|unanswered|unverifiable) citation `([^`]+)`|Unexpected redirect (?:of|chain at) citation `([^`]+)`/g)) {
    flagged.add(match[1] ?? match[2])
  }
  const fatal = /Unexpected option `[^`]+`[^\n]*|Cannot (?:read|parse) offline fixtures[^\n]*/.exec(text)?.[0]
  // remark closes its report with "N messages (…)" (or nothing at all when no file has a message).
  const complete = /^\s*(?:[✖⚠]\s*)?\d+ (?:messages?|errors?|warnings?)\b/m.test(text)
  return {dead, flagged, fatal, complete}
}

function linkinatorVerdicts(result) {
  const dead = new Set()
  const flagged = new Set()
  let parsed
  try {
    parsed = JSON.parse(result.stdout.slice(result.stdout.indexOf('{')))
  } catch {
    return {dead, flagged, error: 'no JSON output'}
  }
  for (const link of parsed.links ?? []) {
    if (link.state === 'BROKEN') dead.add(link.url)
    else if (link.state === 'SKIPPED') flagged.add(link.url)
  }
  return {dead, flagged}
}

function mlcVerdicts(result) {
  const dead = new Set()
  let files = 0
  for (const line of result.stdout.split('\n')) {
    if (line.startsWith('FILE: ')) files++
    const match = /^\s*\[✖\] (\S+)/.exec(line)
    if (match) dead.add(match[1])
  }
  return {dead, flagged: new Set(), filesDone: files}
}

// ---------------------------------------------------------------------------------------------------------------
// Time plan: every step has a limit and a floor; a step may use its limit, but never the floors of the steps after
// it, and nothing runs past the budget.

const stepLimits = {
  small: {plain: [60, 15], cold: [90, 45], warm: [60, 30], warmRemarkReport: [30, 10], linkinator: [90, 30], mlc: [120, 30]},
  large: {plain: [60, 15], cold: [150, 45], warm: [90, 30], warmRemarkReport: [40, 15], linkinator: [120, 30], mlc: [90, 30]}
}

function makePlan(scaleNames, deadline) {
  const steps = []
  for (const name of scaleNames) {
    for (const kind of ['plain', 'cold', 'warm', ...(ourReporter ? ['warmRemarkReport'] : []), ...(args.skipPeers ? [] : ['linkinator', 'mlc'])]) steps.push({id: `${name}/${kind}`, limit: stepLimits[name][kind][0], floor: stepLimits[name][kind][1]})
  }
  return {
    /** Milliseconds this step may take, or undefined when the budget is spent. */
    take(id) {
      const index = steps.findIndex((step) => step.id === id)
      const step = steps[index]
      const later = steps.slice(index + 1).reduce((sum, next) => sum + next.floor, 0)
      const left = (deadline - performance.now()) / 1000 - 2
      if (left < 5) return undefined
      return Math.round(Math.min(left, Math.max(step.floor, Math.min(step.limit, left - later))) * 1000)
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// One scale

async function runScale(name, world, web, plan) {
  const scale = scales[name]
  const dir = join(corpusRoot, name)
  const corpus = generateCorpus(world, scale, dir)
  const cacheDir = join(corpusRoot, `cache-${name}`)
  // Our runs start in their own folder, so a default cache (node_modules/.cache/… under the working directory)
  // starts empty for the cold run too, and never touches the repository's.
  const workDir = join(corpusRoot, `work-${name}`)
  const rcFile = join(corpusRoot, `remarkrc-${name}.mjs`)
  writeRc(rcFile, cacheDir)
  const settings = resolvedSettings(cacheDir)
  const limits = {
    concurrency: settings.concurrency,
    hostConcurrency: settings.hostConcurrency ?? args.hostConcurrency ?? 2,
    hostInterval: settings.hostInterval ?? args.hostInterval ?? 0,
    attempts: (settings.retries ?? 2) + 1,
    assumed: settings.hostConcurrency === undefined
  }
  const bound = lowerBound(world, corpus.urls, limits)
  const expected = expectedRequests(world, corpus.urls, limits.attempts)
  const truth = groundTruth(corpus.urls)
  log(
    `${name}: ${scale.files} files, ${corpus.citations} citations, ${corpus.urls.length} unique URLs on ` +
      `${new Set(corpus.urls.map((entry) => entry.url.split('/')[2])).size} hosts; lower bound ${(bound.bound / 1000).toFixed(2)} s`
  )

  const rows = []
  // Wall times on a shared machine are noisy: up to `repeat` runs (time allowing; one when the first is slow), the
  // median wall time, the largest RSS, and the first run's requests. `fresh` prepares each run (a cold run's empty cache).
  const step = async (tool, kind, makeRun, verdicts, planId, repeat = 3, fresh = () => {}) => {
    const timeoutMs = plan.take(`${name}/${planId}`)
    if (timeoutMs === undefined) {
      log(`${name}: ${tool} skipped (time budget spent)`)
      rows.push({tool, kind, skipped: 'time budget spent'})
      return undefined
    }
    log(`${name}: ${tool} (limit ${Math.round(timeoutMs / 1000)} s)`)
    const until = performance.now() + timeoutMs
    const runs = []
    let stats
    for (let i = 0; i < repeat; i++) {
      const left = until - performance.now()
      if (i > 0 && (runs[0].timedOut || runs[0].wallMs > 20_000 || left < 2 * runs.at(-1).wallMs + 1000)) break
      fresh()
      await settle(web)
      web.reset()
      runs.push(await makeRun(Math.max(1000, left)))
      await settle(web)
      if (i === 0) stats = web.stats()
    }
    const walls = runs.map((run) => run.wallMs).sort((a, b) => a - b)
    const result = {...runs[0], wallMs: runs[0].timedOut ? runs[0].wallMs : walls[(walls.length - 1) >> 1], runs: walls.length}
    const sizes = runs.map((run) => run.rssKb).filter(Boolean)
    if (sizes.length > 0) result.rssKb = Math.max(...sizes)
    const verdict = verdicts ? verdicts(result) : undefined
    const row = {tool, kind, result, stats: summarizeStats(stats, expected, world), verdict, timeoutMs, notes: []}
    if (verdict) row.scores = score(verdict.dead, truth)
    if (verdict?.fatal) row.notes.push(`fatal configuration message: ${verdict.fatal}`)
    if (verdict?.error) row.notes.push(verdict.error)
    if (kind === 'cold' || kind.startsWith('warm')) {
      if (!result.timedOut && !verdict.complete) {
        row.notes.push(`output incomplete: exit ${result.code ?? result.signal} with no closing summary line (the process ended before every file was reported)`)
      } else if (result.code !== 0 && result.code !== 1 && !result.timedOut) {
        row.notes.push(`exit ${result.code ?? result.signal}: ${result.stderr.trim().split('\n').slice(-3).join(' / ')}`)
      }
    }
    rows.push(row)
    const status = result.timedOut
      ? `TIMED OUT after ${(result.wallMs / 1000).toFixed(1)} s`
      : `${(result.wallMs / 1000).toFixed(2)} s${runs.length > 1 ? ` (median of ${runs.length}: ${walls.map((ms) => (ms / 1000).toFixed(2)).join(', ')})` : ''}, exit ${result.code ?? result.signal}`
    log(`${name}: ${tool}: ${status}, ${row.stats.total} requests, peak RSS ${result.rssKb ? Math.round(result.rssKb / 1024) + ' MB' : '?'}`)
    for (const note of row.notes) log(`${name}: ${tool}: ${note}`)
    return row
  }

  const remarkArgs = [dir, '--no-stdout', '--quiet', '--no-color']
  await step('remark (no plugins)', 'plain', (t) => runChild(process.execPath, [remarkCli, ...remarkArgs, '--no-config'], {timeoutMs: t}), undefined, 'plain')

  const emptyCache = () => {
    rmSync(cacheDir, {recursive: true, force: true})
    rmSync(workDir, {recursive: true, force: true})
    mkdirSync(workDir, {recursive: true})
  }
  /** Ours, printing with `reporter` (remark's default when empty). */
  const oursWith = (reporter) => (t) => runChild(process.execPath, [remarkCli, ...remarkArgs, '--rc-path', rcFile, ...reporter], {cwd: workDir, timeoutMs: t})
  const ours = oursWith(ourReporter ? ['--report', 'remark-lint-citations/reporter'] : [])
  await step('remark-lint-citations cold', 'cold', ours, oursVerdicts, 'cold', 3, emptyCache)
  await step(newOptions ? 'remark-lint-citations warm' : 'remark-lint-citations 2nd run', 'warm', ours, oursVerdicts, 'warm')
  if (ourReporter) {
    await step(`remark-lint-citations ${newOptions ? 'warm' : '2nd run'}, remark's default report`, 'warmRemarkReport', oursWith([]), oursVerdicts, 'warmRemarkReport')
  }

  if (!args.skipPeers) {
    await step(
      `linkinator ${peerVersions.linkinator} --markdown`,
      'peer',
      (t) => runChild(node22, [join(peersDir, 'node_modules', 'linkinator', 'build', 'src', 'cli.js'), '*.md', '--markdown', '--format', 'json'], {cwd: dir, timeoutMs: t}),
      linkinatorVerdicts,
      'linkinator'
    )
    // One process over the folder (its multi-file mode): files one after another, 2 links at a time in each.
    await step(
      `markdown-link-check ${peerVersions['markdown-link-check']}`,
      'peer',
      (t) => runChild(node22, [join(peersDir, 'node_modules', 'markdown-link-check', 'markdown-link-check'), relative(root, dir)], {timeoutMs: t}),
      mlcVerdicts,
      'mlc'
    )
  }
  return {name, scale, corpus, bound, truth, rows, limits}
}

/** Wait until the simulated web has nothing in flight (a killed client's requests drain), at most 5 s. */
async function settle(web) {
  for (let i = 0; i < 100; i++) {
    const inFlight = [...web.stats().inFlight.values()].reduce((a, b) => a + b, 0)
    if (inFlight === 0) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** How many requests each request URL needs from a polite client that follows the package's retry policy. */
function expectedRequests(world, urls, attempts) {
  const seen = new Map()
  for (const entry of urls) chainOf(world, entry, seen, attempts)
  return seen
}

function summarizeStats(stats, expected, world) {
  let extra = 0
  let maxPerUrl = 0
  let unexpected = 0
  const byKind = {}
  for (const [key, count] of stats.byUrl) {
    maxPerUrl = Math.max(maxPerUrl, count)
    const want = expected.get(key)
    if (want === undefined) unexpected += count
    else extra += Math.max(0, count - want)
    const entry = world.byUrl.get(key)
    const kind = entry ? (entry.hostKind === 'normal' ? entry.kind : `${entry.kind} on ${entry.hostKind} host`) : key.includes('/never/') ? 'URL in code' : 'redirect target'
    byKind[kind] = (byKind[kind] ?? 0) + count
  }
  const maxInFlight = Math.max(0, ...stats.maxInFlight.values())
  return {total: stats.total, tooMany: stats.tooMany, codeUrls: stats.codeUrlRequests, extra, unexpected, maxPerUrl, maxInFlight, urls: stats.byUrl.size, byMethod: stats.byMethod, byKind}
}

function groundTruth(urls) {
  const byUrl = new Map(urls.map((entry) => [entry.url, entry]))
  const count = (category) => urls.filter((entry) => entry.category === category).length
  return {byUrl, dead: count('dead'), awkward: count('awkward'), alive: count('alive')}
}

/** Awkward subtype: what makes an alive URL hard to check. */
function awkwardKind(entry) {
  if (['botwall', 'paywall', 'always429'].includes(entry.kind)) return entry.kind
  return entry.hostKind // first429 / rate429
}

function score(deadSet, truth) {
  const out = {deadFound: 0, awkwardDead: 0, aliveDead: 0, unknown: 0, awkwardByKind: {}}
  for (const url of deadSet) {
    const entry = truth.byUrl.get(url) ?? truth.byUrl.get(url.replace(/\/$/, ''))
    if (!entry) {
      out.unknown++
      continue
    }
    if (entry.category === 'dead') out.deadFound++
    else if (entry.category === 'awkward') {
      out.awkwardDead++
      const kind = awkwardKind(entry)
      out.awkwardByKind[kind] = (out.awkwardByKind[kind] ?? 0) + 1
    } else out.aliveDead++
  }
  return out
}

// ---------------------------------------------------------------------------------------------------------------
// Report

const seconds = (ms) => (ms / 1000).toFixed(2)

function report(results, machine) {
  const lines = []
  const first = results[0]
  lines.push('# remark-lint-citations benchmark', '')
  lines.push(
    `Run ${new Date().toISOString()} on ${machine.cpus}× ${machine.cpuModel}, ${machine.memGb} GB, ${machine.platform}; ` +
      `Node ${machine.node} for ours and plain remark, ${machine.node22 ? `Node ${machine.node22} (npm package \`node@${peerVersions.node}\`) for the peers` : 'no peers'}. ` +
      `Command: \`${machine.command}\`. ` +
      (args.rules === 'liveness'
        ? 'Ours runs the liveness rules (`--rules liveness`, the default): the job the peers do.'
        : 'Ours runs every rule of the preset (`--rules all`), which the peers have no equivalent of.') +
      (ourReporter
        ? " It prints with `--report remark-lint-citations/reporter`, as the README advises (remark's report, its cells measured without `string-width` 6); the row \"remark's default report\" is its warm run without it."
        : " It prints with remark's default report.")
  )
  const given = Object.entries(hostOptions()).map(([key, value]) => `\`${key}: ${value}\``)
  lines.push(
    `Our options: \`allowPrivateAddresses: ['127.0.0.0/8']\`, \`timeout: 5000\`` +
      (newOptions
        ? `, \`cache\` (a fresh folder for the cold run)${given.length > 0 ? ', ' + given.join(', ') : ''}`
        : ' only (BENCH_NEW_OPTIONS=0: no `cache` option; each run starts in its own empty working folder, so a default cache there starts empty too)') +
      (first
        ? `; in effect: \`concurrency\` ${first.limits.concurrency}, \`hostConcurrency\` ${first.limits.hostConcurrency}, \`hostInterval\` ${first.limits.hostInterval} ms, ` +
          `${first.limits.attempts} attempts per hop${first.limits.assumed ? ' (per-host values assumed: the package has no such options)' : ''}.`
        : '.'),
    ''
  )
  lines.push(
    'Simulated web: 200 `node:http` hosts on 127.0.1.1–127.0.1.200 (latency 20–300 ms; 4 slow hosts 1–2 s; 8 hosts answer 429 + `Retry-After: 1` ' +
      'to the first request for each URL, 8 answer 429 + `Retry-After: 1` to a request that would be a 3rd in flight; 3 Cloudflare-walled hosts; 6 journals ' +
      'with login walls on half their pages; per URL 4% 404, 0.5% 410, 4% same-site and 1% cross-site 301, 1% bot walls, 1% paywalls, 1% always 429), ' +
      'plus refused connections on 127.0.2.x. Peers run with their defaults.',
    ''
  )
  lines.push(
    '| scale | tool | wall s | × bound | peak RSS MB | requests | beyond minimum | max in flight / host | 429s got | dead found | awkward called dead | alive called dead |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|'
  )
  for (const run of results) {
    for (const row of run.rows) {
      if (row.skipped) {
        lines.push(`| ${run.name} | ${row.tool} | skipped: ${row.skipped} | | | | | | | | | |`)
        continue
      }
      const r = row.result
      let wall = seconds(r.wallMs) + (r.runs > 1 ? ` (median of ${r.runs})` : '')
      if (r.timedOut) {
        wall = `> ${seconds(r.wallMs)} (timed out`
        if (row.verdict?.filesDone) wall += `; ${row.verdict.filesDone}/${run.scale.files} files done, ≈ ${Math.round(((r.wallMs / row.verdict.filesDone) * run.scale.files) / 1000)} s for all`
        wall += ')'
      }
      const flag = row.notes.length > 0 ? ' ⚠' : ''
      const ratio = (r.timedOut ? '> ' : '') + (r.wallMs / run.bound.bound).toFixed(2)
      const rss = r.rssKb ? (r.rssSampled ? '≈ ' : '') + Math.round(r.rssKb / 1024) : '?'
      const s = row.stats
      const sc = row.scores
      const partial = r.timedOut ? ' (partial)' : ''
      lines.push(
        `| ${run.name} | ${row.tool}${flag} | ${wall} | ${ratio} | ${rss} | ${s.total} | ${s.extra + s.unexpected} | ${s.maxInFlight} | ${s.tooMany} | ` +
          (sc ? `${sc.deadFound}/${run.truth.dead}${partial} | ${sc.awkwardDead}/${run.truth.awkward}${partial} | ${sc.aliveDead}/${run.truth.alive}${partial} |` : '– | – | – |')
      )
    }
  }
  lines.push('')
  lines.push(
    'Columns: *× bound* is wall time over the lower bound below; *requests* is what the simulated web received during the run; *beyond minimum* counts ' +
      'requests past what a polite client needs (one per URL and redirect hop, plus the 429 retries of the package policy), including requests for URLs ' +
      'in code; *dead found* is the truly dead URLs (404, 410, refused) called dead; *awkward* URLs are alive but walled, paywalled or rate limited; ' +
      'counts are unique URLs. Ours calls dead what it reports as an error (`citation-alive`, `citation-url-safety`); linkinator what it reports ' +
      'BROKEN; markdown-link-check what it marks ✖. Peak RSS is the maximum resident set size from /usr/bin/time; ≈: sampled from /proc (a run killed at its ' +
      'time limit). ⚠: see the notes.',
    ''
  )
  for (const run of results) {
    const b = run.bound
    const l = run.limits
    lines.push(`## ${run.name}: ${run.scale.files} files, ${run.corpus.citations} citations, ${run.corpus.urls.length} unique URLs`, '')
    lines.push(
      `- Lower bound (critical path at ${l.hostConcurrency} per host, starts ${l.hostInterval} ms apart, 429 waits included): **${seconds(b.bound)} s**, ` +
        (b.from === 'host'
          ? `set by host ${b.worstHost.host.ip} (${b.worstHost.host.kind}, ${b.worstHost.host.latency} ms, ${b.worstHost.requests} requests)`
          : `set by the chain of ${b.longest.url}`) +
        `; longest single chain ${seconds(b.longest.ms)} s; one real schedule (longest chain first) takes ${seconds(b.ideal)} s, so the optimum is in [${seconds(b.bound)}, ${seconds(b.ideal)}] s.`
    )
    lines.push(
      `- Least requests: ${b.requests} (${seconds(b.busy)} s of request time in all). The global limit of ${l.concurrency} requests in flight ` +
        `(\`concurrency\`) alone forces ≥ ${seconds(b.busy / l.concurrency)} s.`
    )
    const plain = run.rows.find((row) => row.kind === 'plain' && row.result)
    const cold = run.rows.find((row) => row.kind === 'cold' && row.result)
    const warm = run.rows.find((row) => row.kind === 'warm' && row.result)
    const warmRemarkReport = run.rows.find((row) => row.kind === 'warmRemarkReport' && row.result)
    const peers = run.rows.filter((row) => row.kind === 'peer')
    const ok = (value) => (value ? 'met' : '**not met**')
    if (plain) lines.push(`- Plain \`remark\` (no plugins): ${seconds(plain.result.wallMs)} s, ${Math.round(plain.result.rssKb / 1024)} MB.`)
    if (cold) lines.push(`- Cold: ${seconds(cold.result.wallMs)} s = ${(cold.result.wallMs / b.bound).toFixed(2)} × bound (target ≤ 1.5: ${ok(cold.result.wallMs <= 1.5 * b.bound)}).`)
    if (warm && plain) {
      lines.push(
        `- ${newOptions ? 'Warm' : 'Second run (no `cache` option: warm only if the package caches by default)'}: ${seconds(warm.result.wallMs)} s = ${(warm.result.wallMs / plain.result.wallMs).toFixed(2)} × plain remark ` +
          `(target ≤ 1.2: ${ok(warm.result.wallMs <= 1.2 * plain.result.wallMs)}); ${warm.stats.total} requests (target 0)` +
          (warm.stats.total > 0 ? `: ${describeKinds(warm.stats.byKind)}.` : '.')
      )
    }
    if (warmRemarkReport && plain) {
      lines.push(`- The same with remark's default report: ${seconds(warmRemarkReport.result.wallMs)} s = ${(warmRemarkReport.result.wallMs / plain.result.wallMs).toFixed(2)} × plain remark.`)
    }
    if (cold && peers.length > 0) {
      const faster = peers.every((row) => row.result && cold.result.wallMs < row.result.wallMs)
      lines.push(
        `- Faster than every peer: ${ok(faster)} (${peers.map((row) => `${row.tool.split(' ')[0]} ${row.result ? (row.result.timedOut ? '> ' : '') + seconds(row.result.wallMs) + ' s' : 'skipped'}`).join(', ')}).`
      )
    }
    if (run.name === 'large') {
      const measured = [cold, warm].filter((row) => row?.result?.rssKb)
      if (measured.length > 0) {
        const worst = Math.max(...measured.map((row) => row.result.rssKb))
        lines.push(`- Peak RSS (ours): ${Math.round(worst / 1024)} MB (target ≤ 250 MB: ${ok(worst <= 250 * 1024)}).`)
      }
    }
    if (cold) {
      lines.push(
        `- Ours cold: ${cold.stats.urls} request URLs, at most ${cold.stats.maxPerUrl} requests for one, ${cold.stats.extra} beyond the minimum, ` +
          `${cold.stats.tooMany} 429s received, at most ${cold.stats.maxInFlight} requests in flight on one host; URLs in code fetched: ${cold.stats.codeUrls}. ` +
          `Requests by kind: ${describeKinds(cold.stats.byKind)}.`
      )
    }
    for (const row of run.rows) for (const note of row.notes ?? []) lines.push(`- ⚠ ${row.tool}: ${note}`)
    const kinds = ['botwall', 'paywall', 'always429', 'first429', 'rate429']
    const totals = Object.fromEntries(kinds.map((kind) => [kind, [...run.truth.byUrl.values()].filter((entry) => entry.category === 'awkward' && awkwardKind(entry) === kind).length]))
    lines.push(
      '',
      `| ${run.name}: awkward URLs called dead | ${kinds.map((kind) => `${awkwardLabels[kind]} (${totals[kind]})`).join(' | ')} | URLs in code fetched |`,
      `|---|${kinds.map(() => '--:').join('|')}|--:|`
    )
    for (const row of run.rows) {
      if (!row.scores) continue
      lines.push(`| ${row.tool} | ${kinds.map((kind) => row.scores.awkwardByKind[kind] ?? 0).join(' | ')} | ${row.stats.codeUrls} |`)
    }
    lines.push('')
  }
  lines.push(
    '## How the lower bound is computed',
    '',
    "Each unique cited URL becomes a chain of requests, found by replaying the simulated servers' own answers with a polite client that follows " +
      "the package's policy (follow redirects; on 429 wait `Retry-After`, 1 s here, and try again, at most `retries` + 1 attempts per hop). A " +
      "request to host h takes h's latency and holds one of h's `hostConcurrency` slots (at most 2 on a rate-limited host, where a 3rd only earns a 429); " +
      "waits hold none. The bound is the larger of the longest chain and, over hosts, the time host h needs for its n requests on its slots with " +
      'starts `hostInterval` apart: the per-host critical path. No schedule can beat it. The "real schedule" figure simulates one (on each host, ' +
      'the request whose chain has most time left goes first) and bounds the optimum from above. Process start and Markdown parsing are not in the ' +
      'bound (see the plain `remark` row), nor is the global `concurrency` limit (its own bound is listed beside it).',
    ''
  )
  return lines.join('\n')
}

const awkwardLabels = {botwall: 'bot wall', paywall: 'paywall', always429: 'always 429', first429: '429 first', rate429: '429 over 2 in flight'}

function describeKinds(byKind, top = 8) {
  const entries = Object.entries(byKind).sort((a, b) => b[1] - a[1])
  const shown = entries.slice(0, top).map(([kind, count]) => `${kind} ${count}`)
  const rest = entries.slice(top).reduce((sum, [, count]) => sum + count, 0)
  return shown.join(', ') + (rest > 0 ? `, other ${rest}` : '')
}

// ---------------------------------------------------------------------------------------------------------------
// Main

async function main() {
  mkdirSync(corpusRoot, {recursive: true})
  if (args.build) await build()
  if (!existsSync(join(root, 'dist', 'rules', 'index.js'))) fail('dist/ is missing: run `npx tsc -p tsconfig.json` or drop --no-build')
  await loadPackage()
  newOptions = decideNewOptions()
  ourReporter = process.env.BENCH_REPORT !== 'remark' && existsSync(join(root, 'dist', 'src', 'reporter.js'))
  if (!args.skipPeers) await installPeers()
  const machine = {
    node: process.version,
    node22: args.skipPeers ? undefined : await nodeVersion(node22),
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model?.trim() ?? 'unknown CPU',
    memGb: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.platform()} ${os.release()}`,
    command: `${['BENCH_NEW_OPTIONS', 'BENCH_REPORT'].map((name) => (process.env[name] === undefined ? '' : `${name}=${process.env[name]} `)).join('')}node bench/run.mjs ${process.argv.slice(2).join(' ')}`.trim()
  }
  const {world, web} = await startWebOnFreePort((port) => buildWorld({port}), args.port)
  log(`simulated web: ${world.hosts.length} hosts on 127.0.1.1–127.0.1.${world.hosts.length}:${world.port}, ${world.urls.length} URLs`)
  await checkRefusedAddresses(world)
  const names = args.scale === 'both' ? ['small', 'large'] : [args.scale]
  const plan = makePlan(names, performance.now() + args.budget * 1000)
  const results = []
  try {
    for (const name of names) results.push(await runScale(name, world, web, plan))
  } finally {
    await web.close()
  }
  const text = report(results, machine)
  console.log(text)
  writeFileSync(args.out, text + '\n')
  log(`report written to ${relative(process.cwd(), args.out)}`)
}

main().catch((error) => {
  for (const child of running) killGroup(child)
  console.error(error)
  process.exit(1)
})
