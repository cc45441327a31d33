/** The search terms that find shipments by these references (core/search.ts), each once. */
import { referenceTerm } from '../../core/search';

export function referenceTerms(references: readonly string[]): string[] {
  return [...new Set(references.map(referenceTerm).filter((term) => term !== null))];
}
