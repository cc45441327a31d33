// The encoder core of the `qrcode` package, without its PNG/SVG/terminal renderers.
declare module 'qrcode/lib/core/qrcode.js' {
  interface BitMatrix {
    size: number;
    /** size × size modules, row by row; 1 is dark. */
    data: Uint8Array;
  }
  /** A segment of the symbol's data in one mode (qrcode's NumericData, AlphanumericData, ByteData). */
  interface Segment {
    mode: object;
    getLength(): number;
  }
  export function create(
    data: string | { data: string; mode: object }[],
    options: { errorCorrectionLevel: 'L' | 'M' | 'Q' | 'H'; maskPattern?: number },
  ): { modules: BitMatrix; version: number; segments: Segment[] };
}
