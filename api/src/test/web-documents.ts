/**
 * The web app's own GraphQL documents, for tests that send exactly what the web sends (statement counts on the HTTP
 * path): an operation from the .graphql files the web ships, with exactly the fragments it uses.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Kind, parse, print, visit, type DefinitionNode, type FragmentDefinitionNode } from 'graphql';

const WEB = path.resolve(__dirname, '..', '..', '..', 'web', 'src');

/** The web app's shared fragments (web/src/ui), which any feature's document may spread. */
const SHARED_FRAGMENTS = ['ui/pageInfo.graphql'];

/** `operation` from `files` (paths under web/src), with the fragments it spreads, followed through fragments. */
export function webDocument(operation: string, files: string[]): string {
  const definitions: DefinitionNode[] = [...files, ...SHARED_FRAGMENTS].flatMap((f) => [
    ...parse(fs.readFileSync(path.join(WEB, f), 'utf8')).definitions,
  ]);
  const fragments = new Map(
    definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  );
  const op = definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION && d.name?.value === operation);
  if (!op) throw new Error(`no operation ${operation}`);
  const used = new Set<string>();
  const collect = (node: DefinitionNode) =>
    visit(node, {
      FragmentSpread(spread) {
        if (used.has(spread.name.value)) return;
        used.add(spread.name.value);
        collect(fragments.get(spread.name.value)!);
      },
    });
  collect(op);
  return [op, ...[...used].map((name) => fragments.get(name)!)].map((d) => print(d)).join('\n');
}
