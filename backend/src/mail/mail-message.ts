import { z } from 'zod';

/** One line of text: a subject or a label never carries a line break (that would start a new header). */
const line = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((text) => !/[\r\n]/.test(text), 'must be one line');

/**
 * A mail to one person, as a domain writes it: what it says, the one thing it asks the reader to do, and why the
 * reader gets it. `renderMail` lays it out, always as plain text and as simple HTML alike; the texts are plain
 * text (never HTML: they are escaped), in the reader's language.
 */
export const mailMessageSchema = z.object({
  to: z.email(),
  subject: line(200),
  /** What the mail says, one paragraph each. */
  paragraphs: z.array(z.string().trim().min(1).max(2_000)).min(1).max(20),
  /** A button in HTML and the bare link in plain text, e.g. `{label: 'Reset your password', url: mail.link(…)}`. */
  action: z.object({ label: line(100), url: z.url({ protocol: /^https?$/ }) }).optional(),
  /** The closing line: why this person gets this mail, e.g. `You get this email because …`. */
  reason: line(500),
  /** The language the texts are in (BCP 47). */
  language: z
    .string()
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/)
    .default('en'),
});
export type MailMessage = z.input<typeof mailMessageSchema>;

/** A mail ready to send: both parts, and the link it carries. */
export interface RenderedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  link: string | undefined;
}

/** Lays a mail out as plain text and HTML; both end with the reason it was sent. Throws on an invalid message. */
export function renderMail(message: MailMessage): RenderedMail {
  const { to, subject, paragraphs, action, reason, language } = mailMessageSchema.parse(message);
  const text = [...paragraphs, ...(action ? [`${action.label}:\n${action.url}`] : []), `-- \n${reason}`].join(
    '\n\n',
  );
  const html = `<!doctype html>
<html lang="${escapeHtml(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:24px 12px;background:#f4f4f5;color:#18181b;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-size:20px;font-weight:700">Piste</p>
${paragraphs.map((paragraph) => `<p style="margin:0 0 16px">${escapeHtml(paragraph)}</p>`).join('\n')}
${action ? actionHtml(action) : ''}
<p style="margin:24px 0 0;padding-top:16px;border-top:1px solid #e4e4e7;color:#52525b;font-size:13px">${escapeHtml(reason)}</p>
</div>
</body>
</html>
`;
  return { to, subject, text, html, link: action?.url };
}

function actionHtml({ label, url }: { label: string; url: string }): string {
  const href = escapeHtml(url);
  return `<p style="margin:24px 0"><a href="${href}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:#1d4ed8;color:#ffffff;font-weight:600;text-decoration:none">${escapeHtml(label)}</a></p>
<p style="margin:0 0 16px;color:#52525b;font-size:13px;word-break:break-all">${escapeHtml(url)}</p>`;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML shows it: no markup of its own, and safe inside a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]);
}
