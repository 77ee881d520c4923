import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The standards bodies' own validators (tools/validators, copied from the workplace's validation kit:
 * CEN/TC 434's EN 16931 Schematron, OpenPEPPOL's BIS Billing 3.0 rules, the UBL 2.1 and CII D16B XSDs
 * through xmllint, and the Factur-X checker), run as their README says, on a document the shop made.
 * Answers the fatal count of the validator's last line and every finding it printed.
 */
export type Validator = 'en16931' | 'peppol' | 'facturx';

const KIT = join(process.cwd(), 'tools/validators');
const commands: Record<Validator, { command: string; script: string; label: string; suffix: string }> = {
  en16931: { command: process.execPath, script: 'validate-en16931.mjs', label: 'EN16931', suffix: '.xml' },
  peppol: { command: process.execPath, script: 'validate-peppol.mjs', label: 'PEPPOL', suffix: '.xml' },
  facturx: { command: 'bash', script: 'validate-facturx.sh', label: 'FACTURX', suffix: '.pdf' },
};

export async function validateDocument(
  validator: Validator,
  document: string | Buffer,
): Promise<{ fatal: number; findings: string[]; output: string }> {
  const { command, script, label, suffix } = commands[validator];
  const dir = await mkdtemp(join(tmpdir(), 'e-invoice-'));
  const file = join(dir, `document${suffix}`);
  try {
    await writeFile(file, document);
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(command, [join(KIT, script), file], { cwd: KIT });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.on('error', reject);
      child.on('close', () => resolve(text));
    });
    // The XSD check is half the verdict: a machine without xmllint must fail, not pass quietly.
    if (/xmllint not found|pdfdetach: command not found|not installed/i.test(output)) {
      throw new Error(`The validators need xmllint and pdfdetach (.ci/run installs them): ${output}`);
    }
    const last = output
      .trim()
      .split('\n')
      .findLast((line) => line.startsWith(`${label}:`));
    const fatal = last?.match(/^\w+: (\d+) fatal/)?.[1];
    if (fatal === undefined) throw new Error(`The ${label} validator gave no verdict: ${output}`);
    const findings = output.split('\n').filter((line) => /^\[(EN16931|PEPPOL|XSD|FACTURX|SCH)/.test(line));
    return { fatal: Number(fatal), findings, output };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Runs one of the kit's scripts on a document written to a temporary file; answers what it printed. */
async function runKit(command: string, script: string, document: string, suffix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'punchout-'));
  const file = join(dir, `document${suffix}`);
  try {
    await writeFile(file, document);
    return await new Promise<string>((resolve, reject) => {
      const child = spawn(command, [join(KIT, script), file], { cwd: KIT });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.on('error', reject);
      child.on('close', () => resolve(text));
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A cXML document against the cXML 1.2.063 DTD (xmllint --dtdvalid; nothing fetched). */
export async function validateCxml(document: string): Promise<{ valid: boolean; output: string }> {
  const output = await runKit('bash', 'validate-cxml.sh', document, '.xml');
  if (/xmllint not found|not installed/i.test(output)) {
    throw new Error(`The cXML check needs xmllint (.ci/run installs it): ${output}`);
  }
  const verdict = output
    .trim()
    .split('\n')
    .findLast((line) => line.startsWith('cXML:'));
  if (!verdict) throw new Error(`The cXML check gave no verdict: ${output}`);
  return { valid: verdict === 'cXML: valid', output };
}

/** An OCI basket (the HTML form posted to HOOK_URL) against the kit's OCI field rules. */
export async function validateOci(document: string): Promise<{ fatal: number; output: string }> {
  const output = await runKit(process.execPath, 'validate-oci.mjs', document, '.html');
  const fatal = output
    .trim()
    .split('\n')
    .findLast((line) => line.startsWith('OCI:'))
    ?.match(/^OCI: (\d+) fatal/)?.[1];
  if (fatal === undefined) throw new Error(`The OCI check gave no verdict: ${output}`);
  return { fatal: Number(fatal), output };
}
