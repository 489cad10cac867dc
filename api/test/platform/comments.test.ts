// Comments and documents state decisions, not history: the tracker is not in the repository, so
// "issue #16" or "(#21)" tells a reader nothing. Every tracked text file is read; what says why
// belongs in the comment itself, what was measured in bench/ or in a commit message. A
// reference to another project's tracker (`owner/repo#123`) is a link, and stays.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');

const TEXT = /\.(ts|tsx|js|mjs|cjs|sql|sh|ya?ml|json|md|conf|css|html)$|(^|\/)(Dockerfile[^/]*|run)$/;
/** The lockfile, and this file, which has to write out what it refuses. */
const SKIP = new Set(['package-lock.json', 'api/test/platform/comments.test.ts']);
/**
 * Migrations up to this one have been applied to databases, which keep each file's checksum: a
 * changed byte stops the API (db/migrate.ts), so their first lines stay as written. Later ones obey.
 */
const LAST_FROZEN_MIGRATION = 60;
const frozen = (file: string) => {
  const migration = /^api\/src\/db\/migrations\/(\d{4})_/.exec(file);
  return migration !== null && Number(migration[1]) <= LAST_FROZEN_MIGRATION;
};

/** Anywhere in a line, code or comment: an issue cited by number. */
const CITED_ANYWHERE = [/\bissues? #\d+/i, /\(issues? \d+[,;:)]/i, /\(#\d+\)/];
/** In a comment's text: a bare "#16" (not owner/repo#16, not an HTML entity). */
const BARE_NUMBER = /(?<![\w/&])#\d+\b(?![\w-])/;

/** The comment on a line, if any: after `//` or `--` (SQL), a `/*` or ` *` line, `#` in scripts and YAML. */
function commentOf(file: string, line: string): string | null {
  const trimmed = line.trimStart();
  if (/^(\/\*|\*)/.test(trimmed)) return trimmed;
  if (/\.(sh|ya?ml|conf)$|(^|\/)(Dockerfile[^/]*|run)$/.test(file)) return trimmed.startsWith('#') ? trimmed.slice(1) : null;
  const marker = file.endsWith('.sql') ? trimmed.indexOf('--') : line.search(/(^|[^:'"`\\])\/\//);
  if (marker < 0) return null;
  return file.endsWith('.sql') ? trimmed.slice(marker) : line.slice(marker);
}

test('no comment, test name or document cites an issue by its number', () => {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter(
      (file) =>
        file &&
        TEXT.test(file) &&
        !SKIP.has(path.basename(file)) &&
        !SKIP.has(file) &&
        !frozen(file) &&
        fs.existsSync(path.join(ROOT, file)),
    );
  expect(files.length).toBeGreaterThan(300);
  const cited: string[] = [];
  for (const file of files) {
    fs.readFileSync(path.join(ROOT, file), 'utf8')
      .split('\n')
      .forEach((line, index) => {
        const comment = file.endsWith('.md') ? null : commentOf(file, line);
        if (CITED_ANYWHERE.some((rule) => rule.test(line)) || (comment !== null && BARE_NUMBER.test(comment)))
          cited.push(`${file}:${index + 1}: ${line.trim()}`);
      });
  }
  // Each line named: say the decision it stands for instead of the issue's number.
  expect(cited).toEqual([]);
});

test('the rule sees an issue cited in each way, and lets pass what only looks like one', () => {
  const flagged = (file: string, line: string) => {
    const comment = commentOf(file, line);
    return CITED_ANYWHERE.some((rule) => rule.test(line)) || (comment !== null && BARE_NUMBER.test(comment));
  };
  expect(flagged('a.ts', '// Cancellations (issue #16): a new document')).toBe(true);
  expect(flagged('a.ts', "test('the calls (Issue 4) are described', () => {")).toBe(true);
  expect(flagged('a.ts', '// the pair cost too much (#21).')).toBe(true);
  expect(flagged('a.ts', ' * with cancellations, #16, since then')).toBe(true);
  expect(flagged('a.sql', '-- 0052 cancellations (see #16)')).toBe(true);
  expect(flagged('run', '# step added for #22')).toBe(true);
  expect(flagged('a.ts', "const INK = '#111111';")).toBe(false);
  expect(flagged('a.ts', "  quantity: '#,##0.###',")).toBe(false);
  expect(flagged('a.ts', '// a false positive: microsoft/tabster#288.')).toBe(false);
  expect(flagged('a.ts', "test('receive 10 @ 10, receive 10 @ 20, issue 15', async () => {")).toBe(false);
  expect(flagged('a.ts', "const url = 'http://x/#12';")).toBe(false);
});
