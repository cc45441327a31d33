/**
 * Every method of a store's part with its dialect's errors translated (each dialect says
 * which of its errors mean "busy or unavailable"): a synchronous throw and a rejection come
 * out alike, as a rejection, so the core sees one kind of failure whichever store it holds.
 */
export function translatingErrors<T extends object>(methods: T, translate: (error: unknown) => unknown): T {
  const wrapped = {} as Record<string, unknown>;
  for (const [name, method] of Object.entries(methods)) {
    wrapped[name] =
      typeof method !== 'function'
        ? method
        : (...args: unknown[]) => {
            try {
              return Promise.resolve((method as (...a: unknown[]) => unknown)(...args)).catch((error: unknown) => {
                throw translate(error);
              });
            } catch (error) {
              return Promise.reject(translate(error));
            }
          };
  }
  return wrapped as T;
}
