import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { zh } from '../../i18n/zh-CN';
import type { BankNames } from '../questions';
import { BookCard } from './book-card';
import { makeBookBrief } from './test-utils/book-brief';

const b = zh.bank.book;

const names: BankNames = {
  config: undefined,
  kind: (k) => k,
  category: () => '',
  group: (g) => g,
  difficulty: (d) => d,
};

const book = makeBookBrief;

afterEach(cleanup);

describe('BookCard', () => {
  it('says a prevent book answers after finishing, and reminds staff that a hidden book is not shown to learners', () => {
    render(
      <BookCard
        book={book({ access: 'prevent', answers_after_finish: true, hide: true })}
        names={names}
        onOpen={() => {}}
      />,
    );
    expect(screen.getByText(b.prevent)).toBeTruthy();
    expect(screen.getByText(b.hidden)).toBeTruthy();
  });

  it('shows neither tag on an ordinary book; a forbidden one says it is not open', () => {
    render(<BookCard book={book({ access: 'forbid', refusal: 'forbidden' })} names={names} onOpen={() => {}} />);
    expect(screen.queryByText(b.prevent)).toBeNull();
    expect(screen.queryByText(b.hidden)).toBeNull();
    expect(screen.getByText(b.forbidden)).toBeTruthy();
  });
});
