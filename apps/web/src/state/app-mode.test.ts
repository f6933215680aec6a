import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { afterLogin, initialAppMode, withAdminMode, withStaffMode, type AppMode, type DisplayMode } from './app-mode';

const modeArb: fc.Arbitrary<AppMode> = fc.record({
  displayMode: fc.constantFrom<DisplayMode>('none', 'exam', 'search', 'report', 'flash'),
  adminMode: fc.boolean(),
  editMode: fc.boolean(),
  highlightMode: fc.boolean(),
});

describe('admin mode (spec §4)', () => {
  it('turning admin mode off clears edit and highlight modes', () => {
    const on: AppMode = { displayMode: 'exam', adminMode: true, editMode: true, highlightMode: true };
    expect(withAdminMode(on, false, true)).toEqual({
      displayMode: 'exam',
      adminMode: false,
      editMode: false,
      highlightMode: false,
    });
  });

  it('off always leaves edit and highlight off; the display mode is untouched', () => {
    fc.assert(
      fc.property(modeArb, fc.boolean(), (prev, isAdmin) => {
        const next = withAdminMode(prev, false, isAdmin);
        expect(next).toEqual({ ...prev, adminMode: false, editMode: false, highlightMode: false });
      }),
    );
  });

  it('only is_admin users can turn it on, and turning it on keeps the other modes', () => {
    fc.assert(
      fc.property(modeArb, fc.boolean(), (prev, isAdmin) => {
        const next = withAdminMode(prev, true, isAdmin);
        expect(next.adminMode).toBe(isAdmin);
        if (isAdmin) expect(next).toEqual({ ...prev, adminMode: true });
        else expect(next.editMode || next.highlightMode).toBe(false);
      }),
    );
  });

  it('edit and highlight modes only switch on inside admin mode', () => {
    fc.assert(
      fc.property(
        modeArb,
        fc.constantFrom('editMode' as const, 'highlightMode' as const),
        fc.boolean(),
        (prev, mode, on) => {
          expect(withStaffMode(prev, mode, on)[mode]).toBe(on && prev.adminMode);
        },
      ),
    );
  });

  it('logging in resets view modes and turns admin mode on exactly for admins', () => {
    fc.assert(
      fc.property(modeArb, fc.boolean(), (prev, isAdmin) => {
        expect(afterLogin(prev, isAdmin)).toEqual({ ...initialAppMode, adminMode: isAdmin });
      }),
    );
  });
});
