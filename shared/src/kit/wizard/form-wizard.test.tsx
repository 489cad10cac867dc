import '@testing-library/jest-dom';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Field } from 'react-final-form';
import { object, string, type Struct } from 'superstruct';
import { define } from 'superstruct';
import { Field as FluentField, Input } from '@almacen/shared/fluent-pages';
import { Link, Route, Routes, useLocation, useNavigate, type InitialEntry } from '@almacen/shared/router';
import {
  FormWizard,
  LEAVE_TEXTS,
  SAVED_BUT_NOT_REFRESHED,
  ProductRows,
  combineSteps,
  draftStorageKey,
  newRowKey,
  rowsStep,
  schemaStep,
  type StepValidator,
  type WizardStep,
} from '.';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../platform';
import { renderWithPlatform, testUser } from '../../testing';

// Fluent's comboboxes and dialogs are slow under jsdom on a busy machine.
jest.setTimeout(30_000);

// A small document: a header with one required text and rows with one required quantity.
interface Row {
  key: string;
  quantity: string;
}
interface Doc {
  title: string;
  products: Row[];
}

const required = (message: string) => define<string>('required', (value) => (typeof value === 'string' && value.trim() !== '') || message);
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
  /** Where the router starts: a reload starts at the entry (and history state) it was on. */
  route?: InitialEntry;
  /** A further check of the rows, e.g. one that depends on the server (the stock). */
  rowsCheck?: StepValidator<Doc>;
  /** The summary as a review step, and every draw of it and of each row counted here. */
  draws?: Map<string, number>;
}

/** Stands in for the browser around the wizard: its Back and Forward, another page, the entry's state. */
function Browser() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <nav aria-label="Navegador">
      <button type="button" onClick={() => navigate(-1)}>
        Atrás del navegador
      </button>
      <button type="button" onClick={() => navigate(1)}>
        Adelante del navegador
      </button>
      <Link to="/otra">Otra página</Link>
      <output aria-label="Entrada del historial">{JSON.stringify({ pathname: location.pathname, state: location.state })}</output>
    </nav>
  );
}

/** The history entry the wizard is on, to start a "reloaded" wizard at it. */
const currentEntry = (): InitialEntry => JSON.parse(screen.getByLabelText('Entrada del historial').textContent ?? '{}');

const DRAFT_KEY = draftStorageKey('documento', testUser.email);

/** Counts its draws under `id` in `draws` (when given). */
function Drawn({ id, draws, children }: { id: string; draws?: Map<string, number>; children: ReactNode }) {
  draws?.set(id, (draws.get(id) ?? 0) + 1);
  return <>{children}</>;
}

function renderWizard({ save = jest.fn(async () => ({ id: 7 })), onSaved = jest.fn(), route = '/', rowsCheck, draws }: Harness = {}) {
  const steps: WizardStep<Doc>[] = [
    { label: 'Datos del documento', content: <TextField name="title" label="Título" />, validate: schemaStep(header) },
    {
      label: 'Lista de productos',
      content: (
        <ProductRows<Row> name="products" newRow={() => ({ key: newRowKey(), quantity: '' })}>
          {({ name }) => (
            <Drawn id={name} draws={draws}>
              <TextField name={`${name}.quantity`} label="Cantidad" />
            </Drawn>
          )}
        </ProductRows>
      ),
      validate: combineSteps(rowsStep('products', line), ...(rowsCheck ? [rowsCheck] : [])),
      minRows: { name: 'products', message: 'El documento debe contener por lo menos un producto.' },
    },
    {
      label: 'Resumen',
      content: (
        <Drawn id="Resumen" draws={draws}>
          <p>Resumen del documento</p>
        </Drawn>
      ),
      review: draws !== undefined,
    },
  ];
  const view = renderWithPlatform(
    <>
      <Routes>
        <Route
          path="/"
          element={
            <FormWizard<Doc, { id: number }>
              title="Nuevo documento"
              draftName="documento"
              steps={steps}
              initialValues={() => ({ title: '', products: [] })}
              reviewLabel="Ver resumen del documento"
              saveLabel="Guardar documento"
              save={save}
              successMessage={(result) => `Documento ${result.id} registrado.`}
              errorMessage={(error) => `No se pudo guardar. ${error instanceof Error ? error.message : ''}`}
              onSaved={onSaved}
            />
          }
        />
        <Route path="/otra" element={<h1>Otra página</h1>} />
      </Routes>
      <Browser />
    </>,
    { route },
  );
  return { ...view, save, onSaved };
}

// A toast's text (Fluent repeats it in an aria-live region, which is not the notification).
const toast = (text: string) => screen.getAllByText(text).find((element) => element.closest('.fui-Toast')) ?? null;

const currentStep = () => screen.getByRole('listitem', { current: 'step' });
const stepper = () => within(screen.getByRole('list', { name: 'Pasos' }));
/** A step's fieldset, found whether it is shown or not. */
const stepGroup = (label: string) => document.querySelector<HTMLElement>(`fieldset[aria-label="${label}"]`)!;
const STEPS = ['Datos del documento', 'Lista de productos', 'Resumen'];

/** Only the step `label` is on screen: the other two are in the page but hidden. */
function expectOnlyStep(label: string) {
  for (const other of STEPS) {
    if (other === label) expect(stepGroup(other)).toBeVisible();
    else expect(stepGroup(other)).not.toBeVisible();
  }
  expect(currentStep()).toHaveTextContent(label);
}

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
  await user.click(stepper().getByText('Resumen'));
  await user.click(stepper().getByText('Lista de productos'));
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

test('a follow-up that fails after the save is told, and the document still counts as saved', async () => {
  const user = userEvent.setup();
  const save = jest.fn(async () => ({ id: 8 }));
  const onSaved = jest.fn(async () => {
    throw new Error('la lista no respondió');
  });
  renderWizard({ save, onSaved });
  await fillToSummary(user);
  await user.click(screen.getByRole('button', { name: 'Guardar documento' }));
  expect(await screen.findByText('Documento 8 registrado.')).toBeInTheDocument();
  expect(await screen.findByText(SAVED_BUT_NOT_REFRESHED)).toBeInTheDocument();
  expect(onSaved).toHaveBeenCalledTimes(1);
  expect(save).toHaveBeenCalledTimes(1);
});

test('a failed save shows "¡Oh no!" with the server message, keeps the values and reuses the key', async () => {
  const user = userEvent.setup();
  const save = jest.fn().mockRejectedValueOnce(new ApiError(409, 'Ya existe una factura con ese número.')).mockResolvedValueOnce({ id: 9 });
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

describe('one step at a time', () => {
  test('only the current step is on screen, and moving to a step puts the focus on its heading', async () => {
    const user = userEvent.setup();
    renderWizard();
    expectOnlyStep('Datos del documento');
    // what is hidden is out of reach too
    expect(screen.queryByRole('button', { name: 'Añadir un producto' })).not.toBeInTheDocument();
    // the first load leaves the focus alone
    expect(screen.getByRole('heading', { name: 'Datos del documento' })).not.toHaveFocus();

    await user.type(screen.getByLabelText('Título'), 'Entrada');
    await user.click(screen.getByRole('button', { name: 'Siguiente paso' }));
    await waitFor(() => expectOnlyStep('Lista de productos'));
    expect(screen.getByRole('heading', { name: 'Lista de productos' })).toHaveFocus();
    expect(screen.getByLabelText('Título')).not.toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Añadir un producto' }));
    await user.type(screen.getByLabelText('Cantidad'), '5');
    await user.click(screen.getByRole('button', { name: 'Ver resumen del documento' }));
    await waitFor(() => expectOnlyStep('Resumen'));
    expect(screen.getByRole('heading', { name: 'Resumen' })).toHaveFocus();
    expect(screen.getByLabelText('Título')).not.toBeVisible();
    expect(screen.getByLabelText('Cantidad')).not.toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Regresar' }));
    await waitFor(() => expectOnlyStep('Lista de productos'));
    expect(screen.getByRole('heading', { name: 'Lista de productos' })).toHaveFocus();
  });

  test('two Enters on "Ver resumen…" show the summary and save nothing: the second lands on its heading', async () => {
    const user = userEvent.setup();
    const { save } = renderWizard();
    await user.type(screen.getByLabelText('Título'), 'Entrada');
    await user.click(screen.getByRole('button', { name: 'Siguiente paso' }));
    await user.click(screen.getByRole('button', { name: 'Añadir un producto' }));
    await user.type(screen.getByLabelText('Cantidad'), '5');

    screen.getByRole('button', { name: 'Ver resumen del documento' }).focus();
    await user.keyboard('{Enter}{Enter}');
    await waitFor(() => expectOnlyStep('Resumen'));
    expect(screen.getByRole('heading', { name: 'Resumen' })).toHaveFocus();
    expect(save).not.toHaveBeenCalled();
    // "Guardar" is a button of its own, not the one the keys were pressed on
    expect(screen.getByRole('button', { name: 'Guardar documento' })).not.toHaveFocus();
    await user.keyboard('{Enter}');
    expect(save).not.toHaveBeenCalled();
  });

  test('"Guardar" with an earlier step that no longer passes shows that step with its messages', async () => {
    const user = userEvent.setup();
    const stock = { left: 10 };
    const rowsCheck: StepValidator<Doc> = (values): Record<string, string> =>
      Number(values.products[0]?.quantity) > stock.left ? { 'products.0.quantity': `Solo quedan ${stock.left}.` } : {};
    const { save } = renderWizard({ rowsCheck });
    await fillToSummary(user);

    // meanwhile the server says fewer are left (a 409 re-reads the stock in the real wizards)
    stock.left = 3;
    await user.click(screen.getByRole('button', { name: 'Guardar documento' }));
    await waitFor(() => expectOnlyStep('Lista de productos'));
    expect(screen.getByText('Solo quedan 3.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Lista de productos' })).toHaveFocus();
    expect(save).not.toHaveBeenCalled();
  });
});

describe('the browser history and the draft', () => {
  test('Back and Forward move between the steps and keep what was typed; "Regresar" is a Back', async () => {
    const user = userEvent.setup();
    renderWizard();
    await fillToSummary(user);

    await user.click(screen.getByRole('button', { name: 'Atrás del navegador' }));
    await waitFor(() => expectOnlyStep('Lista de productos'));
    expect(screen.getByLabelText('Cantidad')).toHaveValue('5');
    await user.click(screen.getByRole('button', { name: 'Atrás del navegador' }));
    await waitFor(() => expectOnlyStep('Datos del documento'));
    expect(screen.getByLabelText('Título')).toHaveValue('Entrada de prueba');
    await user.click(screen.getByRole('button', { name: 'Adelante del navegador' }));
    await waitFor(() => expectOnlyStep('Lista de productos'));
    await user.click(screen.getByRole('button', { name: 'Adelante del navegador' }));
    await waitFor(() => expectOnlyStep('Resumen'));

    await user.click(screen.getByRole('button', { name: 'Regresar' }));
    await waitFor(() => expectOnlyStep('Lista de productos'));
    await user.click(screen.getByRole('button', { name: 'Adelante del navegador' }));
    await waitFor(() => expectOnlyStep('Resumen'));
  });

  test('a reload comes back to the same step with what was typed; without the draft it starts at the first step', async () => {
    const user = userEvent.setup();
    const first = renderWizard();
    await fillToSummary(user);
    const entry = currentEntry();
    first.unmount();

    const second = renderWizard({ route: entry });
    expectOnlyStep('Resumen');
    expect(screen.getByLabelText('Título')).toHaveValue('Entrada de prueba');
    expect(screen.getByLabelText('Cantidad')).toHaveValue('5');
    second.unmount();

    // the same history entry once the draft is gone (saved in the meantime): step 1, empty
    window.sessionStorage.clear();
    renderWizard({ route: entry });
    expectOnlyStep('Datos del documento');
    expect(screen.getByLabelText('Título')).toHaveValue('');
    expect(JSON.parse(screen.getByLabelText('Entrada del historial').textContent ?? '{}').state).toEqual({ almacenWizardStep: 0 });
  });

  test('a reload while "Guardar" waits for its answer keeps the idempotency key: the retry cannot register a second document', async () => {
    const user = userEvent.setup();
    // The first answer never arrives (the page is reloaded meanwhile); the server may have saved it.
    const save = jest
      .fn()
      .mockImplementationOnce(() => new Promise(() => undefined))
      .mockResolvedValueOnce({ id: 8 });
    const first = renderWizard({ save });
    await fillToSummary(user);
    await user.click(screen.getByRole('button', { name: 'Guardar documento' }));
    expect(save).toHaveBeenCalledTimes(1);
    const sent = save.mock.calls[0] as [Doc, { idempotencyKey: string }];
    // the key is in the draft before the request's answer
    expect(JSON.parse(window.sessionStorage.getItem(DRAFT_KEY) ?? '{}').idempotency?.key).toBe(sent[1].idempotencyKey);
    const entry = currentEntry();
    first.unmount();

    renderWizard({ save, route: entry });
    expectOnlyStep('Resumen');
    await user.click(screen.getByRole('button', { name: 'Guardar documento' }));
    expect(await screen.findByText('Documento 8 registrado.')).toBeInTheDocument();
    expect(save.mock.calls[1][0]).toEqual(sent[0]);
    expect(save.mock.calls[1][1].idempotencyKey).toBe(sent[1].idempotencyKey);
    // saved: nothing is kept for the next document
    expect(window.sessionStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  test('a restored draft that is changed is another request with a new key', async () => {
    const user = userEvent.setup();
    const save = jest.fn().mockRejectedValueOnce(new ApiError(0, NETWORK_ERROR_MESSAGE)).mockResolvedValueOnce({ id: 9 });
    const first = renderWizard({ save });
    await fillToSummary(user);
    await user.click(screen.getByRole('button', { name: 'Guardar documento' }));
    await screen.findByText('¡Oh no!');
    await user.click(screen.getByRole('button', { name: 'Regresar' }));
    await waitFor(() => expectOnlyStep('Lista de productos'));
    const entry = currentEntry();
    first.unmount();

    renderWizard({ save, route: entry });
    expectOnlyStep('Lista de productos');
    await user.type(screen.getByLabelText('Cantidad'), '0');
    await user.click(screen.getByRole('button', { name: 'Ver resumen del documento' }));
    await user.click(await screen.findByRole('button', { name: 'Guardar documento' }));
    await screen.findByText('Documento 9 registrado.');
    expect(save.mock.calls[1][0].products[0].quantity).toBe('50');
    expect(save.mock.calls[1][1].idempotencyKey).not.toBe(save.mock.calls[0][1].idempotencyKey);
  });

  test('leaving through a link with unsaved data asks first: "No, cancelar" stays, "Sí, salir" leaves and drops the draft', async () => {
    const user = userEvent.setup();
    renderWizard();
    // nothing typed: the link just goes, and the tab can close without a question
    const quiet = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(quiet);
    expect(quiet.defaultPrevented).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Otra página' }));
    expect(await screen.findByRole('heading', { name: 'Otra página' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Atrás del navegador' }));

    // typed and emptied again: nothing to keep, nothing to ask
    await user.type(await screen.findByLabelText('Título'), 'x');
    await user.clear(screen.getByLabelText('Título'));
    const emptied = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(emptied);
    expect(emptied.defaultPrevented).toBe(false);
    expect(window.sessionStorage.getItem(DRAFT_KEY)).toBeNull();

    await user.type(screen.getByLabelText('Título'), 'Entrada');
    expect(JSON.parse(window.sessionStorage.getItem(DRAFT_KEY) ?? '{}').values).toEqual({ title: 'Entrada', products: [] });
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Otra página' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Realmente deseas hacer esto?');
    expect(dialog).toHaveTextContent(LEAVE_TEXTS.text);
    expect(LEAVE_TEXTS.text).toMatch(/^Tienes cambios sin guardar\. /);
    await user.click(within(dialog).getByRole('button', { name: 'No, cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'Otra página' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Título')).toHaveValue('Entrada');

    // findByRole: the page stays aria-hidden until the dialog's exit transition ends.
    await user.click(await screen.findByRole('link', { name: 'Otra página' }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Sí, salir' }));
    expect(await screen.findByRole('heading', { name: 'Otra página' })).toBeInTheDocument();
    expect(window.sessionStorage.getItem(DRAFT_KEY)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Atrás del navegador' }));
    expect(await screen.findByLabelText('Título')).toHaveValue('');
  });
});

test('typing in a row draws that row only, and a review step is drawn only while it is the current step', async () => {
  const user = userEvent.setup();
  const draws = new Map<string, number>();
  renderWizard({ draws });
  expect(draws.get('Resumen')).toBeUndefined();
  await user.type(screen.getByLabelText('Título'), 'Entrada de prueba');
  await user.click(screen.getByRole('button', { name: 'Siguiente paso' }));
  for (let i = 0; i < 3; i++) await user.click(screen.getByRole('button', { name: 'Añadir un producto' }));
  const before = new Map(draws);
  await user.type(screen.getAllByLabelText('Cantidad')[0], '125');
  // The row's field redraws itself; the row frames and the unseen summary are not drawn again.
  expect(draws).toEqual(before);
  expect(draws.get('Resumen')).toBeUndefined();
  // A fourth row draws the new one only.
  await user.click(screen.getByRole('button', { name: 'Añadir un producto' }));
  expect(draws.get('products[3]')).toBe(1);
  expect(['products[0]', 'products[1]', 'products[2]'].map((name) => draws.get(name))).toEqual(
    ['products[0]', 'products[1]', 'products[2]'].map((name) => before.get(name)),
  );
  for (const field of screen.getAllByLabelText('Cantidad').slice(1)) await user.type(field, '1');
  await user.click(screen.getByRole('button', { name: 'Ver resumen del documento' }));
  await waitFor(() => expect(currentStep()).toHaveTextContent('Resumen'));
  expect(screen.getByText('Resumen del documento')).toBeVisible();
  expect(draws.get('Resumen')).toBeGreaterThan(0);
});
