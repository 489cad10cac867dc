import '@testing-library/jest-dom';
import { Field as FluentField, Input } from '@fluentui/react-components';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Field } from 'react-final-form';
import { object, string, type Struct } from 'superstruct';
import { define } from 'superstruct';
import { ApiError } from '../../platform';
import { renderWithPlatform } from '../../testing';
import { FormWizard, ProductRows, combineSteps, newRowKey, rowsStep, schemaStep, type WizardStep } from '.';

// A small document: a header with one required text and rows with one required quantity.
interface Row {
  key: string;
  quantity: string;
}
interface Doc {
  title: string;
  products: Row[];
}

const required = (message: string) =>
  define<string>('required', (value) => (typeof value === 'string' && value.trim() !== '') || message);
const header = object({ title: required('El título es obligatorio.'), products: define('any', () => true) }) as Struct<any, any>;
const line = object({ key: string(), quantity: required('La cantidad es obligatoria.') }) as Struct<any, any>;

function TextField({ name, label }: { name: string; label: string }) {
  return (
    <Field<string> name={name}>
      {({ input, meta }) => (
        <FluentField label={label} validationMessage={meta.touched && meta.error ? meta.error : undefined}>
          <Input value={input.value ?? ''} onChange={(_, data) => input.onChange(data.value)} onBlur={input.onBlur} />
        </FluentField>
      )}
    </Field>
  );
}

interface Harness {
  save?: jest.Mock;
  onSaved?: jest.Mock;
}

function renderWizard({ save = jest.fn(async () => ({ id: 7 })), onSaved = jest.fn() }: Harness = {}) {
  const steps: WizardStep<Doc>[] = [
    { label: 'Datos del documento', content: <TextField name="title" label="Título" />, validate: schemaStep(header) },
    {
      label: 'Lista de productos',
      content: (
        <ProductRows<Row> name="products" newRow={() => ({ key: newRowKey(), quantity: '' })}>
          {({ name }) => <TextField name={`${name}.quantity`} label="Cantidad" />}
        </ProductRows>
      ),
      validate: combineSteps(rowsStep('products', line)),
      minRows: { name: 'products', message: 'El documento debe contener por lo menos un producto.' },
    },
    { label: 'Resumen', content: <p>Resumen del documento</p> },
  ];
  const view = renderWithPlatform(
    <FormWizard<Doc, { id: number }>
      title="Nuevo documento"
      steps={steps}
      initialValues={() => ({ title: '', products: [] })}
      reviewLabel="Ver resumen del documento"
      saveLabel="Guardar documento"
      save={save}
      successMessage={(result) => `Documento ${result.id} registrado.`}
      errorMessage={(error) => `No se pudo guardar. ${error instanceof Error ? error.message : ''}`}
      onSaved={onSaved}
    />,
  );
  return { ...view, save, onSaved };
}

// A toast's text (Fluent repeats it in an aria-live region, which is not the notification).
const toast = (text: string) => screen.getAllByText(text).find((element) => element.closest('.fui-Toast')) ?? null;

const currentStep = () => screen.getByRole('listitem', { current: 'step' });

async function fillToSummary(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Título'), 'Entrada de prueba');
  await user.click(screen.getByRole('button', { name: 'Siguiente paso' }));
  await user.click(screen.getByRole('button', { name: 'Añadir un producto' }));
  await user.type(screen.getByLabelText('Cantidad'), '5');
  await user.click(screen.getByRole('button', { name: 'Ver resumen del documento' }));
  await waitFor(() => expect(currentStep()).toHaveTextContent('Resumen'));
}

afterEach(() => {
  jest.useRealTimers();
});

test('the container is at most 1024 px wide and the stepper names the three steps', () => {
  renderWizard();
  expect(screen.getByRole('heading', { name: 'Nuevo documento' }).parentElement).toHaveStyle({ maxWidth: '1024px' });
  const steps = within(screen.getByRole('list', { name: 'Pasos' })).getAllByRole('listitem');
  expect(steps.map((s) => s.textContent)).toEqual(['1Datos del documento', '2Lista de productos', '3Resumen']);
  expect(currentStep()).toHaveTextContent('Datos del documento');
});

test('clicking a step of the stepper does not jump to it', async () => {
  const user = userEvent.setup();
  renderWizard();
  await user.click(screen.getByText('Resumen'));
  await user.click(screen.getByText('Lista de productos'));
  expect(currentStep()).toHaveTextContent('Datos del documento');
  expect(screen.getByLabelText('Título')).toBeInTheDocument();
  expect(within(screen.getByRole('list', { name: 'Pasos' })).queryAllByRole('button')).toHaveLength(0);
  expect(within(screen.getByRole('list', { name: 'Pasos' })).queryAllByRole('link')).toHaveLength(0);
});

test('forward needs the step to pass and shows its messages; back always works', async () => {
  const user = userEvent.setup();
  renderWizard();
  expect(screen.queryByRole('button', { name: 'Regresar' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Siguiente paso' }));
  expect(await screen.findByText('El título es obligatorio.')).toBeInTheDocument();
  expect(currentStep()).toHaveTextContent('Datos del documento');

  await user.type(screen.getByLabelText('Título'), 'x');
  expect(screen.queryByText('El título es obligatorio.')).not.toBeInTheDocument();
  await user.clear(screen.getByLabelText('Título'));
  // validation runs on every change, not only on the button
  expect(await screen.findByText('El título es obligatorio.')).toBeInTheDocument();
  await user.type(screen.getByLabelText('Título'), 'Entrada');
  await user.click(screen.getByRole('button', { name: 'Siguiente paso' }));
  expect(currentStep()).toHaveTextContent('Lista de productos');

  await user.click(screen.getByRole('button', { name: 'Añadir un producto' }));
  await user.click(screen.getByRole('button', { name: 'Ver resumen del documento' }));
  expect(await screen.findByText('La cantidad es obligatoria.')).toBeInTheDocument();
  expect(currentStep()).toHaveTextContent('Lista de productos');

  // the step is invalid, yet going back is allowed and keeps what was typed
  await user.click(screen.getByRole('button', { name: 'Regresar' }));
  expect(currentStep()).toHaveTextContent('Datos del documento');
  expect(screen.getByLabelText('Título')).toHaveValue('Entrada');
});

test('going forward with no rows shows the "¡Hey!" notice, which closes after 3 s', async () => {
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderWizard();
  await user.type(screen.getByLabelText('Título'), 'Entrada');
  await user.click(screen.getByRole('button', { name: 'Siguiente paso' }));
  await user.click(screen.getByRole('button', { name: 'Ver resumen del documento' }));
  expect(await screen.findByText('¡Hey!')).toBeInTheDocument();
  expect(screen.getByText('El documento debe contener por lo menos un producto.')).toBeInTheDocument();
  expect(currentStep()).toHaveTextContent('Lista de productos');

  act(() => jest.advanceTimersByTime(2900));
  expect(screen.getByText('¡Hey!')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(200));
  await waitFor(() => expect(screen.queryByText('¡Hey!')).not.toBeInTheDocument());
});

test('a row can be removed only while more than one exists, after confirmation', async () => {
  const user = userEvent.setup();
  renderWizard();
  await user.type(screen.getByLabelText('Título'), 'Entrada');
  await user.click(screen.getByRole('button', { name: 'Siguiente paso' }));
  await user.click(await screen.findByRole('button', { name: 'Añadir un producto' }));
  expect(await screen.findByRole('button', { name: 'Eliminar producto 1' })).toBeDisabled();

  await user.click(screen.getByRole('button', { name: 'Añadir un producto' }));
  await user.type(within(screen.getByRole('group', { name: 'Producto 1' })).getByLabelText('Cantidad'), '1');
  await user.type(within(screen.getByRole('group', { name: 'Producto 2' })).getByLabelText('Cantidad'), '2');
  expect(screen.getByRole('button', { name: 'Eliminar producto 1' })).toBeEnabled();

  await user.click(screen.getByRole('button', { name: 'Eliminar producto 1' }));
  let dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveTextContent('¿Realmente deseas hacer esto?');
  expect(dialog).toHaveTextContent('Estas a punto de eliminar el producto no. 1 de la lista.');
  await user.click(within(dialog).getByRole('button', { name: 'No, cancelar' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  expect(screen.getAllByLabelText('Cantidad')).toHaveLength(2);

  await user.click(await screen.findByRole('button', { name: 'Eliminar producto 1' }));
  dialog = await screen.findByRole('alertdialog');
  await user.click(within(dialog).getByRole('button', { name: 'Sí, eliminar' }));
  await waitFor(() => expect(screen.getAllByLabelText('Cantidad')).toHaveLength(1));
  // the row that stays is the second one, with its value
  expect(screen.getByLabelText('Cantidad')).toHaveValue('2');
  // The closed dialog gives the page back to assistive technology a moment after it unmounts.
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  expect(await screen.findByRole('button', { name: 'Eliminar producto 1' }, { timeout: 5000 })).toBeDisabled();
});

test('save: one request per double click, green notice, callback, reset one second later', async () => {
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  let finish: (value: { id: number }) => void = () => undefined;
  const save = jest.fn(() => new Promise<{ id: number }>((resolve) => (finish = resolve)));
  const { onSaved } = renderWizard({ save });
  await fillToSummary(user);

  const button = screen.getByRole('button', { name: 'Guardar documento' });
  await user.dblClick(button);
  expect(save).toHaveBeenCalledTimes(1);
  expect(button).toBeDisabled();
  const [values, context] = save.mock.calls[0] as unknown as [Doc, { idempotencyKey: string }];
  expect(values).toEqual({ title: 'Entrada de prueba', products: [{ key: expect.any(String), quantity: '5' }] });
  expect(context.idempotencyKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

  await act(async () => finish({ id: 7 }));
  // no waiting here: a waitFor would move the fake clock towards the reset
  expect(toast('Documento 7 registrado.')).toBeInTheDocument();
  expect(onSaved).toHaveBeenCalledWith({ id: 7 }, values);
  // still disabled until the reset, so a third click cannot create a second document
  expect(screen.getByRole('button', { name: 'Guardar documento' })).toBeDisabled();

  act(() => jest.advanceTimersByTime(900));
  expect(currentStep()).toHaveTextContent('Resumen');
  act(() => jest.advanceTimersByTime(100));
  expect(currentStep()).toHaveTextContent('Datos del documento');
  expect(screen.getByLabelText('Título')).toHaveValue('');
});

test('a failed save shows "¡Oh no!" with the server message, keeps the values and reuses the key', async () => {
  const user = userEvent.setup();
  const save = jest
    .fn()
    .mockRejectedValueOnce(new ApiError(409, 'Ya existe una factura con ese número.'))
    .mockResolvedValueOnce({ id: 9 });
  renderWizard({ save });
  await fillToSummary(user);

  await user.click(screen.getByRole('button', { name: 'Guardar documento' }));
  expect(await screen.findByText('¡Oh no!')).toBeInTheDocument();
  expect(screen.getByText('No se pudo guardar. Ya existe una factura con ese número.')).toBeInTheDocument();
  expect(currentStep()).toHaveTextContent('Resumen');
  expect(screen.getByRole('button', { name: 'Guardar documento' })).toBeEnabled();

  await user.click(screen.getByRole('button', { name: 'Regresar' }));
  await user.click(screen.getByRole('button', { name: 'Regresar' }));
  expect(screen.getByLabelText('Título')).toHaveValue('Entrada de prueba');
  await user.click(screen.getByRole('button', { name: 'Siguiente paso' }));
  expect(screen.getByLabelText('Cantidad')).toHaveValue('5');
  await user.click(screen.getByRole('button', { name: 'Ver resumen del documento' }));
  await user.click(screen.getByRole('button', { name: 'Guardar documento' }));
  expect(await screen.findByText('Documento 9 registrado.')).toBeInTheDocument();
  // same values → same key: a retry after a lost answer cannot create a second document
  expect(save.mock.calls[1][1].idempotencyKey).toBe(save.mock.calls[0][1].idempotencyKey);
});

test('changed values after a failure are a new document with a new key', async () => {
  const user = userEvent.setup();
  const save = jest.fn().mockRejectedValueOnce(new ApiError(500, 'Falla')).mockResolvedValueOnce({ id: 3 });
  renderWizard({ save });
  await fillToSummary(user);
  await user.click(screen.getByRole('button', { name: 'Guardar documento' }));
  await screen.findByText('¡Oh no!');
  await user.click(screen.getByRole('button', { name: 'Regresar' }));
  await user.type(screen.getByLabelText('Cantidad'), '0');
  await user.click(screen.getByRole('button', { name: 'Ver resumen del documento' }));
  await user.click(screen.getByRole('button', { name: 'Guardar documento' }));
  await screen.findByText('Documento 3 registrado.');
  expect(save.mock.calls[1][0].products[0].quantity).toBe('50');
  expect(save.mock.calls[1][1].idempotencyKey).not.toBe(save.mock.calls[0][1].idempotencyKey);
});
