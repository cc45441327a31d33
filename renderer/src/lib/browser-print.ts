/**
 * Printing a label PDF from a browser (no Electron). First choice: the PDF in a hidden frame,
 * printed through the browser's PDF viewer. Where the page's Content-Security-Policy refuses
 * to frame it (the station's policy has no `frame-src blob:`), the pages are drawn with pdf.js
 * and printed from this page at the label's own paper size instead.
 */
import type { LabelSize } from '../../../main/core/schemas';
import { pdfBlob } from './pdf-bytes';

const PAPER: Record<LabelSize | 'A4', string> = { '4x6': '4in 6in', A6: '105mm 148mm', A4: '210mm 297mm' };
const PRINT_DPI = 300;
const FRAME_TIMEOUT_MS = 10_000;

let frameUrl: string | null = null;

/**
 * print() ran in the hidden frame, which had to take focus for it: give focus back to this
 * page and to what held it, or the next keys go to the frame and nowhere.
 */
function returnFocus(before: Element | null): void {
  window.focus();
  if (before instanceof HTMLElement && before !== document.body && before.isConnected) before.focus();
  else if (document.activeElement instanceof HTMLIFrameElement) document.activeElement.blur();
}

/** Resolves true once the frame's print() was called; false when the frame could not load the PDF. */
function printInFrame(base64: string): Promise<boolean> {
  document.querySelectorAll('iframe[data-label-print]').forEach((frame) => frame.remove());
  if (frameUrl) URL.revokeObjectURL(frameUrl);
  const url = URL.createObjectURL(pdfBlob(base64));
  frameUrl = url;
  const frame = document.createElement('iframe');
  frame.dataset.labelPrint = '';
  frame.title = 'Label being printed';
  frame.className = 'print-frame';
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;

  return new Promise((resolve) => {
    let settled = false;
    const finish = (printed: boolean) => {
      if (settled) return;
      settled = true;
      document.removeEventListener('securitypolicyviolation', onViolation);
      if (!printed) frame.remove();
      resolve(printed);
    };
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      // Chromium reports a blocked blob: URL as just "blob".
      if (event.blockedURI.startsWith('blob')) finish(false);
    };
    // A frame that never loads (no PDF viewer in this browser) must not hold the print up.
    setTimeout(() => finish(false), FRAME_TIMEOUT_MS);
    document.addEventListener('securitypolicyviolation', onViolation);
    frame.addEventListener(
      'load',
      () => {
        try {
          // A refused frame shows the browser's error page: another origin, so no document.
          const view = frame.contentWindow;
          if (!view || !frame.contentDocument) return finish(false);
          const before = document.activeElement;
          view.focus();
          view.print();
          returnFocus(before);
          finish(true);
        } catch {
          finish(false);
        }
      },
      { once: true },
    );
    frame.src = url;
    document.body.append(frame);
  });
}

/** Draws the pages as images into a print-only sheet and prints this page at the label's size. */
async function printAsImages(base64: string, size: LabelSize | 'A4'): Promise<void> {
  const { renderPdfPageImages } = await import('./pdf');
  const urls = await renderPdfPageImages(base64, PRINT_DPI);
  const sheet = document.createElement('div');
  sheet.className = 'print-sheet';
  sheet.setAttribute('aria-hidden', 'true');
  const style = document.createElement('style');
  style.textContent = `@page { size: ${PAPER[size]}; margin: 0; }`;
  sheet.append(style);
  const images = urls.map((url, index) => {
    const image = new Image();
    image.alt = `Label page ${index + 1}`;
    image.src = url;
    sheet.append(image);
    return image;
  });
  document.querySelectorAll('.print-sheet').forEach((old) => old.remove());
  document.body.append(sheet);
  const cleanUp = () => {
    document.body.classList.remove('printing-labels');
    sheet.remove();
    urls.forEach((url) => URL.revokeObjectURL(url));
  };
  try {
    await Promise.all(images.map((image) => image.decode()));
  } catch (error) {
    cleanUp();
    throw error;
  }
  // Some browsers return from print() before the page is captured: tidy up after printing.
  window.addEventListener('afterprint', cleanUp, { once: true });
  document.body.classList.add('printing-labels');
  window.print();
}

export async function printPdfInBrowser(base64: string, size: LabelSize | 'A4'): Promise<void> {
  if (await printInFrame(base64)) return;
  await printAsImages(base64, size);
}
