import { describe, expect, it } from 'vitest';
import { neutraliseFormula } from './spreadsheet-safety.js';

describe('formula neutralisation', () => {
  it.each(['=1+1', '+44 20 7946 0000', '-2+3', '@SUM(A1:A2)', '\tcmd', '\r=cmd'])(
    'prefixes %j with a single quote',
    (value) => {
      expect(neutraliseFormula(value)).toBe(`'${value}`);
    },
  );

  it('leaves text that cannot start a formula unchanged', () => {
    for (const value of ['Ada', '1+1', ' =1', 'a=b', "'quoted", '']) {
      expect(neutraliseFormula(value)).toBe(value);
    }
  });
});
