// fontkit (a dependency of pdfkit) ships no types; this covers the little the label
// renderer uses. If @types/fontkit is ever added, delete this file.
declare module 'fontkit' {
  export interface Font {
    readonly postscriptName: string;
    readonly unitsPerEm: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string): unknown;
    glyphForCodePoint(codePoint: number): { id: number; advanceWidth: number };
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
