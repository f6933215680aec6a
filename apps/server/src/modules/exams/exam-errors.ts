import { AppError } from '../../lib/app-error.js';

// Refusals several exam services share.

export const checkedAlready = () =>
  new AppError('conflict', 'the answer was checked and is final', '这道题已核对答案，不能再修改');

export const examNotFound = () => new AppError('not_found', 'exam not found', '考试不存在或已删除');
