import { CRAFT_LIMITS, MASTERY_MAX, type Craft, type CraftNote } from '@gre/contracts';
import { App, Button, Checkbox, Input, Rate, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { zh } from '../../i18n/zh-CN';
import type { Reason, useCraftUpdate } from './personal-queries';

const t = zh.personal.note;

const TEXT_FIELDS = ['review', 'difficulty', 'new_way', 'puzzle', 'note'] as const;

export const EMPTY_NOTE: CraftNote = {
  text_input: { review: '', difficulty: '', new_way: '', puzzle: '', note: '' },
  reasons: [],
  review: { mastery: 0, reviewed: false, improvement: '', reasons: [] },
};

interface Draft {
  text: CraftNote['text_input'];
  /** Library reason id → checked and its input. */
  picked: Record<string, { checked: boolean; input: string }>;
  mastery: number;
  reviewed: boolean;
  improvement: string;
}

function draftOf(note: CraftNote, library: Reason[]): Draft {
  const picked: Draft['picked'] = {};
  for (const r of library) {
    const checked = note.reasons.some((x) => x.name === r.name && x.checked);
    const input = note.review.reasons.find((x) => x.reason_id === r.id)?.input ?? '';
    picked[r.id] = { checked, input };
  }
  return {
    text: { ...note.text_input },
    picked,
    mastery: note.review.mastery,
    reviewed: note.review.reviewed,
    improvement: note.review.improvement,
  };
}

/**
 * The note a save writes: the edited fields over the saved note. Reasons outside this category's library (written
 * elsewhere, or since retired) and their inputs are carried over untouched, so a save never drops what it did not show.
 */
export function noteFromDraft(saved: CraftNote, library: Reason[], d: Draft): CraftNote {
  const libraryNames = new Set(library.map((r) => r.name));
  const libraryIds = new Set(library.map((r) => r.id));
  const reasons = [
    ...saved.reasons.filter((r) => !libraryNames.has(r.name)),
    ...library.filter((r) => d.picked[r.id]?.checked).map((r) => ({ name: r.name, type: r.type, checked: true })),
  ].slice(0, CRAFT_LIMITS.reasons);
  const reviewReasons = [
    ...saved.review.reasons.filter((r) => !libraryIds.has(r.reason_id)),
    ...library
      .filter((r) => d.picked[r.id]?.checked)
      .map((r) => ({ reason_id: r.id, input: d.picked[r.id]?.input ?? '' })),
  ].slice(0, CRAFT_LIMITS.reasons);
  return {
    text_input: d.text,
    reasons,
    review: { mastery: d.mastery, reviewed: d.reviewed, improvement: d.improvement, reasons: reviewReasons },
  };
}

/**
 * Notes and review of one question (spec §3 Craft.note): the five text inputs, the reasons from the category's
 * library each with its own line, mastery 0–4 and reviewed, saved as Note; the improvement saved on its own
 * (Improvement) with its success message.
 */
export function NoteEditor({
  craft,
  library,
  update,
}: {
  craft: Craft | null;
  library: Reason[];
  update: ReturnType<typeof useCraftUpdate>;
}) {
  const { message } = App.useApp();
  const saved = craft?.note ?? EMPTY_NOTE;
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved, library));
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const setPick = (id: string, patch: Partial<Draft['picked'][string]>) =>
    setDraft((d) => ({
      ...d,
      picked: { ...d.picked, [id]: { checked: false, input: '', ...d.picked[id], ...patch } },
    }));

  const saveNote = () =>
    update.mutate(
      { kind: 'Note', craft: { note: noteFromDraft(saved, library, draft) } },
      { onSuccess: () => void message.success(t.saved) },
    );
  const saveImprovement = () =>
    update.mutate(
      { kind: 'Improvement', craft: { improvement: { improvement: draft.improvement, mastery: draft.mastery } } },
      { onSuccess: () => void message.success(t.improvementSaved) },
    );

  return (
    <section className="gp-note" aria-label={t.title}>
      <Typography.Title level={5}>{t.title}</Typography.Title>
      <div className="gp-note-texts">
        {TEXT_FIELDS.map((f) => (
          <label key={f} className="gp-field">
            <span className="gp-field-label">{t.fields[f]}</span>
            <Input.TextArea
              value={draft.text[f]}
              maxLength={CRAFT_LIMITS.noteText}
              autoSize={{ minRows: 1, maxRows: 6 }}
              onChange={(e) => set({ text: { ...draft.text, [f]: e.target.value } })}
            />
          </label>
        ))}
      </div>
      {library.length > 0 && (
        <fieldset className="gp-reasons">
          <legend>{t.reasons}</legend>
          {library.map((r) => {
            const p = draft.picked[r.id];
            return (
              <div key={r.id} className="gp-reason">
                <Checkbox checked={p?.checked ?? false} onChange={(e) => setPick(r.id, { checked: e.target.checked })}>
                  {r.name} <span className="gp-reason-type">{t.reasonTypes[r.type]}</span>
                </Checkbox>
                {p?.checked && (
                  <Input
                    size="small"
                    value={p.input}
                    maxLength={CRAFT_LIMITS.reasonInput}
                    aria-label={t.reasonInput(r.name)}
                    placeholder={t.reasonInput(r.name)}
                    onChange={(e) => setPick(r.id, { input: e.target.value })}
                  />
                )}
              </div>
            );
          })}
        </fieldset>
      )}
      <div className="gp-mastery">
        <span className="gp-field-label" id="gp-mastery-label">
          {t.mastery}
        </span>
        {/* Mastery 0 is no star: clicking the lit last star clears it back to 0. */}
        <Rate
          count={MASTERY_MAX}
          value={draft.mastery}
          onChange={(mastery) => set({ mastery })}
          tooltips={t.masteryLevels.slice(1)}
          aria-labelledby="gp-mastery-label"
        />
        <span className="gp-mastery-name">{t.masteryLevels[draft.mastery]}</span>
        <label className="gp-inline">
          <Switch
            size="small"
            checked={draft.reviewed}
            onChange={(reviewed) => set({ reviewed })}
            aria-label={t.reviewed}
          />{' '}
          {t.reviewed}
        </label>
      </div>
      <label className="gp-field">
        <span className="gp-field-label">{t.improvement}</span>
        <Input.TextArea
          value={draft.improvement}
          maxLength={CRAFT_LIMITS.noteText}
          autoSize={{ minRows: 1, maxRows: 6 }}
          onChange={(e) => set({ improvement: e.target.value })}
        />
      </label>
      <Space wrap>
        <Button type="primary" onClick={saveNote} loading={update.isPending && update.variables?.kind === 'Note'}>
          {t.save}
        </Button>
        <Button onClick={saveImprovement} loading={update.isPending && update.variables?.kind === 'Improvement'}>
          {t.improvementSave}
        </Button>
      </Space>
    </section>
  );
}
