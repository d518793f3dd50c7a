import { escapeHtml, renderMail, type MailMessage } from './mail-message';

const message: MailMessage = {
  to: 'claire@example.com',
  subject: 'Confirm your new email address',
  paragraphs: [
    'You asked to use this address for "Claire\'s" account <script>alert(1)</script>.',
    'Thanks & bye.',
  ],
  action: { label: 'Confirm <now>', url: 'http://localhost:3000/verify-email?token=a&b=c' },
  reason: 'You get this email because this address was entered on Piste.',
};

describe('renderMail', () => {
  it('writes the plain text: the paragraphs, the action with its bare link, and the reason last', () => {
    expect(renderMail(message).text).toBe(
      [
        'You asked to use this address for "Claire\'s" account <script>alert(1)</script>.',
        'Thanks & bye.',
        'Confirm <now>:\nhttp://localhost:3000/verify-email?token=a&b=c',
        '-- \nYou get this email because this address was entered on Piste.',
      ].join('\n\n'),
    );
  });

  it('escapes every text in the HTML part, and ends it with the reason', () => {
    const { html, link } = renderMail(message);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&quot;Claire&#39;s&quot; account &lt;script&gt;alert(1)&lt;/script&gt;.');
    expect(html).toContain('Thanks &amp; bye.');
    expect(html).toContain('href="http://localhost:3000/verify-email?token=a&amp;b=c"');
    expect(html).toContain('>Confirm &lt;now&gt;</a>');
    expect(html).toContain('<html lang="en">');
    const lastText = html
      .replace(/<[^>]+>/g, '\n')
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .pop();
    expect(lastText).toBe(message.reason);
    expect(link).toBe(message.action!.url);
  });

  it('renders a mail without an action', () => {
    const { text, link } = renderMail({ ...message, action: undefined });
    expect(link).toBeUndefined();
    expect(text.endsWith(`-- \n${message.reason}`)).toBe(true);
  });

  it('refuses what could break the mail or its headers', () => {
    expect(() => renderMail({ ...message, to: 'nobody' })).toThrow();
    expect(() => renderMail({ ...message, subject: 'Line one\r\nBcc: someone@example.com' })).toThrow(
      /one line/,
    );
    expect(() => renderMail({ ...message, reason: '' })).toThrow();
    expect(() => renderMail({ ...message, action: { label: 'Go', url: 'javascript:alert(1)' } })).toThrow();
  });
});

describe('escapeHtml', () => {
  it('leaves no markup', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
