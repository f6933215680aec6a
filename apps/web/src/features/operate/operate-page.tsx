import type { User } from '@gre/contracts';
import { Button, Card, Result, Skeleton, Tabs } from 'antd';
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageIntro } from '../../components/page-intro';
import { assistantCopy } from '../../i18n/zh-CN.assistant';
import { calibrationCopy } from '../../i18n/zh-CN.calibration';
import { coreCopy } from '../../i18n/zh-CN.core';
import { editorCopy } from '../../i18n/zh-CN.editor';
import { essayCopy } from '../../i18n/zh-CN.essay';
import { operateCopy } from '../../i18n/zh-CN.posts';
import { tailorCopy } from '../../i18n/zh-CN.tailor';
import { useCurrentUser } from '../auth';
import { KeywordsEditor } from './keywords-editor';
import { ReviewQueue } from './review-queue';
import './operate.css';

// The notice console is the mail feature's widget, named by its file like a lazy page (decision 019).
const NoticesConsole = lazy(() => import('../mail/notices-console').then((m) => ({ default: m.NoticesConsole })));
const TailorConsole = lazy(() => import('./tailor-console').then((m) => ({ default: m.TailorConsole })));
const EssayGrading = lazy(() => import('./essay-grading').then((m) => ({ default: m.EssayGrading })));
const AssistantUsage = lazy(() => import('./assistant-usage').then((m) => ({ default: m.AssistantUsage })));
// The question editor is a feature of its own, loaded like the notice console by its page's file.
const EditorPage = lazy(() => import('../editor/editor-page').then((m) => ({ default: m.EditorPage })));
const CalibrationConsole = lazy(() =>
  import('../calibration/calibration-console').then((m) => ({ default: m.CalibrationConsole })),
);

const o = operateCopy;
const TABS = ['queue', 'keywords', 'notices', 'tailor', 'essays', 'assistant', 'calibration', 'editor'] as const;
/** The tabs of teachers (and admins); the others are operators'. */
const TEACHER_TABS: readonly TabKey[] = ['tailor', 'essays'];
type TabKey = (typeof TABS)[number];

/** Operators, and admins, who hold every staff flag (the server checks again on every call). */
export const isOperator = (user: User | null) => Boolean(user && (user.is_admin || user.authority.is_operator));
/** Teachers, and admins: the 定制题本 and 作文批改 tabs. */
export const isTeacher = (user: User | null) => Boolean(user && (user.is_admin || user.authority.is_teacher));

/**
 * `/operate`: 评论审核, 敏感词, 通知, 助教使用 and 难度校准 for operators, 定制题本 and 作文批改 for teachers (admins see all); anyone
 * else gets a 403 page. The tab is in the URL.
 */
export function OperatePage() {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  if (!user) return <Skeleton active />;
  const allowed = TABS.filter((t) => (TEACHER_TABS.includes(t) ? isTeacher(user) : isOperator(user)));
  if (allowed.length === 0)
    return (
      <Result
        status="403"
        title="403"
        subTitle={o.forbidden}
        extra={
          <Link to="/">
            <Button type="primary">{coreCopy.common.backHome}</Button>
          </Link>
        }
      />
    );
  const asked = params.get('tab');
  const first: TabKey = allowed[0]!;
  const tab: TabKey = allowed.find((t) => t === asked) ?? first;
  const teachOnly = !isOperator(user);
  return (
    <div className="gop-page">
      <PageIntro
        title={teachOnly ? tailorCopy.console.teachTitle : o.title}
        intro={teachOnly ? tailorCopy.console.teachIntro : o.intro}
      />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams(key === first ? {} : { tab: key }, { replace: true })}
          destroyOnHidden
          items={[
            { key: 'queue', label: o.tabs.queue, children: <ReviewQueue /> },
            { key: 'keywords', label: o.tabs.keywords, children: <KeywordsEditor /> },
            {
              key: 'notices',
              label: o.tabs.notices,
              children: (
                <Suspense fallback={<Skeleton active />}>
                  <NoticesConsole />
                </Suspense>
              ),
            },
            {
              key: 'tailor',
              label: tailorCopy.console.tab,
              children: (
                <Suspense fallback={<Skeleton active />}>
                  <TailorConsole />
                </Suspense>
              ),
            },
            {
              key: 'essays',
              label: essayCopy.queue.tab,
              children: (
                <Suspense fallback={<Skeleton active />}>
                  <EssayGrading />
                </Suspense>
              ),
            },
            {
              key: 'assistant',
              label: assistantCopy.usage.tab,
              children: (
                <Suspense fallback={<Skeleton active />}>
                  <AssistantUsage />
                </Suspense>
              ),
            },
            {
              key: 'calibration',
              label: calibrationCopy.tab,
              children: (
                <Suspense fallback={<Skeleton active />}>
                  <CalibrationConsole />
                </Suspense>
              ),
            },
            {
              key: 'editor',
              label: editorCopy.tab,
              children: (
                <Suspense fallback={<Skeleton active />}>
                  <EditorPage />
                </Suspense>
              ),
            },
          ].filter((item) => allowed.includes(item.key as TabKey))}
        />
      </Card>
    </div>
  );
}
