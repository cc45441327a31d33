/** Help → Operator's Guide: docs/desk.md as one page that runs no script, found where the app is. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GUIDE_FILE, guideFile, guidePage, readGuidePage } from './guide';

describe('the operator’s guide', () => {
  it('is docs/desk.md, in the repository or in the package’s resources', () => {
    expect(guideFile({ packaged: false, resourcesPath: '/r', appRoot: '/clone' })).toBe(join('/clone', GUIDE_FILE));
    expect(guideFile({ packaged: true, resourcesPath: '/r', appRoot: '/clone' })).toBe(join('/r', GUIDE_FILE));
  });

  it('shows the guide’s headings and text, and allows no script', () => {
    const page = readGuidePage(guideFile({ packaged: false, resourcesPath: '', appRoot: process.cwd() }));
    expect(page).toMatch(/<h1[^>]*>/);
    expect(page).toContain("default-src 'none'");
    expect(page).not.toMatch(/<script/i);
  });

  it('keeps a script in the text from running: the page’s policy forbids it', () => {
    const page = guidePage('# Guide\n\n<script>alert(1)</script>');
    const policy = /content="([^"]+)"/.exec(page)![1]!;
    expect(policy).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:");
  });
});
