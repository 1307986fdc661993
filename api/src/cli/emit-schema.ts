/** Writes the SDL of the running schema to schema/schema.graphql (the committed public contract). */
import fs from 'node:fs';
import path from 'node:path';
import { printSchema } from 'graphql';
import { getSchema } from '../schema';

export async function schemaSdl(): Promise<string> {
  const header = '# Generated from the API resolvers by `npm run codegen`. Do not edit by hand.\n\n';
  return header + printSchema(await getSchema()) + '\n';
}

if (require.main === module) {
  schemaSdl()
    .then((sdl) => {
      const file = path.resolve(__dirname, '..', '..', '..', 'schema', 'schema.graphql');
      fs.writeFileSync(file, sdl);
      console.log(`Wrote ${path.relative(process.cwd(), file)}`);
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
