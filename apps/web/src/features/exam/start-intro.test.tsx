import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryClient } from '../../api/query-client';
import { zh } from '../../i18n/zh-CN';
import { renderApp } from '../../test-utils';
import { makeExam } from './test-utils/exam-fixture';
import { examServer } from './test-utils/exam-server';

const t = zh.exam;

beforeAll(async () => {
  await import('./exam-page');
}, 60_000);

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('time limits as the intro states them', () => {
  it('are exact: seconds under two minutes, whole minutes, otherwise minutes and seconds', () => {
    expect(t.timeLimit(45)).toBe('45 秒');
    expect(t.timeLimit(90)).toBe('90 秒');
    expect(t.timeLimit(119)).toBe('119 秒');
    expect(t.timeLimit(120)).toBe('2 分钟');
    expect(t.timeLimit(150)).toBe('2 分 30 秒');
    expect(t.timeLimit(18 * 60)).toBe('18 分钟');
    expect(t.timeLimit(47 * 60 + 5)).toBe('47 分 5 秒');
  });

  it('a 90-second section reads 90 秒, not 约 2 分钟, in the table and the total', async () => {
    const exam = makeExam({ status: 'NotStart' });
    exam.sections[0]!.time_limit_seconds = 90;
    exam.sections[1]!.time_limit_seconds = 21 * 60;
    examServer(exam);
    renderApp(`/exam/${exam.id}`);
    await screen.findByRole('heading', { name: exam.name });
    const rows = screen.getAllByRole('row').map((r) => r.textContent);
    expect(rows).toContain('Verbal 第 1 部分3 题90 秒');
    expect(rows).toContain('Quant 第 1 部分2 题21 分钟');
    expect(screen.getByText(t.intro.total(5, 90 + 21 * 60, true))).toBeTruthy();
    expect(t.intro.total(5, 90 + 21 * 60, true)).toBe('共 5 题，总时长 22 分 30 秒');
    expect(document.body.textContent).not.toMatch(/约 \d+ 分钟/);
  });
});
