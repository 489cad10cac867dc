// The frame of every catalogue screen: its heading and its table.
import { makeStyles, Title2, tokens } from '@fluentui/react-components';
import { usePageTitle } from '@almacen/shared';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL, minWidth: 0 },
});

export function CatalogPage({ title, children }: { title: string; children: ReactNode }) {
  const styles = useStyles();
  usePageTitle(title);
  return (
    <section className={styles.page} aria-label={title}>
      <Title2 as="h1">{title}</Title2>
      {children}
    </section>
  );
}
