import type { CraftSource, PersonalScope } from '@gre/contracts';
import { Space, Tag, Typography } from 'antd';
import { zh } from '../../i18n/zh-CN';
import { RichText } from '../questions';
import type { CraftListItem } from './personal-queries';

const l = zh.personal.list;

/** Spec §2 page sources of the personal pages (the craft source of edits made there). */
export const PAGE_OF: Record<PersonalScope, CraftSource['page']> = {
  collect: 'Collect',
  higher_collect: 'Collect',
  card: 'Collect',
  wrongs: 'Wrongs',
  higher_wrongs: 'Wrongs',
  note: 'Note',
  higher_note: 'Note',
};

/** One crafted question in a personal list: its text (or that it is locked), its kind and the learner's marks. */
export function ItemLine({
  item,
  tagName,
  kindName,
}: {
  item: CraftListItem;
  tagName: (id: number) => string | undefined;
  kindName: (k: string) => string;
}) {
  const { question, craft } = item;
  const tags = (craft.collect?.collect_ids ?? []).map(tagName).filter((x): x is string => Boolean(x));
  return (
    <div className="gp-item">
      <div className="gp-item-text">
        {question.accessable ? <RichText text={question.preview || question.brief} inline lang="en" /> : l.locked}
      </div>
      <Space wrap size={[4, 4]}>
        <Tag color="blue">{kindName(question.kind)}</Tag>
        {craft.wrong && <Tag color="volcano">{l.wrongCount(craft.wrong.count)}</Tag>}
        {craft.note && <Tag color="green">{l.mastery(craft.note.review.mastery)}</Tag>}
        {tags.map((t) => (
          <Tag key={t}>{t}</Tag>
        ))}
        {craft.wrong?.source.name && (
          <Typography.Text type="secondary">{l.lastSource(craft.wrong.source.name)}</Typography.Text>
        )}
      </Space>
    </div>
  );
}
