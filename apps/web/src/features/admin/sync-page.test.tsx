import {
  CONTENT_PACKAGE_MAX_BYTES,
  contentCalls,
  userCalls,
  type ContentProblem,
  type DryRunResult,
  type ImportResult,
} from '@gre/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { setToken } from '../../api/storage';
import { zh } from '../../i18n/zh-CN';
import { fake, fakeServer, makeUser, renderApp, type FakeRoute, sentBody } from '../../test-utils';
import { packageName, pickFiles, selectionTotals } from './sync-files';
import { filterProblems, PROBLEMS_PAGE_SIZE } from './sync-problems';

const s = zh.sync;

beforeAll(async () => {
  // The first import compiles antd in the test runner; do it once up front.
  await import('./sync-page');
}, 60_000);

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

const admin = makeUser({ is_admin: true });
const summary = { files: 1, passages: 0, questions: 1, words: 0, books: 0, book_items: 0 };

function dryRunAnswer(problems: ContentProblem[], over: Partial<DryRunResult> = {}): DryRunResult {
  return { valid: problems.length === 0, problems, problem_count: problems.length, summary, skipped: [], ...over };
}

function file(name: string, text: string, relative?: string): File {
  const f = new File([text], name, { type: name.endsWith('.json') ? 'application/json' : 'text/plain' });
  if (relative) Object.defineProperty(f, 'webkitRelativePath', { value: relative });
  return f;
}

/** antd puts a space between two CJK characters in a button label; an icon before it adds its own name. */
const button = (name: string) =>
  screen.getByRole('button', { name: new RegExp(`(^|\\s)${[...name].join('\\s*')}\\s*$`) });

async function openAsAdmin(...fakes: FakeRoute[]) {
  setToken('t'.repeat(43));
  const fetch = fakeServer(
    fake(userCalls.get, () => ({ data: admin })),
    ...fakes,
  );
  renderApp('/sync');
  await screen.findByText(s.title);
  return fetch;
}

const bodiesOf = (fetch: ReturnType<typeof fakeServer>, path: string) =>
  fetch.mock.calls
    .filter(([url]) => url === path)
    .map(([, init]) => sentBody(init) as { files: { name: string; text: string }[] });

describe('the package selection', () => {
  it('names folder files relative to the chosen folder and skips what is not content', () => {
    expect(packageName(file('tc1.json', '{}', 'content/bank/verbal/tc1.json'))).toBe('bank/verbal/tc1.json');
    expect(packageName(file('tc1.json', '{}'))).toBe('tc1.json');
    const picked = pickFiles([
      file('b.json', '{}', 'content/bank/b.json'),
      file('package.json', '{}', 'content/package.json'),
      file('README.md', '#', 'content/README.md'),
      file('x.json', '{}', 'content/node_modules/x.json'),
      file('gre-words.csv', 'word', 'content/words/gre-words.csv'),
    ]);
    expect(picked.map((f) => [f.name, f.skip])).toEqual([
      ['bank/b.json', null],
      ['node_modules/x.json', s.skip.hidden],
      ['package.json', s.skip.tooling],
      ['README.md', s.skip.type],
      ['words/gre-words.csv', null],
    ]);
    // Picking a file again replaces the earlier one of the same path.
    expect(
      pickFiles([file('b.json', '{"x":1}', 'c/bank/b.json')], picked).filter((f) => f.name === 'bank/b.json'),
    ).toHaveLength(1);
  });

  it('refuses a selection over the 10 MB limit before sending anything', () => {
    const big = file('big.json', '{}');
    Object.defineProperty(big, 'size', { value: CONTENT_PACKAGE_MAX_BYTES + 1 });
    const totals = selectionTotals(pickFiles([big, file('a.json', '{}')]));
    expect(totals.bytes).toBe(CONTENT_PACKAGE_MAX_BYTES + 3);
    expect(totals.blocked).toBe(s.files.overLimit('10.0 MB', '10.0 MB'));
    expect(selectionTotals(pickFiles([file('a.json', '{}')])).blocked).toBeNull();
  });

  it('filters problems by file and by text in the path or message', () => {
    const problems = [
      { file: 'a.json', path: '/questions/0/standard_answer', message: 'answer shape' },
      { file: 'b.json', path: '/', message: 'not valid JSON' },
    ];
    expect(filterProblems(problems, 'b.json', '')).toEqual([problems[1]]);
    expect(filterProblems(problems, null, 'STANDARD')).toEqual([problems[0]]);
    expect(filterProblems(problems, null, 'json')).toEqual([problems[1]]);
  });
});

// antd tables and dialogs take seconds to render in happy-dom on two shared cores.
describe('/sync', { timeout: 30_000 }, () => {
  it('shows a 403 to a logged-in non-admin and never calls the content calls', async () => {
    setToken('t'.repeat(43));
    const fetch = fakeServer(fake(userCalls.get, () => ({ data: makeUser() })));
    renderApp('/sync');
    expect(await screen.findByText(zh.admin.forbidden)).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => String(url).startsWith('/api/content/'))).toBe(false);
  });

  it('dry-runs only the content files, lists every problem with its path and keeps import off', async () => {
    const problems = Array.from({ length: 45 }, (_, i) => ({
      file: 'bank/bad.json',
      path: `/questions/${i}/standard_answer/selects`,
      message: `wrong shape ${i}`,
    }));
    problems.push({ file: 'bank/broken.json', path: '/', message: 'not valid JSON: Unexpected token' });
    const fetch = await openAsAdmin(fake(contentCalls.dryRun, () => ({ data: dryRunAnswer(problems) })));
    const picked = [
      file('bad.json', '{"questions":[]}', 'pkg/bank/bad.json'),
      file('notes.txt', 'hello', 'pkg/notes.txt'),
      file('broken.json', '{', 'pkg/bank/broken.json'),
    ];
    await userEvent.upload(screen.getByTestId('sync-folder-input'), picked);
    expect(await screen.findByText(s.files.count(2, 1))).toBeTruthy();
    expect(screen.getByText(s.skip.type)).toBeTruthy();
    expect(button(s.actions.import).hasAttribute('disabled')).toBe(true);

    fireEvent.click(button(s.actions.dryRun));
    expect(await screen.findByText(s.summary.invalid(46))).toBeTruthy();
    expect(bodiesOf(fetch, contentCalls.dryRun.path)).toEqual([
      {
        files: [
          { name: 'bank/bad.json', text: '{"questions":[]}' },
          { name: 'bank/broken.json', text: '{' },
        ],
      },
    ]);
    // A page of problems at a time, each with its file and JSON path.
    const table = screen.getByRole('table');
    expect(within(table).getAllByText('bank/bad.json')).toHaveLength(PROBLEMS_PAGE_SIZE);
    expect(within(table).getByText('/questions/0/standard_answer/selects')).toBeTruthy();
    // Narrowing by text finds the one problem of the other file.
    fireEvent.change(screen.getByPlaceholderText(s.problems.search), { target: { value: 'valid json' } });
    expect(await within(table).findByText('bank/broken.json')).toBeTruthy();
    expect(screen.getByText(s.problems.count(1, 46))).toBeTruthy();
    expect(button(s.actions.import).hasAttribute('disabled')).toBe(true);
  });

  it('imports after a valid dry run of the same selection, with a confirm, and shows created vs updated', async () => {
    const result: ImportResult = {
      summary: { files: 1, passages: 1, questions: 3, words: 0, books: 1, book_items: 3 },
      created: { passages: 1, questions: 2, books: 0 },
      removed_book_items: 1,
    };
    const fetch = await openAsAdmin(
      fake(contentCalls.dryRun, () => ({
        data: dryRunAnswer([], {
          summary: result.summary,
          skipped: [{ file: 'words/lookup-words.csv', reason: 'look-up word list' }],
        }),
      })),
      fake(contentCalls.import, () => ({ data: result })),
    );
    await userEvent.upload(screen.getByTestId('sync-files-input'), [file('good.json', '{"questions":[1]}')]);
    fireEvent.click(button(s.actions.dryRun));
    expect(await screen.findByText(s.summary.valid)).toBeTruthy();
    expect(screen.getByText('words/lookup-words.csv')).toBeTruthy();
    await waitFor(() => expect(button(s.actions.import).hasAttribute('disabled')).toBe(false));

    fireEvent.click(button(s.actions.import));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText(s.actions.confirmTitle).length).toBeGreaterThan(0);
    expect(bodiesOf(fetch, contentCalls.import.path)).toHaveLength(0);
    fireEvent.click(
      within(dialog).getByRole('button', { name: new RegExp(`^\\s*${[...s.actions.confirmOk].join('\\s*')}\\s*$`) }),
    );
    expect(await screen.findByText(s.result.title)).toBeTruthy();
    expect(bodiesOf(fetch, contentCalls.import.path)).toEqual([
      { files: [{ name: 'good.json', text: '{"questions":[1]}' }] },
    ]);
    const rows = screen.getAllByRole('row').map((r) => r.textContent);
    expect(rows).toContain(`${s.summary.questions}213`);
    expect(rows).toContain(`${s.summary.books}011`);
    expect(screen.getByText(s.result.removed(1))).toBeTruthy();
    // The import used up the dry run: another import needs another dry run.
    const actions = document.querySelector('.gs-actions') as HTMLElement;
    expect(
      within(actions)
        .getByRole('button', { name: /导\s*入/ })
        .hasAttribute('disabled'),
    ).toBe(true);
  });

  it('turns import off again when the selection changes after a valid dry run', async () => {
    await openAsAdmin(fake(contentCalls.dryRun, () => ({ data: dryRunAnswer([]) })));
    await userEvent.upload(screen.getByTestId('sync-files-input'), [file('good.json', '{}')]);
    fireEvent.click(button(s.actions.dryRun));
    await waitFor(() => expect(button(s.actions.import).hasAttribute('disabled')).toBe(false));
    await userEvent.upload(screen.getByTestId('sync-files-input'), [file('more.json', '{}')]);
    expect(await screen.findByText(s.summary.stale)).toBeTruthy();
    expect(button(s.actions.import).hasAttribute('disabled')).toBe(true);
  });

  it('says so on the page when the server refuses the package as too large', async () => {
    await openAsAdmin(fake(contentCalls.dryRun, () => ({ kind: 'payload_too_large' })));
    await userEvent.upload(screen.getByTestId('sync-files-input'), [file('good.json', '{}')]);
    fireEvent.click(button(s.actions.dryRun));
    expect(await screen.findByText(s.errors.tooLarge)).toBeTruthy();
  });

  it('keeps the dry run button off for a selection over the limit', async () => {
    await openAsAdmin();
    const big = file('big.json', '{}');
    Object.defineProperty(big, 'size', { value: CONTENT_PACKAGE_MAX_BYTES + 1 });
    await userEvent.upload(screen.getByTestId('sync-files-input'), [big]);
    expect(await screen.findByText(s.files.overLimit('10.0 MB', '10.0 MB'))).toBeTruthy();
    expect(button(s.actions.dryRun).hasAttribute('disabled')).toBe(true);
  });
});
