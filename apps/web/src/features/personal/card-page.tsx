import { ReloadOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { CARD_TAGS, craftCalls, FLASH_SOURCES, type CardTag } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, List, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../api/client';
import { OpenableListItem } from '../../components/openable-list-item';
import { PageIntro } from '../../components/page-intro';
import { zh } from '../../i18n/zh-CN';
import { openCreateFlash } from '../../state/ui';
import { useBankNames } from '../questions';
import { CraftReview } from './craft-review';
import { ItemLine, PAGE_OF } from './personal-item';
import { usePersonalPractice } from './personal-practice';
import { personalKeys, type CraftListItem } from './personal-queries';
import './personal.css';

const c = zh.flash.collected;
const l = zh.personal.list;
const PAGE = 50;
/** Most collected cards the page lists (newest first); a learner with more is told only these show. */
export const CARD_PAGE_MAX = 1000;
const TAG_ORDER = Object.keys(CARD_TAGS) as CardTag[];

/**
 * Every collected card, newest first: the list call pages at 50, so the pages are read one after another up to
 * CARD_PAGE_MAX. Under the `crafts` list prefix, so collecting or removing a card anywhere refreshes it.
 */
const allCardsQuery = {
  queryKey: [...personalKeys.all, 'list', 'card-all'] as const,
  queryFn: async () => {
    const items: CraftListItem[] = [];
    let total = 0;
    for (let page = 1; items.length < CARD_PAGE_MAX; page++) {
      const out = await call(craftCalls.list, { scope: 'card', category: 0, page, page_size: PAGE });
      total = out.total;
      items.push(...out.items);
      if (out.items.length < PAGE || items.length >= total) break;
    }
    return { items: items.slice(0, CARD_PAGE_MAX), total };
  },
  staleTime: 10_000,
};

/** Spec §9 card tag of a collected card (Craft.card.range_kind); an unknown one counts as "其他". */
export function tagOf(item: CraftListItem): CardTag {
  return TAG_ORDER.find((t) => CARD_TAGS[t] === item.craft.card?.range_kind) ?? 'card';
}

/** The cards in tag order (精选, 高频, 其他), each group in the list's order; empty groups are left out. */
export function groupByTag(items: readonly CraftListItem[]): { tag: CardTag; items: CraftListItem[] }[] {
  return TAG_ORDER.map((tag) => ({ tag, items: items.filter((i) => tagOf(i) === tag) })).filter(
    (g) => g.items.length > 0,
  );
}

/**
 * Spec §2 personal/card: the questions collected as flash cards, grouped by card tag; each group (or all of them)
 * can become a deck through the create-flash dialog, and the questions open for review as on the other pages.
 */
export function CardPage() {
  const names = useBankNames();
  const navigate = useNavigate();
  const { data, isPending, isError, refetch } = useQuery(allCardsQuery);
  const practice = usePersonalPractice();
  const [open, setOpen] = useState<{ items: CraftListItem[]; start: number } | null>(null);
  const title = zh.personal.scopes.card;
  const items = data?.items ?? [];
  const total = data?.total ?? 0;
  const groups = groupByTag(items);

  return (
    <>
      <PageIntro title={title} intro={c.intro} />
      <div className="gp-toolbar">
        <Space wrap>
          {data && <Typography.Text type="secondary">{l.total(total)}</Typography.Text>}
          {total > items.length && <Typography.Text type="secondary">{c.truncated(items.length)}</Typography.Text>}
        </Space>
        <Space wrap>
          <Button
            icon={<ThunderboltOutlined />}
            disabled={total === 0}
            aria-label={c.create}
            onClick={() => openCreateFlash(FLASH_SOURCES.collected, '')}
          >
            {c.create}
          </Button>
          <Button
            type="primary"
            disabled={total === 0}
            loading={practice.isPending}
            onClick={() => practice.start('card', total, { category: 0 })}
          >
            {l.practise}
          </Button>
        </Space>
      </div>
      {isError ? (
        <Card className="gp-list">
          <Empty description={l.loadFailed}>
            <Button icon={<ReloadOutlined />} onClick={() => void refetch()}>
              {zh.common.retry}
            </Button>
          </Empty>
        </Card>
      ) : isPending ? (
        <Card className="gp-list">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : groups.length === 0 ? (
        <Card className="gp-list">
          <Empty description={l.empty.card}>
            <Button type="primary" onClick={() => void navigate('/exercise_list')}>
              {l.emptyAction}
            </Button>
          </Empty>
        </Card>
      ) : (
        groups.map((g) => (
          <Card
            key={g.tag}
            className="gp-list gp-card-group"
            title={<h2 className="gp-card-group-title">{c.tagCount(c.tags[g.tag] ?? g.tag, g.items.length)}</h2>}
            extra={
              <Button
                type="link"
                icon={<ThunderboltOutlined />}
                onClick={() => openCreateFlash(FLASH_SOURCES.collected, g.tag)}
                aria-label={`${c.tags[g.tag] ?? g.tag}：${c.create}`}
              >
                {c.create}
              </Button>
            }
          >
            <List
              dataSource={g.items}
              renderItem={(item, i) => (
                <OpenableListItem key={item.question.id} onOpen={() => setOpen({ items: g.items, start: i })}>
                  <ItemLine item={item} tagName={() => undefined} kindName={names.kind} />
                </OpenableListItem>
              )}
            />
          </Card>
        ))
      )}
      {open && (
        <CraftReview
          items={open.items}
          start={open.start}
          names={names}
          page={PAGE_OF.card}
          sourceName={title}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
