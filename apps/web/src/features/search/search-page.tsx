import { DIFFICULTIES } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Input, List, Pagination, Select, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { OpenableListItem } from '../../components/openable-list-item';
import { zh } from '../../i18n/zh-CN';
import { useBankNames, type BankNames } from '../questions';
import { Highlighted } from './highlight';
import { PAGE_SIZE, searchFromParams, searchParamsOf, searchQuery, type SearchRequest } from './search-queries';
import { SearchViewer, type OpenedResult } from './search-viewer';
import './search.css';

const s = zh.search;

function Filters({
  req,
  names,
  set,
}: {
  req: SearchRequest;
  names: BankNames;
  set: (change: Partial<SearchRequest>) => void;
}) {
  const categories = (names.config?.categories ?? []).filter((c) => c.id !== 5);
  const cfg = categories.find((c) => c.id === req.category);
  return (
    <Space wrap className="gs-filters">
      <Select
        aria-label={s.category}
        prefix={s.category}
        value={req.category ?? 0}
        popupMatchSelectWidth={false}
        onChange={(category) => set({ category, kind: undefined })}
        options={[{ value: 0, label: s.all }, ...categories.map((c) => ({ value: c.id, label: c.name }))]}
      />
      <Select
        aria-label={s.kind}
        prefix={s.kind}
        value={req.kind ?? ''}
        disabled={!cfg}
        popupMatchSelectWidth={false}
        onChange={(kind) => set({ kind: kind || undefined })}
        options={[{ value: '', label: s.all }, ...(cfg?.kinds ?? []).map((k) => ({ value: k.id, label: k.name }))]}
      />
      <Select
        aria-label={s.difficulty}
        prefix={s.difficulty}
        value={req.difficulty ?? ''}
        popupMatchSelectWidth={false}
        onChange={(difficulty) => set({ difficulty: (difficulty || undefined) as SearchRequest['difficulty'] })}
        options={[{ value: '', label: s.all }, ...DIFFICULTIES.map((d) => ({ value: d, label: names.difficulty(d) }))]}
      />
    </Space>
  );
}

function Results({
  req,
  names,
  open,
  onPage,
}: {
  req: SearchRequest;
  names: BankNames;
  open: (r: OpenedResult) => void;
  onPage: (page: number) => void;
}) {
  const { data, isPending, isError, isPlaceholderData } = useQuery(searchQuery(req));
  if (isError) return <Alert type="error" showIcon title={s.loadFailed} />;
  if (isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (data.total === 0) return <Empty description={s.none} />;
  const words = req.scope === 'words';
  return (
    <div className={isPlaceholderData ? 'gs-stale' : undefined}>
      <Typography.Text type="secondary" className="gs-total">
        {data.capped ? s.capped(data.total) : s.total(data.total)}
      </Typography.Text>
      {words ? (
        <List
          dataSource={data.words}
          rowKey="question_id"
          renderItem={(w) => (
            <OpenableListItem className="gs-item" onOpen={() => open({ id: w.question_id, category: 5, tags: [] })}>
              <div>
                <Space size={8} wrap>
                  <Typography.Text strong className="gs-word">
                    {w.field === 'word' ? <Highlighted text={w.word} ranges={w.highlights} /> : w.word}
                  </Typography.Text>
                  {w.phonetic && <Typography.Text type="secondary">/{w.phonetic}/</Typography.Text>}
                </Space>
                <div className="gs-snippet">
                  {w.field === 'translation' ? (
                    <Highlighted text={w.translation} ranges={w.highlights} />
                  ) : (
                    w.translation
                  )}
                </div>
              </div>
            </OpenableListItem>
          )}
        />
      ) : (
        <List
          dataSource={data.questions}
          rowKey={(r) => r.question.id}
          renderItem={(r) => (
            <OpenableListItem
              className="gs-item"
              onOpen={() => open({ id: r.question.id, category: r.question.category, tags: r.question.tag_ids })}
            >
              <div>
                <Space size={[6, 4]} wrap className="gs-tags">
                  <Tag color="blue">{names.kind(r.question.kind)}</Tag>
                  <Tag>{names.difficulty(r.question.difficulty)}</Tag>
                  <Tag color="gold">{s.fields[r.field]}</Tag>
                  <Typography.Text type="secondary">{r.question.id}</Typography.Text>
                </Space>
                <div className="gs-snippet">
                  <Highlighted text={r.snippet} ranges={r.highlights} />
                </div>
              </div>
            </OpenableListItem>
          )}
        />
      )}
      <Pagination
        className="gs-pager"
        current={req.page ?? 1}
        pageSize={PAGE_SIZE}
        total={Math.min(data.total, 100 * PAGE_SIZE)}
        showSizeChanger={false}
        hideOnSinglePage
        onChange={onPage}
      />
    </div>
  );
}

/** The query box; keyed by the query in the URL, so back and forward put the query they return to in it. */
function SearchBox({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const [draft, setDraft] = useState(initial);
  return (
    <Input.Search
      aria-label={s.title}
      enterButton={s.submit}
      size="large"
      allowClear
      maxLength={64}
      placeholder={s.placeholder}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onSearch={(q) => {
        const trimmed = q.trim();
        if (trimmed) onSearch(trimmed);
      }}
    />
  );
}

/** /search: questions (stem, passage, options, explanation) and GRE words, Chinese or English, with highlighted matches. */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const req = searchFromParams(params);
  const names = useBankNames();
  const [opened, setOpened] = useState<OpenedResult | null>(null);
  const set = (change: Partial<SearchRequest>) =>
    setParams(searchParamsOf({ ...req, ...change, page: change.page ?? 1 }));
  const scope: SearchRequest['scope'] = params.get('scope') === 'words' ? 'words' : 'questions';

  return (
    <div className="gs-page">
      <Typography.Title level={3}>{s.title}</Typography.Title>
      <Card className="gs-box">
        <SearchBox
          key={req?.q ?? ''}
          initial={req?.q ?? ''}
          onSearch={(q) => setParams(searchParamsOf({ ...req, scope, q, page: 1 }))}
        />
        <Tabs
          className="gs-scopes"
          activeKey={scope}
          // The filters belong to the questions tab: words are searched without them.
          onChange={(key) => setParams(searchParamsOf({ q: req?.q, scope: key as SearchRequest['scope'] }))}
          items={(['questions', 'words'] as const).map((key) => ({ key, label: s.scopes[key] }))}
        />
        {req && req.scope !== 'words' && <Filters req={req} names={names} set={set} />}
      </Card>
      <Card className="gs-results">
        {req ? (
          <Results req={req} names={names} open={setOpened} onPage={(page) => set({ page })} />
        ) : (
          <Empty description={s.start} />
        )}
      </Card>
      {opened && req && <SearchViewer result={opened} query={req.q} onClose={() => setOpened(null)} />}
    </div>
  );
}
