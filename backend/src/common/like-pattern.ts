/** Makes user input literal inside a LIKE pattern: `\`, `%` and `_` lose their wildcard meaning. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
