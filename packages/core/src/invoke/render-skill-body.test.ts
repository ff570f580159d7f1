// biome-ignore-all lint/suspicious/noTemplateCurlyInString: skill bodies use ${VAR} placeholders literally
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BoundArguments } from './bind-arguments.ts';
import { renderSkillBody } from './render-skill-body.ts';

const argumentsOf = (
  argumentString: string,
  tokens: string[],
  values: BoundArguments['values'] = {},
): BoundArguments => ({ argumentString, tokens, values });

const render = (body: string, bound: BoundArguments, argumentNames: string[] = []) =>
  renderSkillBody({
    body,
    arguments: bound,
    argumentNames,
    skillDir: '/skills/x',
    sessionId: 's-1',
  }).text;

describe('renderSkillBody', () => {
  it('substitutes $ARGUMENTS, $ARGUMENTS[N] and $N (0-based)', () => {
    const bound = argumentsOf('fix 42', ['fix', '42']);
    expect(render('Do: $ARGUMENTS. First $0, second $ARGUMENTS[1], again $1.', bound)).toBe(
      'Do: fix 42. First fix, second 42, again 42.',
    );
  });

  it('leaves $N and $ARGUMENTS[N] as typed when N is out of range, so prices survive', () => {
    const bound = argumentsOf('x', ['x']);
    expect(render('It costs $5 and $ARGUMENTS[3]; use $0.', bound)).toBe(
      'It costs $5 and $ARGUMENTS[3]; use x.',
    );
  });

  it('reads $1.50 and $1,000 as money, and $1st as text', () => {
    const bound = argumentsOf('a b', ['a', 'b']);
    expect(render('$1.50, $1,000, $1st, $1.', bound)).toBe('$1.50, $1,000, $1st, b.');
  });

  it('does not substitute $ARGUMENTS inside a longer word', () => {
    const bound = argumentsOf('x', ['x']);
    expect(render('$ARGUMENTS_LIST $ARGUMENTS', bound)).toBe('$ARGUMENTS_LIST x');
  });

  it('inserts values literally, even when they contain $1, $& or $ARGUMENTS', () => {
    const tricky = ['$1', '$&', '$ARGUMENTS', "$'", '$`', '\\$0', '{{name}}'];
    const bound = argumentsOf(tricky.join(' '), tricky, { name: '$& $1 $ARGUMENTS' });
    expect(render('[$0][$1][$2][$3][$4][$5][$6] {{name}} $name', bound, ['name'])).toBe(
      "[$1][$&][$ARGUMENTS][$'][$`][\\$0][{{name}}] $& $1 $ARGUMENTS $& $1 $ARGUMENTS",
    );
    expect(render('All: $ARGUMENTS', bound)).toBe(`All: ${tricky.join(' ')}`);
  });

  it('reads \\$ as a literal dollar sign', () => {
    const bound = argumentsOf('a', ['a'], { env: 'prod' });
    expect(render('\\$0 \\$ARGUMENTS \\$env \\${SKILL_DIR} $0', bound, ['env'])).toBe(
      '$0 $ARGUMENTS $env ${SKILL_DIR} a',
    );
  });

  it('substitutes declared arguments as $name and {{name}}, empty when unset', () => {
    const bound = argumentsOf('staging', ['staging'], { env: 'staging', dryRun: false });
    const body = 'Env $env ({{ env }}), dry $dryRun, region [{{region}}] [$region], $env-specific.';
    expect(render(body, bound, ['env', 'dryRun', 'region'])).toBe(
      'Env staging (staging), dry false, region [] [], staging-specific.',
    );
  });

  it('leaves undeclared $name and other {{…}} text alone', () => {
    const bound = argumentsOf('x', ['x'], { env: 'prod' });
    const body = '$HOME $envy {{unknown}} {{ env.name }} {{#each}} {env} {{env}} $0';
    expect(render(body, bound, ['env'])).toBe(
      '$HOME $envy {{unknown}} {{ env.name }} {{#each}} {env} prod x',
    );
  });

  it('substitutes ${SKILL_DIR}, ${SESSION_ID} and their CLAUDE_ aliases', () => {
    const bound = argumentsOf('', []);
    const body =
      '${SKILL_DIR}/run.sh ${CLAUDE_SKILL_DIR} ${SESSION_ID} ${CLAUDE_SESSION_ID} ${OTHER}';
    expect(render(body, bound)).toBe('/skills/x/run.sh /skills/x s-1 s-1 ${OTHER}');
    expect(renderSkillBody({ body, arguments: bound }).text).toBe(body);
  });

  it('appends ARGUMENTS when arguments were given and the body places none', () => {
    const bound = argumentsOf('fix "the bug"', ['fix', 'the bug']);
    const result = renderSkillBody({
      body: 'Fix things in ${SKILL_DIR}. Costs $5.\n\n',
      arguments: bound,
    });
    expect(result).toEqual({
      text: 'Fix things in ${SKILL_DIR}. Costs $5.\n\nARGUMENTS: fix "the bug"',
      usedArguments: false,
    });
    expect(renderSkillBody({ body: '', arguments: bound }).text).toBe('ARGUMENTS: fix "the bug"');
    expect(renderSkillBody({ body: 'Use $1.', arguments: bound }).text).toBe('Use the bug.');
    expect(renderSkillBody({ body: 'Plain.', arguments: argumentsOf('', []) }).text).toBe('Plain.');
  });

  it('inserts arbitrary values literally', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string(), { minLength: 1, maxLength: 4 }),
        fc.string(),
        (tokens, named) => {
          const bound = argumentsOf(tokens.join(' '), tokens, { topic: named });
          const body = `${tokens.map((_token, index) => `<$${index}>`).join('')}<{{topic}}><$topic>`;
          const expected = `${tokens.map((token) => `<${token}>`).join('')}<${named}><${named}>`;
          expect(render(body, bound, ['topic'])).toBe(expected);
        },
      ),
    );
  });

  it('keeps a body without placeholders unchanged', () => {
    fc.assert(
      fc.property(fc.string(), (body) => {
        fc.pre(!/[\\${]/.test(body));
        expect(render(body, argumentsOf('', []))).toBe(body);
      }),
    );
  });

  it('renders a 20 KB body in linear time: twice the body, twice the matching work', () => {
    const body =
      `Deploy $0 to $env with {{env}} at \${SKILL_DIR}; costs $9. ${'{{ '.repeat(50)}`.repeat(250);
    const names = ['env', 'a-very-long-argument-name'];
    const bound = argumentsOf('x', ['x'], { env: 'prod' });
    const once = matchingWork(() => render(body, bound, names));
    const twice = matchingWork(() => render(body + body, bound, names));
    expect(body.length).toBeGreaterThan(20_000);
    // Each character is looked at a bounded number of times, never rescanned from an earlier match.
    expect(once.scanned).toBeLessThan(2 * body.length);
    expect(twice.calls).toBeLessThanOrEqual(2 * once.calls + 1);
    expect(twice.scanned).toBeLessThanOrEqual(2 * once.scanned + 1);
  });
});

/**
 * How many regular-expression matches `run` makes and how many characters they cover (a failed
 * sticky match counts one; an unanchored one counts up to where it stopped searching).
 */
function matchingWork(run: () => void): { calls: number; scanned: number } {
  const exec = RegExp.prototype.exec;
  let calls = 0;
  let scanned = 0;
  RegExp.prototype.exec = function (this: RegExp, input: string) {
    const from = this.global || this.sticky ? this.lastIndex : 0;
    const match = exec.call(this, input);
    calls += 1;
    if (this.sticky) scanned += match ? match[0].length : 1;
    else scanned += (match ? match.index + match[0].length : input.length) - from;
    return match;
  };
  try {
    run();
  } finally {
    RegExp.prototype.exec = exec;
  }
  return { calls, scanned };
}
