// The journeys driver: N learners, each its own loop of journeys (bench/cluster/learner.ts) with think time, for a
// fixed time against one base URL; `during` runs beside the load (a fault script injects its fault there).
import { Learner, type Acknowledged, type LearnerAccount, type LoadWorld } from './learner.js';
import { Recorder } from './record.js';

export interface LoadOptions {
  url: string;
  accounts: LearnerAccount[];
  books: string[];
  seconds: number;
  seed: number;
  /** Think time between calls, ms (0.5–2 s). */
  think?: { min: number; max: number };
  sectionAnswers?: number;
  /** Runs beside the load; given the recorder, to mark its moments on the timeline. */
  during?: (recorder: Recorder) => Promise<void>;
}

export interface LoadRun {
  recorder: Recorder;
  ledger: Acknowledged[];
  /** Seconds from the first to the last answer (the learners finish their call in flight after the end). */
  elapsed_s: number;
  think_ms: { min: number; max: number };
  section_answers: number;
}

export async function runLoad(o: LoadOptions): Promise<LoadRun> {
  const recorder = new Recorder();
  const think = o.think ?? { min: 500, max: 2000 };
  const world: LoadWorld = {
    url: o.url,
    recorder,
    ledger: [],
    books: o.books,
    until: performance.now() + o.seconds * 1000,
    think,
    sectionAnswers: o.sectionAnswers ?? 6,
  };
  const learners = o.accounts.map((a, i) => new Learner(world, a, o.seed * 1_000_003 + i));
  const started = performance.now();
  await Promise.all([...learners.map((l) => l.run()), o.during?.(recorder)]);
  return {
    recorder,
    ledger: world.ledger,
    elapsed_s: Number(((performance.now() - started) / 1000).toFixed(2)),
    think_ms: think,
    section_answers: world.sectionAnswers,
  };
}
