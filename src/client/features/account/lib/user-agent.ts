/** What a person recognises a signed-in browser by: "Firefox on Windows", a phone or a computer. */
export interface Device {
  browser: string;
  os: string;
  kind: 'phone' | 'tablet' | 'computer';
}

/** The first name whose pattern the user agent matches; order matters (Edge says "Chrome" too). */
const BROWSERS: [string, RegExp][] = [
  ['Edge', /\bEdg(e|A|iOS)?\//],
  ['Opera', /\b(OPR|Opera)\//],
  ['Samsung Internet', /\bSamsungBrowser\//],
  ['Firefox', /\b(Firefox|FxiOS)\//],
  ['Chrome', /\b(Chrome|HeadlessChrome|CriOS|Chromium)\//],
  ['Safari', /\bSafari\//],
];

const SYSTEMS: [string, RegExp][] = [
  ['iPadOS', /\biPad\b/],
  ['iOS', /\b(iPhone|iPod)\b/],
  ['Android', /\bAndroid\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['Windows', /\bWindows\b/],
  ['macOS', /\bMac OS X\b|\bMacintosh\b/],
  ['Linux', /\bLinux\b/],
];

function firstMatch(list: [string, RegExp][], text: string): string | null {
  return list.find(([, pattern]) => pattern.test(text))?.[0] ?? null;
}

/**
 * A rough reading of a User-Agent header, enough to tell one's own devices apart; anything
 * unknown reads "Unknown browser" / "unknown system" rather than guessing.
 */
export function describeUserAgent(userAgent: string | null | undefined): Device {
  const text = userAgent ?? '';
  const os = firstMatch(SYSTEMS, text);
  const kind =
    os === 'iPadOS' || (/\bAndroid\b/.test(text) && !/\bMobile\b/.test(text))
      ? 'tablet'
      : os === 'iOS' || /\bMobile\b/.test(text)
        ? 'phone'
        : 'computer';
  return {
    browser: firstMatch(BROWSERS, text) ?? 'Unknown browser',
    os: os ?? 'unknown system',
    kind,
  };
}
