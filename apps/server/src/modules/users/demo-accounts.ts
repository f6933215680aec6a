import type { RoleKind } from '@gre/contracts';

/** One demo login; the README, the start-up banner and the e2e suite read this list. */
export interface DemoAccount {
  /** Short label for the start-up table and the README. */
  label: string;
  email: string;
  password: string;
  name: string;
  /** Tier held now; paid tiers run for `DEMO_PAID_DAYS` from the seed. */
  roleKind: RoleKind;
  /** Tier left once a paid tier ends. */
  baseRoleKind: RoleKind;
  isAdmin?: boolean;
  isOperator?: boolean;
  isTeacher?: boolean;
  isFreeze?: boolean;
}

/** The demo password of every account: shown at start and in the README, never used in production. */
export const DEMO_PASSWORD = 'demo1234';

/** How long the demo VIP and SVIP memberships run from the day they are seeded. */
export const DEMO_PAID_DAYS = 365;

/** One account per role of spec §6. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    label: 'trial',
    email: 'trial@demo.gre',
    password: DEMO_PASSWORD,
    name: '试用学员',
    roleKind: 'Trail',
    baseRoleKind: 'Trail',
  },
  {
    label: 'free VIP',
    email: 'freevip@demo.gre',
    password: DEMO_PASSWORD,
    name: '免费会员学员',
    roleKind: 'FreeVIP',
    baseRoleKind: 'FreeVIP',
  },
  {
    label: 'VIP',
    email: 'vip@demo.gre',
    password: DEMO_PASSWORD,
    name: '会员学员',
    roleKind: 'VIP',
    baseRoleKind: 'Trail',
  },
  {
    label: 'SVIP',
    email: 'svip@demo.gre',
    password: DEMO_PASSWORD,
    name: '超级会员学员',
    roleKind: 'SVIP',
    baseRoleKind: 'Trail',
  },
  {
    label: 'admin',
    email: 'admin@demo.gre',
    password: DEMO_PASSWORD,
    name: '管理员',
    roleKind: 'SVIP',
    baseRoleKind: 'SVIP',
    isAdmin: true,
  },
  {
    label: 'operator',
    email: 'operator@demo.gre',
    password: DEMO_PASSWORD,
    name: '运营',
    roleKind: 'SVIP',
    baseRoleKind: 'SVIP',
    isOperator: true,
  },
  {
    label: 'teacher',
    email: 'teacher@demo.gre',
    password: DEMO_PASSWORD,
    name: '老师',
    roleKind: 'SVIP',
    baseRoleKind: 'SVIP',
    isTeacher: true,
  },
  {
    label: 'frozen',
    email: 'frozen@demo.gre',
    password: DEMO_PASSWORD,
    name: '已冻结学员',
    roleKind: 'Trail',
    baseRoleKind: 'Trail',
    isFreeze: true,
  },
];
