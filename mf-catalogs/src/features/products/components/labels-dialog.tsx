// «Imprimir etiquetas»: the rows ticked in the table or the products of one partida, «Copias por
// producto» and the sheet, then the PDF is downloaded like every report (retries, the server's
// file name, «¡Oh no!» when it fails) and the dialog closes. A product without a code cannot get a
// label: the dialog names it and, to whoever edits the catalogue, offers «Generar código interno»
// for it before printing — printing itself never gives a product a code.
import { useMemo, useState } from 'react';
import { useFormState } from 'react-final-form';
import { labelsRequest, useCan, useGenerateInternalBarcode, useReport } from '@almacen/shared';
import { type Product } from '@almacen/shared/domain';
import {
  LABEL_LAYOUT_NAMES,
  LABEL_LAYOUTS,
  LABEL_MESSAGES,
  MAX_LABEL_COPIES,
  MAX_LABELS,
  missingBarcodeMessage,
  tooManyLabelsMessage,
  type LabelLayout,
} from '@almacen/shared/domain-pages';
import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@almacen/shared/fluent';
import { FormDialog, SelectField, TextField, type FormErrors, type SelectOption } from '@almacen/shared/kit';

export const LABELS_TEXTS = {
  action: 'Imprimir etiquetas',
  title: 'Imprimir etiquetas',
  scope: 'Productos',
  selected: (count: number) => (count === 1 ? 'El producto seleccionado (1)' : `Los productos seleccionados (${count})`),
  category: 'Los productos de una partida',
  categoryField: 'Partida',
  chooseCategory: 'Elige la partida.',
  copies: 'Copias por producto',
  layout: 'Formato',
  submit: 'Imprimir',
  generate: 'Generar código interno',
  count: (labels: number) => (labels === 1 ? 'Se imprimirá 1 etiqueta.' : `Se imprimirán ${labels.toLocaleString('es-MX')} etiquetas.`),
} as const;

type Scope = 'selected' | 'category';

interface LabelsValues {
  scope: Scope;
  categoryId: number | null;
  copies: string;
  layout: LabelLayout;
}

export interface LabelsDialogProps {
  open: boolean;
  /** The products ticked in the table, in the table's order. */
  selected: Product[];
  /** Every product, to find a partida's. */
  products: Product[];
  onClose: () => void;
}

const COPIES_RE = /^\d{1,3}$/;
const copiesOf = (text: string) => (COPIES_RE.test(text.trim()) ? Number(text.trim()) : NaN);

function chosenProducts(values: LabelsValues, selected: Product[], products: Product[]): Product[] {
  if (values.scope === 'selected') return selected;
  return values.categoryId === null ? [] : products.filter((product) => product.category?.id === values.categoryId);
}

export function LabelsDialog({ open, selected, products, onClose }: LabelsDialogProps) {
  const report = useReport(labelsRequest);
  const initialValues = useMemo<LabelsValues>(
    () => ({ scope: selected.length > 0 ? 'selected' : 'category', categoryId: null, copies: '1', layout: 'LETTER_30' }),
    [selected.length],
  );
  const scopes: SelectOption<Scope>[] = [
    ...(selected.length > 0 ? [{ value: 'selected' as const, label: LABELS_TEXTS.selected(selected.length) }] : []),
    { value: 'category', label: LABELS_TEXTS.category },
  ];
  const categories = useMemo(() => {
    const count = new Map<number, { label: string; n: number }>();
    for (const product of products) {
      if (!product.category) continue;
      const entry = count.get(product.category.id) ?? { label: product.category.description, n: 0 };
      entry.n++;
      count.set(product.category.id, entry);
    }
    return [...count.entries()]
      .map(([value, { label, n }]) => ({ value, label: `${label} (${n === 1 ? '1 producto' : `${n} productos`})` }))
      .sort((a, b) => a.label.localeCompare(b.label, 'es'));
  }, [products]);
  const layouts = LABEL_LAYOUTS.map((layout) => ({ value: layout, label: LABEL_LAYOUT_NAMES[layout] }));

  const validate = (values: LabelsValues): FormErrors => {
    const errors: FormErrors = {};
    if (values.scope === 'category' && values.categoryId === null) errors.categoryId = LABELS_TEXTS.chooseCategory;
    const copies = copiesOf(values.copies ?? '');
    if (!(copies >= 1 && copies <= MAX_LABEL_COPIES)) errors.copies = LABEL_MESSAGES.copies;
    const chosen = chosenProducts(values, selected, products);
    if (!errors.copies && chosen.length * copies > MAX_LABELS) errors.copies = tooManyLabelsMessage(chosen.length * copies);
    return errors;
  };

  return (
    <FormDialog<LabelsValues>
      open={open}
      title={LABELS_TEXTS.title}
      initialValues={initialValues}
      validate={validate}
      submitLabel={LABELS_TEXTS.submit}
      onClose={onClose}
      onSave={async (values) => {
        const chosen = chosenProducts(values, selected, products);
        // The summary already names them and offers their codes.
        if (chosen.some((product) => !product.barcode)) return { saved: false };
        const saved = await report.download({
          productIds: chosen.map((product) => product.id),
          copies: copiesOf(values.copies),
          layout: values.layout,
        });
        return { saved: saved !== undefined };
      }}
    >
      <SelectField<Scope> name="scope" label={LABELS_TEXTS.scope} options={scopes} required />
      <CategoryField options={categories} />
      <TextField name="copies" label={LABELS_TEXTS.copies} type="number" required hint={`De 1 a ${MAX_LABEL_COPIES}.`} />
      <SelectField<LabelLayout> name="layout" label={LABELS_TEXTS.layout} options={layouts} required />
      <LabelsSummary selected={selected} products={products} />
    </FormDialog>
  );
}

function CategoryField({ options }: { options: SelectOption<number>[] }) {
  const { values } = useFormState<LabelsValues>({ subscription: { values: true } });
  if (values.scope !== 'category') return null;
  return <SelectField<number> name="categoryId" label={LABELS_TEXTS.categoryField} options={options} required />;
}

/** How many labels come out, or which products have no code yet (with the way to give them one). */
function LabelsSummary({ selected, products }: { selected: Product[]; products: Product[] }) {
  const { values } = useFormState<LabelsValues>({ subscription: { values: true } });
  const canWrite = useCan('catalogs.write');
  const generate = useGenerateInternalBarcode();
  const [generating, setGenerating] = useState(false);
  const chosen = chosenProducts(values, selected, products);
  const withoutCode = chosen.filter((product) => !product.barcode);
  if (withoutCode.length > 0) {
    return (
      <MessageBar intent="warning" layout="multiline">
        <MessageBarBody>{missingBarcodeMessage(withoutCode)}</MessageBarBody>
        {canWrite && (
          <MessageBarActions>
            <Button
              disabled={generating}
              onClick={async () => {
                setGenerating(true);
                for (const product of withoutCode) await generate.run(product.id);
                setGenerating(false);
              }}
            >
              {LABELS_TEXTS.generate}
            </Button>
          </MessageBarActions>
        )}
      </MessageBar>
    );
  }
  const copies = copiesOf(values.copies ?? '');
  if (chosen.length === 0 || !(copies >= 1)) return null;
  return <p>{LABELS_TEXTS.count(chosen.length * copies)}</p>;
}
