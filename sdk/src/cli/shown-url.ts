// URLs the CLI prints (its banner, the command that resumes it) without the password a user may
// have put in one: a terminal's scrollback and a pasted bug report are not the place for it.

/** A URL as it may be printed: a password in it shows as ****. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password === '') return url;
    parsed.password = '****';
    return parsed.toString();
  } catch {
    return url;
  }
}
