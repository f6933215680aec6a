import type { ExamSection, ExamView, User } from '@gre/contracts';
import { useContext } from 'react';
import { EtsModeContext } from '../../components/ets-mode';
import { zh } from '../../i18n/zh-CN.study';

/** Whether the screen shows a mock in ETS mode (the exam screen provides it while a section is under way). */
export const useEts = () => useContext(EtsModeContext);

/** The test screen's copy (bar, review, section end, exit dialog, calculator): the real test's English in ETS mode. */
export function screenCopy(ets: boolean) {
  return ets ? zh.ets : zh.exam;
}

export const useScreenCopy = () => screenCopy(useEts());

/**
 * ETS mode is for mocks, which rehearse the test, unless the learner switched it off (users.exam_ets_mode, on by
 * default, so a user not loaded yet reads as on); practice from books, filters and the personal pages stays Chinese.
 */
export function etsModeFor(exam: ExamView, user: User | null | undefined): boolean {
  return exam.kind === 'simulate' && (user?.data.exam_ets_mode ?? true);
}

/** A section's title on the test screen: in ETS mode its area's English name, as the test names it. */
export function sectionTitle(section: ExamSection, ets: boolean): string {
  return (ets ? zh.ets.areas[section.area] : undefined) ?? section.name;
}
