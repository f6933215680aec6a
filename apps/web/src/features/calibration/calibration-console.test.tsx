import { calibrationCalls, type CalibrationRow } from '@gre/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { saver } from '../../components/save-file';
import { calibrationCopy as c } from '../../i18n/zh-CN.calibration';
import { fake, fakeServer } from '../../test-utils';
import { cleanUpAfterEach, renderInLayer } from '../posts/test-utils/render-panel';
import { CalibrationConsole } from './calibration-console';

cleanUpAfterEach();

const row = (id: string, extra: Partial<CalibrationRow> = {}): CalibrationRow => ({
  question_id: id,
  kind: 'tc1',
  brief: `题目 ${id}`,
  author_difficulty: 'hard',
  shown_difficulty: 'easy',
  data_difficulty: 'easy',
  responses: 42,
  p_correct: 0.93,
  median_seconds: 35,
  b: -1.84,
  se: 0.41,
  calibrated_stamp: 1_795_800_000,
  ...extra,
});

describe('/operate 难度校准', () => {
  it('shows the author label beside the data, marks disagreements, filters and runs the fit', async () => {
    const asked: unknown[] = [];
    let runs = 0;
    fakeServer(
      fake(calibrationCalls.list, (body) => {
        asked.push(body);
        const items = body.disagree_only
          ? [row('q-a')]
          : [
              row('q-a'),
              row('q-b', {
                author_difficulty: 'medium',
                shown_difficulty: 'medium',
                data_difficulty: null,
                responses: 7,
              }),
            ];
        return {
          data: {
            items,
            total: items.length,
            last_run: { questions: 2, decided: 1, responses: 49, calibrated_stamp: 1_795_800_000 },
            min_responses: 30,
          },
        };
      }),
      fake(calibrationCalls.run, () => {
        runs += 1;
        return { data: { questions: 2, decided: 1, responses: 49, calibrated_stamp: 1_795_800_100, changed: 1 } };
      }),
    );
    renderInLayer(<CalibrationConsole />);
    const a = (await screen.findByText('q-a')).closest('tr')!;
    expect(within(a).getByText(c.disagree)).toBeTruthy();
    expect(within(a).getByText('93%')).toBeTruthy();
    expect(within(a).getByText(c.logit(-1.84, 0.41))).toBeTruthy();
    const b = screen.getByText('q-b').closest('tr')!;
    expect(within(b).getByText(c.undecided(30))).toBeTruthy();
    expect(within(b).queryByText(c.disagree)).toBeNull();
    expect(screen.getByTestId('calibration-last-run').textContent).toContain('其中 1 道已由数据定级');

    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: c.disagreeOnly }));
    await screen.findByText('q-a');
    expect(screen.queryByText('q-b')).toBeNull();
    expect(asked.at(-1)).toMatchObject({ disagree_only: true, page: 1 });

    await user.click(screen.getByRole('button', { name: c.run }));
    expect(await screen.findByText(c.ran(1, 1))).toBeTruthy();
    expect(runs).toBe(1);
  });

  it('exports the decided difficulties as calibration.json', async () => {
    const file = {
      exported_stamp: 1_795_800_000,
      min_responses: 30,
      items: [
        {
          question_id: 'q-a',
          author_difficulty: 'hard' as const,
          data_difficulty: 'easy' as const,
          responses: 42,
          b: -1.8,
        },
      ],
    };
    fakeServer(
      fake(calibrationCalls.list, () => ({
        data: { items: [row('q-a')], total: 1, last_run: null, min_responses: 30 },
      })),
      fake(calibrationCalls.export, () => ({ data: file })),
    );
    const save = vi.spyOn(saver, 'save').mockImplementation(() => {});
    renderInLayer(<CalibrationConsole />);
    await userEvent.setup().click(await screen.findByRole('button', { name: c.export }));
    expect(await screen.findByText(c.exported(1))).toBeTruthy();
    expect(save).toHaveBeenCalledTimes(1);
    const [blob, name] = save.mock.calls[0]!;
    expect(name).toBe('calibration.json');
    expect(JSON.parse(await blob.text())).toEqual(file);
    save.mockRestore();
  });

  it('says when nothing was calibrated yet, and when the list cannot be read', async () => {
    fakeServer(
      fake(calibrationCalls.list, () => ({ data: { items: [], total: 0, last_run: null, min_responses: 30 } })),
    );
    const { unmount } = renderInLayer(<CalibrationConsole />);
    expect(await screen.findByText(c.never)).toBeTruthy();
    expect(await screen.findByText(c.empty)).toBeTruthy();
    unmount();
    fakeServer();
    renderInLayer(<CalibrationConsole />);
    expect(await screen.findByText(c.failed)).toBeTruthy();
  });
});
