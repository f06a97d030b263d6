// node-postgres builds, for every result, the empty row each of its rows is copied from, as an
// object without a prototype (Object.create(null)) that it then spreads into a plain one. V8 keeps
// such an object in dictionary mode, so that copy is slow twice: once per result (about 8 µs for
// an intent's 21 columns, as much as the rest of the driver's work on it) and again on every row.
// The same empty row built as a plain object is a fast, shape-shared one, and the rows copied from
// it are the same: plain objects with the columns in order, every value null until it is parsed.
// (The upstream code's intent, a column named __proto__ never touching the prototype, is kept.)
import pg from 'pg';

interface FieldDescription {
  name: string;
  dataTypeID: number;
  format?: 'text' | 'binary';
}
interface ResultInternals {
  fields: FieldDescription[];
  _parsers: ((value: string) => unknown)[] | undefined;
  _types: { getTypeParser(oid: number, format: 'text' | 'binary'): (value: string) => unknown } | undefined;
  _prebuiltEmptyResultObject: Record<string, null> | null;
}

const patched = Symbol.for('nairaflow.pg-rows');

/** Replaces node-postgres's Result#addFields with the fast equivalent, once per process. */
export function useFastRowShapes(): void {
  const proto = (pg as unknown as { Result: { prototype: Record<PropertyKey, unknown> } }).Result.prototype;
  if (proto[patched] === true) return;
  proto.addFields = function addFields(this: ResultInternals, fieldDescriptions: FieldDescription[]): void {
    this.fields = fieldDescriptions;
    const types = this._types ?? pg.types;
    const parsers = new Array<(value: string) => unknown>(fieldDescriptions.length);
    const row: Record<string, null> = {};
    for (let i = 0; i < fieldDescriptions.length; i++) {
      const field = fieldDescriptions[i]!;
      if (field.name === '__proto__') Object.defineProperty(row, field.name, { value: null, writable: true, enumerable: true, configurable: true });
      else row[field.name] = null;
      parsers[i] = types.getTypeParser(field.dataTypeID, field.format || 'text');
    }
    if (fieldDescriptions.length > 0) this._parsers = parsers;
    this._prebuiltEmptyResultObject = row;
  };
  proto[patched] = true;
}
