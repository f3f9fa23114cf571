import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const FOLDER = fileURLToPath(new URL('../docs/decisions/', import.meta.url));

it('the decisions index lists every decision in the folder, by its own title, and nothing else', () => {
  const records = readdirSync(FOLDER).filter((name) => /^\d{4}-.*\.md$/.test(name)).sort();
  const expected = records.map((name) => {
    const [number, title] = readFileSync(`${FOLDER}${name}`, 'utf8').split('\n')[0]!.replace(/^#\s*/, '').split(' — ');
    return `| [${number}](${name}) | ${title} |`;
  });
  const listed = readFileSync(`${FOLDER}README.md`, 'utf8').split('\n').filter((line) => /^\| \[\d{4}\]/.test(line));
  expect(listed).toEqual(expected);
});
