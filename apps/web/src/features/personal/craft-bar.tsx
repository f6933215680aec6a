import { EditOutlined, StarFilled, StarOutlined, ThunderboltFilled, ThunderboltOutlined } from '@ant-design/icons';
import type { Craft } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { zh } from '../../i18n/zh-CN';
import { CollectTagDialog } from './collect-tag-dialog';
import { NoteEditor } from './note-editor';
import { craftQuery, reasonLibQuery, useCraftUpdate, type CraftTarget } from './personal-queries';
import './personal.css';

const b = zh.personal.bar;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Spec §4: toggling collect sets `collected`; unchecking clears the tag ids. */
export function collectToggled(craft: Craft | null, tagIds?: number[]) {
  const on = tagIds !== undefined || !craft?.collect?.collected;
  return {
    collected: on,
    collect_ids: on ? (tagIds ?? craft?.collect?.collect_ids ?? []) : [],
    word: craft?.collect?.word ?? null,
  };
}

/** Spec §4: card collect sets the range kind, the flag and the timestamp — 0 when uncollected. */
export function cardToggled(craft: Craft | null, now: number) {
  const on = !craft?.card?.collected;
  return {
    finished: craft?.card?.finished ?? false,
    collected: on,
    range_kind: on ? 1 : 0,
    collect_time_stamp: on ? now : 0,
  };
}

/**
 * The learner's marks on a question in review, wherever it shows (practice viewer, exam result, personal pages,
 * search): 收藏 with tags, 闪卡 collect, and the note editor. The host says where the question was met (`source`).
 */
export function CraftBar({ target, noteOpen = false }: { target: CraftTarget; noteOpen?: boolean }) {
  const { message } = App.useApp();
  const { data: craft, isPending } = useQuery(craftQuery(target.questionId));
  const update = useCraftUpdate(target);
  const [tagsOpen, setTagsOpen] = useState(false);
  const [showNote, setShowNote] = useState(noteOpen);
  // Only the note editor needs the reasons: asked for the first time it opens, then held for the session.
  const { data: reasonLib, isPending: libraryPending } = useQuery({ ...reasonLibQuery, enabled: showNote });
  if (isPending) return <Skeleton.Button active size="small" />;
  const current = craft ?? null;
  const collected = current?.collect?.collected === true;
  const carded = current?.card?.collected === true;
  const library = reasonLib?.categories.find((c) => c.category === target.category)?.reasons ?? [];

  const toggleCollect = () =>
    update.mutate(
      { kind: 'Collect', craft: { collect: collectToggled(current) } },
      {
        onSuccess: ({ craft: saved }) => {
          if (!saved.collect?.collected) return void message.info(b.uncollectedMsg);
          void message.success(
            <span className="gp-msg">
              {b.collectedMsg}
              <Button type="link" size="small" onClick={() => setTagsOpen(true)}>
                {b.setTags}
              </Button>
            </span>,
          );
        },
      },
    );
  const toggleCard = () =>
    update.mutate(
      { kind: 'Card', craft: { card: cardToggled(current, nowSeconds()) } },
      { onSuccess: ({ craft: saved }) => void message.success(saved.card?.collected ? b.cardMsg : b.cardRemovedMsg) },
    );
  const saveTags = (ids: number[]) =>
    update.mutate(
      { kind: 'Collect', craft: { collect: collectToggled(current, ids) } },
      {
        onSuccess: () => {
          setTagsOpen(false);
          void message.success(zh.personal.tags.saved);
        },
      },
    );

  return (
    <div className="gp-craft">
      <Space wrap size={[8, 8]} className="gp-craft-bar">
        <Button
          icon={collected ? <StarFilled /> : <StarOutlined />}
          aria-pressed={collected}
          onClick={toggleCollect}
          disabled={update.isPending}
        >
          {collected ? b.collected : b.collect}
        </Button>
        {collected && <Button onClick={() => setTagsOpen(true)}>{b.setTags}</Button>}
        <Button icon={<EditOutlined />} aria-expanded={showNote} onClick={() => setShowNote(!showNote)}>
          {b.note}
        </Button>
        <Button
          icon={carded ? <ThunderboltFilled /> : <ThunderboltOutlined />}
          aria-pressed={carded}
          onClick={toggleCard}
          disabled={update.isPending}
        >
          {carded ? b.cardCollected : b.card}
        </Button>
      </Space>
      {/* The editor reads which reasons are ticked once, when it opens: it waits for the library rather than open without it. */}
      {showNote &&
        (libraryPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : (
          <NoteEditor key={current?.id ?? 0} craft={current} library={library} update={update} />
        ))}
      {tagsOpen && (
        <CollectTagDialog
          initial={current?.collect?.collect_ids ?? []}
          saving={update.isPending}
          onSave={saveTags}
          onClose={() => setTagsOpen(false)}
        />
      )}
    </div>
  );
}
