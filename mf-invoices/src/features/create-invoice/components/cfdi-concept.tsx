// Above a row filled from a CFDI: which concept it is, what the entry would refuse as it is, a
// remembered product to confirm, its warnings, "Registrar producto" when no product is chosen yet
// (the kit's «Nuevo producto», filled in with the concept's description and unit), and — once the
// person changed the row — that it is a typed line now.
import { AddRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useForm } from 'react-final-form';
import { useCan } from '@almacen/shared';
import { Button, makeStyles, MessageBar, MessageBarBody, tokens } from '@almacen/shared/fluent';
import { Text } from '@almacen/shared/fluent-pages';
import { NewProductDialog } from '@almacen/shared/kit';
import { CFDI_TEXTS, type RowCfdi } from '../lib/cfdi';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
});

const MAX_PRODUCT_NAME = 200;

export function CfdiConcept({
  name,
  concept,
  productId,
  typed,
}: {
  name: string;
  concept: RowCfdi;
  productId: number | null;
  /** The person changed the row's quantity, price or boxes: it no longer carries the CFDI's value. */
  typed: boolean;
}) {
  const styles = useStyles();
  const form = useForm();
  const canRegister = useCan('catalogs.write');
  const [registering, setRegistering] = useState(false);
  return (
    <div className={styles.root}>
      <div className={styles.head}>
        <Text weight="semibold">{CFDI_TEXTS.concept(concept)}</Text>
        {productId === null && canRegister && (
          <Button size="small" icon={<AddRegular />} onClick={() => setRegistering(true)}>
            {CFDI_TEXTS.registerProduct}
          </Button>
        )}
      </div>
      {typed && concept.value && <Text>{CFDI_TEXTS.typed}</Text>}
      {!typed && (concept.errors?.length ?? 0) > 0 && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            <ul className={styles.list} aria-label={`Problemas del concepto ${concept.index}`}>
              {concept.errors!.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          </MessageBarBody>
        </MessageBar>
      )}
      {concept.rememberedDescription != null &&
        !concept.productConfirmed &&
        productId !== null &&
        productId === concept.rememberedProductId && (
          <MessageBar intent="warning" layout="multiline">
            <MessageBarBody>
              {CFDI_TEXTS.rememberedOther(concept.rememberedDescription)}{' '}
              <Button size="small" onClick={() => form.change(`${name}.cfdi.productConfirmed`, true)}>
                {CFDI_TEXTS.confirmProduct}
              </Button>
            </MessageBarBody>
          </MessageBar>
        )}
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
      {registering && (
        <NewProductDialog
          open
          proposal={{ name: concept.description.trim().slice(0, MAX_PRODUCT_NAME), unit: concept.productUnit }}
          onClose={() => setRegistering(false)}
          onCreated={(product) => form.change(`${name}.productId`, product.id)}
        />
      )}
    </div>
  );
}
