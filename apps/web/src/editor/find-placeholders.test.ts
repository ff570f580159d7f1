import { describe, expect, it } from 'vitest';
import { findPlaceholders } from './find-placeholders.ts';

const found = (body: string, names: string[] = []) =>
  findPlaceholders(body, names).map((match) => `${match.kind}:${match.text}`);

describe('findPlaceholders', () => {
  it('finds $ARGUMENTS, $ARGUMENTS[N] and $N', () => {
    expect(found('Use $ARGUMENTS, then $ARGUMENTS[1] and $0 or $12.')).toEqual([
      'arguments:$ARGUMENTS',
      'indexed:$ARGUMENTS[1]',
      'positional:$0',
      'positional:$12',
    ]);
  });

  it('finds declared names as $name and {{name}}, and flags undeclared {{name}}', () => {
    expect(
      found('Fix $file in {{ branch }}; see {{other}} and $unknown.', ['file', 'branch']),
    ).toEqual(['named:$file', 'named:{{ branch }}', 'undeclared:{{other}}']);
  });

  it('reads $name-suffix as the declared $name, like core', () => {
    expect(found('$env-specific and $environment', ['env'])).toEqual(['named:$env']);
  });

  it('skips money, escaped dollars and longer words', () => {
    expect(found('It costs $1.50 or $1,000; \\$ARGUMENTS is literal; $ARGUMENTSX is not.')).toEqual(
      [],
    );
  });

  it('gives ranges into the body', () => {
    const [match] = findPlaceholders('ab $0 cd');
    expect(match).toMatchObject({ from: 3, to: 5 });
  });
});
