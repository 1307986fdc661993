import {
  getArgumentValues,
  getDirectiveValues,
  getNamedType,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  isCompositeType,
  isListType,
  isNonNullType,
  isUnionType,
  Kind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

/** The arguments that size a page: a field taking one of them is a page of that many items. */
const PAGE_ARGUMENTS = ['first', 'last', 'limit'] as const;

/** What a mutation's root field costs on top of its selection (a write does more than a read). */
export const MUTATION_BASE_COST = 10;

export interface CostOptions {
  /** A page's size when the field takes `first` but the query gives none (kernel/pagination: 20). */
  defaultPageSize: number;
  /** The largest page the server returns (MAX_PAGE_SIZE): a larger `first` is refused anyway, so it costs this. */
  maxPageSize: number;
}

/** `type` is a list, under any non-null wrappers. */
const listType = (type: GraphQLOutputType): boolean => isListType(isNonNullType(type) ? type.ofType : type);

/**
 * The static cost of one operation of `document` with `variables`, before it runs (GitHub's and Shopify's model):
 * - every field that returns an object (or interface, union) costs 1; scalars and enums cost nothing;
 * - a field taking `first`/`last`/`limit` is a page: what is selected under it is counted that many times (the
 *   default page size when the argument is absent, at most the largest page); a list directly inside a page (a
 *   connection's `nodes`) is the page's items, counted once more only by the page;
 * - any other list of objects is counted as a default page;
 * - each root field of a mutation costs MUTATION_BASE_COST more;
 * - fragments are counted where they are spread, aliases as the separate fields they are, and `@skip`/`@include`
 *   are honoured. An operation costs at least 1.
 * Returns null when the operation cannot be found (the document is refused elsewhere).
 */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | null | undefined,
  operationName: string | null | undefined,
  options: CostOptions,
): number | null {
  const vars = variables ?? {};
  const fragments = new Map<string, FragmentDefinitionNode>();
  let operation: OperationDefinitionNode | undefined;
  for (const d of document.definitions) {
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
    else if (d.kind === Kind.OPERATION_DEFINITION && (operationName ? d.name?.value === operationName : !operation))
      operation = d;
  }
  const root = operation && schema.getRootType(operation.operation);
  if (!operation || !root) return null;

  const included = (node: FieldNode | { directives?: FieldNode['directives'] }): boolean => {
    try {
      if (getDirectiveValues(GraphQLSkipDirective, node, vars)?.if === true) return false;
      if (getDirectiveValues(GraphQLIncludeDirective, node, vars)?.if === false) return false;
    } catch {
      /* an invalid directive argument: counted (validation refuses the document) */
    }
    return true;
  };

  const pageOf = (def: GraphQLField<unknown, unknown>, node: FieldNode): number | null => {
    const names = def.args.map((a) => a.name).filter((n) => (PAGE_ARGUMENTS as readonly string[]).includes(n));
    if (!names.length) return null;
    let values: Record<string, unknown> = {};
    try {
      values = getArgumentValues(def, node, vars);
    } catch {
      /* a wrongly typed argument: the default page (the operation is refused when it runs) */
    }
    const given = names.map((n) => values[n]).find((v) => typeof v === 'number' && Number.isFinite(v)) as
      number | undefined;
    return Math.max(1, Math.min(options.maxPageSize, Math.trunc(given ?? options.defaultPageSize)));
  };

  // `inPage`: the selection is the inside of a page, whose lists are the page's own items.
  const selectionCost = (
    type: GraphQLCompositeType,
    set: SelectionSetNode,
    inPage: boolean,
    seen: ReadonlySet<string>,
  ): number => {
    let total = 0;
    for (const s of set.selections) {
      if (!included(s)) continue;
      if (s.kind === Kind.INLINE_FRAGMENT) {
        const on = s.typeCondition ? schema.getType(s.typeCondition.name.value) : type;
        if (on && isCompositeType(on)) total += selectionCost(on, s.selectionSet, inPage, seen);
      } else if (s.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(s.name.value);
        const on = fragment && schema.getType(fragment.typeCondition.name.value);
        if (fragment && on && isCompositeType(on) && !seen.has(fragment.name.value)) {
          total += selectionCost(on, fragment.selectionSet, inPage, new Set([...seen, fragment.name.value]));
        }
      } else {
        total += fieldCost(type, s, inPage, seen);
      }
    }
    return total;
  };

  const fieldCost = (
    parent: GraphQLCompositeType,
    node: FieldNode,
    inPage: boolean,
    seen: ReadonlySet<string>,
  ): number => {
    const def = isUnionType(parent) ? undefined : parent.getFields()[node.name.value];
    if (!def) return 0; // __typename, or a field validation refuses
    const named = getNamedType(def.type);
    if (!isCompositeType(named) || !node.selectionSet) return 0;
    const page = pageOf(def, node);
    const times = page ?? (listType(def.type) && !inPage ? options.defaultPageSize : 1);
    return 1 + times * selectionCost(named, node.selectionSet, page !== null, seen);
  };

  let cost = 0;
  for (const s of operation.selectionSet.selections) {
    const base = operation.operation === 'mutation' && s.kind === Kind.FIELD && included(s) ? MUTATION_BASE_COST : 0;
    cost += base + selectionCost(root, { kind: Kind.SELECTION_SET, selections: [s] }, false, new Set());
  }
  return Math.max(1, cost);
}
