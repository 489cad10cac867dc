/**
 * @jest-environment node
 */
// One way to draw a table and one way to hold a form. Tables are the kit's DataTable (with
// `plain` where a table is part of a page: a summary, a card, an editable sheet); Fluent's table
// parts are used by the kit's own grid and nowhere else. A form's values live in react-final-form
// through the kit's fields, checked by the shared schemas with `validateSchema`: a Fluent
// `<Field required>` — a value that must be given before something is written — in a remote or the
// shell sits in a file that reads it through react-final-form. (A filter's `<Field>`, a date for a
// report or a list, is not required and may keep its value in useState.)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');
const remotes = (JSON.parse(readFileSync(path.join(root, 'remotes.json'), 'utf8')) as { remotes: Array<{ folder: string }> }).remotes.map(
  (r) => r.folder,
);
const KIT = path.join(root, 'shared', 'src', 'kit');
/** The barrels that re-export Fluent for the rest of the portal. */
const FLUENT_BARRELS = ['shared/src/fluent.ts', 'shared/src/fluent-pages.ts'].map((file) => path.join(root, file));
const FLUENT_MODULES = /^(@fluentui\/react-components|@fluentui\/react-table|@almacen\/shared\/fluent(-pages)?)$/;
/** Fluent's table parts and hooks: Table, TableRow, TableCellLayout, DataGrid…, createTableColumn, useTableFeatures. */
const TABLE_PART = /^(Table[A-Z]?\w*|DataGrid\w*|createTableColumn|useTable\w*)$/;
const HTML_TABLES_NOT_FOLDED_YET: string[] = [];
// The home page's section (mf-stock's ./Home) is part of the dashboard's first load, which takes
// no kit (shell/src/federation/contract-surface.test.ts): its small read-only tables draw with the
// frame's own Fluent table parts (@almacen/shared/fluent), the one place that may.
const FRAME_TABLES = ['mf-stock/src/features/home/components/home-summary.tsx'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

const productSources = () =>
  [...remotes, 'shell', 'shared']
    .flatMap((folder) => sources(path.join(root, folder, 'src')))
    .filter((file) => !file.startsWith(KIT + path.sep) && !FLUENT_BARRELS.includes(file));

/** The values (not types) each `import { … } from '<fluent>'` of the text names. */
function fluentTableImports(text: string): string[] {
  return [...text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/g)].flatMap(([, typeOnly, names, module]) =>
    typeOnly || !FLUENT_MODULES.test(module)
      ? []
      : names
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name && !name.startsWith('type '))
          .map((name) => name.split(/\s+as\s+/)[0])
          .filter((name) => TABLE_PART.test(name)),
  );
}

/** True when the text renders a Fluent `<Field … required>`. */
const rendersRequiredField = (text: string) => /<Field\b[^>]*\srequired\b/.test(text);
const readsFinalForm = (text: string) => /from 'react-final-form'/.test(text);

test('the rules find what they look for', () => {
  expect(
    fluentTableImports("import { Button, Table, TableCell as Cell, type TableColumnSizingOptions } from '@almacen/shared/fluent';"),
  ).toEqual(['Table', 'TableCell']);
  expect(fluentTableImports("import { TableRow } from '@fluentui/react-components';")).toEqual(['TableRow']);
  expect(fluentTableImports("import type { TableProps } from '@almacen/shared/fluent-pages';")).toEqual([]);
  expect(fluentTableImports("import { Tabs, Tab } from '@almacen/shared/fluent';")).toEqual([]);
  expect(rendersRequiredField('<Field label="Testigo" required validationMessage={m}>')).toBe(true);
  expect(rendersRequiredField('<Field label="Desde" size="small">')).toBe(false);
});

test('outside the kit, no product file draws a table with Fluent’s table parts: tables are DataTable', () => {
  const files = productSources();
  expect(files.length).toBeGreaterThan(100);
  const found = files
    .filter((file) => !FRAME_TABLES.includes(path.relative(root, file)))
    .flatMap((file) =>
      fluentTableImports(readFileSync(file, 'utf8')).map(
        (name) => `${path.relative(root, file)}: ${name} (usa DataTable, con plain si hace falta)`,
      ),
    );
  expect(found).toEqual([]);
});

test('outside the kit, no product file draws an HTML table of its own (but those not folded yet)', () => {
  const found = productSources()
    .filter((file) => /<table\b/.test(readFileSync(file, 'utf8')))
    .map((file) => path.relative(root, file));
  expect(found).toEqual(HTML_TABLES_NOT_FOLDED_YET);
});

test('a required field of a remote or the shell is read through react-final-form, not held in useState', () => {
  const found = [...remotes, 'shell']
    .flatMap((folder) => sources(path.join(root, folder, 'src')))
    .filter((file) => {
      const text = readFileSync(file, 'utf8');
      return rendersRequiredField(text) && !readsFinalForm(text);
    })
    .map((file) => `${path.relative(root, file)} (usa los campos del kit dentro de un formulario de react-final-form)`);
  expect(found).toEqual([]);
});
