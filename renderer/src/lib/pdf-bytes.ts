/** Base 64 PDF text as bytes and blobs, without Node's Buffer. */

export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export const pdfBlob = (base64: string): Blob => new Blob([base64ToBytes(base64)], { type: 'application/pdf' });

/** Saves a PDF through the browser's (or Electron's) download. */
export function downloadPdf(base64: string, fileName: string): void {
  const url = URL.createObjectURL(pdfBlob(base64));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
