import { QUESTION_PAGE_MAX, type QuestionBrief } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Result, Row, Tabs, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageSkeleton } from '../../components/page-skeleton';
import { useIsPhone } from '../../components/use-is-phone';
import { zh } from '../../i18n/zh-CN';
import { essayCopy } from '../../i18n/zh-CN.essay';
import { IdeaDetail } from './idea-detail';
import { IdeaFilters, IdeaList, type IdeaFilterState } from './idea-list';
import { ideaListQuery } from './idea-queries';
import { essayIdOf, MyEssayDetail, MyEssayList } from './my-essays';
import './idea.css';

const c = zh.idea;
const PAGE_SIZE = QUESTION_PAGE_MAX;
/** The chosen prompt lives in the URL, so the phone's back button returns from a prompt to the list. */
const PARAM = 'q';
/** 我的作文 is `?tab=essays`; one essay is `?essay=<id>` (the link of the mail a judged essay sends). */
const TAB = 'tab';
const ESSAY = 'essay';

/**
 * The Issue prompt library. Desktop shows the list beside the chosen prompt and its outline; a phone shows the list,
 * then the prompt on its own page.
 */
function PromptLibrary() {
  const phone = useIsPhone();
  const [params, setParams] = useSearchParams();
  const [filter, setFilter] = useState<IdeaFilterState>({ keyword: undefined, difficulty: undefined, page: 1 });
  const list = useQuery(
    ideaListQuery({ keyword: filter.keyword, difficulty: filter.difficulty, page: filter.page, page_size: PAGE_SIZE }),
  );
  const items = list.data?.items;
  const chosen = params.get(PARAM);
  // Desktop never shows an empty right pane: the first prompt the viewer may open stands in until one is chosen.
  const shownId = chosen ?? (phone ? null : (items?.find((i) => i.accessable)?.id ?? null));
  const brief = items?.find((i) => i.id === shownId);
  const onFilter = useCallback((next: IdeaFilterState) => setFilter(next), []);

  const select = (item: QuestionBrief) => {
    const next = new URLSearchParams(params);
    next.set(PARAM, item.id);
    setParams(next, { replace: !phone });
  };
  const back = () => {
    const next = new URLSearchParams(params);
    next.delete(PARAM);
    setParams(next);
  };

  if (list.isPending) return <PageSkeleton rows={10} />;
  if (list.isError && !list.data) {
    return (
      <Card>
        <Result
          status="warning"
          subTitle={c.listFailed}
          extra={<Button onClick={() => void list.refetch()}>{zh.common.retry}</Button>}
        />
      </Card>
    );
  }

  const listPane = (
    <Card className="gi-list-card" title={c.title}>
      <Typography.Paragraph type="secondary" className="gi-intro">
        {c.intro}
      </Typography.Paragraph>
      <IdeaFilters value={filter} onChange={onFilter} />
      <IdeaList
        items={items}
        total={list.data?.total ?? 0}
        page={filter.page}
        pageSize={PAGE_SIZE}
        loading={list.isFetching}
        selectedId={shownId}
        onSelect={select}
        onPage={(page) => setFilter({ ...filter, page })}
      />
    </Card>
  );

  if (phone) return shownId ? <IdeaDetail key={shownId} id={shownId} brief={brief} onBack={back} /> : listPane;
  return (
    <Row gutter={[16, 16]} className="gi-page">
      <Col xs={24} md={9} className="gi-list-col">
        {listPane}
      </Col>
      <Col xs={24} md={15}>
        {shownId ? (
          <IdeaDetail key={shownId} id={shownId} brief={brief} />
        ) : (
          <Card>
            <Empty description={c.pickOne} />
          </Card>
        )}
      </Col>
    </Row>
  );
}

/** 我的作文: the list, or one essay with its judging when the URL names it. */
function MyEssays() {
  const [params, setParams] = useSearchParams();
  const raw = params.get(ESSAY);
  if (raw === null)
    return (
      <Card title={essayCopy.mine.tab}>
        <MyEssayList onOpen={(id) => setParams({ [TAB]: 'essays', [ESSAY]: String(id) })} />
      </Card>
    );
  return <MyEssayDetail key={raw} id={essayIdOf(raw)} onBack={() => setParams({ [TAB]: 'essays' })} />;
}

/** /idea: 写作思路 (the prompt library) and 我的作文 (the learner's essays and their judging), the tab in the URL. */
export function IdeaPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.has(ESSAY) || params.get(TAB) === 'essays' ? 'essays' : 'prompts';
  return (
    <Tabs
      className="gi-tabs"
      activeKey={tab}
      onChange={(key) => setParams(key === 'essays' ? { [TAB]: 'essays' } : {})}
      destroyOnHidden
      items={[
        { key: 'prompts', label: essayCopy.mine.promptsTab, children: <PromptLibrary /> },
        { key: 'essays', label: essayCopy.mine.tab, children: <MyEssays /> },
      ]}
    />
  );
}
