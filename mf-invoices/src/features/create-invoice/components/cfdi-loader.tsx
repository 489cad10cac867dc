// "Cargar CFDI (XML)" on step "Datos de la factura": a button and a drop zone. The file
// goes to POST /api/cfdi/parse, which creates nothing; its answer fills the form (lib/cfdi.ts).
// When no supplier has the issuer's RFC, "Registrar proveedor {Nombre} ({Rfc})" creates it here.
import { AddRegular, DocumentArrowUpRegular, DismissRegular } from '@fluentui/react-icons';
import { useRef, useState, type DragEvent } from 'react';
import { useForm, useFormState } from 'react-final-form';
import { actionErrorText, apiKeys, createSupplier, parseCfdi, useApi, useCan, useInvalidate } from '@almacen/shared';
import { Button, makeStyles, MessageBar, MessageBarBody, MessageBarTitle, Spinner, tokens } from '@almacen/shared/fluent';
import { Text } from '@almacen/shared/fluent-pages';
import { useSupplierOptions } from '../lib/catalog-options';
import { applyCfdi, CFDI_TEXTS, MAX_CFDI_FILE_BYTES } from '../lib/cfdi';
import type { InvoiceFormValues } from '../lib/invoice-values';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, marginBottom: tokens.spacingVerticalL },
  zone: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThick} dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  over: { border: `${tokens.strokeWidthThick} dashed ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
});

/** The file's UTF-8 text (Blob.text where the browser has it, FileReader otherwise). */
function readText(file: File): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file, 'utf-8');
  });
}

export function CfdiLoader() {
  const styles = useStyles();
  const api = useApi();
  const invalidate = useInvalidate();
  const form = useForm<InvoiceFormValues>();
  const { values } = useFormState<InvoiceFormValues>({ subscription: { values: true } });
  const { suppliers } = useSupplierOptions();
  const canRegisterSupplier = useCan('catalogs.write');
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const [registering, setRegistering] = useState(false);
  const cfdi = values.cfdi ?? null;

  async function load(file: File | undefined) {
    if (!file) return;
    setError(null);
    if (!/\.xml$/i.test(file.name) && !/xml/.test(file.type)) return setError(CFDI_TEXTS.notXmlFile);
    if (file.size > MAX_CFDI_FILE_BYTES) return setError(CFDI_TEXTS.tooLarge);
    setBusy(true);
    try {
      const xml = await readText(file);
      const analysis = await parseCfdi(api, xml);
      const next = applyCfdi(form.getState().values, analysis, xml, file.name);
      form.batch(() => {
        for (const key of ['supplierId', 'invoiceNumber', 'invoiceDate', 'cfdi', 'products'] as const) form.change(key, next[key] as never);
      });
    } catch (e) {
      setError(actionErrorText(CFDI_TEXTS.loadError, e));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  async function registerSupplier() {
    if (!cfdi) return;
    setRegistering(true);
    setError(null);
    try {
      const created = await createSupplier(api, { name: cfdi.issuer.name || cfdi.issuer.rfc, rfc: cfdi.issuer.rfc });
      await invalidate(apiKeys.suppliers);
      form.change('supplierId', created.id);
    } catch (e) {
      setError(actionErrorText(CFDI_TEXTS.supplierError, e));
    } finally {
      setRegistering(false);
    }
  }

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    void load(event.dataTransfer.files?.[0]);
  };
  const supplierKnown = !!cfdi && (values.supplierId !== null || (suppliers ?? []).some((s) => s.rfc.toUpperCase() === cfdi.issuer.rfc));

  return (
    <div className={styles.root}>
      <div
        className={over ? `${styles.zone} ${styles.over}` : styles.zone}
        data-testid="cfdi-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <Button
          appearance="primary"
          icon={busy ? <Spinner size="tiny" /> : <DocumentArrowUpRegular />}
          disabled={busy}
          onClick={() => input.current?.click()}
        >
          {CFDI_TEXTS.load}
        </Button>
        <Text>{busy ? CFDI_TEXTS.loading : CFDI_TEXTS.drop}</Text>
        <input
          ref={input}
          type="file"
          accept=".xml,application/xml,text/xml"
          aria-label={CFDI_TEXTS.load}
          hidden
          onChange={(event) => void load(event.currentTarget.files?.[0])}
        />
        {cfdi && (
          <Button appearance="subtle" icon={<DismissRegular />} onClick={() => form.change('cfdi', null)}>
            {CFDI_TEXTS.remove}
          </Button>
        )}
      </div>
      {error && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
      {cfdi && (
        <MessageBar intent="info" layout="multiline">
          <MessageBarBody>{CFDI_TEXTS.loaded(cfdi.uuid, cfdi.fileName)}</MessageBarBody>
        </MessageBar>
      )}
      {cfdi && !supplierKnown && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <span>{CFDI_TEXTS.noSupplier(cfdi.issuer.name, cfdi.issuer.rfc)}</span>{' '}
            {canRegisterSupplier && (
              <Button
                size="small"
                icon={registering ? <Spinner size="tiny" /> : <AddRegular />}
                disabled={registering}
                onClick={() => void registerSupplier()}
              >
                {CFDI_TEXTS.registerSupplier(cfdi.issuer.name, cfdi.issuer.rfc)}
              </Button>
            )}
          </MessageBarBody>
        </MessageBar>
      )}
      {cfdi && cfdi.warnings.length > 0 && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>Advertencias del CFDI</MessageBarTitle>
            <ul className={styles.list}>
              {cfdi.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          </MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}
