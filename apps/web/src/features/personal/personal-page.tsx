import { ReloadOutlined } from '@ant-design/icons';
import type { CraftSource, PersonalScope } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, List, Pagination, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { OpenableListItem } from '../../components/openable-list-item';
import { PageIntro } from '../../components/page-intro';
import { zh } from '../../i18n/zh-CN';
import { RichText, useBankNames } from '../questions';
import { CraftReview } from './craft-review';
import { DueStrip, PersonalIndex } from './personal-index';
import { isFiltered, listRequest, PersonalFilters, readParams, writeParams } from './personal-filters';
import { usePersonalPractice } from './personal-practice';
import { craftListQuery, filterOf, PERSONAL_PAGE_SIZE, tagsQuery, type CraftListItem } from './personal-queries';
import './personal.css';

const l = zh.personal.list;

/** Spec §2 page sources of the personal pages (the craft source of edits made there). */
const PAGE_OF: Record<PersonalScope, CraftSource['page']> = {
  collect: 'Collect',
  higher_collect: 'Collect',
  card: 'Collect',
  wrongs: 'Wrongs',
  higher_wrongs: 'Wrongs',
  note: 'Note',
  higher_note: 'Note',
};

function ItemLine({
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

/** One personal page (spec §2 personal/*): filters, the crafted questions, review in place, practise them as an exam. */
export function ScopePage({ scope, embedded = false }: { scope: PersonalScope; embedded?: boolean }) {
  const names = useBankNames();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const params = readParams(search);
  const [now] = useState(() => Math.floor(Date.now() / 1000));
  const request = listRequest(scope, params, now);
  const { data, isPending, isError, refetch } = useQuery(craftListQuery(request));
  const { data: tags } = useQuery({ ...tagsQuery, enabled: scope.endsWith('collect') });
  const [open, setOpen] = useState<number | null>(null);
  const practice = usePersonalPractice();
  const title = zh.personal.scopes[scope];
  const tagName = (id: number) => tags?.collects.find((t) => t.id === id)?.name;
  const items = data?.items ?? [];
  const total = data?.total ?? 0;

  const practiseButton = (
    <Button
      type="primary"
      disabled={total === 0}
      loading={practice.isPending}
      onClick={() => practice.start(scope, total, filterOf(request))}
    >
      {l.practise}
    </Button>
  );
  return (
    <>
      {embedded ? (
        <Typography.Title level={4} className="gp-embedded-title">
          {title}
        </Typography.Title>
      ) : (
        <PageIntro title={title} intro={zh.personal.scopeIntro[scope]} />
      )}
      {(scope === 'wrongs' || scope === 'higher_wrongs') && <DueStrip />}
      <div className="gp-toolbar">
        <PersonalFilters scope={scope} params={params} names={names} onChange={(p) => setSearch(writeParams(p))} />
        <Space wrap>
          {data && <Typography.Text type="secondary">{l.total(total)}</Typography.Text>}
          {practiseButton}
        </Space>
      </div>
      <Card className="gp-list">
        {isError ? (
          <Empty description={l.loadFailed}>
            <Button icon={<ReloadOutlined />} onClick={() => void refetch()}>
              {zh.common.retry}
            </Button>
          </Empty>
        ) : isPending ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : items.length === 0 ? (
          isFiltered(params) ? (
            <Empty description={l.emptyFiltered}>
              <Button onClick={() => setSearch({})}>{l.clearFilters}</Button>
            </Empty>
          ) : (
            <Empty description={l.empty[scope]}>
              <Button type="primary" onClick={() => void navigate('/exercise_list')}>
                {l.emptyAction}
              </Button>
            </Empty>
          )
        ) : (
          <>
            <List
              dataSource={items}
              renderItem={(item, i) => (
                <OpenableListItem key={item.question.id} onOpen={() => setOpen(i)}>
                  <ItemLine item={item} tagName={tagName} kindName={names.kind} />
                </OpenableListItem>
              )}
            />
            {total > PERSONAL_PAGE_SIZE && (
              <div className="gb-pager">
                <Pagination
                  current={params.page}
                  pageSize={PERSONAL_PAGE_SIZE}
                  total={total}
                  showSizeChanger={false}
                  onChange={(page) => setSearch(writeParams({ ...params, page }))}
                />
              </div>
            )}
          </>
        )}
      </Card>
      {open !== null && (
        <CraftReview
          items={items}
          start={open}
          names={names}
          page={PAGE_OF[scope]}
          sourceName={title}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}

/** /personal: the counts of every page, then the collection (spec §2: index and collect both open the collection). */
export function PersonalPage() {
  return (
    <>
      <PersonalIndex />
      <ScopePage scope="collect" embedded />
    </>
  );
}

export const CollectPage = () => <ScopePage scope="collect" />;
export const WrongsPage = () => <ScopePage scope="wrongs" />;
export const NotePage = () => <ScopePage scope="note" />;
export const HigherCollectPage = () => <ScopePage scope="higher_collect" />;
export const HigherWrongsPage = () => <ScopePage scope="higher_wrongs" />;
export const HigherNotePage = () => <ScopePage scope="higher_note" />;
export const CardPage = () => <ScopePage scope="card" />;
