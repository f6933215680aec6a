import { shanghaiDate } from '@gre/contracts';
import { AppError } from './app-error.js';
import type { Refusal } from './access.js';

/** The error a refusal answers; `book_locked` carries the unlock instant in its detail and the day in its text. */
export function refusalError(refusal: Refusal, what: string): AppError {
  switch (refusal.kind) {
    case 'not_found':
      return new AppError('not_found', `${what} not found`);
    case 'forbidden':
      return new AppError('forbidden', `${what} cannot be opened`);
    case 'limit':
      return new AppError(
        'limit',
        refusal.need === 'higher' ? 'the higher bank needs higher access' : `${what} needs a higher membership tier`,
      );
    case 'public_only':
      return new AppError(
        'public_only',
        `${what} is for members: this account sees public questions only`,
        '当前账号只能查看公开题目，开通会员后可查看全部题目',
      );
    case 'book_locked':
      return new AppError(
        'book_locked',
        refusal.unlockAt.toISOString(),
        `该题本将于 ${shanghaiDate(refusal.unlockAt)} 解锁`,
      );
  }
}
