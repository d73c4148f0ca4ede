// Environment variables the bin reads.

/** A GitHub token for github.com citations (never an argument: it would show in `ps`); the Action sets it. */
export const githubTokenVariable = 'REMARK_LINT_CITATIONS_GITHUB_TOKEN'
