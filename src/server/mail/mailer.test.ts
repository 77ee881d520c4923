import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mailer';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('mailer without SMTP_URL', () => {
  it('keeps each mail as an .eml file in the outbox and tells the log', async () => {
    const outboxDir = join(mkdtempSync(join(tmpdir(), 'toolshop-mail-')), 'outbox');
    dirs.push(outboxDir);
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });

    await createMailer({ smtpUrl: undefined, from: 'Shop <shop@example.com>', outboxDir, log }).send({
      to: 'buyer@example.com',
      subject: 'Hello',
      text: 'Open https://shop.example/reset',
      html: '<p>Open</p>',
    });

    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/buyer@example\.com\.eml$/);
    const message = readFileSync(join(outboxDir, files[0] ?? ''), 'utf8');
    expect(message).toContain('To: buyer@example.com');
    expect(message).toContain('Subject: Hello');
    expect(lines.join('')).toContain('https://shop.example/reset');
  });
});
