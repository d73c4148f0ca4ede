// `remark … --report remark-lint-citations/reporter`: remark's report (vfile-reporter's lines, order and summary),
// measured in a fraction of the time (string-width 8 where a cell needs it) and kept whole where vfile-reporter gives
// up (see cli/reporter.ts).
// The bin uses the same report.
export {remarkReport as default} from './cli/reporter.js'
