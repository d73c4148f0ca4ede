// Writing a report atomically: folders made, the old report replaced whole, nothing left behind.

import {existsSync} from 'node:fs'
import {mkdir, mkdtemp, readdir, readFile, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterEach, beforeEach, describe, expect, test} from 'vitest'
import {ReportWriteError, writeReport} from '../src/report/write.js'

let folder: string

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'report-write-'))
})

afterEach(async () => {
  await rm(folder, {recursive: true, force: true})
})

describe('writeReport', () => {
  test('creates missing folders and writes the text', async () => {
    const path = join(folder, 'reports', 'deep', 'citations.jsonl')
    await writeReport(path, '{"a":1}\n')
    expect(await readFile(path, 'utf8')).toBe('{"a":1}\n')
    expect(await readdir(join(folder, 'reports', 'deep'))).toEqual(['citations.jsonl'])
  })

  test('replaces an existing report whole and leaves no temporary file', async () => {
    const path = join(folder, 'report.json')
    await writeFile(path, 'old report, much longer than the new one\n')
    await writeReport(path, '{}\n')
    expect(await readFile(path, 'utf8')).toBe('{}\n')
    expect(await readdir(folder)).toEqual(['report.json'])
  })

  test('concurrent writes of one report each land whole', async () => {
    const path = join(folder, 'report.json')
    const texts = Array.from({length: 8}, (_, i) => `${String(i).repeat(10_000)}\n`)
    await Promise.all(texts.map((text) => writeReport(path, text)))
    expect(texts).toContain(await readFile(path, 'utf8'))
    expect(await readdir(folder)).toEqual(['report.json'])
  })

  test('an unwritable path fails with WRITE_FAILED, naming the report, and leaves nothing behind', async () => {
    // A regular file where a folder should be: fails for every user, root included.
    await writeFile(join(folder, 'file'), '')
    const path = join(folder, 'file', 'report.json')
    const error = await writeReport(path, '{}\n').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ReportWriteError)
    const failure = error as ReportWriteError
    expect(failure.code).toBe('WRITE_FAILED')
    expect(failure.message).toMatch(new RegExp(`^Cannot write report \`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\`: `))
    expect(failure.toErrorResult()).toEqual({ok: false, error: {code: 'WRITE_FAILED', message: failure.message, details: {path, cause: expect.stringMatching(/^E[A-Z]+$/) as unknown}}})
    expect(await readdir(folder)).toEqual(['file'])
  })

  // Node's recursive mkdir spins forever where a parent exists but cannot hold children, as /proc on Linux.
  test.runIf(existsSync('/proc/self'))('a folder that cannot be made under an existing parent fails at once, not a write that never ends', async () => {
    const path = '/proc/no-such-process/reports/report.json'
    const error = (await writeReport(path, '{}\n').catch((caught: unknown) => caught)) as ReportWriteError
    expect(error.code).toBe('WRITE_FAILED')
    expect(error.message).toBe(`Cannot write report \`${path}\`: ENOENT: no such file or directory`)
  })

  test('a folder in the way of the report fails, saying so, and leaves the folder as it was', async () => {
    const path = join(folder, 'report.json')
    await writeFile(join(folder, 'keep'), '')
    await mkdir(path)
    const error = (await writeReport(path, '{}\n').catch((caught: unknown) => caught)) as ReportWriteError
    expect(error.code).toBe('WRITE_FAILED')
    expect(error.message).toBe(`Cannot write report \`${path}\`: it is a folder, expected a file path`)
    expect((await readdir(folder)).sort()).toEqual(['keep', 'report.json'])
  })
})
