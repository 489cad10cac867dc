// Above a row filled from a CFDI: which concept it is, what the entry would refuse as it is, a
// remembered product to confirm, its warnings, "Registrar producto" when no product is chosen yet
// (the kit's «Nuevo producto», filled in with the concept's description, unit and GTIN), the
// concept's GTIN offered as the chosen product's «Código de barras» when it has none, and — once
// the person changed the row — that it is a typed line now.
import { AddRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useForm } from 'react-final-form';
import { useAssignBarcode, useCan, useProducts } from '@almacen/shared';
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
  const products = useProducts();
  const assignBarcode = useAssignBarcode();
  // The concept's GTIN: the product of another row's code is said; a product without one is
  // offered it; a code the product has is never replaced.
  const holder = concept.gtin ? products.data?.find((p) => p.barcode === concept.gtin) : undefined;
  const chosen = productId === null ? undefined : products.data?.find((p) => p.id === productId);
  const offered = concept.gtin && products.data && !holder && chosen && !chosen.barcode ? concept.gtin : null;
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
      {holder && holder.id !== productId && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>{CFDI_TEXTS.barcodeOfOther(holder.barcode!, holder.name)}</MessageBarBody>
        </MessageBar>
      )}
      {offered && chosen && canRegister && (
        <MessageBar intent="info" layout="multiline">
          <MessageBarBody>
            {CFDI_TEXTS.offerBarcode(offered, chosen.name)}{' '}
            <Button size="small" disabled={assignBarcode.running} onClick={() => void assignBarcode.run(chosen.id, offered)}>
              {CFDI_TEXTS.saveBarcode}
            </Button>
          </MessageBarBody>
        </MessageBar>
      )}
      {registering && (
        <NewProductDialog
          open
          proposal={{
            name: concept.description.trim().slice(0, MAX_PRODUCT_NAME),
            unit: concept.productUnit,
            barcode: holder ? null : concept.gtin,
          }}
          onClose={() => setRegistering(false)}
          onCreated={(product) => form.change(`${name}.productId`, product.id)}
        />
      )}
    </div>
  );
}
