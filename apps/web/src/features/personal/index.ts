/**
 * The personal feature's face: the craft bar (收藏, 闪卡, notes) under a question in bank practice and search, and
 * personal practice (home's due reviews). The exam review loads `craft-bar-light.tsx` lazily by path instead.
 */
export { CraftBar } from './craft-bar';
export { usePersonalPractice } from './personal-practice';
