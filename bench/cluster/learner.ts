// One simulated learner: a loop of the journeys a real one makes, each call timed and sorted by the recorder, with a
// random think time between calls. A failed call ends the journey (the learner goes on with the next one, as a person
// would after an error toast); a learner without a session logs in again first. Every answer the server
// acknowledged is written to the ledger, to be found in the database afterwards.
import {
  API_VERSION,
  examCalls,
  FLASH_SOURCES,
  flashCalls,
  HEADERS,
  payCalls,
  searchCalls,
  summaryCalls,
  userCalls,
  craftCalls,
  type Answer,
  type ExamView,
  seededRandom,
} from '@gre/contracts';
import { answerFor } from './answers.js';
import { RETRYABLE_KINDS, type Outcome, type Recorder } from './record.js';

/** An acknowledged answer: exam, section, question and what was sent. */
export interface Acknowledged {
  exam_id: number;
  section_index: number;
  question_index: number;
  answer: Answer;
  via: 'answer' | 'check';
}

export interface LearnerAccount {
  userId: number;
  account: string;
  password: string;
  deviceId: string;
}

export interface LoadWorld {
  /** The balancer's (or the one instance's) base URL. */
  url: string;
  recorder: Recorder;
  ledger: Acknowledged[];
  /** Books for practice and timed sections (free, small). */
  books: string[];
  /** When to stop starting calls (performance.now()). */
  until: number;
  /** Think time between calls, ms. */
  think: { min: number; max: number };
  /** Questions answered in a timed section before it is submitted. */
  sectionAnswers: number;
}

const SEARCHES = ['ratio', 'author', 'probability', 'circle', 'argument', 'scientists', '作者', '概率', 'however'];
const REQUEST_TIMEOUT_MS = 15_000;

/** A call that did not answer ok: the journey stops here. */
class Failed extends Error {
  constructor(
    readonly outcome: Outcome,
    readonly kind: string | null,
  ) {
    super(`${outcome} ${kind ?? ''}`);
  }
}

/** The envelope, or null when the body is not JSON (sorted by its status then). */
function parseEnvelope<E>(text: string): E | null {
  try {
    return JSON.parse(text) as E;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export class Learner {
  private token = '';
  private readonly random: () => number;
  private variant = 0;

  constructor(
    private readonly world: LoadWorld,
    private readonly me: LearnerAccount,
    seed: number,
  ) {
    // The contracts' seeded generator: the same seed gives the same learners' choices and think times.
    this.random = seededRandom(`learner:${seed}`);
  }

  private pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.random() * list.length)]!;
  }

  private get running() {
    return performance.now() < this.world.until;
  }

  private async think() {
    const { min, max } = this.world.think;
    await sleep(min + this.random() * (max - min));
    if (!this.running) throw new Failed('ok', 'time up');
  }

  /**
   * One request, timed and recorded. `refusals` are the business answers this call may get in a sound run; they
   * end the journey without counting as errors.
   */
  private async call<T>(path: string, body: unknown, refusals: readonly string[] = []): Promise<T> {
    const name = path.replace(/^\/api\//, '');
    const t = performance.now();
    let status = 0;
    let text = '';
    try {
      const res = await fetch(this.world.url + path, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [HEADERS.apiVersion]: String(API_VERSION),
          [HEADERS.deviceId]: this.me.deviceId,
          ...(this.token ? { [HEADERS.authorization]: `Bearer ${this.token}` } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      status = res.status;
      text = await res.text();
    } catch (err) {
      const ms = performance.now() - t;
      const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name;
      this.world.recorder.add({ call: name, outcome: 'network', status: 0, kind: cause, ms }, String(err));
      throw new Failed('network', cause);
    }
    const ms = performance.now() - t;
    type Envelope = { ok?: boolean; data?: T; err_data?: { kind?: string; detail?: string } | null };
    const json = parseEnvelope<Envelope>(text);
    if (status === 200 && json?.ok === true) {
      this.world.recorder.add({ call: name, outcome: 'ok', status, kind: null, ms }, '');
      return json.data as T;
    }
    const kind = json?.err_data?.kind ?? null;
    const outcome: Outcome =
      kind && refusals.includes(kind)
        ? 'refusal'
        : kind && RETRYABLE_KINDS.has(kind) && status === 503
          ? 'retryable'
          : json === null && [502, 503, 504].includes(status)
            ? 'balancer'
            : status >= 500
              ? 'server_error'
              : 'other_4xx';
    this.world.recorder.add({ call: name, outcome, status, kind, ms }, json?.err_data?.detail ?? text.slice(0, 200));
    if (kind === 'unauthorized' || kind === 'token_expired') this.token = '';
    throw new Failed(outcome, kind);
  }

  /** Runs journeys until the end of the run, starting at a random one so every journey runs all the time. */
  async run() {
    const journeys = [
      () => this.home(),
      () => this.practise(),
      () => this.timedSection(),
      () => this.review(),
      () => this.search(),
      () => this.flash(),
      () => this.trade(),
      () => this.comeBack(),
    ];
    let next = Math.floor(this.random() * journeys.length);
    // Learners arrive over the first think times, not all in the same millisecond.
    await sleep(this.random() * this.world.think.max);
    while (this.running) {
      try {
        if (!this.token) await this.login();
        await journeys[next % journeys.length]!();
      } catch (err) {
        if (!(err instanceof Failed)) throw err;
        // A learner told to come back shortly does; anything else, they move on after a moment.
        if (err.outcome !== 'ok') await sleep(err.outcome === 'retryable' ? 1000 : this.world.think.max);
      }
      next += 1;
      if (this.running) await sleep(this.world.think.min);
    }
  }

  private async login() {
    const session = await this.call<{ token: string }>(userCalls.login.path, {
      account: this.me.account,
      password: this.me.password,
    });
    this.token = session.token;
    await this.think();
  }

  /** Logs out and in again, as a learner back on another day: the login throttles (Redis) are used all run long. */
  private async comeBack() {
    await this.call(userCalls.logout.path, {});
    this.token = '';
    await this.think();
    await this.login();
  }

  /** What /home asks for when it opens. */
  private async home() {
    await this.call(userCalls.get.path, {});
    const month = new Date().toISOString().slice(0, 7);
    await Promise.all([
      this.call(examCalls.quotaToday.path, {}),
      this.call(summaryCalls.getDaily.path, {}),
      this.call(summaryCalls.monthActivity.path, { month }),
      this.call(craftCalls.reviewDue.path, { limit: 1 }),
    ]);
    await this.think();
  }

  /** Untimed practice of a book: a few answers checked one by one, each graded at once. */
  private async practise() {
    const exam = await this.call<ExamView>(examCalls.practice.path, {
      source: 'book',
      book_id: this.pick(this.world.books),
    });
    await this.think();
    const section = exam.sections[0]!;
    const open = section.items.map((it, i) => ({ it, i })).filter(({ it }) => !it.action.checked);
    let revision = exam.revision;
    for (const { it, i } of open.slice(0, 4)) {
      const answer = answerFor(it.question, this.variant++);
      const checked = await this.call<{ change: { revision: number } }>(examCalls.check.path, {
        id: exam.id,
        revision,
        section_index: section.index,
        question_index: i,
        answer,
      });
      revision = checked.change.revision;
      this.world.ledger.push({
        exam_id: exam.id,
        section_index: section.index,
        question_index: i,
        answer,
        via: 'check',
      });
      await this.think();
    }
  }

  /** A timed section of a book: create, start, then move to and answer questions in turn, then submit. */
  private async timedSection() {
    const { id } = await this.call<{ id: number }>(examCalls.create.path, {
      source: 'book',
      book_id: this.pick(this.world.books),
    });
    let { revision } = await this.call<{ revision: number }>(examCalls.start.path, { id, revision: 0 });
    const exam = await this.call<ExamView>(examCalls.get.path, { id });
    await this.think();
    const section = exam.sections[exam.cursor.section_index]!;
    const count = Math.min(section.items.length, this.world.sectionAnswers);
    for (let q = 0; q < count; q++) {
      if (q > 0) {
        revision = (
          await this.call<{ revision: number }>(examCalls.move.path, {
            id,
            revision,
            section_index: section.index,
            question_index: q,
          })
        ).revision;
        await this.think();
      }
      const answer = answerFor(section.items[q]!.question, this.variant++);
      revision = (
        await this.call<{ revision: number }>(examCalls.answer.path, {
          id,
          revision,
          section_index: section.index,
          question_index: q,
          answer,
        })
      ).revision;
      this.world.ledger.push({ exam_id: id, section_index: section.index, question_index: q, answer, via: 'answer' });
      await this.think();
    }
    await this.call(examCalls.finishSection.path, { id, revision, section_index: section.index });
    this.lastFinished = id;
    await this.think();
  }

  private lastFinished = 0;

  /** The result of the last finished exam, else the record page. */
  private async review() {
    if (this.lastFinished) await this.call(examCalls.result.path, { id: this.lastFinished });
    else await this.call(examCalls.list.path, { page: 1, page_size: 20 });
    await this.think();
  }

  private async search() {
    await this.call(searchCalls.search.path, { q: this.pick(SEARCHES) });
    await this.think();
  }

  /** A small deck: made (coins granted in set-up), opened, every card chosen, the round finished. */
  private async flash() {
    const made = await this.call<{ flash: { id: number } }>(flashCalls.createFlash.path, {
      range_kind: FLASH_SOURCES.six_two,
      limit: 5,
      exclude_used: false,
    });
    await this.think();
    const opened = await this.call<{
      flash: { id: number; round: { index: number; runtimes: { word: string; stage: string }[] } | null };
    }>(flashCalls.openFlash.path, { id: made.flash.id });
    const round = opened.flash.round;
    if (!round) return;
    await this.think();
    const runtimes: unknown[] = [];
    for (const [i, r] of round.runtimes.entries()) {
      const choice =
        r.stage === 'Quiz'
          ? { step: 'quiz', option: 0 }
          : r.stage === 'Exam'
            ? { step: 'exam', text: r.word }
            : { step: 'flip', know: this.random() < 0.7 };
      const chosen = await this.call<{ runtime: unknown }>(flashCalls.updateChoice.path, {
        flash_id: made.flash.id,
        round_index: round.index,
        item_index: i,
        choice,
      });
      runtimes.push(chosen.runtime);
      await this.think();
    }
    await this.call(flashCalls.finishRound.path, {
      flash_id: made.flash.id,
      round: { index: round.index, cursor_index: runtimes.length, runtimes },
    });
    await this.think();
  }

  /** The payment dialog: a trade for a VIP month, polled a few times as the dialog does every 3 s (shortened). */
  private async trade() {
    const payment = await this.call<{ trade: { id: number } }>(payCalls.init.path, {
      user_id: this.me.userId,
      kind: 'VIP',
      param: 2,
    });
    for (let i = 0; i < 3; i++) {
      await this.think();
      await this.call(payCalls.get.path, { id: payment.trade.id });
    }
    await this.think();
  }
}
