// The shell's index.html names every file its first screen needs, so the browser asks for all of
// them while it reads the HTML instead of after main.js has arrived and run. Without this, main.js
// (the federation runtime) was one round trip plus its download ahead of the ~20 files behind
// the async boundary of src/index.ts: the bootstrap chunk and the shared modules it consumes.
//
// Which files: the chunk groups of the entry's own `import()` (the async boundary), and, from
// there, the chunks of every shared module those chunks consume — transitively, since a shared
// module consumes others. The shell provides each shared module itself, and the federation runtime
// loads the provided copy (its share scope's `get`), so the files are those of the provide
// module's block; the consume's own fallback block is a second chunk of the same code, never
// asked for. Lazy `import()`s inside the app (the admin pages, the account menu,
// a kit page) are not followed: they stay on demand.
import rspack, { type Chunk, type ChunkGroup, type Compilation, type Compiler, type Module } from '@rspack/core';

const CONSUME_SHARED = 'consume-shared-module';
const PROVIDE_SHARED = 'provide-module';
/** `consume shared module (default) react@^19 (singleton) (fallback: /…/react/index.js)` → the path. */
const FALLBACK = /\(fallback: (.+)\)$/;
/** `provide shared module (default) react@19.3.1 = /…/react/index.js` → the path. */
const PROVIDED = / = (.+)$/;

function blockGroups(compilation: Compilation, module: Module): ChunkGroup[] {
  return (module.blocks ?? []).flatMap((block) => {
    const group = compilation.chunkGraph.getBlockChunkGroup(block);
    return group ? [group] : [];
  });
}

/** The files of the first screen behind the entry `name`'s async boundary, in load order. */
export function firstScreenFiles(compilation: Compilation, name: string): string[] {
  const entry = compilation.entrypoints.get(name);
  if (!entry) return [];
  const initial = new Set(entry.chunks);
  const chunks = new Set<Chunk>();
  const pending: ChunkGroup[] = [];
  for (const chunk of entry.chunks)
    for (const module of compilation.chunkGraph.getChunkEntryModulesIterable(chunk)) pending.push(...blockGroups(compilation, module));
  const provided = new Map<string, Module>();
  for (const module of compilation.modules) {
    const file = module.type === PROVIDE_SHARED ? PROVIDED.exec(module.identifier())?.[1] : undefined;
    if (file) provided.set(file, module);
  }
  const seen = new Set<ChunkGroup>();
  while (pending.length > 0) {
    const group = pending.shift()!;
    if (seen.has(group)) continue;
    seen.add(group);
    for (const chunk of group.chunks) {
      if (initial.has(chunk) || chunks.has(chunk)) continue;
      chunks.add(chunk);
      for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk))
        if (module.type === CONSUME_SHARED) {
          const fallback = FALLBACK.exec(module.identifier())?.[1];
          pending.push(...blockGroups(compilation, (fallback && provided.get(fallback)) || module));
        }
    }
  }
  return [...chunks].flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js')));
}

/** Adds `<link rel="preload" as="script">` for main.js and the first screen's files to index.html. */
export class FirstScreenPreloadPlugin {
  constructor(private readonly entry = 'main') {}

  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('AlmacenFirstScreenPreload', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tap('AlmacenFirstScreenPreload', (data) => {
        const publicPath = String(compilation.outputOptions.publicPath ?? '/');
        const entryFiles = (compilation.entrypoints.get(this.entry)?.getFiles() ?? []).filter((file) => file.endsWith('.js'));
        // main.js first and at high priority (a deferred script is asked for at low priority): it
        // starts the sign-in (src/startup.ts), whose requests then take the next free connection
        // ahead of the rest, asked for at low priority.
        const link = (file: string, priority: 'high' | 'low') => ({
          tagName: 'link',
          voidTag: true,
          attributes: { rel: 'preload', as: 'script', href: `${publicPath}${file}`, fetchpriority: priority },
        });
        const links = [
          ...entryFiles.map((file) => link(file, 'high')),
          ...firstScreenFiles(compilation, this.entry).map((file) => link(file, 'low')),
        ];
        data.headTags.unshift(...(links as typeof data.headTags));
        return data;
      });
    });
  }
}
