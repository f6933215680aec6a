import { assistantCalls } from '@gre/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { assistantCopy } from '../../i18n/zh-CN.assistant';
import { fake, fakeServer } from '../../test-utils';
import { cleanUpAfterEach, renderInLayer } from '../posts/test-utils/render-panel';
import { AssistantUsage } from './assistant-usage';

const u = assistantCopy.usage;

cleanUpAfterEach();

const day = (d: string, questions: number) => ({
  day: d,
  questions,
  learners: 3,
  by_model: questions - 2,
  builtin: 2,
  withheld: 1,
});

describe('/operate 助教使用', () => {
  it('shows the aggregates by day and asks again for another span', async () => {
    const asked: number[] = [];
    fakeServer(
      fake(assistantCalls.usage, ({ days = 14 }) => {
        asked.push(days);
        return { data: { days: days === 7 ? [day('2026-11-27', 9)] : [day('2026-11-27', 12), day('2026-11-26', 5)] } };
      }),
    );
    renderInLayer(<AssistantUsage />);
    const row = (await screen.findByText('2026-11-26')).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2026-11-26', '5', '3', '3', '2', '1']);
    expect(screen.getByRole('columnheader', { name: u.withheld })).toBeTruthy();
    await userEvent.setup().click(screen.getByText(u.span(7)));
    expect(await screen.findByText('9')).toBeTruthy();
    expect(screen.queryByText('2026-11-26')).toBeNull();
    expect(asked).toEqual([14, 7]);
  });

  it('says so when nobody asked', async () => {
    fakeServer(fake(assistantCalls.usage, () => ({ data: { days: [] } })));
    renderInLayer(<AssistantUsage />);
    expect(await screen.findByText(u.empty)).toBeTruthy();
  });

  it('says so when the figures cannot be read', async () => {
    fakeServer();
    renderInLayer(<AssistantUsage />);
    expect(await screen.findByText(u.failed)).toBeTruthy();
  });
});
