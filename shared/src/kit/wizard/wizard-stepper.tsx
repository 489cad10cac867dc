// The step indicator. Deliberately not interactive: the spec says steps cannot be jumped to by
// clicking, so the labels are plain list items, not buttons or links.
import { makeStyles, mergeClasses, tokens } from '@almacen/shared/fluent';
import { Text } from '@almacen/shared/fluent-pages';

const useStyles = makeStyles({
  list: {
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    flexWrap: 'wrap',
  },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    flex: '1 1 0',
    minWidth: '160px',
    color: tokens.colorNeutralForeground3,
    cursor: 'default',
    userSelect: 'none',
  },
  current: { color: tokens.colorNeutralForeground1, fontWeight: tokens.fontWeightSemibold },
  done: { color: tokens.colorNeutralForeground2 },
  badge: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '28px',
    height: '28px',
    flexShrink: 0,
    borderRadius: tokens.borderRadiusCircular,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
  },
  badgeActive: {
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorBrandBackground}`,
  },
});

export interface WizardStepperProps {
  labels: string[];
  current: number;
}

export function WizardStepper({ labels, current }: WizardStepperProps) {
  const styles = useStyles();
  return (
    <ol className={styles.list} aria-label="Pasos">
      {labels.map((label, index) => (
        <li
          key={label}
          aria-current={index === current ? 'step' : undefined}
          className={mergeClasses(styles.item, index === current && styles.current, index < current && styles.done)}
        >
          <span className={mergeClasses(styles.badge, index <= current && styles.badgeActive)} aria-hidden>
            {index < current ? '✓' : index + 1}
          </span>
          <Text weight={index === current ? 'semibold' : 'regular'}>{label}</Text>
        </li>
      ))}
    </ol>
  );
}
