import { nextShanghaiMidnight } from '@gre/contracts';
import { createEmptyCard, fsrs, Rating, State, type Card } from 'ts-fsrs';
import { z } from 'zod';

/**
 * Spaced re-review of wrong questions (FSRS through ts-fsrs). Re-reviews happen by practising, a day at a time, so the
 * scheduler works in whole days (no minute learning steps): a wrong answer makes the question due tomorrow, right
 * answers push it further out. Fuzz stays off so a schedule is reproducible.
 */
const scheduler = fsrs({ enable_short_term: false, enable_fuzz: false });

const STATE_NAMES = ['New', 'Learning', 'Review', 'Relearning'] as const;
type StateName = (typeof STATE_NAMES)[number];

/**
 * What `crafts.schedule` holds: the contract's review schedule (unix seconds, state by name) plus the memory figures
 * FSRS needs to take the next step. Older rows may lack the figures; they restart as a new card.
 */
export interface StoredSchedule {
  due: number;
  reps: number;
  lapses: number;
  last_review: number | null;
  state: StateName;
  stability: number;
  difficulty: number;
  scheduled_days: number;
  learning_steps: number;
  elapsed_days: number;
}

const storedSchema = z.object({
  due: z.number(),
  reps: z.number().int().nonnegative(),
  lapses: z.number().int().nonnegative(),
  last_review: z.number().nullable(),
  state: z.enum(STATE_NAMES),
  stability: z.number().positive(),
  difficulty: z.number(),
  scheduled_days: z.number().nonnegative(),
  learning_steps: z.number().int().nonnegative(),
  elapsed_days: z.number().nonnegative(),
});

const toDate = (s: number) => new Date(s * 1000);
const toUnix = (d: Date) => Math.floor(d.getTime() / 1000);

function toCard(stored: unknown, now: Date): Card {
  const s = storedSchema.safeParse(stored);
  if (!s.success) return createEmptyCard(now);
  const v = s.data;
  return {
    due: toDate(v.due),
    stability: v.stability,
    difficulty: v.difficulty,
    elapsed_days: v.elapsed_days,
    scheduled_days: v.scheduled_days,
    learning_steps: v.learning_steps,
    reps: v.reps,
    lapses: v.lapses,
    state: State[v.state],
    ...(v.last_review === null ? {} : { last_review: toDate(v.last_review) }),
  };
}

/** One re-review: wrong → Again, right → Good. `stored` is the previous `crafts.schedule` (null for a first time). */
export function stepSchedule(stored: unknown, right: boolean, now: Date): StoredSchedule {
  const card = scheduler.next(toCard(stored, now), now, right ? Rating.Good : Rating.Again).card;
  return {
    due: toUnix(card.due),
    reps: card.reps,
    lapses: card.lapses,
    last_review: card.last_review ? toUnix(card.last_review) : null,
    state: STATE_NAMES[card.state],
    stability: card.stability,
    difficulty: card.difficulty,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    elapsed_days: card.elapsed_days,
  };
}

/**
 * A question is due today when its due time falls before the next Shanghai midnight: reviews are counted and capped
 * per calendar day, so whatever comes due later today belongs to today's list.
 */
export function dueBefore(now: Date): Date {
  return new Date(nextShanghaiMidnight(toUnix(now)) * 1000);
}

/** Re-reviews a learner is offered per day, unless the admin's `review_cap` setting says otherwise. */
export const DEFAULT_REVIEW_CAP = 30;

/** The daily cap after the admin's override; a malformed override is ignored. */
export function reviewCap(override: unknown): number {
  const parsed = z.number().int().min(0).max(10_000).safeParse(override);
  return parsed.success ? parsed.data : DEFAULT_REVIEW_CAP;
}
