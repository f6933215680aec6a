import { Card, Result } from 'antd';
import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { PageIntro } from '../../components/page-intro';
import { postsCopy } from '../../i18n/zh-CN.posts';
import { ThreadSubject } from './chat-dialog';
import { Discussion } from './discussion';

const p = postsCopy.page;

/** Brings `#comment-{id}` into view once the thread has drawn it (a chat mail's link names the comment). */
function useScrollToComment() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!/^#comment-\d+$/.test(hash)) return;
    let tries = 0;
    const timer = window.setInterval(() => {
      const el = document.getElementById(hash.slice(1));
      if (el || ++tries > 40) window.clearInterval(timer);
      if (el) {
        el.scrollIntoView({ block: 'center' });
        el.classList.add('is-target');
      }
    }, 100);
    return () => window.clearInterval(timer);
  }, [hash]);
}

/**
 * `/discussion/{topicID}`: a question's thread on a page of its own, where a chat mail's link leads — the question as
 * its subject names it, then the discussion, scrolled to the comment the mail is about.
 */
export function DiscussionPage() {
  const topicId = Number(useParams().topicID);
  useScrollToComment();
  if (!Number.isSafeInteger(topicId) || topicId <= 0) return <Result status="404" title={p.notFound} />;
  return (
    <div className="gpo-page">
      <PageIntro title={p.title} intro={p.intro} />
      <Card>
        <ThreadSubject topicId={topicId} />
        <Discussion topicId={topicId} />
      </Card>
    </div>
  );
}
