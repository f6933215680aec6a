import type { Essay, EssayBrief, EssayQueueItem } from '@gre/contracts';

/** An essay whose sentences the fixture comments point at: [0, 37) and, with its markup typed as text, [38, 93). */
export const ESSAY_TEXT =
  'Progress depends on asking questions. <script>alert("x")</script> Students <b>must</b> doubt.\n\nSecond paragraph.';

/** A judged essay as /api/essay/get answers it: the machine's score with its band, comments on two dimensions. */
export function makeEssay(over: Partial<Essay> = {}): Essay {
  return {
    id: 31,
    question_id: 'q-issue-001',
    title: '科学理论的价值在于它引出的问题',
    exam_id: 12,
    status: 'Finished',
    progress: 100,
    words: 14,
    score: 4,
    band: { low: 3, high: 5 },
    score_source: 'machine',
    needs_teacher: false,
    error: null,
    created_stamp: 1_795_000_000,
    judged_stamp: 1_795_000_060,
    answer: ESSAY_TEXT,
    prompt: 'The value of a theory lies in the questions it leads researchers to ask.',
    rank: '前 30%',
    comments: [
      { dimension: 'position', text: '开头直接表明立场，清楚。', ranges: [[0, 37]], judge: 'machine' },
      { dimension: 'examples', text: '缺少具体例证，第二句只是断言。', ranges: [[38, 93]], judge: 'machine' },
      { dimension: 'examples', text: '例证不足，建议加入历史上的科学案例。', ranges: [], judge: 'model' },
    ],
    notes: ['作文偏短：正式考试的高分作文通常在 400 词以上。'],
    teacher: null,
    ...over,
  };
}

/** The essay as listed. */
export function briefOf(e: Essay): EssayBrief {
  const { answer: _a, prompt: _p, rank: _r, comments: _c, notes: _n, teacher: _t, ...brief } = e;
  return brief;
}

/** A line of the teachers' queue. */
export function queueItemOf(e: Essay, over: Partial<EssayQueueItem> = {}): EssayQueueItem {
  return { ...briefOf(e), user_id: 9, user_name: '小李', machine_score: e.score, model_score: null, ...over };
}
