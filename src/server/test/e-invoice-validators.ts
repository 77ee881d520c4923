import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The standards bodies' own validators (tools/validators, copied from the workplace's validation kit:
 * CEN/TC 434's EN 16931 Schematron, OpenPEPPOL's BIS Billing 3.0 rules, the UBL 2.1 and CII D16B XSDs
 * through xmllint, and the Factur-X checker), on a document the shop made. Answers the fatal count and
 * every finding, as the kit's command prints them.
 *
 * EN 16931 and Peppol run in this process through the kit's own library (lib/common.mjs: the compiled
 * Schematron in SaxonJS, the XSD in xmllint), choosing the rules by the root element as the kit's
 * commands do. A command loads SaxonJS and its compiled rules anew each time (~0.8 s); here they load
 * once, and a document takes ~0.1 s. `validateByCommand` runs the kit's command itself; a test holds the
 * two to the same verdicts. Factur-X (a shell script around pdfdetach) always runs as its command.
 */
export type Validator = 'en16931' | 'peppol' | 'facturx';
export interface Verdict {
  fatal: number;
  findings: string[];
  output: string;
}

const KIT = join(process.cwd(), 'tools/validators');
const commands: Record<Validator, { command: string; script: string; label: string; suffix: string }> = {
  en16931: { command: process.execPath, script: 'validate-en16931.mjs', label: 'EN16931', suffix: '.xml' },
  peppol: { command: process.execPath, script: 'validate-peppol.mjs', label: 'PEPPOL', suffix: '.xml' },
  facturx: { command: 'bash', script: 'validate-facturx.sh', label: 'FACTURX', suffix: '.pdf' },
};

/** What the kit's lib/common.mjs exports (it has no types of its own). */
interface KitLibrary {
  rootInfo: (xml: string) => { ns: string; local: string };
  runSchematron: (sefPath: string, xmlPath: string) => { id: string; flag: string; text: string }[];
  runXsd: (xsdPath: string, xmlPath: string) => { ran: boolean; ok: boolean; errors: string[]; note: string };
}
let kitLibrary: Promise<KitLibrary> | undefined;
const kit = () =>
  (kitLibrary ??= import(pathToFileURL(join(KIT, 'lib/common.mjs')).href) as Promise<KitLibrary>);

const UBL_INVOICE = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';
const UBL_CREDIT_NOTE = 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2';
const CII = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';
const CII_XSD = 'xsd/cii-d16b/CII/uncefact/data/standard/CrossIndustryInvoice_100pD16B.xsd';

/** The XSD and the compiled rule sets (with their labels) each command applies to a root element. */
function rulesFor(validator: 'en16931' | 'peppol', root: { ns: string; local: string }) {
  const ubl =
    (root.ns === UBL_INVOICE && root.local === 'Invoice') ||
    (root.ns === UBL_CREDIT_NOTE && root.local === 'CreditNote');
  const cii = root.ns === CII && root.local === 'CrossIndustryInvoice';
  if (!ubl && !cii) return undefined;
  const syntax = ubl ? 'UBL' : 'CII';
  const xsd = ubl ? `xsd/ubl21/maindoc/UBL-${root.local}-2.1.xsd` : CII_XSD;
  const sefs: [string, string][] =
    validator === 'en16931'
      ? [['EN16931', `sef/EN16931-${syntax}-validation.sef.json`]]
      : [
          ['EN16931', `sef/peppol-CEN-EN16931-${syntax}.sef.json`],
          ['PEPPOL', `sef/peppol-PEPPOL-EN16931-${syntax}.sef.json`],
        ];
  return { xsd, sefs };
}

async function validateInProcess(
  validator: 'en16931' | 'peppol',
  file: string,
  text: string,
): Promise<Verdict> {
  const { rootInfo, runSchematron, runXsd } = await kit();
  const rules = rulesFor(validator, rootInfo(text));
  const label = commands[validator].label;
  if (!rules) return { fatal: 1, findings: [], output: `${label}: 1 fatal (unsupported root element)` };
  const findings: string[] = [];
  const xsd = runXsd(join(KIT, rules.xsd), file);
  // The XSD check is half the verdict: a machine without xmllint must fail, not pass quietly.
  if (!xsd.ran) throw new Error(`The validators need xmllint (.ci/run installs it): ${xsd.note}`);
  for (const error of xsd.errors) findings.push(`[XSD] ${error}`);
  let fatal = xsd.ok ? 0 : Math.max(1, xsd.errors.length);
  for (const [ruleLabel, sef] of rules.sefs) {
    for (const finding of runSchematron(join(KIT, sef), file)) {
      const flag = (finding.flag || 'fatal').toLowerCase();
      if (flag === 'fatal' || flag === 'error') fatal += 1;
      findings.push(`[${ruleLabel}] ${finding.id || '(no id)'} ${flag}: ${finding.text}`);
    }
  }
  return { fatal, findings, output: [...findings, `${label}: ${fatal} fatal`].join('\n') };
}

/** The verdict on a document: in this process for EN 16931 and Peppol, the kit's command for Factur-X. */
export async function validateDocument(validator: Validator, document: string | Buffer): Promise<Verdict> {
  if (validator === 'facturx') return validateByCommand(validator, document);
  return withDocumentFile(commands[validator].suffix, document, (file) =>
    validateInProcess(validator, file, document.toString()),
  );
}

/** The verdict of the kit's own command, run as its README says. */
export async function validateByCommand(validator: Validator, document: string | Buffer): Promise<Verdict> {
  const { command, script, label, suffix } = commands[validator];
  const output = await runKit(command, script, document, suffix);
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
}

async function withDocumentFile<T>(
  suffix: string,
  document: string | Buffer,
  use: (file: string) => Promise<T>,
) {
  const dir = await mkdtemp(join(tmpdir(), 'e-invoice-'));
  const file = join(dir, `document${suffix}`);
  try {
    await writeFile(file, document);
    return await use(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Runs one of the kit's scripts on a document written to a temporary file; answers what it printed. */
function runKit(command: string, script: string, document: string | Buffer, suffix: string): Promise<string> {
  return withDocumentFile(
    suffix,
    document,
    (file) =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(command, [join(KIT, script), file], { cwd: KIT });
        let text = '';
        child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
        child.on('error', reject);
        child.on('close', () => resolve(text));
      }),
  );
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
