// The JSON Schema of a request body, derived from the superstruct schema that validates it, so a
// body's shape is written once: the forms and the API validate with the struct, and the API's
// OpenAPI description shows what this derives from it. Each primitive of primitives.ts carries its
// own fragment (the limits it enforces, from the same constants); superstruct's combinators are
// read structurally — an object's fields, which of them may be absent (the field's struct accepts
// undefined) or null (it accepts null). A struct this cannot describe throws: a new primitive
// without its fragment fails the OpenAPI test rather than documenting nothing.
import { Struct, type Validator } from 'superstruct';

export type JsonSchema = { [key: string]: unknown };

/** Any struct: what a body's schema is made of, whatever it validates. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a struct's value type varies by position (refiner's parameter)
export type AnyStruct = Struct<any, any>;

/** Where a primitive keeps its fragment: superstruct copies `schema` through refine/optional/nullable. */
const FRAGMENT = Symbol.for('almacen.jsonSchema');

export interface Described {
  readonly [FRAGMENT]: JsonSchema;
}

/** A struct with a custom validator (as superstruct's `define`) and the JSON Schema it enforces. */
export function described<T>(name: string, fragment: JsonSchema, validator: Validator): Struct<T, Described> {
  return new Struct<T, Described>({ type: name, schema: { [FRAGMENT]: fragment }, validator });
}

/** A list of `items` (`minItems`, `maxItems`): the struct of `lines()` keeps these to be described. */
export interface DescribedList<S> extends Described {
  readonly items: S;
}

export function describedList<T, S extends AnyStruct>(
  props: Omit<ConstructorParameters<typeof Struct<T, DescribedList<S>>>[0], 'schema'>,
  items: S,
  fragment: JsonSchema,
): Struct<T, DescribedList<S>> {
  return new Struct<T, DescribedList<S>>({ ...props, schema: { [FRAGMENT]: fragment, items } });
}

const accepts = (struct: AnyStruct, value: unknown) => !struct.validate(value)[0];

const isStruct = (value: unknown): value is AnyStruct => value instanceof Struct;

/**
 * Documentation notes for a body, keyed by a field's dotted path (list items have no index):
 * `products.amount`. A text note goes before the field's own description; an object is merged in.
 */
export type BodyNotes = Record<string, string | JsonSchema>;

/**
 * The JSON Schema (OpenAPI 3.0 dialect: `nullable`) of what `struct` accepts, with `notes` merged
 * on the fields they name (a description, an example). A note naming no field throws.
 */
export function toJsonSchema(struct: AnyStruct, notes: BodyNotes = {}): JsonSchema {
  const unused = new Set(Object.keys(notes));
  const schema = describe(struct, '', notes, unused);
  if (unused.size > 0) throw new Error(`Notes for fields the schema does not have: ${[...unused].join(', ')}`);
  return schema;
}

function describe(struct: AnyStruct, path: string, notes: BodyNotes, unused: Set<string>): JsonSchema {
  const note = path ? notes[path] : undefined;
  if (note !== undefined) unused.delete(path);
  const base = withNull(shapeOf(struct, path, notes, unused), accepts(struct, null));
  if (note === undefined) return base;
  if (typeof note !== 'string') return { ...base, ...note };
  return { ...base, description: base.description ? `${note}. ${String(base.description)}` : note };
}

function shapeOf(struct: AnyStruct, path: string, notes: BodyNotes, unused: Set<string>): JsonSchema {
  const schema = struct.schema as Record<string | symbol, unknown> | null;
  if (schema && FRAGMENT in schema) {
    const fragment = schema[FRAGMENT] as JsonSchema;
    const items = schema.items;
    return isStruct(items) ? { ...fragment, type: 'array', items: describe(items, path, notes, unused) } : { ...fragment };
  }
  switch (struct.type) {
    case 'type':
    case 'object': {
      const fields = Object.entries(schema as Record<string, AnyStruct>);
      const required = fields.filter(([, field]) => !accepts(field, undefined)).map(([name]) => name);
      const properties = Object.fromEntries(
        fields.map(([name, field]) => [name, describe(field, path ? `${path}.${name}` : name, notes, unused)]),
      );
      return {
        type: 'object',
        ...(required.length ? { required } : {}),
        properties,
        ...(struct.type === 'object' ? { additionalProperties: false } : {}),
      };
    }
    case 'array':
      return { type: 'array', items: describe(schema as unknown as AnyStruct, path, notes, unused) };
    case 'string':
    case 'boolean':
    case 'integer':
    case 'number':
      return { type: struct.type };
    case 'enums':
      return { type: 'string', enum: Object.values(schema as Record<string, string>) };
    default:
      throw new Error(`No JSON Schema for a "${struct.type}" struct${path ? ` (${path})` : ''}`);
  }
}

/**
 * The same schema also matching null. OpenAPI 3.0 reads `nullable` only beside a `type`, so in a
 * `oneOf` it goes on the first branch that has one (null then matches that branch alone).
 */
function withNull(schema: JsonSchema, nullable: boolean): JsonSchema {
  if (!nullable || schema.nullable) return schema;
  if (Array.isArray(schema.oneOf)) {
    const branches = schema.oneOf as JsonSchema[];
    const at = branches.findIndex((branch) => 'type' in branch);
    return { ...schema, oneOf: branches.map((branch, i) => (i === at ? { ...branch, nullable: true } : branch)) };
  }
  return { ...schema, nullable: true };
}
