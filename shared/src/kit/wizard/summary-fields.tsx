// The read-only summary of a wizard's last step: labelled, read-only inputs (so the summary looks
// like the form the user filled in, and a screen reader reads label and value together).
import { makeStyles, tokens } from '@almacen/shared/fluent';
import { Field, Input } from '@almacen/shared/fluent-pages';

export interface SummaryItem {
  label: string;
  value: string;
}

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
});

export function SummaryFields({ items }: { items: SummaryItem[] }) {
  const styles = useStyles();
  return (
    <div className={styles.grid}>
      {items.map((item) => (
        <Field key={item.label} label={item.label}>
          <Input readOnly value={item.value} appearance="filled-darker" />
        </Field>
      ))}
    </div>
  );
}
