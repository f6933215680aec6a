import { ReloadOutlined } from '@ant-design/icons';
import type { PersonalScope } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, List, Pagination, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { OpenableListItem } from '../../components/openable-list-item';
import { PageIntro } from '../../components/page-intro';
import { zh } from '../../i18n/zh-CN';
import { useBankNames } from '../questions';
import { CraftReview } from './craft-review';
import { DueStrip, PersonalIndex } from './personal-index';
import { isFiltered, listRequest, PersonalFilters, readParams, writeParams } from './personal-filters';
import { usePersonalPractice } from './personal-practice';
import { ItemLine, PAGE_OF } from './personal-item';
import { craftListQuery, filterOf, PERSONAL_PAGE_SIZE, tagsQuery } from './personal-queries';
import './personal.css';

const l = zh.personal.list;

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
export { CardPage } from './card-page';
