// Which Chromium the browser tests drive: CHROME_PATH, else Debian's, else Playwright's own.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

export function chromiumPath(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', safeBundledPath()];
  const found = candidates.find((p): p is string => Boolean(p) && existsSync(p as string));
  if (!found) {
    throw new Error(
      'No Chromium found for the browser tests. Install one with `sudo apt-get install chromium` ' +
        '(Debian/Ubuntu), or set CHROME_PATH to a Chrome/Chromium binary.',
    );
  }
  return found;
}

function safeBundledPath(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}
