// The pull request a workflow runs for, from the event payload the runner saves at `$GITHUB_EVENT_PATH`.

import {readFile} from 'node:fs/promises'

export interface PullRequest {
  /** `pull_request.base.sha`: the base branch's commit when the event fired. */
  base: string
  /** `pull_request.head.sha`: the PR's last commit. */
  head: string | undefined
}

/**
 * The pull request of `pull_request`, `pull_request_target` and other events whose payload carries one;
 * undefined for other events (push, schedule, …) and outside a runner.
 */
export async function pullRequestOf(eventPath: string | undefined): Promise<PullRequest | undefined> {
  if (!eventPath) return undefined
  const event = JSON.parse(await readFile(eventPath, 'utf8')) as {pull_request?: {base?: {sha?: unknown}; head?: {sha?: unknown}}}
  const base = event.pull_request?.base?.sha
  const head = event.pull_request?.head?.sha
  if (typeof base !== 'string' || base === '') return undefined
  return {base, head: typeof head === 'string' && head !== '' ? head : undefined}
}
