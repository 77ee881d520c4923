// A Vite plugin for the walk tests (vitest project "walk", src/server/**/*.walk.test.ts): every
// function of the server's and the shared code, as it is loaded, first tells `globalThis.__walk` (when
// a test set one) its file and name. A walk test reads the sequence: which files a piece of work goes
// through, and how often it comes back to one (issue 65: a cancellation after payment walked 38 stays
// through 19 files). Test files and test helpers are not walked.
import { relative } from 'node:path';
import ts from 'typescript';

const walked = (id) =>
  /\/src\/(server|shared)\/.*\.tsx?$/.test(id) &&
  !/\.test\.tsx?$/.test(id) &&
  !id.includes('/src/server/test/');

function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return null;
}

/** The source with a call to `__walk` as the first statement of every named function's block body. */
export function instrument(code, file) {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const inserts = [];
  const visit = (node) => {
    if (
      (ts.isFunctionDeclaration(node) ||
        ts.isMethodDeclaration(node) ||
        ts.isFunctionExpression(node) ||
        ts.isArrowFunction(node)) &&
      node.body
    ) {
      const name = nameOf(node);
      const call = `globalThis.__walk?.(${JSON.stringify(file)},${JSON.stringify(name)})`;
      // Anonymous callbacks (a map's, a transaction's) belong to the function that passed them.
      if (name && ts.isBlock(node.body)) inserts.push([node.body.getStart(source) + 1, `${call};`]);
      else if (name) {
        inserts.push([node.body.getStart(source), `(${call},`]);
        inserts.push([node.body.getEnd(), ')']);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  let out = code;
  for (const [at, text] of inserts.sort((a, b) => b[0] - a[0])) out = out.slice(0, at) + text + out.slice(at);
  return out;
}

export function walkPlugin(root) {
  return {
    name: 'walk',
    enforce: 'pre',
    transform(code, id) {
      const path = id.split('?')[0];
      if (!walked(path)) return null;
      return { code: instrument(code, relative(root, path)), map: null };
    },
  };
}
