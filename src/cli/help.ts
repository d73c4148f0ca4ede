// The `--help` texts: usage, options, and the exit codes (the README's "Command line" says the same).

export const lintHelp = `Usage: remark-lint-citations [options] [path | glob ...]

Check every citation (link) in Markdown and MDX files: dead, unsafe, mistitled,
self-serving or weak sources. Uses the project's remark config (.remarkrc*,
package.json#remarkConfig) when there is one, else the \`recommended\` preset
with remark-gfm. Paths default to \`.\`; .remarkignore is honoured.

Options:
  --report <format>[=<path>]  json | jsonl | sarif | summary; to stdout without a
                              path (at most one), else written atomically to <path>;
                              repeatable
  --frail                     exit 1 on warnings (flagged citations) too
  -q, --quiet                 only files with messages; the summary without the
                              sources that are fine (✓) or silenced (○)
  --no-color, --color         no colours, or colours even when stderr is not a
                              terminal (by default: on a terminal, unless NO_COLOR)
  --rc-path <path>            use this remark config instead of looking for one
  -e, --ext <list>            file extensions to check (default md,markdown,mdx;
                              .mdx files are parsed as MDX)
  --fix                       rewrite citations in place: a dead one unlinked with
                              a visible marker (or pointed at an archived copy),
                              a permanent redirect replaced by its target; the
                              exit code and reports describe the check before it
  --cache <folder|redis-url>  where results persist between runs (over the config's
                              \`cache\`); --no-cache: none
  --silently-ignore           skip given files that .remarkignore lists instead of
                              failing on them
  -h, --help                  this help
  -v, --version               the version

Commands:
  verify                      check a JSON list of sources on stdin
                              (\`remark-lint-citations verify --help\`)

Environment:
  https_proxy, http_proxy     the proxy for https: and http: citations (either case)
  no_proxy                    hosts, .domains and address ranges reached directly
  REMARK_LINT_CITATIONS_GITHUB_TOKEN
                              a token for github.com citations (the \`github\` option)
  REMARK_LINT_CITATIONS_THREAD=0
                              verify on the main thread, not a thread of its own

Exit codes:
  0  no citation must be removed (warnings may remain)
  1  a citation must be removed (lint errors), or a file cannot be parsed;
     with --frail, warnings too
  2  configuration error: bad argument, invalid option, unreadable config,
     a config without citation rules, a proxy variable that is not a URL;
     a report (or fixed file) that cannot be written
  3  internal failure (a plugin or the checker crashed)
`

export const verifyHelp = `Usage: remark-lint-citations verify [options] < sources.json

Check a list of sources, given as JSON on stdin:
  [{"url": "https://…", "title": "…", "claim": "…"}]   (title and claim optional)

Writes {results, summary} as JSON on stdout (one result per source, sorted by
normalised URL) and a human summary on stderr. Expected failures answer on stdout
with {"ok": false, "error": {"code", "message", "details"}}, code INVALID_ARGS,
INVALID_JSON or WRITE_FAILED (exit 2); an internal failure with INTERNAL_ERROR
(exit 3). In reports, a source's place is \`sources:<n>:1\`, n its position in
the list.

Options:
  --options <json>            settings for \`configure\`, e.g. '{"timeout": 5000}'
  --rc-path <path>            use this remark config instead of looking for one
  --report <format>=<path>    also write json | jsonl | sarif | summary to <path>;
                              repeatable
  --frail                     exit 1 when a source is flagged too
  --no-color, --color         no colours in the summary, or colours even when
                              stderr is not a terminal
  -h, --help                  this help

Environment: as for checking files (\`remark-lint-citations --help\`): the proxy
variables and the GitHub token.

Exit codes:
  0  no source must be removed
  1  a source must be removed (with --frail: or is flagged)
  2  expected failure (the error answer on stdout)
  3  internal failure
`
