import type { AdminUser } from '@gre/contracts';

/** A learner as the admin console's calls answer them: a VIP until 2026-12-31, no extra rights. */
export function makeAdminUser(over: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 12,
    name: '小明',
    phone: '13800000012',
    email: 'xiaoming@example.com',
    role_kind: 'Trail',
    role_name: '试用用户',
    base_role_kind: 'Trail',
    expire_stamp: null,
    is_admin: false,
    is_operator: false,
    is_teacher: false,
    is_freeze: false,
    flash_coins: 40,
    higher_access: false,
    has_crown: false,
    material_access: false,
    show_tailor_shelf: false,
    custom_tailor_uses: 0,
    created_stamp: Date.UTC(2026, 10, 1, 0) / 1000,
    ...over,
  };
}
