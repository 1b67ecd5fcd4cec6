/** A message table's shape with every string literal widened to string: what another locale must match. */
export type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
