/**
 * A web app's operation exactly as the web sends it: the operation from its .graphql file with the fragments it
 * spreads (from web/src), through Apollo Client's own __typename transform, printed, in HttpLink's body shape.
 */
import { addTypenameToDocument } from '@apollo/client/utilities';
import fs from 'node:fs';
import path from 'node:path';
import {
  Kind,
  parse,
  print,
  visit,
  type DefinitionNode,
  type DocumentNode,
  type FragmentDefinitionNode,
} from 'graphql';
import { REPO_ROOT } from '../../support/app';

function graphqlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'gql' ? [] : graphqlFiles(p);
    return e.name.endsWith('.graphql') ? [p] : [];
  });
}

/** The printed document of operation `name` from `file` (relative to the repository), with the fragments it needs. */
export function webOperation(file: string, name: string): string {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const f of graphqlFiles(path.join(REPO_ROOT, 'web', 'src'))) {
    for (const d of parse(fs.readFileSync(f, 'utf8')).definitions)
      if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  }
  const op = parse(fs.readFileSync(path.join(REPO_ROOT, file), 'utf8')).definitions.find(
    (d) => d.kind === Kind.OPERATION_DEFINITION && d.name?.value === name,
  );
  if (!op) throw new Error(`no operation ${name} in ${file}`);
  const definitions: DefinitionNode[] = [op];
  const seen = new Set<string>();
  for (let i = 0; i < definitions.length; i++) {
    visit(definitions[i], {
      FragmentSpread(node) {
        const n = node.name.value;
        if (seen.has(n)) return;
        seen.add(n);
        const f = fragments.get(n);
        if (!f) throw new Error(`fragment ${n} not found under web/src`);
        definitions.push(f);
      },
    });
  }
  const doc: DocumentNode = { kind: Kind.DOCUMENT, definitions };
  return print(addTypenameToDocument(doc));
}

/** The JSON body Apollo's HttpLink posts for an operation. */
export const httpLinkBody = (operationName: string, query: string, variables: Record<string, unknown>) =>
  JSON.stringify({ operationName, variables, query });
