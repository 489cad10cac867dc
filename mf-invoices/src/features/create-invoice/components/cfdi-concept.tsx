// Above a row filled from a CFDI (issue #19): which concept it is, its warnings (what the form
// could not hold exactly), and "Registrar producto" when no product is chosen yet.
import { AddRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useForm } from 'react-final-form';
import { actionErrorText, createProduct, staleAfter, useApi, useCan, useInvalidate } from '@almacen/shared';
import { Button, makeStyles, MessageBar, MessageBarBody, Spinner, tokens } from '@almacen/shared/fluent';
import { Text } from '@almacen/shared/fluent-pages';
import { CFDI_TEXTS, type RowCfdi } from '../lib/cfdi';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
});

const MAX_PRODUCT_NAME = 200;

export function CfdiConcept({ name, concept, productId }: { name: string; concept: RowCfdi; productId: number | null }) {
  const styles = useStyles();
  const api = useApi();
  const invalidate = useInvalidate();
  const form = useForm();
  const canRegister = useCan('catalogs.write');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function register() {
    setBusy(true);
    setError(null);
    try {
      const created = await createProduct(api, { name: concept.description.trim().slice(0, MAX_PRODUCT_NAME) });
      await invalidate(...staleAfter.productChange);
      form.change(`${name}.productId`, created.id);
    } catch (e) {
      setError(actionErrorText(CFDI_TEXTS.productError, e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.root}>
      <div className={styles.head}>
        <Text weight="semibold">{CFDI_TEXTS.concept(concept)}</Text>
        {productId === null && canRegister && (
          <Button size="small" icon={busy ? <Spinner size="tiny" /> : <AddRegular />} disabled={busy} onClick={() => void register()}>
            {CFDI_TEXTS.registerProduct}
          </Button>
        )}
      </div>
      {concept.warnings.length > 0 && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <ul className={styles.list} aria-label={`Advertencias del concepto ${concept.index}`}>
              {concept.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          </MessageBarBody>
        </MessageBar>
      )}
      {error && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}
