// The Action's entry (action.yml runs it): all the work is in run(), which takes its environment as an argument.

import {run} from './run.js'

process.exitCode = await run(process.env)
