import { describe, expect, it } from 'vitest';
import { selectedNavPaths } from './nav-bar';

const paths = ['/home', '/simulate', '/exercise_list', '/exercise_list/big', '/exercise_list/best', '/personal'];

describe('selectedNavPaths', () => {
  it('lights up only the most specific item', () => {
    expect(selectedNavPaths('/exercise_list/best', paths)).toEqual(['/exercise_list/best']);
    expect(selectedNavPaths('/exercise_list/big', paths)).toEqual(['/exercise_list/big']);
    expect(selectedNavPaths('/exercise_list', paths)).toEqual(['/exercise_list']);
    expect(selectedNavPaths('/exercise_list/pick', paths)).toEqual(['/exercise_list']);
  });

  it('reads / as home, sub-pages as their section, and lights nothing elsewhere', () => {
    expect(selectedNavPaths('/', paths)).toEqual(['/home']);
    expect(selectedNavPaths('/personal/wrongs', paths)).toEqual(['/personal']);
    expect(selectedNavPaths('/exercise_listing', paths)).toEqual([]);
    expect(selectedNavPaths('/debug', paths)).toEqual([]);
  });
});
