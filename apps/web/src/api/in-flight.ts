type Listener = () => void;

let count = 0;
/** Bumped each time the count leaves zero, so a busy period can be told from the next one. */
let period = 0;
const listeners = new Set<Listener>();

function emit(): void {
  listeners.forEach((l) => l());
}

/** Counts API requests in flight for the global loading overlay. Arrow properties, as `useSyncExternalStore` takes
 * `subscribe` and `busyPeriod` detached. */
export const inFlight = {
  start: (): void => {
    if (count === 0) period += 1;
    count += 1;
    emit();
  },
  end: (): void => {
    count = Math.max(0, count - 1);
    emit();
  },
  get: (): number => {
    return count;
  },
  /** The current busy period's number, or 0 while nothing is in flight. */
  busyPeriod: (): number => {
    return count > 0 ? period : 0;
  },
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
