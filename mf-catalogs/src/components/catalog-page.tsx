// The frame of every catalogue screen: its heading and its table.
import type { ReactNode } from 'react';
import { usePageTitle } from '@almacen/shared';
import { makeStyles, Title2, tokens } from '@almacen/shared/fluent';
import { CatalogImport, type ImportCatalog } from './catalog-import';

const useStyles = makeStyles({
  // No padding of its own: the shell's is every area's left edge (titles do not jump between areas).
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
});

export function CatalogPage({ title, children, importCatalog }: { title: string; children: ReactNode; importCatalog?: ImportCatalog }) {
  const styles = useStyles();
  usePageTitle(title);
  return (
    <section className={styles.page} aria-label={title}>
      <Title2 as="h1">{title}</Title2>
      {importCatalog && <CatalogImport catalog={importCatalog} title={title} />}
      {children}
    </section>
  );
}
