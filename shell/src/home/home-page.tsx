// /dashboard: welcome and the release notes of spec §1.
import { Body1, Card, CardHeader, makeStyles, Subtitle2, Title2, tokens } from '@fluentui/react-components';
import { useCurrentUser, usePageTitle } from '@almacen/shared';

export const releaseNotes = [
  { version: 'V1.0.0', text: 'Descarga del reporte de existencias actual, además de mejoras en la interfaz.' },
  { version: 'V0.0.9', text: 'Descarga del reporte de movimientos por producto (tarjeta de almacén).' },
  {
    version: 'V0.0.8',
    text: 'Descarga de los reportes de entradas anteriores y de salidas anteriores, además de mejoras en la interfaz.',
  },
] as const;

const useStyles = makeStyles({
  page: { display: 'grid', gap: tokens.spacingVerticalL, maxWidth: '880px' },
  notes: { margin: 0, paddingLeft: tokens.spacingHorizontalL, display: 'grid', gap: tokens.spacingVerticalM },
});

export function HomePage() {
  const styles = useStyles();
  const user = useCurrentUser();
  const firstName = user.name.split(' ')[0];
  // The heading greets the person; the tab names the place.
  usePageTitle('Inicio');
  return (
    <div className={styles.page}>
      <Title2 as="h1">{firstName ? `¡Hola, ${firstName}!` : 'Inicio'}</Title2>
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
