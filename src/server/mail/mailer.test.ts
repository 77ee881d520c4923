import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailTransport } from './mailer';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('mail transport without SMTP_URL', () => {
  it('writes each mail as an .eml file in the outbox folder and names the file, not the text, in the log', async () => {
    const outboxDir = join(mkdtempSync(join(tmpdir(), 'toolshop-mail-')), 'outbox');
    dirs.push(outboxDir);
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });

    await createMailTransport({
      smtpUrl: undefined,
      from: 'Shop <shop@example.com>',
      outboxDir,
      log,
    }).deliver({
      id: '5b0c1f3e-0000-4000-8000-000000000001',
      to: 'ann@example.com',
      subject: 'Reset your password',
      text: 'Open http://localhost/reset/secret-token-123',
      html: '<p>Open the link</p>',
    });

    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/ann@example\.com\.eml$/);
    const message = readFileSync(join(outboxDir, files[0] ?? ''), 'utf8');
    expect(message).toContain('Subject: Reset your password');
    expect(message).toContain('Message-ID: <5b0c1f3e-0000-4000-8000-000000000001@toolshop.mail>');
    expect(message).toContain('secret-token-123');
    expect(lines.join('')).toContain(files[0]);
    expect(lines.join('')).not.toContain('secret-token-123');
  });
});
