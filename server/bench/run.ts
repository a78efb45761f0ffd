// `npm run bench`: the API over real HTTP (api.ts: a bare Fastify with the app's logging, the bare
// route inside the app, user, layout and tests counts, answer saving, sync; ratios to both bare
// routes), what each global part of the app costs GET /user (hooks.ts; only when named in
// BENCH_PARTS) and the tests engine through app.inject
// (engine.ts), on PGlite and PostgreSQL (the local server, skipped when it does not answer), and
// the CPU cost of request logging (logging.ts), and realtime fan-out to 2,000 clients on one and
// two processes (fanout.ts), group tests: 50 groups of 10 answering (groups.ts), and answer
// sheets: accuracy and time per 12 MP photo, OMRChecker samples (omr.ts), and exam day on the
// cluster: N candidates start, answer and finish a simulation with sockets open (examday.ts; only
// when named in BENCH_PARTS: it starts nginx, PostgreSQL and Redis are required).
// Env: BENCH_PARTS (api,engine,logging,fanout,groups,omr; also hooks, omr-outside, examday, search: BENCH_SEARCH_GRIDS, BENCH_SEARCH_ROUNDS, bank: BENCH_BANK_ROUNDS, BENCH_BANK_ANSWERS, BENCH_BANK_PEERS,
// api-start: `npm start`'s server against a bare Fastify logging one line, api-start.ts), BENCH_TARGETS (memory,postgres; also disk), BENCH_DURATION
// (seconds per API scenario, default 5), BENCH_ROUNDS (API scenarios 1, hooks 3), BENCH_HOOKS_DURATION (1.5), BENCH_CONNECTIONS (20), BENCH_ITERATIONS (engine, 5),
// BENCH_CLIENTS, BENCH_MESSAGES and BENCH_CLIENT_THREADS (fan-out, 2000, 20 and 2),
// BENCH_LOG (app: the app's logger at info, piped; off: no logger).
import { cpus, loadavg } from 'node:os';
import { runApiBench } from './api.ts';
import { runHooksBench } from './hooks.ts';
import { runEngineBench } from './engine.ts';
import { runLoggingBench } from './logging.ts';
import { runFanoutBench } from './fanout.ts';
import { runGroupsBench } from './groups.ts';
import { runOmrBench } from './omr.ts';
import { runConditionsBench } from './omr-conditions.ts';
import { closeSheetPool } from '../modules/scans/omr/pool.ts';
import { runExamDayBench } from './examday.ts';
import { runSearchBench } from './search.ts';
import { runApiStartBench } from './api-start.ts';
import { runBankBench } from './bank.ts';
import { benchTargets } from './targets.ts';

const parts = (process.env.BENCH_PARTS ?? 'api,engine,logging,fanout,groups,omr').split(',').map((s) => s.trim());
const targets = benchTargets();
const started = performance.now();
console.log(
  `Grilio bench — Node ${process.version}, ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, targets ${targets.join(', ')}`,
);
if (parts.includes('api')) await runApiBench(targets);
if (parts.includes('hooks')) await runHooksBench(targets);
if (parts.includes('engine')) await runEngineBench(targets);
if (parts.includes('logging')) await runLoggingBench();
if (parts.includes('fanout')) await runFanoutBench();
if (parts.includes('groups')) await runGroupsBench(targets);
if (parts.includes('omr')) await runOmrBench();
// Sheets outside the lab only (issue 22): the per-condition table of omr.ts without the rest.
if (parts.includes('omr-outside')) {
  await runConditionsBench();
  await closeSheetPool();
}
if (parts.includes('examday')) await runExamDayBench();
// Content search at 15,000 grids (issue 30 §3), only when named.
if (parts.includes('search')) await runSearchBench(targets);
// What users run (issue 32 §6), only when named: node server/main.ts on disk against a bare Fastify.
if (parts.includes('api-start')) await runApiStartBench();
// Content at national size: 15,000 grids, a year of answers, 5,000 candidates (issue 30 §1), only when named.
if (parts.includes('bank')) await runBankBench(targets);
console.log(`\n(bench took ${((performance.now() - started) / 1000).toFixed(0)} s)`);
