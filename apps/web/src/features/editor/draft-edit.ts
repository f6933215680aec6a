import { rekey, type DraftBody } from '@gre/contracts';

/** A change to the draft, written as a mutation of a copy: the form's one way to change what it shows. */
export type Edit = (change: (draft: DraftBody) => void) => void;

export function editOf(body: DraftBody, onChange: (next: DraftBody) => void): Edit {
  return (change) => {
    const next = structuredClone(body);
    change(next);
    onChange(next);
  };
}

type Group = DraftBody['question']['input_method']['option_groups'][number];
/** An option with the place it had before the change (-1: new), so the answer follows it. */
export type Placed = { text: string; from: number };
const LETTERS = 'ABCDEFGHI';

/** A group's options as placed, to change. */
export const placed = (g: Group): Placed[] => g.options.map((o, i) => ({ text: o.text, from: i }));

/**
 * Option keys follow their place (A, B, …) as the content check wants, so moving or removing an option re-keys the
 * group; the answer keeps pointing at the same texts. `option_size` follows the groups.
 */
export function changeGroup(draft: DraftBody, gi: number, next: Placed[]): void {
  const im = draft.question.input_method;
  const after: Group['options'] = rekey(next);
  const keyOf = (oldKey: string) => {
    const i = next.findIndex((o) => o.from === LETTERS.indexOf(oldKey));
    return i >= 0 ? after[i]!.key : null;
  };
  im.option_groups[gi] = { options: after };
  im.option_size = im.option_groups[0]?.options.length ?? 0;
  const sa = draft.question.standard_answer;
  if (im.kind === 'MultiSelect' || im.kind === 'SixChooseTwo')
    sa.multi_selects = sa.multi_selects.flatMap((k) => keyOf(k) ?? []).sort();
  else {
    const old = sa.selects[gi];
    if (im.kind !== 'SelectSentence' && old !== undefined) sa.selects[gi] = keyOf(old) ?? '';
  }
}

/** Moves item `i` by `by` places. */
export function moved<T>(items: T[], i: number, by: number): T[] {
  const j = i + by;
  if (j < 0 || j >= items.length) return items;
  const next = [...items];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}
