// Node on a script, as a child process: the built bin, or a pipeline using the library.

import {spawn} from 'node:child_process'

export interface NodeRun {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs `node …args` in `cwd` with `env` over the test's environment and colours off; `input` on stdin. */
export function runNode(args: string[], {cwd, env = {}, input = ''}: {cwd?: string; env?: NodeJS.ProcessEnv; input?: string} = {}): Promise<NodeRun> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, {cwd, env: {...process.env, NO_COLOR: '1', ...env}})
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('error', fail)
    child.on('close', (code) => done({code, stdout, stderr}))
    child.stdin.end(input)
  })
}
