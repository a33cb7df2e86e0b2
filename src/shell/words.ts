/**
 * Splits a shell line into words the way a person expects from a shell: spaces separate,
 * '…' and "…" group (a backslash escapes inside "…" and outside quotes).
 */
export class WordsError extends Error {}

export function splitWords(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let index = 0; index < line.length; index++) {
    const char = line[index] as string;
    if (quote) {
      if (char === quote) quote = undefined;
      else if (char === '\\' && quote === '"' && index + 1 < line.length) word += line[++index];
      else word += char;
      continue;
    }
    if (/\s/.test(char)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      continue;
    }
    inWord = true;
    if (char === '"' || char === "'") quote = char;
    else if (char === '\\' && index + 1 < line.length) word += line[++index];
    else word += char;
  }
  if (quote) throw new WordsError(`unterminated ${quote} quote`);
  if (inWord) words.push(word);
  return words;
}
