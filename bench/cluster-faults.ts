// `npm run bench:fault:<name> -w bench` (pg, kill, redis, disk): a lighter load of learners (bench/cluster/learner.ts)
// with one fault injected in the middle; writes bench/results/cluster-fault-<name>.json (bench/README.md: how to
// read it). Options: --learners 50, --seconds 60, --fault-at 20, --seed 1.
import { diskFault } from './cluster/faults/disk.js';
import { killFault } from './cluster/faults/kill.js';
import { pgFault } from './cluster/faults/pg.js';
import { redisFault } from './cluster/faults/redis.js';

// scripts/cluster.mjs pipes an instance's stdout and stderr into one log stream: when a killed or crashed instance's
// stdout ends first, its last stderr lines meet an ended stream. That must not end the fault run (the instance's
// exit is what the run measures); anything else still does.
process.on('uncaughtException', (err) => {
  if ((err as { code?: string }).code === 'ERR_STREAM_WRITE_AFTER_END') {
    console.log('  (an instance exited; its last log lines were lost by the cluster script)');
    return;
  }
  console.error(err);
  process.exit(1);
});

const FAULTS = { pg: pgFault, kill: killFault, redis: redisFault, disk: diskFault } as const;

const name = process.argv[2] as keyof typeof FAULTS;
if (!(name in FAULTS)) {
  console.error(
    `usage: cluster-faults.ts ${Object.keys(FAULTS).join('|')} [--learners 50] [--seconds 60] [--fault-at 20]`,
  );
  process.exit(2);
}
const result = await FAULTS[name]();
const failed = result.answers.lost > 0 || result.server_errors > 0 || !result.recovered_without_restart.verdict;
if (failed) {
  console.log('  FAULT NOT HANDLED CLEANLY: see the results file');
  process.exitCode = 1;
}
