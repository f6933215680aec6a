import { LIMITS, tailorCalls, type LearnerHit } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, List, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { call } from '../../api/client';
import { useIsPhone } from '../../components/use-is-phone';
import { tailorCopy } from '../../i18n/zh-CN.tailor';

const c = tailorCopy.console;
/** Learners a page of results shows: a handful to pick from; a longer list is a query to narrow. */
export const LEARNER_SEARCH_PAGE = 10;

/** A search as typed (or as the URL holds it): trimmed and bounded, or null when nothing is left to search for. */
export function learnerQuery(text: string): string | null {
  const q = text.trim().slice(0, LIMITS.shortText).trim();
  return q === '' ? null : q;
}

/** The page of results the URL asks for: a whole number from 1, anything else the first. */
const pageOf = (text: string | null) => {
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 1 ? n : 1;
};

/** A hit's contact line: the masked phone and e-mail the server sent, whichever the learner has. */
const contact = (hit: LearnerHit) => [hit.phone, hit.email].filter(Boolean).join(' / ') || c.noContact;

/**
 * 定制题本's way to a learner: one box for a phone, an e-mail, a name or an id (digits find the id and phones alike),
 * the learners it finds to pick from. A search with exactly one learner picks them at once, so a known id or a full
 * phone number opens the learner as the id box did. The search is kept in the URL (`find`, `find_page`) beside the
 * learner picked: a change of the URL shows the page again from it, and the results come back with it.
 */
export function LearnerSearch({ picked, onPick }: { picked: number | null; onPick: (id: number) => void }) {
  const phone = useIsPhone();
  const [params, setParams] = useSearchParams();
  const query = learnerQuery(params.get('find') ?? '');
  const search = query === null ? null : { query, page: pageOf(params.get('find_page')) };
  const [typed, setTyped] = useState(query ?? (picked === null ? '' : String(picked)));
  const [typedWrong, setTypedWrong] = useState(false);
  const setSearch = (next: { query: string; page: number }) =>
    setParams((p) => {
      const url = new URLSearchParams(p);
      url.set('find', next.query);
      if (next.page > 1) url.set('find_page', String(next.page));
      else url.delete('find_page');
      return url;
    });

  const found = useQuery({
    queryKey: ['tailor', 'find_learner', search?.query, search?.page],
    // Quiet: the 查找 button shows the search is under way; a failure is said below the box (and by the catalogue).
    queryFn: () =>
      call(
        tailorCalls.findLearner,
        { query: query!, page: search!.page, page_size: LEARNER_SEARCH_PAGE },
        { quiet: true },
      ),
    enabled: search !== null,
    // Picking a learner changes the URL, which shows the page afresh: the results come back from the cache, not asked
    // again; the 查找 button asks again (below).
    staleTime: 60_000,
    retry: false,
  });
  const hits = found.data?.items;
  const only = search?.page === 1 && hits?.length === 1 ? hits[0]!.id : null;
  // One learner found: open them, as entering their id always did (a list of one leaves nobody else to pick).
  useEffect(() => {
    if (only !== null && only !== picked) onPick(only);
  }, [only, picked, onPick]);

  const run = (text: string) => {
    const asked = learnerQuery(text);
    setTypedWrong(asked === null);
    if (asked === null) return;
    if (asked === query && search?.page === 1) void found.refetch();
    else setSearch({ query: asked, page: 1 });
  };

  const total = found.data?.page_control.total ?? 0;
  return (
    <Space orientation="vertical" size="small" style={{ width: '100%' }}>
      <Form layout="vertical" component="div" style={{ maxWidth: 480 }}>
        <Form.Item
          label={c.learnerSearch}
          extra={c.learnerSearchHelp}
          validateStatus={typedWrong ? 'error' : undefined}
          help={typedWrong ? c.queryRule : undefined}
          style={{ marginBottom: 0 }}
        >
          <Input.Search
            aria-label={c.learnerSearch}
            placeholder={c.learnerSearchPlaceholder}
            maxLength={LIMITS.shortText}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onSearch={run}
            enterButton={c.find}
            loading={found.isFetching}
          />
        </Form.Item>
      </Form>
      {search === null ? null : found.isError ? (
        <Alert type="error" showIcon title={c.searchFailed} />
      ) : hits && hits.length === 0 ? (
        <Alert type="warning" showIcon title={c.noMatch} />
      ) : hits ? (
        <List<LearnerHit>
          size="small"
          bordered
          header={<Typography.Text type="secondary">{c.matches(total)}</Typography.Text>}
          dataSource={hits}
          itemLayout={phone ? 'vertical' : 'horizontal'}
          pagination={
            total > LEARNER_SEARCH_PAGE
              ? {
                  current: search.page,
                  pageSize: LEARNER_SEARCH_PAGE,
                  total,
                  size: 'small',
                  showSizeChanger: false,
                  onChange: (page) => setSearch({ ...search, page }),
                }
              : false
          }
          renderItem={(hit) => (
            <List.Item
              actions={[
                hit.id === picked ? (
                  <Tag key="picked" color="blue">
                    {c.picked}
                  </Tag>
                ) : (
                  <Button key="pick" size="small" onClick={() => onPick(hit.id)} aria-label={c.pickLabel(hit.name)}>
                    {c.pick}
                  </Button>
                ),
              ]}
            >
              <List.Item.Meta
                title={
                  <Space wrap size={4}>
                    <span>{hit.name}</span>
                    <Typography.Text type="secondary">{c.hitId(hit.id)}</Typography.Text>
                  </Space>
                }
                description={
                  <Space wrap size={[8, 0]}>
                    <span>{contact(hit)}</span>
                    <Tag>{hit.role_name}</Tag>
                    <span>{c.hitUses(hit.custom_tailor_uses)}</span>
                  </Space>
                }
              />
            </List.Item>
          )}
        />
      ) : null}
    </Space>
  );
}
