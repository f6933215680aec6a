import type { User } from '@gre/contracts';

/**
 * The higher books' personal pages show to learners the site grants them (accessibility.show_higher_collect) and to
 * staff, who pass every book rule. Kept free of antd: the route table reads it for the nav.
 */
export function seesHigher(user: User | null): boolean {
  if (!user) return false;
  const a = user.authority;
  return user.accessibility.show_higher_collect || user.is_admin || a.is_operator || a.is_teacher;
}
