// /dashboard: welcome and the release notes; between them, the sections
// remotes expose as ./Home (the stock squad's figures and charts), each in its own error
// boundary: a remote that is down shows "Reintentar" there, the greeting and the notes stay.
import { Can, useCurrentUser, usePageTitle } from '@almacen/shared';
import type { Permission } from '@almacen/shared/domain';
import { Body1, Card, CardHeader, makeStyles, Subtitle2, Title2, tokens } from '@almacen/shared/fluent';
import type { RemotePages } from '@almacen/shared/pages';
import { RemoteArea } from '../federation/remote-area';

export const releaseNotes = [
  { version: 'V1.0.0', text: 'Descarga del reporte de existencias actual, además de mejoras en la interfaz.' },
  { version: 'V0.0.9', text: 'Descarga del reporte de movimientos por producto (tarjeta de almacén).' },
  {
    version: 'V0.0.8',
    text: 'Descarga de los reportes de entradas anteriores y de salidas anteriores, además de mejoras en la interfaz.',
  },
] as const;

const useStyles = makeStyles({
  page: { display: 'grid', gap: tokens.spacingVerticalL, maxWidth: '1200px', minWidth: 0 },
  notes: { margin: 0, paddingLeft: tokens.spacingHorizontalL, display: 'grid', gap: tokens.spacingVerticalM },
});

/** A remote with a home section (pages.home), as the shell's routes know it. */
export interface HomeRemote {
  name: string;
  pages: RemotePages;
}

export function HomePage({ remotes = [] }: { remotes?: HomeRemote[] }) {
  const styles = useStyles();
  const user = useCurrentUser();
  const firstName = user.name.split(' ')[0];
  // The heading greets the person; the tab names the place.
  usePageTitle('Inicio');
  return (
    <div className={styles.page}>
      <Title2 as="h1">{firstName ? `¡Hola, ${firstName}!` : 'Inicio'}</Title2>
      {remotes
        .filter((remote) => remote.pages.home)
        .sort((a, b) => a.pages.home!.order - b.pages.home!.order)
        .map(({ name, pages }) => {
          const area = <RemoteArea key={name} name={name} module="Home" label={pages.label} />;
          const permission = pages.home!.permission;
          return permission ? (
            <Can key={name} permission={permission as Permission}>
              {area}
            </Can>
          ) : (
            area
          );
        })}
      <Card>
        <CardHeader header={<Subtitle2 as="h2">Notas de lanzamiento</Subtitle2>} />
        <ul className={styles.notes}>
          {releaseNotes.map((note) => (
            <li key={note.version}>
              <Body1>
                <strong>{note.version}</strong>: {note.text}
              </Body1>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
