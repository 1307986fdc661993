import { build } from 'vite';
await build({ logLevel: 'silent', build: { write: false }, plugins: [{ name: 'dbg', generateBundle(_, bundle) {
  for (const c of Object.values(bundle)) if (c.type === 'chunk') for (const id of Object.keys(c.modules)) if (/groups\/(GroupCard|index|YourGroups|useGroupActions)|business\/(usePosition|index)/.test(id)) console.log(c.fileName, id.replace(/.*src\//,''));
}}] });
