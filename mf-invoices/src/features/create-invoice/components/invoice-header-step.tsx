// Step 1 "Datos de la factura": where the goods come from, which document, and who signs. Type
// and signers start as the person's last entry had them; loading a CFDI keeps them (applyCfdi).
import { useInvoiceDefaults } from '@almacen/shared';
import { INVOICE_TYPES, INVOICE_TYPE_LABELS, type InvoiceType } from '@almacen/shared/domain';
import { makeStyles, tokens } from '@almacen/shared/fluent';
import { DateField, SelectField, TextField, useLastChoices, type SelectOption } from '@almacen/shared/kit';
import { useEmployeeOptions, useSupplierOptions } from '../lib/catalog-options';
import { CfdiLoader } from './cfdi-loader';

const typeOptions: SelectOption<InvoiceType>[] = INVOICE_TYPES.map((code) => ({ value: code, label: INVOICE_TYPE_LABELS[code] }));

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
});

/** `closedUntil`: the last closed date (useClosedUntil), where the date picker stops. */
export function InvoiceHeaderStep({ closedUntil = null }: { closedUntil?: string | null }) {
  const styles = useStyles();
  const { options: suppliers } = useSupplierOptions();
  const { options: employees } = useEmployeeOptions();
  // Without its answer the fields are simply left to choose: no toast for a convenience.
  useLastChoices(useInvoiceDefaults().data);
  return (
    <>
      <CfdiLoader />
      <div className={styles.grid}>
        <SelectField<number> name="supplierId" label="Tienda de procedencia" options={suppliers} required />
        <TextField name="invoiceNumber" label="Número de factura" maxLength={50} required />
        <DateField name="invoiceDate" label="Fecha" closedUntil={closedUntil} monthNote required />
        <SelectField<InvoiceType> name="invoiceType" label="Tipo de entrada" options={typeOptions} required />
        <SelectField<number> name="directorEmployeeId" label="Director del plantel" options={employees} required />
        <SelectField<number> name="enteredByEmployeeId" label="Elaborador" options={employees} required />
        <SelectField<number> name="warehouseKeeperEmployeeId" label="Almacenista" options={employees} required />
      </div>
    </>
  );
}
