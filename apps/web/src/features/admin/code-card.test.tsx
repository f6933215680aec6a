import { cleanup, render, screen } from '@testing-library/react';
import { Button, List, Tag } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { CodeCard, usesText, windowText } from './code-card';

afterEach(cleanup);

// 2026-11-20 00:00 and 2026-12-01 12:30, Shanghai time.
const START = Date.UTC(2026, 10, 19, 16) / 1000;
const END = Date.UTC(2026, 11, 1, 4, 30) / 1000;

describe('a code on a phone', () => {
  it('shows the code, its name and state, what it gives, its uses of the limit and its window, with its actions', () => {
    render(
      <List
        dataSource={[1]}
        renderItem={() => (
          <CodeCard
            face={{
              code: 'SPRING-26',
              name: '春季体验',
              detail: '会员 7 天',
              used: 3,
              limit: 10,
              start_stamp: START,
              end_stamp: END,
            }}
            state={<Tag>可用</Tag>}
            usedLabel="已用"
            actions={[<Button key="edit">编辑</Button>]}
          />
        )}
      />,
    );
    // The card is the first list item; its actions are items of their own.
    const card = screen.getAllByRole('listitem')[0]!;
    expect(card.textContent).toContain('SPRING-26');
    expect(card.textContent).toContain('春季体验');
    expect(card.textContent).toContain('可用');
    expect(card.textContent).toContain('会员 7 天');
    expect(card.textContent).toContain('已用 3 / 10');
    expect(card.textContent).toContain('2026-11-20 00:00 – 2026-12-01 12:30');
    expect(screen.getByRole('button', { name: /编\s*辑/ })).toBeTruthy();
  });

  it('words a window and uses as the tables show them', () => {
    expect(windowText({ start_stamp: START, end_stamp: END })).toBe('2026-11-20 00:00 – 2026-12-01 12:30');
    expect(usesText(0, 100)).toBe('0 / 100');
  });
});
