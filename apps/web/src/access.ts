import type { User } from '@gre/contracts';

/**
 * The higher books' personal pages show to learners the site grants them (accessibility.show_higher_collect) and to
 * staff, who pass every book rule. Here rather than in features/personal: the route table, in the entry chunk, reads
 * it for the nav, and a static import of the personal feature's face would bring that feature's antd widgets along.
 */
export function seesHigher(user: User | null): boolean {
  if (!user) return false;
  const a = user.authority;
  return user.accessibility.show_higher_collect || user.is_admin || a.is_operator || a.is_teacher;
}
