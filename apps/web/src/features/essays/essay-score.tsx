import type { EssayBrief } from '@gre/contracts';
import { Tag } from 'antd';
import { essayCopy } from '../../i18n/zh-CN.essay';

const c = essayCopy;

type Scored = Pick<EssayBrief, 'score' | 'band' | 'score_source'>;

/**
 * A teacher's score stands alone; the judges' comes with the band it honestly stands for (never finer). The source
 * decides, not the band's width: input the built-in judge holds to 0 has a band of 0–0 and is still the machine's.
 */
export const isTeacherScore = (e: Scored) => e.score_source === 'teacher';

const STATUS_COLORS: Record<string, string> = {
  Empty: 'default',
  Judging: 'processing',
  Finished: 'success',
  Failed: 'error',
};

export function EssayStatusTag({ status }: { status: EssayBrief['status'] }) {
  return <Tag color={STATUS_COLORS[status]}>{c.status[status]}</Tag>;
}

/** The score big, the band (or 老师评分) under it; nothing before the essay is judged. */
export function EssayScore({ essay, compact = false }: { essay: Scored; compact?: boolean }) {
  if (essay.score === null) return null;
  const teacher = isTeacherScore(essay);
  const band = teacher ? null : essay.band;
  return (
    <div
      className={compact ? 'ges-score is-compact' : 'ges-score'}
      role="group"
      aria-label={c.scoreAria(essay.score, band, teacher)}
    >
      <span className="ges-score-value">{c.score(essay.score)}</span>
      {(band || teacher) && (
        <span className="ges-score-band">{band ? c.band(band.low, band.high) : c.teacherScored}</span>
      )}
    </div>
  );
}
