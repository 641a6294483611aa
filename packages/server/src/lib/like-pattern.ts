/** `%text%` for (i)like, with the wildcards `%`, `_` and the escape `\` the person typed taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
