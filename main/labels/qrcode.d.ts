// The encoder core of the `qrcode` package, without its PNG/SVG/terminal renderers.
declare module 'qrcode/lib/core/qrcode.js' {
  interface BitMatrix {
    size: number;
    /** size × size modules, row by row; 1 is dark. */
    data: Uint8Array;
  }
  export function create(
    text: string,
    options: { errorCorrectionLevel: 'L' | 'M' | 'Q' | 'H'; maskPattern?: number },
  ): { modules: BitMatrix; version: number };
}
