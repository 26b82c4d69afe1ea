/** Text made safe inside HTML, between tags and inside a quoted attribute alike. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Text made safe inside XML (the five predefined entities); the same rules as HTML's here. */
export const escapeXml = (text: string) => escapeHtml(text).replaceAll('&#39;', '&apos;');
