import { describe, expect, it } from 'vitest';
import { accountKind } from './account';

describe('account field', () => {
  it('tells a mainland mobile number from an email, as the server does', () => {
    expect(accountKind('13800000000')).toBe('phone');
    expect(accountKind(' 13800000000 ')).toBe('phone');
    expect(accountKind('student@example.com')).toBe('email');
  });

  it('rejects anything else', () => {
    for (const bad of ['', '1380000000', '23800000000', '138000000001', 'student@', '@example.com', '学生']) {
      expect(accountKind(bad), bad).toBeNull();
    }
  });
});
