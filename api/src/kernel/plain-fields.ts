import { isObjectType, type GraphQLSchema } from 'graphql';
import { getMetadataStorage } from 'type-graphql';

/**
 * TypeGraphQL gives every field a resolver, even a plain property (`@Field() content`): a function call and an
 * object per field of every row of every page, and compiled queries (kernel/compiled-queries.ts) cannot read such a
 * field inline. With no global middlewares, that resolver only reads the property, so it is removed here and the
 * field is read directly. A field keeps its resolver when it has any reason to: a field resolver, arguments or
 * injected parameters, roles (`@Authorized`), middlewares, or a schema name that differs from its property.
 */
/* eslint-disable @typescript-eslint/no-unsafe-function-type -- type-graphql types classes as Function */
export function readPlainFieldsDirectly(schema: GraphQLSchema): GraphQLSchema {
  const storage = getMetadataStorage();
  const classOf = new Map<string, Function>();
  for (const o of storage.objectTypes) classOf.set(o.name, o.target);
  const resolvedOn = (target: Function, name: string) =>
    storage.fieldResolvers.some((r) => {
      const owner = r.getObjectType?.();
      return r.schemaName === name && !!owner && (owner === target || target.prototype instanceof owner);
    });

  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    const target = classOf.get(type.name);
    if (!target) continue;
    for (const field of Object.values(type.getFields())) {
      if (!field.resolve || field.args.length) continue;
      // The field's metadata on the class or on a class it extends.
      const meta = storage.fields.find(
        (f) => f.schemaName === field.name && (f.target === target || target.prototype instanceof f.target),
      );
      const plain =
        meta &&
        meta.name === meta.schemaName &&
        !meta.params?.length &&
        !meta.roles?.length &&
        !meta.middlewares?.length &&
        !resolvedOn(target, field.name);
      if (plain) field.resolve = undefined;
    }
  }
  return schema;
}
