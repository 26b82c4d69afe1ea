import { html, type SafeHtml } from './html.ts';

/** One piece of a mail's content; the layout turns a list of them into HTML and plain text. */
export type Block =
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'button'; label: string; url: string }
  | { type: 'items'; items: { title: string; detail?: string; note?: string; url?: string }[] }
  | { type: 'links'; links: { label: string; url: string }[] }
  | { type: 'note'; text: string };

export interface MailContent {
  subject: string;
  /** The line mail apps show after the subject in the inbox. */
  preview: string;
  blocks: Block[];
  /** Why this person gets the mail, and where to turn it off (notification mail only). */
  footer: {
    reason: string;
    unsubscribeUrl?: string;
    settingsUrl?: string;
    /** The settings link's words ("Notification settings" when left out). */
    settingsLabel?: string;
  };
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/* The product's colours: deep teal on a light grey-green, lighter teal in dark mode. */
const C = {
  page: '#f4f7f7',
  card: '#ffffff',
  border: '#e3e9e9',
  text: '#17292b',
  muted: '#4b5f61',
  brand: '#0f766e',
  brandText: '#ffffff',
};
const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

// Mail apps that honour prefers-color-scheme (Apple Mail, iOS, some webmail) get these;
// the others invert the light design themselves, which the plain palette survives.
const STYLE = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
body { margin: 0; padding: 0; }
a { color: ${C.brand}; }
@media (max-width: 480px) { .card { padding: 24px 20px !important; } .outer { padding: 16px 8px !important; } }
@media (prefers-color-scheme: dark) {
  .page { background: #0f1a1b !important; }
  .card { background: #142224 !important; border-color: #1f3033 !important; }
  .text, .heading { color: #e3eded !important; }
  .muted { color: #a9bcbc !important; }
  .brand { color: #2dd4bf !important; }
  .mark { background: #2dd4bf !important; color: #05302c !important; }
  .button { background: #2dd4bf !important; color: #05302c !important; }
  .item { border-color: #1f3033 !important; }
  a { color: #5eead4 !important; }
}`;

/** The text blocks: their element, their class (the dark styles above key on it), their style. */
const TEXT_BLOCKS = {
  heading: {
    tag: 'h1',
    css: 'heading',
    style: `margin:0 0 16px;font-size:22px;line-height:1.3;font-weight:700;color:${C.text};`,
  },
  paragraph: {
    tag: 'p',
    css: 'text',
    style: `margin:0 0 16px;font-size:16px;line-height:1.6;color:${C.text};`,
  },
  note: {
    tag: 'p',
    css: 'muted',
    style: `margin:0 0 16px;font-size:14px;line-height:1.6;color:${C.muted};`,
  },
} as const;

function blockHtml(block: Block): SafeHtml {
  switch (block.type) {
    case 'heading':
    case 'paragraph':
    case 'note': {
      const { tag, css, style } = TEXT_BLOCKS[block.type];
      return html`<${tag} class="${css}" style="${style}">${block.text}</${tag}>`;
    }
    case 'button':
      return html`<table
          role="presentation"
          cellpadding="0"
          cellspacing="0"
          style="margin:8px 0 24px;"
        >
          <tr>
            <td style="border-radius:8px;background:${C.brand};" class="button">
              <a
                href="${block.url}"
                class="button"
                style="display:inline-block;padding:12px 24px;font-size:16px;font-weight:600;line-height:1.2;color:${C.brandText};text-decoration:none;border-radius:8px;background:${C.brand};"
                >${block.label}</a
              >
            </td>
          </tr>
        </table>
        <p class="muted" style="margin:0 0 16px;font-size:13px;line-height:1.5;color:${C.muted};">
          If the button does not work, paste this link into your browser:<br /><a
            href="${block.url}"
            style="color:${C.brand};word-break:break-all;"
            >${block.url}</a
          >
        </p>`;
    case 'items':
      return html`<table
        role="presentation"
        width="100%"
        cellpadding="0"
        cellspacing="0"
        style="margin:0 0 16px;border-collapse:collapse;"
      >
        ${block.items.map(
          (item) =>
            html`<tr>
              <td class="item" style="padding:12px 0;border-top:1px solid ${C.border};">
                <p
                  class="text"
                  style="margin:0;font-size:16px;line-height:1.5;font-weight:600;color:${C.text};"
                >
                  ${item.url ? html`<a href="${item.url}" style="color:${C.text};">${item.title}</a>` : item.title}${item.detail ? html` <span class="brand" style="font-weight:700;color:${C.brand};">${item.detail}</span>` : ''}
                </p>
                ${item.note ? html`<p class="muted" style="margin:4px 0 0;font-size:14px;line-height:1.5;color:${C.muted};">${item.note}</p>` : ''}
              </td>
            </tr>`,
        )}
      </table>`;
    case 'links':
      return html`<p
        class="muted"
        style="margin:0 0 24px;font-size:14px;line-height:1.6;color:${C.muted};"
      >
        ${block.links.map(
          (link, i) =>
            html`${i > 0 ? ' · ' : ''}<a href="${link.url}" style="color:${C.brand};"
                >${link.label}</a
              >`,
        )}
      </p>`;
  }
}

function blockText(block: Block): string {
  switch (block.type) {
    case 'heading':
      return block.text.toUpperCase();
    case 'paragraph':
    case 'note':
      return block.text;
    case 'button':
      return `${block.label}: ${block.url}`;
    case 'items':
      return block.items
        .map(
          (i) =>
            `- ${i.title}${i.detail ? ` ${i.detail}` : ''}${i.note ? `\n  ${i.note}` : ''}${i.url ? `\n  ${i.url}` : ''}`,
        )
        .join('\n');
    case 'links':
      return block.links.map((l) => `${l.label}: ${l.url}`).join('\n');
  }
}

/** One content description, two parts: HTML in the product's look, and plain text. */
export function renderLayout(content: MailContent): RenderedMail {
  const { footer } = content;
  const body = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <title>${content.subject}</title>
        <style>
          ${STYLE}
        </style>
      </head>
      <body class="page" style="margin:0;padding:0;background:${C.page};">
        <div style="display:none;max-height:0;overflow:hidden;mso-hide:all;">
          ${content.preview}
        </div>
        <table
          role="presentation"
          class="page"
          width="100%"
          cellpadding="0"
          cellspacing="0"
          style="background:${C.page};font-family:${FONT};"
        >
          <tr>
            <td align="center" class="outer" style="padding:32px 16px;">
              <table
                role="presentation"
                width="100%"
                cellpadding="0"
                cellspacing="0"
                style="max-width:560px;"
              >
                <tr>
                  <td style="padding:0 4px 16px;">
                    <table role="presentation" cellpadding="0" cellspacing="0">
                      <tr>
                        <td
                          class="mark"
                          style="width:32px;height:32px;border-radius:8px;background:${C.brand};color:${C.brandText};font-size:18px;font-weight:800;text-align:center;line-height:32px;"
                        >
                          T
                        </td>
                        <td
                          class="brand"
                          style="padding-left:10px;font-size:20px;font-weight:800;color:${C.brand};"
                        >
                          TaskBid
                        </td>
                      </tr>
                    </table>
                  </td>
                </tr>
                <tr>
                  <td
                    class="card"
                    style="background:${C.card};border:1px solid ${C.border};border-radius:12px;padding:32px;"
                  >
                    ${content.blocks.map(blockHtml)}
                  </td>
                </tr>
                <tr>
                  <td
                    class="muted"
                    style="padding:16px 4px;font-size:12px;line-height:1.6;color:${C.muted};"
                  >
                    ${footer.reason}${footer.unsubscribeUrl ? html`<br /><a href="${footer.unsubscribeUrl}" style="color:${C.brand};">Unsubscribe from these e-mails</a>` : ''}${footer.settingsUrl ? html` · <a href="${footer.settingsUrl}" style="color:${C.brand};">${footer.settingsLabel ?? 'Notification settings'}</a>` : ''}
                    <br />TaskBid · the task marketplace
                  </td>
                </tr>
              </table>
            </td>
          </tr>
        </table>
      </body>
    </html>`;
  const text = [
    'TaskBid',
    '',
    ...content.blocks.flatMap((b) => [blockText(b), '']),
    '--',
    footer.reason,
    ...(footer.unsubscribeUrl ? [`Unsubscribe: ${footer.unsubscribeUrl}`] : []),
    ...(footer.settingsUrl
      ? [`${footer.settingsLabel ?? 'Notification settings'}: ${footer.settingsUrl}`]
      : []),
  ].join('\n');
  return { subject: content.subject, html: body.value, text: `${text}\n` };
}
