/**
 * Label PDFs drawn onto canvases with pdf.js. The worker is a module asset of our own origin
 * (CSP `worker-src 'self'`); eval and WebAssembly stay off (CSP `script-src 'self'`).
 */
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
import { base64ToBytes } from './pdf-bytes';

let workerConfigured = false;

function configureWorker(): void {
  if (workerConfigured) return;
  GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).href;
  workerConfigured = true;
}

export interface RenderedPages {
  pages: number;
}

function openPdf(base64: string) {
  configureWorker();
  return getDocument({
    data: base64ToBytes(base64),
    isEvalSupported: false,
    useWasm: false,
    enableXfa: false,
  });
}

/**
 * Draws every page of the PDF as a canvas appended to `host`, `cssWidth` pixels wide and
 * sharp at the screen's devicePixelRatio. `signal` stops the work when the view goes away.
 */
export async function renderPdfPages(
  base64: string,
  host: HTMLElement,
  options: { cssWidth: number; label: (page: number) => string; signal: AbortSignal; stamp?: string },
): Promise<RenderedPages> {
  const task = openPdf(base64);
  options.signal.addEventListener('abort', () => void task.destroy(), { once: true });
  const pdf: PDFDocumentProxy = await task.promise;
  try {
    const ratio = window.devicePixelRatio || 1;
    for (let number = 1; number <= pdf.numPages; number++) {
      if (options.signal.aborted) break;
      const page = await pdf.getPage(number);
      const base = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: (options.cssWidth / base.width) * ratio });
      const canvas = document.createElement('canvas');
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      canvas.style.width = `${Math.round(viewport.width / ratio)}px`;
      canvas.style.height = `${Math.round(viewport.height / ratio)}px`;
      canvas.className = 'label-canvas';
      canvas.setAttribute('role', 'img');
      canvas.setAttribute('aria-label', options.label(number));
      await page.render({ canvas, viewport }).promise;
      if (options.stamp) stampCanvas(canvas, options.stamp);
      canvas.dataset.rendered = 'true';
      if (!options.signal.aborted) host.append(canvas);
      page.cleanup();
    }
    return { pages: pdf.numPages };
  } finally {
    void pdf.destroy();
  }
}

/** A red stamp ("VOID") across a drawn page, corner to corner: on the preview only, never on a label. */
function stampCanvas(canvas: HTMLCanvasElement, text: string): void {
  const context = canvas.getContext('2d');
  if (!context) return;
  const { width, height } = canvas;
  const size = Math.round(width * 0.26);
  context.save();
  context.translate(width / 2, height / 2);
  context.rotate(-Math.atan2(height, width));
  context.font = `800 ${size}px sans-serif`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillStyle = 'rgba(200, 24, 24, 0.8)';
  context.fillText(text, 0, 0);
  const frame = context.measureText(text).width + size * 0.5;
  context.lineWidth = Math.max(3, size / 10);
  context.strokeStyle = 'rgba(200, 24, 24, 0.8)';
  context.strokeRect(-frame / 2, -size * 0.7, frame, size * 1.4);
  context.restore();
}

/** Every page as a PNG blob URL at `dpi` (labels print at a thermal printer's 203 or 300 dpi). */
export async function renderPdfPageImages(base64: string, dpi: number): Promise<string[]> {
  const pdf = await openPdf(base64).promise;
  try {
    const urls: string[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const viewport = page.getViewport({ scale: dpi / 72 });
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(viewport.width);
      canvas.height = Math.round(viewport.height);
      await page.render({ canvas, viewport, background: '#ffffff' }).promise;
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
      if (!blob) throw new Error(`Page ${number} of the label could not be drawn.`);
      urls.push(URL.createObjectURL(blob));
      page.cleanup();
    }
    return urls;
  } finally {
    void pdf.destroy();
  }
}
