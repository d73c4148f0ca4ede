// The change a workflow runs for, from the event payload the runner saves at `$GITHUB_EVENT_PATH`.

import {readFile} from 'node:fs/promises'

export interface Change {
  /** What the change is, for messages: a pull request, or a merge queue's group of them. */
  name: 'pull request' | 'merge group'
  /** The base branch's commit when the event fired. */
  base: string
  /** The change's last commit. */
  head: string | undefined
}

interface Payload {
  pull_request?: {base?: {sha?: unknown}; head?: {sha?: unknown}}
  merge_group?: {base_sha?: unknown; head_sha?: unknown}
}

/**
 * The pull request of `pull_request`, `pull_request_target` and other events whose payload carries one, or the
 * group a merge queue tests (`merge_group`): the queue's required checks must judge the same changes the pull
 * request's did, or an old dead link elsewhere would block the merge. Undefined for other events (push, schedule,
 * …) and outside a runner.
 */
export async function changeOf(eventPath: string | undefined): Promise<Change | undefined> {
  if (!eventPath) return undefined
  const event = JSON.parse(await readFile(eventPath, 'utf8')) as Payload
  if (event.pull_request) return change('pull request', event.pull_request.base?.sha, event.pull_request.head?.sha)
  if (event.merge_group) return change('merge group', event.merge_group.base_sha, event.merge_group.head_sha)
  return undefined
}

function change(name: Change['name'], base: unknown, head: unknown): Change | undefined {
  if (typeof base !== 'string' || base === '') return undefined
  return {name, base, head: typeof head === 'string' && head !== '' ? head : undefined}
}
