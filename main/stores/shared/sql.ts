/**
 * Statements with their parameters, written once for both dialects: `sql` keeps the text
 * and the values together, `render` writes the placeholders as each dialect wants them
 * (`?` for SQLite, `$1…$n` for PostgreSQL). A value is always a bound parameter, never
 * text; a fragment (another `sql`, `sqlJoin`, or `identifiers` from a column map) is
 * spliced in with its own parameters.
 */

export type Dialect = 'sqlite' | 'postgres';

const FRAGMENT = Symbol('sql fragment');

export interface Sql {
  readonly [FRAGMENT]: true;
  /** Text pieces; parameter i stands between text i and text i + 1. */
  readonly texts: readonly string[];
  readonly values: readonly unknown[];
}

export interface Rendered {
  text: string;
  params: unknown[];
}

const isSql = (value: unknown): value is Sql =>
  typeof value === 'object' && value !== null && (value as { [FRAGMENT]?: unknown })[FRAGMENT] === true;

function fragment(texts: string[], values: unknown[]): Sql {
  return { [FRAGMENT]: true, texts, values };
}

/** A statement or a part of one: `${value}` binds a parameter, `${fragment}` splices SQL in. */
export function sql(strings: TemplateStringsArray, ...values: unknown[]): Sql {
  const texts = [strings[0]!];
  const params: unknown[] = [];
  values.forEach((value, i) => {
    if (isSql(value)) {
      texts[texts.length - 1] += value.texts[0]!;
      for (let j = 0; j < value.values.length; j++) {
        params.push(value.values[j]);
        texts.push(value.texts[j + 1]!);
      }
      texts[texts.length - 1] += strings[i + 1]!;
    } else {
      params.push(value);
      texts.push(strings[i + 1]!);
    }
  });
  return fragment(texts, params);
}

/**
 * Text that is SQL as it stands: names the code itself holds (a column map's columns, a
 * table's name), never anything a caller typed.
 */
export const identifiers = (text: string): Sql => fragment([text], []);

/** Fragments one after another, `separator` between them: a list of values, or conditions. */
export function sqlJoin(parts: readonly (Sql | unknown)[], separator = ', '): Sql {
  const texts = [''];
  const values: unknown[] = [];
  parts.forEach((part, i) => {
    const piece = isSql(part) ? part : sql`${part}`;
    texts[texts.length - 1] += (i === 0 ? '' : separator) + piece.texts[0]!;
    for (let j = 0; j < piece.values.length; j++) {
      values.push(piece.values[j]);
      texts.push(piece.texts[j + 1]!);
    }
  });
  return fragment(texts, values);
}

/** The empty fragment: an optional clause that is not there. */
export const empty: Sql = fragment([''], []);

/** `WHERE a AND b …`, or nothing when there are no conditions. */
export const where = (conditions: readonly Sql[]): Sql =>
  conditions.length === 0 ? empty : sql`WHERE ${sqlJoin(conditions, ' AND ')}`;

/** The statement's text in `dialect`, with its parameters in order. */
export function render(dialect: Dialect, statement: Sql): Rendered {
  const { texts } = statement;
  let text = texts[0]!;
  for (let i = 1; i < texts.length; i++) text += (dialect === 'sqlite' ? '?' : `$${i}`) + texts[i]!;
  return { text, params: [...statement.values] };
}

/**
 * SQL text written with `?` placeholders (the shared list queries) with PostgreSQL's
 * numbered ones instead. The text holds no other `?`: none of the SQL both dialects run
 * uses an operator spelt so.
 */
export function numberedPlaceholders(text: string): string {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
}
