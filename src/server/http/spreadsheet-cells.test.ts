import { describe, expect, it } from 'vitest';
import { neutraliseFormulas, restoreFormulas } from './spreadsheet-cells';

describe('cells a spreadsheet could run as a formula', () => {
  it.each([
    ['=2*3', "'=2*3"],
    ['+Pat', "'+Pat"],
    ['@SUM(A1) drill', "'@SUM(A1) drill"],
    // A spreadsheet splitting at semicolons, commas, tabs or bars starts a cell after each of them.
    ['x;=2*3', "x;'=2*3"],
    ['x; =2*3', "x; '=2*3"],
    ['a,-1+2', "a,'-1+2"],
    ['a|@x', "a|'@x"],
    ['a\t=1', "a\t'=1"],
    ['Leeds;=A1;+B2', "Leeds;'=A1;'+B2"],
    ['\uFF1D1', "'\uFF1D1"],
  ])('%j is written as %j', (cell, written) => {
    expect(neutraliseFormulas(cell)).toBe(written);
    expect(restoreFormulas(written)).toBe(cell);
  });

  it.each(['ACME-100', 'M8 x 40', 'bob@example.com', 'PO 2026-11', "O'Brien; Sons"])(
    'leaves %j as it is',
    (cell) => {
      expect(neutraliseFormulas(cell)).toBe(cell);
      expect(restoreFormulas(cell)).toBe(cell);
    },
  );
});
