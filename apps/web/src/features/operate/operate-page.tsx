import type { User } from '@gre/contracts';
import { Button, Card, Result, Skeleton, Tabs } from 'antd';
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageIntro } from '../../components/page-intro';
import { coreCopy } from '../../i18n/zh-CN.core';
import { operateCopy } from '../../i18n/zh-CN.posts';
import { useCurrentUser } from '../auth';
import { KeywordsEditor } from './keywords-editor';
import { ReviewQueue } from './review-queue';
import './operate.css';

// The notice console is the mail feature's widget, named by its file like a lazy page (decision 019).
const NoticesConsole = lazy(() => import('../mail/notices-console').then((m) => ({ default: m.NoticesConsole })));

const o = operateCopy;
const TABS = ['queue', 'keywords', 'notices'] as const;
type TabKey = (typeof TABS)[number];

/** Operators, and admins, who hold every staff flag (the server checks again on every call). */
export const isOperator = (user: User | null) => Boolean(user && (user.is_admin || user.authority.is_operator));

/** `/operate`: 评论审核, 敏感词 and 通知 for operators; anyone else gets a 403 page. The tab is in the URL. */
export function OperatePage() {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  if (!user) return <Skeleton active />;
  if (!isOperator(user))
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
  const tab: TabKey = TABS.find((t) => t === asked) ?? 'queue';
  return (
    <div className="gop-page">
      <PageIntro title={o.title} intro={o.intro} />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams(key === 'queue' ? {} : { tab: key }, { replace: true })}
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
          ]}
        />
      </Card>
    </div>
  );
}
