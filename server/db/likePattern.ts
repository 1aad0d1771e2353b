/** `%text%` for ILIKE, with the pattern characters of `text` (`\`, `%`, `_`) matched literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
