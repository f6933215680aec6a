import { sourceOfRangeKind, type Flash, type FlashBrief } from '@gre/contracts';
import { App, Button, Card, Descriptions, Progress, Result, Skeleton, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { flashCopy } from '../../i18n/zh-CN.flash';
import { hasBegun, masteredOf, moveCounts, type Move } from './flash-session';

const SummaryChart = lazy(() => import('./summary-chart'));

const s = flashCopy.summary;

/** The deck's source in words: the source and, where it has one, its band or card tag. */
export function sourceLabel(rangeKind: number, scope: string): string {
  const source = sourceOfRangeKind(rangeKind);
  if (!source) return '';
  const name = flashCopy.create.sources[source];
  if (source === 'gre_band' && scope) return `${name} · ${flashCopy.create.bandName(Number(scope))}`;
  if (source === 'collected' && scope) return `${name} · ${flashCopy.collected.tags[scope] ?? scope}`;
  return name;
}

const percent = (progress: number) => Math.round(progress * 100);

/** The five buckets with their counts and share of the deck, as a list (the chart's figures, readable as text). */
export function BucketList({ flash }: { flash: FlashBrief }) {
  return (
    <ul className="gr-flash-buckets" aria-label={flashCopy.intro.buckets}>
      {flash.summary.map((b) => (
        <li key={b.stage}>
          <span className="gr-flash-bucket-name">{flashCopy.stages[b.stage]}</span>
          <Progress
            percent={percent(b.progress)}
            size="small"
            showInfo={false}
            status={b.stage === 'Master' ? 'success' : 'normal'}
            aria-label={`${flashCopy.stages[b.stage]} ${s.progress(percent(b.progress))}`}
          />
          <span className="gr-flash-bucket-percent">{s.progress(percent(b.progress))}</span>
          <span className="gr-flash-bucket-count">{s.count(b.count)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Spec §2 StartIntro: the deck, its source and buckets; '开始' or '继续', and '放弃' after a confirmation. */
export function StartIntro({
  flash,
  onStart,
  onGiveUp,
  giving,
  starting,
}: {
  flash: Flash;
  onStart: () => void;
  onGiveUp: () => void;
  giving: boolean;
  starting: boolean;
}) {
  const t = flashCopy.intro;
  const { modal } = App.useApp();
  const begun = hasBegun(flash);
  const confirmGiveUp = () =>
    void modal.confirm({
      title: t.giveUpTitle,
      content: t.giveUpBody,
      okText: t.giveUpOk,
      okButtonProps: { danger: true },
      cancelText: flashCopy.create.cancel,
      onOk: onGiveUp,
    });
  const round = flash.round;
  return (
    <Card className="gr-flash-card">
      <Typography.Title level={2} className="gr-flash-title">
        {flash.name}
      </Typography.Title>
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'source', label: t.source, children: sourceLabel(flash.range_kind, flash.scope) },
          { key: 'cards', label: t.cards, children: t.cardCount(flash.all_card_count) },
          { key: 'rounds', label: t.rounds, children: t.roundCount(flash.round_count) },
        ]}
      />
      <Typography.Title level={4}>{t.buckets}</Typography.Title>
      <BucketList flash={flash} />
      <Typography.Paragraph type="secondary">{t.howTo}</Typography.Paragraph>
      {begun && round && (
        <Typography.Paragraph>
          {t.resumeAt(round.index, Math.min(round.cursor_index + 1, round.runtimes.length))}
        </Typography.Paragraph>
      )}
      <div className="gr-flash-pair">
        <Button type="primary" size="large" block onClick={onStart} loading={starting}>
          {begun ? t.resume : t.start}
        </Button>
        <Button size="large" block danger loading={giving} onClick={confirmGiveUp}>
          {t.giveUp}
        </Button>
      </div>
    </Card>
  );
}

/** Spec §2 RoundSummary: the buckets as a bar chart with their counts and progress, and this round's moves. */
export function RoundSummary({
  flash,
  roundIndex,
  moves,
  onNext,
  loadingNext,
}: {
  flash: FlashBrief;
  roundIndex: number;
  moves: readonly Move[];
  onNext: () => void;
  loadingNext: boolean;
}) {
  const navigate = useNavigate();
  const { up, back } = moveCounts(moves);
  const finished = flash.status === 'Finish';
  const chartLabel = s.chartLabel(flash.summary.map((b) => `${flashCopy.stages[b.stage]} ${b.count}`).join('，'));
  return (
    <Card className="gr-flash-card">
      <Typography.Title level={2} className="gr-flash-title">
        {s.title(roundIndex)}
      </Typography.Title>
      <Typography.Paragraph strong className="gr-flash-moves">
        {s.moves(up, back)}
      </Typography.Paragraph>
      <Typography.Text type="secondary">{s.mastered(masteredOf(flash), flash.all_card_count)}</Typography.Text>
      <Suspense fallback={<Skeleton.Node active className="gr-chart-skeleton gr-flash-chart" />}>
        <SummaryChart buckets={flash.summary} label={chartLabel} />
      </Suspense>
      <BucketList flash={flash} />
      <div className="gr-flash-pair">
        <Button type="primary" size="large" block loading={loadingNext} onClick={onNext}>
          {finished ? s.result : s.next}
        </Button>
        <Button size="large" block onClick={() => void navigate('/word')}>
          {s.back}
        </Button>
      </div>
    </Card>
  );
}

/** Spec §2 Result: every card mastered (rounds taken, long-term review ahead), or the deck given up. */
export function FlashResult({ flash }: { flash: FlashBrief }) {
  const r = flashCopy.result;
  const navigate = useNavigate();
  const mastered = masteredOf(flash);
  return (
    <Card className="gr-flash-card">
      <Result
        status={flash.gave_up ? 'info' : 'success'}
        title={flash.gave_up ? r.gaveUpTitle : r.doneTitle}
        subTitle={
          flash.gave_up
            ? r.gaveUpBody(mastered, flash.all_card_count)
            : r.doneBody(flash.all_card_count, flash.round_count)
        }
        extra={
          <div className="gr-flash-pair">
            <Button type="primary" size="large" block onClick={() => void navigate('/word')}>
              {r.back}
            </Button>
            <Button size="large" block onClick={() => void navigate('/')}>
              {r.home}
            </Button>
          </div>
        }
      >
        {(!flash.gave_up || mastered > 0) && (
          <Typography.Paragraph className="gr-flash-review-line">
            {flash.gave_up ? r.gaveUpReview : r.reviewLine}
          </Typography.Paragraph>
        )}
      </Result>
    </Card>
  );
}
