import { scoreBand, type AssistantAction, type CallResponse, type Daily, type summaryCalls } from '@gre/contracts';
import type { Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { avgScore, exercise, getDaily, totalScore } from '../summary/index.js';
import { kindNameOf } from './grounding.js';
import { source, type Composed, type Reading } from './intents.js';
import { DRILL_HOME, drillAction, MOCK_LINK, REVIEW_LINK } from './links.js';

type KindFigure = CallResponse<typeof summaryCalls.getExercise>['kinds'][number];

/** The learner's own figures the progress intents read (the summary module's, over its score windows). */
export interface Progress {
  allKinds: KindFigure[];
  recentKinds: KindFigure[];
  daily: Daily;
  recentMean: CallResponse<typeof summaryCalls.getAvgScore>;
  latestMock: { verbal: number | null; quant: number | null; total: number | null } | null;
}

/** The window the "recent" figures use: the last five finished exams. */
const RECENT = 'last_5';

export async function loadProgress(
  deps: Pick<Deps, 'database' | 'settings' | 'clock'>,
  actor: Actor,
): Promise<Progress> {
  const now = deps.clock.now();
  const [all, recent, daily, recentMean, trend] = await Promise.all([
    exercise(deps, actor, 'all', now),
    exercise(deps, actor, RECENT, now),
    getDaily(deps, actor, now),
    avgScore(deps, actor, 'last_3', now),
    totalScore(deps, actor, 'all', now),
  ]);
  const last = trend.points.at(-1);
  return {
    allKinds: all.kinds,
    recentKinds: recent.kinds,
    daily,
    recentMean,
    latestMock: last ? { verbal: last.verbal, quant: last.quant, total: last.total } : null,
  };
}

const drill = (k: KindFigure): AssistantAction =>
  drillAction(k.category, k.kind, `练习${kindNameOf(k.category, k.kind)}`);
const mock: AssistantAction = { kind: 'mock', label: '做一套模考', link: MOCK_LINK };

/** The kind with the lowest accuracy among those answered at all. */
function weakestOf(kinds: KindFigure[]): KindFigure | null {
  const answered = kinds.filter((k) => k.accuracy !== null && k.answered > 0);
  return answered.sort((a, b) => a.accuracy! - b.accuracy! || b.answered - a.answered)[0] ?? null;
}

const figure = (k: KindFigure) =>
  `${kindNameOf(k.category, k.kind)}：正确率 ${k.accuracy}%，平均每题 ${k.avg_time_seconds} 秒（${k.answered} 题）`;

function weakest(p: Progress): Composed {
  const all = weakestOf(p.allKinds);
  if (!all)
    return {
      text: '你还没有交卷的练习或模考记录，先做一组练习，我就能告诉你哪个题型最弱。',
      actions: [{ kind: 'drill', label: '去练习', link: DRILL_HOME }],
      sources: [source('accuracy')],
      withheld: false,
    };
  const recent = weakestOf(p.recentKinds);
  const lines = [`按全部记录，你最弱的题型是 ${figure(all)}。`];
  if (recent) lines.push(`最近 5 次练习中最弱的是 ${figure(recent)}。`);
  const ranked = p.allKinds.filter((k) => k.accuracy !== null).sort((a, b) => a.accuracy! - b.accuracy!);
  if (ranked.length > 1) lines.push(`各题型（由弱到强）：\n${ranked.map((k) => `- ${figure(k)}`).join('\n')}`);
  return { text: lines.join('\n'), actions: [drill(recent ?? all)], sources: [source('accuracy')], withheld: false };
}

function today(p: Progress): Composed {
  const d = p.daily;
  const lines: string[] = [];
  const actions: AssistantAction[] = [];
  if (d.due_reviews > 0) {
    lines.push(`有 ${d.due_reviews} 道错题今天该复习了，先把它们做完。`);
    actions.push({ kind: 'review', label: `复习 ${d.due_reviews} 道错题`, link: REVIEW_LINK });
  } else lines.push('今天没有到期的错题复习。');
  if (d.today_aim > 0) lines.push(`今日目标 ${d.today_aim} 题，已完成 ${d.questions} 题。`);
  const weak = weakestOf(p.recentKinds) ?? weakestOf(p.allKinds);
  if (weak) {
    lines.push(`再练一组你最弱的题型——${figure(weak)}。`);
    actions.push(drill(weak));
  } else actions.push({ kind: 'drill', label: '去练习', link: DRILL_HOME });
  lines.push(d.streak > 0 ? `你已连续打卡 ${d.streak} 天，继续保持。` : '今天还没有打卡。');
  const sources = [source('reviews'), source('streak')];
  if (weak) sources.push(source('accuracy'));
  return { text: lines.join('\n'), actions, sources, withheld: false };
}

function target(p: Progress, r: Reading): Composed {
  const total = p.recentMean.total ?? p.latestMock?.total ?? null;
  if (total === null)
    return {
      text: '你还没有完成带总分的模考，做一套完整模考后我才能估计你离目标分还差多少。',
      actions: [mock],
      sources: [source('mocks')],
      withheld: false,
    };
  const latest = p.latestMock?.total;
  const lines = [
    p.recentMean.total !== null
      ? `最近 ${p.recentMean.count} 次模考的平均总分是 ${Math.round(total)}。`
      : `最近一次模考总分 ${total}。`,
  ];
  if (latest !== null && latest !== undefined && p.latestMock?.verbal && p.latestMock.quant) {
    const v = scoreBand(p.latestMock.verbal);
    const q = scoreBand(p.latestMock.quant);
    lines.push(
      `最近一次：语文 ${p.latestMock.verbal}（${v.low}–${v.high}），数学 ${p.latestMock.quant}（${q.low}–${q.high}），总分 ${latest}。`,
    );
  }
  if (r.target === null) lines.push('告诉我你的目标分，例如「离 325 还差多少」，我来算差距。');
  else if (r.target <= total) lines.push(`你的目标 ${r.target} 分已经达到，保持住。`);
  else lines.push(`离目标 ${r.target} 分还差约 ${Math.round(r.target - total)} 分。`);
  const weak = weakestOf(p.recentKinds) ?? weakestOf(p.allKinds);
  return {
    text: lines.join('\n'),
    actions: weak ? [drill(weak), mock] : [mock],
    sources: weak ? [source('mocks'), source('accuracy')] : [source('mocks')],
    withheld: false,
  };
}

/** The built-in answer to a progress intent (weakest, today, target), from the learner's own data only. */
export function composeProgressAnswer(p: Progress, r: Reading): Composed {
  if (r.intent === 'weakest') return weakest(p);
  if (r.intent === 'target') return target(p, r);
  return today(p);
}

export const PROGRESS_INTENTS = new Set<Reading['intent']>(['weakest', 'today', 'target']);
