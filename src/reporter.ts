// `remark … --report remark-lint-citations/reporter`: remark's report (vfile-reporter's lines, order and summary),
// measured with string-width 8 from 200 lines on and kept whole where vfile-reporter gives up (see cli/reporter.ts).
// The bin uses the same report.
export {remarkReport as default} from './cli/reporter.js'
