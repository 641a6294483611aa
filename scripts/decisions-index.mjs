#!/usr/bin/env node
// Writes docs/decisions/README.md: every decision with its number, title and status, read from the
// decisions themselves (their first lines), so the index cannot fall behind. `--check` (run by
// `npm run lint`) fails when the index on disk differs from what the decisions say.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'decisions');
const files = readdirSync(folder)
  .filter((name) => /^\d{3}-.*\.md$/.test(name))
  .sort();

/** The status as the decision states it ("accepted", "superseded by 088 …"), or "accepted" when unsaid. */
function statusOf(lines) {
  for (let at = 1; at < Math.min(lines.length, 8); at++) {
    const match = /Status:\s*(.+)$/.exec(lines[at]);
    if (!match) continue;
    // A long status goes on over the following lines, up to the blank line that ends the paragraph.
    const parts = [match[1].trim()];
    for (let next = at + 1; next < lines.length && lines[next].trim() && !lines[next].startsWith('#'); next++)
      parts.push(lines[next].trim());
    return parts.join(' ');
  }
  return 'accepted';
}

const rows = files.map((name) => {
  const lines = readFileSync(path.join(folder, name), 'utf8').split('\n');
  const title = (lines[0] ?? '').replace(/^#\s*/, '').replace(/^\d{3}\s*[—-]\s*/, '');
  const status = statusOf(lines).replace(/\|/g, '\\|');
  return `| [${name.slice(0, 3)}](${name}) | ${title.replace(/\|/g, '\\|')} | ${status} |`;
});

const text = `# Decisions

Why Pluk is built the way it is: one record a decision, numbered in the order they were taken (numbers
have gaps). A decision that replaces or amends another says so in its status, and the older one names its
successor. This index is written by \`node scripts/decisions-index.mjs\` from the records' first lines;
\`npm run lint\` fails when it is out of date.

| # | Decision | Status |
|---|---|---|
${rows.join('\n')}
`;

const target = path.join(folder, 'README.md');
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // No index yet: it differs.
  }
  if (current !== text) {
    console.error('docs/decisions/README.md is out of date: run `node scripts/decisions-index.mjs`.');
    process.exit(1);
  }
} else {
  writeFileSync(target, text);
  console.log(`docs/decisions/README.md: ${rows.length} decisions`);
}
