/**
 * Splits `text` into the parts a fuzzy keyword matched (characters in order, ignoring case and
 * spaces) and the rest, for highlighting; the whole text unmatched when it does not match.
 */
export function highlightMatch(text: string, keyword: string): { text: string; matched: boolean }[] {
  const wanted = [...keyword.toLowerCase().replace(/\s+/g, '')];
  const chars = [...text];
  const marks = new Array<boolean>(chars.length).fill(false);
  let next = 0;
  for (let i = 0; i < chars.length && next < wanted.length; i++) {
    if (chars[i].toLowerCase() === wanted[next]) {
      marks[i] = true;
      next += 1;
    }
  }
  if (wanted.length === 0 || next < wanted.length) return [{ text, matched: false }];
  const parts: { text: string; matched: boolean }[] = [];
  chars.forEach((char, i) => {
    const last = parts.at(-1);
    if (last && last.matched === marks[i]) last.text += char;
    else parts.push({ text: char, matched: marks[i] });
  });
  return parts;
}
