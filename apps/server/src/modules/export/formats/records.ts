import {
  EXPORT_LIMITS,
  EXPORT_PARTS,
  passageSentences,
  VISIBILITIES,
  type ContentQuestion,
  type Craft,
  type ExportPart,
  type ExportScope,
} from '@gre/contracts';
import { decideAccess, type Visibility } from '../../../lib/access.js';
import { visibleVisibilities, type Actor } from '../../../lib/authorize.js';
import type { Deps } from '../../../lib/deps.js';
import { drawPersonal, toCraft } from '../../crafts/index.js';
import { answersHeldFor, CATEGORY_CONFIG, questionsWithPassages } from '../../questions/index.js';
import { craftsOn, tagNames } from '../learner-data.repository.js';
import { DIFFICULTY_NAMES, NOTE_FIELDS, type QuestionRecord, type StandardAnswer } from './question-record.js';

const kindNames = new Map(CATEGORY_CONFIG.categories.flatMap((c) => c.kinds.map((k) => [k.id, k.name] as const)));
const categoryNames = new Map(CATEGORY_CONFIG.categories.map((c) => [c.id, c.name] as const));

function partsOf(craft: Craft): ExportPart[] {
  return EXPORT_PARTS.filter((p) =>
    p === 'wrongs' ? craft.wrong !== null : p === 'collect' ? craft.collect?.collected === true : craft.note !== null,
  );
}

function noteOf(craft: Craft): QuestionRecord['note'] {
  if (!craft.note) return null;
  const fields = NOTE_FIELDS.map(([k, label]) => [label, craft.note!.text_input[k].trim()] as [string, string]).filter(
    ([, text]) => text.length > 0,
  );
  const reasons = craft.note.reasons.filter((r) => r.checked).map((r) => r.name);
  return fields.length || reasons.length ? { fields, reasons } : null;
}

/**
 * The learner's wrong / collected / noted questions of `scope`, newest marked first, at most EXPORT_LIMITS.questions:
 * the personal pages' crafts of questions the learner may see (crafts' `drawPersonal`), printed with what the question
 * viewer would show them now — answers and explanations withheld while a running exam holds the question.
 */
export async function questionRecords(
  deps: Pick<Deps, 'database' | 'clock'>,
  actor: Actor,
  scope: ExportScope,
): Promise<QuestionRecord[]> {
  const now = deps.clock.now();
  const userId = actor.user.id;
  const drawn = await Promise.all(
    scope.parts.map((part) =>
      drawPersonal(deps, {
        userId,
        scope: part,
        filter: { category: scope.category },
        visibilities: visibleVisibilities(actor),
        dueBy: now,
        count: EXPORT_LIMITS.questions,
      }),
    ),
  );
  const ids = [...new Set(drawn.flat().map((d) => d.questionId))];
  if (ids.length === 0) return [];
  const [rows, craftRows, tags, held] = await Promise.all([
    questionsWithPassages(deps, ids),
    craftsOn(deps.database.db, userId, ids),
    tagNames(deps.database.db, userId),
    answersHeldFor(deps, userId, ids),
  ]);
  const byId = new Map(rows.map((r) => [r.question.id, r]));
  const records: QuestionRecord[] = [];
  for (const row of craftRows) {
    const found = byId.get(row.questionId);
    if (!found) continue;
    const { question: q, passage } = found;
    const visibility = (VISIBILITIES as readonly string[]).includes(q.visibility) ? (q.visibility as Visibility) : null;
    const decision = visibility ? decideAccess(actor, visibility, null, now) : null;
    if (!decision?.see) continue;
    const craft = toCraft(row);
    const input = q.inputMethod as ContentQuestion['input_method'];
    const analysis = q.analysis as ContentQuestion['analysis'];
    const open = decision.answers && !held.has(q.id);
    records.push({
      id: q.id,
      categoryName: categoryNames.get(q.category) ?? '',
      kindName: kindNames.get(q.kind) ?? q.kind,
      difficulty: DIFFICULTY_NAMES[q.difficulty] ?? q.difficulty,
      marks: partsOf(craft).filter((p) => scope.parts.includes(p)),
      passage: passage ? { id: passage.id, title: passage.title, text: passage.text } : null,
      description: q.description,
      inquiry: q.inquiry,
      quantityA: q.quantityA,
      quantityB: q.quantityB,
      inputKind: input.kind,
      optionGroups: input.option_groups.map((g) => g.options),
      fill: { prefix: input.fill_prefix, suffix: input.fill_suffix },
      media: q.media as ContentQuestion['media'],
      sentences: passage ? passageSentences({ text: passage.text, sentences: passage.sentences ?? undefined }) : [],
      myAnswer: craft.wrong?.answer ?? null,
      wrongCount: craft.wrong?.count ?? 0,
      answers: open
        ? {
            standard: q.standardAnswer as StandardAnswer,
            analysis: analysis.text,
            keyWords: analysis.key_words,
          }
        : null,
      withheld: open ? null : 'exam',
      note: noteOf(craft),
      tags: (craft.collect?.collected ? craft.collect.collect_ids : []).flatMap((id) => tags.get(id) ?? []),
      updatedAt: new Date(craft.updated_at * 1000),
    });
  }
  return records.sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || a.id.localeCompare(b.id));
}
