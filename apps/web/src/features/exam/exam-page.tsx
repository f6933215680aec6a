import { lazy, Suspense } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { zh } from '../../i18n/zh-CN.study';
import { examLoader, type ExamLoaderData } from './exam-queries';
import { ExamScreen, examVars } from './exam-screen';

const t = zh.exam;

// A practice with checked answers resumes in the bank's viewer (antd), loaded only for it: the exam screen's first
// load stays antd-free.
const PracticeResume = lazy(() => import('../bank/practice-page').then((m) => ({ default: m.PracticeResume })));

/** Spec §2 exam/{examID}: loaded before display (examLoader); full screen, without the nav and footer. */
export function ExamPage() {
  const data = useLoaderData<ExamLoaderData>();
  const revalidator = useRevalidator();
  if (data.state === 'ok' && data.exam.create_option.check === true && data.exam.status !== 'Finished')
    return (
      <Suspense fallback={null}>
        <PracticeResume exam={data.exam} />
      </Suspense>
    );
  if (data.state === 'ok') return <ExamScreen key={data.exam.id} initial={data.exam} />;
  return (
    <div className="ge-root" style={examVars}>
      <main className="ge-page">
        <div className="ge-card">
          <h1 className="ge-title">{t.failedTitle}</h1>
          <p className="ge-muted">{t.failedBody}</p>
          <div className="ge-actions">
            <a className="ge-button" href="/record">
              {t.backRecord}
            </a>
            <button
              type="button"
              className="ge-button is-primary"
              onClick={() => void revalidator.revalidate()}
              disabled={revalidator.state === 'loading'}
            >
              {t.retry}
            </button>
          </div>
        </div>
      </main>
    </div>
  );
}

export { examLoader };
