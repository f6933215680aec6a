import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { checkBank, questionFileSchema, type ContentPassage, type ContentQuestion } from '@gre/contracts';

/** Validates every JSON file under the given folder (default content/bank): schema per file, then bank-wide rules. */
const root = process.argv[2] ?? new URL('../bank', import.meta.url).pathname;
const files: string[] = [];
const walk = (d: string) => {
  for (const f of readdirSync(d)) {
    const full = join(d, f);
    if (statSync(full).isDirectory()) walk(full);
    else if (f.endsWith('.json')) files.push(full);
  }
};
walk(root);
const questions: ContentQuestion[] = [];
const passages: ContentPassage[] = [];
let bad = 0;
for (const f of files) {
  const parsed = questionFileSchema.safeParse(JSON.parse(readFileSync(f, 'utf8')));
  if (!parsed.success) {
    bad++;
    for (const i of parsed.error.issues.slice(0, 20)) console.log(`${relative(root, f)}: /${i.path.join('/')}: ${i.message}`);
    continue;
  }
  questions.push(...parsed.data.questions);
  passages.push(...parsed.data.passages);
}
const problems = checkBank(questions, passages);
for (const p of problems) console.log(p);
const by = (k: (q: ContentQuestion) => string) => questions.reduce<Record<string, number>>((m, q) => ((m[k(q)] = (m[k(q)] ?? 0) + 1), m), {});
console.log(`${files.length} files, ${passages.length} passages, ${questions.length} questions`);
console.log('by kind', by((q) => q.kind));
console.log('by difficulty', by((q) => `${q.category}:${q.difficulty}`));
console.log(problems.length || bad ? `FAIL: ${problems.length} problems, ${bad} invalid files` : 'OK');
process.exit(problems.length || bad ? 1 : 0);
