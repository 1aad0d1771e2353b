const STOP = new Set([
  'the',
  'and',
  'for',
  'with',
  'how',
  'what',
  'why',
  'your',
  'you',
  'are',
  'best',
  'guide',
  'from',
  'that',
  'this',
  'into',
  'about',
]);

/** Words of a phrase (3+ letters, not function words) and, for CJK, its character pairs. */
export function topicTokens(text: string): Set<string> {
  const tokens = new Set<string>();
  const lower = text.toLowerCase();
  for (const w of lower.split(/[^\p{L}\p{N}]+/u)) {
    if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(w)) {
      const chars = [...w];
      for (let i = 0; i + 1 < chars.length; i++) tokens.add(chars[i] + chars[i + 1]);
    } else if (w.length >= 3 && !STOP.has(w)) tokens.add(w.replace(/s$/, ''));
  }
  return tokens;
}
