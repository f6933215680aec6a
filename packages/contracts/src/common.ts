import { z } from 'zod';

/** Bounds every string and array in a request shares; a call may choose a tighter one. */
export const LIMITS = {
  shortText: 64,
  text: 500,
  longText: 20_000,
  idList: 200,
  password: { min: 8, max: 72 },
  signature: 100,
  name: 32,
  todayAim: { min: 1, max: 1000 },
  deviceId: 64,
} as const;

/** A bounded string: every request string goes through this so no call accepts unbounded text. */
export const str = (max: number = LIMITS.text, min = 0) => z.string().min(min).max(max);

/** A bounded array. */
export const arr = <T extends z.ZodType>(item: T, max: number = LIMITS.idList) => z.array(item).max(max);

/** Database ids are positive 53-bit-safe integers. */
export const idSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** An empty request body. */
export const emptySchema = z.strictObject({});

/** Unix seconds. */
export const unixSchema = z.number().int().nonnegative();

export const okSchema = z.object({ done: z.literal(true) });

/** A page of a list: which page, its size and the total. Here, not in a call's file, so a contract that pages does
 * not pull another call's module into the bundles that import it. */
export const pageControlSchema = z.object({
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});
export type PageControl = z.infer<typeof pageControlSchema>;
