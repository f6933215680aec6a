import { ArrowLeftOutlined, BulbOutlined, FileTextOutlined, LockOutlined, TrophyOutlined } from '@ant-design/icons';
import type { QuestionBrief, QuestionView } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { ApiError } from '../../api/client';
import { zh } from '../../i18n/zh-CN';
import { openDialog } from '../../state/ui';
import { questionCssVars, questionQuery, RichText } from '../questions';
import { headingNote, markExamples, parseOutline, splitSample, type OutlineSection } from './idea-outline';
import { useWordClick } from '../words';

const c = zh.idea;

function LockedPrompt({ brief }: { brief: QuestionBrief | undefined }) {
  return (
    <Result
      icon={<LockOutlined />}
      title={c.locked.title}
      subTitle={
        <>
          {brief && <Typography.Paragraph strong>{brief.brief}</Typography.Paragraph>}
          {c.locked.body}
        </>
      }
      extra={
        <Button type="primary" onClick={() => openDialog({ kind: 'public_only' })}>
          {c.locked.action}
        </Button>
      }
    />
  );
}

function Section({ section, index }: { section: OutlineSection; index: number }) {
  const note = section.role === 'other' ? section.label : headingNote(section.label);
  return (
    <li className={`gi-step gi-step-${section.role}`}>
      <div className="gi-step-head">
        <span className="gi-step-role">
          {index > 0 && section.role === 'point' ? c.pointN(index) : c.roles[section.role]}
        </span>
        {note && <span className="gi-step-label">{note}</span>}
      </div>
      {section.claim && <p className="gi-step-claim">{section.claim}</p>}
      {section.body && <RichText text={markExamples(section.body)} lang="zh" className="gi-step-body" />}
    </li>
  );
}

/** The outline as a column of steps: stance, numbered points with their examples, concession, conclusion. */
export function Outline({ text }: { text: string }) {
  const sections = parseOutline(text);
  let point = 0;
  return (
    <ol className="gi-outline" aria-label={c.outline}>
      {sections.map((s, i) => (
        <Section key={i} section={s} index={s.role === 'point' ? ++point : 0} />
      ))}
    </ol>
  );
}

function PromptBody({ q }: { q: QuestionView }) {
  const onWordClick = useWordClick();
  const keyWords = q.analysis?.key_words ?? [];
  const { outline, sample } = splitSample(q.analysis?.text ?? '');
  return (
    <div className="gi-detail" style={questionCssVars()}>
      <Card
        size="small"
        className="gi-prompt"
        title={c.prompt}
        extra={q.description ? <Typography.Text type="secondary">{q.description}</Typography.Text> : undefined}
      >
        <RichText text={q.inquiry} lang="en" onWordClick={onWordClick} />
      </Card>
      <section className="gi-section" aria-label={c.outline}>
        <Typography.Title level={5} className="gi-section-title">
          <BulbOutlined aria-hidden /> {c.outline}
        </Typography.Title>
        {keyWords.length > 0 && (
          <div className="gi-keywords">
            <Typography.Text type="secondary">{c.keyWords}：</Typography.Text>
            {keyWords.map((k) => (
              <Tag key={k} color="geekblue">
                {k}
              </Tag>
            ))}
          </div>
        )}
        {outline ? (
          <Outline text={outline} />
        ) : (
          <Alert type="info" showIcon title={q.answers_held ? c.heldInExam : c.noOutline} />
        )}
      </section>
      {q.standard_answer?.description && (
        <section className="gi-strong" aria-label={c.strongEssay}>
          <Typography.Title level={5} className="gi-section-title">
            <TrophyOutlined aria-hidden /> {c.strongEssay}
          </Typography.Title>
          <RichText text={q.standard_answer.description} lang="zh" />
        </section>
      )}
      {sample && (
        <section className="gi-strong" aria-label={c.sampleEssay}>
          <Typography.Title level={5} className="gi-section-title">
            <FileTextOutlined aria-hidden /> {c.sampleEssay}
          </Typography.Title>
          <RichText text={sample} lang="en" onWordClick={onWordClick} />
        </section>
      )}
    </div>
  );
}

/**
 * One prompt with its outline, fetched through `/api/question/get` so the question access rules apply: a locked one
 * answers `public_only`, which the error catalogue turns into its dialog, and the pane shows the lock.
 */
export function IdeaDetail({
  id,
  brief,
  onBack,
}: {
  id: string;
  brief: QuestionBrief | undefined;
  onBack?: () => void;
}) {
  const { data: q, error, isPending, refetch } = useQuery(questionQuery(id, null));
  const locked = error instanceof ApiError && error.kind === 'public_only';
  const title = q?.brief || brief?.brief;
  const difficulty = q?.difficulty ?? brief?.difficulty;
  return (
    <Card
      className="gi-detail-card"
      title={
        <Space wrap size={[8, 4]} className="gi-detail-title">
          {onBack && <Button type="text" icon={<ArrowLeftOutlined />} onClick={onBack} aria-label={c.backToList} />}
          <span>{title ?? c.title}</span>
        </Space>
      }
      extra={
        <Space size={4}>
          {difficulty && <Tag>{zh.bank.difficulty[difficulty]}</Tag>}
          {(q ?? brief)?.visibility === 'locked' && <Tag color="gold">{c.lockedTag}</Tag>}
        </Space>
      }
    >
      {locked ? (
        <LockedPrompt brief={brief} />
      ) : q ? (
        <PromptBody q={q} />
      ) : error ? (
        <Result
          status="warning"
          subTitle={c.detailFailed}
          extra={<Button onClick={() => void refetch()}>{zh.common.retry}</Button>}
        />
      ) : isPending ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : null}
    </Card>
  );
}
