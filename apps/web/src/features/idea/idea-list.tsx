import { LockOutlined } from '@ant-design/icons';
import { DIFFICULTIES, type QuestionBrief } from '@gre/contracts';
import { Empty, Input, Pagination, Segmented, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { zh } from '../../i18n/zh-CN';

const c = zh.idea;

/** The server's keyword needs two characters; shorter input filters nothing yet. */
export const KEYWORD_MIN = 2;
const DEBOUNCE_MS = 300;

export interface IdeaFilterState {
  keyword: string | undefined;
  difficulty: (typeof DIFFICULTIES)[number] | undefined;
  page: number;
}

/** The search box and difficulty switch; typing settles for a moment before it filters. */
export function IdeaFilters({
  value,
  onChange,
}: {
  value: IdeaFilterState;
  onChange: (next: IdeaFilterState) => void;
}) {
  const [text, setText] = useState(value.keyword ?? '');
  const trimmed = text.trim();
  const tooShort = trimmed.length > 0 && trimmed.length < KEYWORD_MIN;
  const wanted = trimmed.length >= KEYWORD_MIN ? trimmed : undefined;
  useEffect(() => {
    if (wanted === value.keyword) return;
    const t = window.setTimeout(() => onChange({ ...value, keyword: wanted, page: 1 }), DEBOUNCE_MS);
    return () => window.clearTimeout(t);
  }, [wanted, value, onChange]);
  return (
    <div className="gi-filters">
      <Input.Search
        allowClear
        value={text}
        placeholder={c.searchPlaceholder}
        aria-label={c.searchPlaceholder}
        onChange={(e) => setText(e.target.value)}
        status={tooShort ? 'warning' : undefined}
      />
      {tooShort && (
        <Typography.Text type="warning" className="gi-hint">
          {c.keywordTooShort}
        </Typography.Text>
      )}
      <Segmented
        block
        value={value.difficulty ?? 'all'}
        onChange={(v) =>
          onChange({ ...value, difficulty: v === 'all' ? undefined : (v as IdeaFilterState['difficulty']), page: 1 })
        }
        options={[
          { value: 'all', label: c.allDifficulties },
          ...DIFFICULTIES.map((d) => ({ value: d, label: zh.bank.difficulty[d] ?? d })),
        ]}
      />
    </div>
  );
}

function PromptLine({
  item,
  selected,
  onSelect,
}: {
  item: QuestionBrief;
  selected: boolean;
  onSelect: (item: QuestionBrief) => void;
}) {
  return (
    <li>
      <button
        type="button"
        className={`gi-item${selected ? ' gi-item-selected' : ''}${item.accessable ? '' : ' gi-item-locked'}`}
        aria-current={selected ? 'true' : undefined}
        onClick={() => onSelect(item)}
      >
        <span className="gi-item-title">
          {!item.accessable && <LockOutlined aria-label={c.lockedAria} className="gi-lock" />}
          {item.brief || item.id}
        </span>
        {item.preview && <span className="gi-item-preview">{item.preview}</span>}
        <span className="gi-item-tags">
          <Tag>{zh.bank.difficulty[item.difficulty] ?? item.difficulty}</Tag>
          {item.visibility === 'locked' && <Tag color="gold">{c.lockedTag}</Tag>}
        </span>
      </button>
    </li>
  );
}

export interface IdeaListProps {
  items: QuestionBrief[] | undefined;
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  selectedId: string | null;
  onSelect: (item: QuestionBrief) => void;
  onPage: (page: number) => void;
}

/** The prompts of one page: Chinese title, the opening of the English prompt, difficulty and the lock. */
export function IdeaList({ items, total, page, pageSize, loading, selectedId, onSelect, onPage }: IdeaListProps) {
  if (!items) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (items.length === 0)
    return (
      <Empty
        description={
          <>
            {c.empty}
            <br />
            {c.emptyHint}
          </>
        }
      />
    );
  return (
    <div className={loading ? 'gi-list gi-list-loading' : 'gi-list'} aria-busy={loading}>
      <Typography.Text type="secondary" className="gi-count">
        {c.count(total)}
      </Typography.Text>
      <ul className="gi-items">
        {items.map((item) => (
          <PromptLine key={item.id} item={item} selected={item.id === selectedId} onSelect={onSelect} />
        ))}
      </ul>
      {total > pageSize && (
        <Pagination
          className="gi-pager"
          size="small"
          simple
          current={page}
          pageSize={pageSize}
          total={total}
          onChange={onPage}
        />
      )}
    </div>
  );
}
