import path from 'node:path';
import { skillText } from '@skillset/server/test';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltWebUi, buildWebUi } from './build-web-ui.ts';
import { launchBrowser } from './launch-browser.ts';
import { signIn } from './sign-in.ts';
import { startWebServer, type WebServer } from './start-web-server.ts';
import { DESKTOP, PHONE, SCREENSHOT_DIR, takeScreenshots } from './take-screenshots.ts';

const body = [
  '# Deploy checklist',
  '',
  'Read `references/api.md` first, or [the API notes](./references/api.md#errors). Run',
  '[the script](scripts/run.py); `references/missing.md` and [the old notes](references/old.md)',
  'do not exist. See https://example.com/docs for more.',
  '',
  '| Step | Command | Notes |',
  '| --- | --- | --- |',
  '| Build | `npm run build` | Writes dist/ for publishing to the registry and the mirrors |',
  '| Ship | `skillset deploy --env production --confirm` | Asks before it overwrites the current release |',
  '| Check | `scripts/check_every_release_artifact_before_publishing.py` | Fails on a missing file |',
  '',
  '- [x] Tests pass',
  '- [ ] Changelog written',
  '',
  'The ~~old~~ new way.',
  '',
  '```python',
  'def deploy(env: str) -> None:',
  '    # Ship it',
  '    print("deploying", env, 42)',
  '```',
  '',
  'اقرأ الملف قبل النشر، ثم شغّل الأوامر بالترتيب.',
  '',
  '<script>window.__xss = "script"</script>',
  '',
  '<img src="x" onerror="window.__xss = \'onerror\'">',
  '',
  '[click me](javascript:window.__xss="link")',
  '',
  'After the probes.',
  '',
  'Last, read what `scripts/run.py` printed.',
].join('\n');

const frontmatter = [
  'arguments:',
  '  - name: env',
  '    type: string',
  '    required: true',
  '    enum: [staging, production]',
  '    description: Where to deploy.',
  '  - name: dry-run',
  '    type: boolean',
  '    default: false',
  '    description: Only print the plan.',
  '',
].join('\n');

let webDir: BuiltWebUi;
let server: WebServer;
let browser: Browser;
let page: Page;

/** Polls like `expect.poll`, with time for a shared, busy machine. */
function eventually<Value>(read: () => Value | Promise<Value>) {
  return expect.poll(read, { timeout: 20_000 });
}

/** The WCAG contrast ratio of two `rgb(…)` colours. */
function contrast(foreground: string, background: string): number {
  const luminance = (color: string) => {
    const [red, green, blue] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
      const channel = Number(part) / 255;
      return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (red ?? 0) + 0.7152 * (green ?? 0) + 0.0722 * (blue ?? 0);
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** The colour of each highlighted token and of plain code text, with the code background. */
async function codeColours(): Promise<{ background: string; colours: string[] }> {
  return (await page.evaluate(`(() => {
    const pre = document.querySelector('.markdown pre');
    const tokens = [...pre.querySelectorAll('[class^="hljs-"]'), pre.querySelector('code')];
    return {
      background: getComputedStyle(pre).backgroundColor,
      colours: tokens.map((token) => getComputedStyle(token).color),
    };
  })()`)) as { background: string; colours: string[] };
}

/** A computed style of the first `selector` element whose text contains `text`. */
async function computedStyle(selector: string, text: string, property: string): Promise<string> {
  const [quotedSelector, quotedText, quotedProperty] = [selector, text, property].map((each) =>
    JSON.stringify(each),
  );
  return (await page.evaluate(`(() => {
    const element = [...document.querySelectorAll(${quotedSelector})]
      .find((each) => each.textContent.includes(${quotedText}));
    return getComputedStyle(element)[${quotedProperty}];
  })()`)) as string;
}

beforeAll(async () => {
  webDir = await buildWebUi();
  server = await startWebServer(webDir.path);
  const created = await server.app.store.skills.create({
    scope: 'workspace',
    workspaceId: server.app.owner.workspaceId,
    skillMd: skillText('deploy-checklist', {
      description: 'Deploy with a checklist.',
      frontmatter,
      body,
    }),
    files: [
      { path: 'references/api.md', content: '# API notes\n\nEvery call needs a token.\n' },
      { path: 'scripts/run.py', content: 'print("running")\n' },
    ],
  });
  if (!created.ok) throw new Error('deploy-checklist was not created');
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signIn(page, server);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.[Symbol.asyncDispose]();
  await webDir?.[Symbol.asyncDispose]();
});

describe('skill Markdown', () => {
  it('renders GFM tables, task lists and strikethrough', async () => {
    await page.goto(`${server.url}/skills/deploy-checklist?scope=workspace`);
    await page.getByText('After the probes.').waitFor();
    const table = page.locator('.markdown table');
    expect(await table.locator('th').allTextContents()).toEqual(['Step', 'Command', 'Notes']);
    expect(await table.locator('tbody tr').first().locator('td').allTextContents()).toEqual([
      'Build',
      'npm run build',
      'Writes dist/ for publishing to the registry and the mirrors',
    ]);
    const boxes = page.locator('.markdown li input[type="checkbox"]');
    expect(await boxes.count()).toBe(2);
    expect(await boxes.nth(0).isChecked()).toBe(true);
    expect(await boxes.nth(1).isChecked()).toBe(false);
    expect(await boxes.nth(0).isDisabled()).toBe(true);
    expect(await boxes.nth(1).isDisabled()).toBe(true);
    expect(await page.locator('.markdown del').textContent()).toBe('old');
  });

  it('keeps one h1: the body’s `# Title` sits below the page’s own', async () => {
    expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual([
      'deploy-checklist',
    ]);
    expect(await page.locator('.markdown h2').first().textContent()).toBe('Deploy checklist');
  });

  it('highlights fenced Python in colours that meet WCAG AA in both colour schemes', async () => {
    const code = page.locator('.markdown pre code.language-python');
    expect(await code.locator('.hljs-keyword').first().textContent()).toBe('def');
    expect(await code.locator('.hljs-comment').textContent()).toBe('# Ship it');
    expect(await code.locator('.hljs-string').textContent()).toBe('"deploying"');
    expect(await code.textContent()).toContain('print("deploying", env, 42)');
    for (const scheme of ['light', 'dark']) {
      await page.evaluate(
        `document.documentElement.setAttribute('data-mantine-color-scheme', '${scheme}')`,
      );
      const { background, colours } = await codeColours();
      expect(colours.length).toBeGreaterThan(5);
      expect(new Set(colours).size).toBeGreaterThan(3);
      for (const colour of colours) {
        expect(
          contrast(colour, background),
          `${colour} on ${background} (${scheme})`,
        ).toBeGreaterThanOrEqual(4.5);
      }
    }
    await page.evaluate(
      `document.documentElement.setAttribute('data-mantine-color-scheme', 'light')`,
    );
  });

  it('sets each block in its own direction', async () => {
    const arabic = page.locator('.markdown p', { hasText: 'اقرأ الملف' });
    expect(await arabic.getAttribute('dir')).toBe('auto');
    expect(await computedStyle('.markdown p', 'اقرأ الملف', 'direction')).toBe('rtl');
    expect(await computedStyle('.markdown p', 'new way.', 'direction')).toBe('ltr');
    for (const block of ['h2', 'li', 'th', 'td']) {
      expect(await page.locator(`.markdown ${block}`).first().getAttribute('dir')).toBe('auto');
    }
  });

  it('links mentions of the skill’s files to their view, and nothing else', async () => {
    const instructions = page.locator('.markdown');
    const codeLink = instructions.getByRole('link', { name: 'references/api.md' });
    expect(await codeLink.getAttribute('href')).toBe(
      '/skills/deploy-checklist?scope=workspace&tab=files&file=references%2Fapi.md',
    );
    expect(
      await instructions.getByRole('link', { name: 'the API notes' }).getAttribute('href'),
    ).toBe('/skills/deploy-checklist?scope=workspace&tab=files&file=references%2Fapi.md');
    expect(await instructions.getByRole('link', { name: 'the script' }).getAttribute('href')).toBe(
      '/skills/deploy-checklist?scope=workspace&tab=files&file=scripts%2Frun.py',
    );
    expect(await instructions.getByRole('link', { name: 'references/missing.md' }).count()).toBe(0);
    expect(await instructions.getByText('references/missing.md').isVisible()).toBe(true);
    expect(await instructions.getByRole('link', { name: 'the old notes' }).count()).toBe(0);
    const external = instructions.getByRole('link', { name: 'https://example.com/docs' });
    expect(await external.getAttribute('href')).toBe('https://example.com/docs');
    expect(await external.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await external.getAttribute('target')).toBe('_blank');

    await codeLink.click();
    await page.getByText('Every call needs a token.').waitFor();
    expect(await page.getByRole('tab', { name: 'Files (2)' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(await page.getByRole('button', { name: 'api.md' }).getAttribute('aria-current')).toBe(
      'true',
    );
    await page.goBack();
    await page.getByText('After the probes.').waitFor();
  });

  it('runs nothing from a hostile body', async () => {
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    await page.goto(`${server.url}/skills/deploy-checklist?scope=workspace`);
    await page.getByText('After the probes.').waitFor();
    const link = page.locator('.markdown a', { hasText: 'click me' });
    // Nothing on the link can run: no href to navigate to, no handler attribute (a click runs
    // handlers as it is dispatched, so their effects would show right after it).
    expect(await link.getAttribute('href')).toBeNull();
    expect(
      await link.evaluate((element: { getAttributeNames(): string[] }) =>
        element.getAttributeNames().filter((name) => name.startsWith('on')),
      ),
    ).toEqual([]);
    await link.click();
    expect(await page.evaluate('window.__xss')).toBeUndefined();
    expect(await page.locator('.markdown script, .markdown img, .markdown [onerror]').count()).toBe(
      0,
    );
    expect(dialogs).toBe(0);
  });

  it('shows the declared arguments as a table', async () => {
    const table = page.getByRole('table', { name: 'Arguments' });
    const rows = table.locator('tbody tr');
    expect(await rows.nth(0).locator('td').allTextContents()).toEqual([
      'env',
      'string',
      'required',
      'one of staging, production',
      'Where to deploy.',
    ]);
    expect(await rows.nth(1).locator('td').allTextContents()).toEqual([
      'dry-run',
      'boolean',
      'optional',
      'default false',
      'Only print the plan.',
    ]);
    const frontmatter = page.getByRole('table', { name: 'Frontmatter' });
    expect(await frontmatter.getByText('arguments', { exact: true }).count()).toBe(0);
  });

  it('fits a phone: a wide table scrolls inside its box, not the page', async () => {
    const { scrollsSideways } = await takeScreenshots(page, 'skill-markdown');
    expect(scrollsSideways).toBe(false);
    await page.setViewportSize(PHONE);
    const scrollsInside = `(() => {
      const box = document.querySelector('.markdown table').parentElement;
      return getComputedStyle(box).overflowX === 'auto' && box.scrollWidth > box.clientWidth;
    })()`;
    await eventually(() => page.evaluate(scrollsInside)).toBe(true);
    await page.setViewportSize(DESKTOP);
  });

  it('brings the file into sight when a mention far down the page is followed on a phone', async () => {
    await page.setViewportSize(PHONE);
    const mention = page.locator('.markdown').getByRole('link', { name: 'scripts/run.py' });
    await mention.scrollIntoViewIfNeeded();
    await mention.click();
    const text = page.getByText('print("running")');
    await text.waitFor();
    const box = await text.boundingBox();
    expect(box?.y).toBeGreaterThanOrEqual(56);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'skill-markdown-file-link-390.png') });
    await page.setViewportSize(DESKTOP);
  });
});
