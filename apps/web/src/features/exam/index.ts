// The exam feature's face (decision 019): the session that saves every change in order, which untimed practice in the
// bank uses too, so all answers take one path. The exam page itself is a lazy route module.
export { ExamSession } from './exam-session';
export { isTypedKind } from './exam-model';
export type { SessionSnapshot } from './session-types';
export { useHeartbeat } from './use-heartbeat';
