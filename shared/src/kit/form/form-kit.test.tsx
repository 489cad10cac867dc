import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { createProductSchema } from '@almacen/shared/schemas';
import { renderWithPlatform } from '../../testing';
import { ConfirmDialog } from './confirm-dialog';
import { DateField } from './date-field';
import { DecimalField } from './decimal-field';
import { FormDialog } from './form-dialog';
import { validateSchema } from './schema-validator';
import { SelectField } from './searchable-select';
import { IdField, TextField } from './text-field';
jest.setTimeout(30_000);

function Harness({ children, onValues }: { children: React.ReactNode; onValues?: (values: Record<string, unknown>) => void }) {
  return (
    <Form onSubmit={(values) => onValues?.(values)} initialValues={{}}>
      {({ handleSubmit }) => (
        <form onSubmit={handleSubmit}>
          {children}
          <button type="submit">Enviar</button>
        </form>
      )}
    </Form>
  );
}

describe('form kit', () => {
  it('validates on every change and shows the message under the field', async () => {
    const user = userEvent.setup();
    renderWithPlatform(
      <Form onSubmit={() => undefined} validate={validateSchema(createProductSchema)}>
        {() => <TextField name="name" label="Nombre del producto" />}
      </Form>,
    );
    const input = screen.getByRole('textbox', { name: 'Nombre del producto' });
    // Nothing is shown on a pristine form.
    expect(screen.queryByText('El nombre del producto es un campo requerido.')).not.toBeInTheDocument();
    await user.type(input, 'a');
    expect(screen.queryByText('El nombre del producto es un campo requerido.')).not.toBeInTheDocument();
    await user.clear(input);
    expect(screen.getByText('El nombre del producto es un campo requerido.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps decimals as strings, refuses negatives and extra decimals', async () => {
    const user = userEvent.setup();
    const submitted: Record<string, unknown>[] = [];
    renderWithPlatform(
      <Harness onValues={(values) => submitted.push(values)}>
        <DecimalField name="quantity" label="Cantidad" />
        <DecimalField name="rate" label="Tasa IEPS" scale={5} />
      </Harness>,
    );
    const quantity = screen.getByRole('textbox', { name: 'Cantidad' });
    await user.type(quantity, '-12.34567');
    expect(quantity).toHaveValue('12.345');
    const rate = screen.getByRole('textbox', { name: 'Tasa IEPS' });
    await user.type(rate, '8.1234567');
    expect(rate).toHaveValue('8.12345');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(submitted).toEqual([{ quantity: '12.345', rate: '8.12345' }]);
  });

  it.each([
    {
      bound: 'max',
      limit: '22/11/2026',
      iso: '2026-11-22',
      outside: '23/11/2026',
      message: 'La fecha no puede ser posterior a hoy.',
      why: 'after today',
    },
    {
      bound: 'min',
      limit: '01/01/2000',
      iso: '2000-01-01',
      outside: '31/12/1999',
      message: 'La fecha no puede ser anterior al 1 de enero de 2000.',
      why: 'before 2000, as the API does',
    },
  ])('refuses a date $why', async ({ bound, limit, iso, outside, message }) => {
    const user = userEvent.setup();
    const { container } = renderWithPlatform(
      <Harness>
        <DateField name="invoiceDate" label="Fecha de la factura" today="2026-11-22" />
      </Harness>,
    );
    const input = screen.getByLabelText('Fecha de la factura');
    // The calendar stops at the same bound.
    expect(container.querySelector('input[type="date"]')).toHaveAttribute(bound, iso);
    await user.type(input, outside);
    expect(screen.getByText(message)).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, limit);
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });

  it('shows and takes the date as DD/MM/YYYY and hands the form YYYY-MM-DD', async () => {
    const user = userEvent.setup();
    const submitted: Record<string, unknown>[] = [];
    const { container } = renderWithPlatform(
      <Form onSubmit={(values) => void submitted.push(values)} initialValues={{ invoiceDate: '2026-11-03' }}>
        {({ handleSubmit }) => (
          <form onSubmit={handleSubmit}>
            <DateField name="invoiceDate" label="Fecha de la factura" today="2026-11-22" />
            <button type="submit">Enviar</button>
          </form>
        )}
      </Form>,
    );
    const input = screen.getByLabelText('Fecha de la factura');
    expect(input).toHaveValue('03/11/2026');
    expect(input).toHaveAttribute('placeholder', 'DD/MM/AAAA');
    await user.clear(input);
    // The slashes are written for the person.
    await user.type(input, '28102026');
    expect(input).toHaveValue('28/10/2026');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(submitted).toEqual([{ invoiceDate: '2026-10-28' }]);
    // Text that names no date is refused with the format to use, and is not sent.
    await user.clear(input);
    await user.type(input, '31/02/2026');
    await user.tab();
    expect(screen.getByText('Escribe la fecha como DD/MM/AAAA (por ejemplo, 28/11/2026).')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(submitted).toHaveLength(1);
    // The calendar's choice (always YYYY-MM-DD) is shown day first.
    fireEvent.change(container.querySelector('input[type="date"]')!, { target: { value: '2026-11-05' } });
    expect(input).toHaveValue('05/11/2026');
    expect(screen.queryByText(/Escribe la fecha como/)).not.toBeInTheDocument();
  });

  it('under a document date of an earlier month, says in which month it will count; with a closing, both hints', async () => {
    const user = userEvent.setup();
    renderWithPlatform(
      <Harness>
        <DateField name="invoiceDate" label="Fecha de la factura" today="2026-11-22" closedUntil="2026-09-30" monthNote />
      </Harness>,
    );
    const input = screen.getByLabelText('Fecha de la factura');
    await user.type(input, '25/10/2026');
    expect(screen.getByText('La fecha es del 25/10/2026: contará en octubre.')).toBeInTheDocument();
    expect(screen.getByText('El periodo hasta el 30/09/2026 está cerrado.')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '02/11/2026');
    expect(screen.queryByText(/contará en/)).not.toBeInTheDocument();
  });

  it('narrows a searchable select as you type and says "Sin coincidencias"', async () => {
    const user = userEvent.setup();
    const submitted: Record<string, unknown>[] = [];
    const options = [
      { value: 1, label: 'Pieza' },
      { value: 2, label: 'Caja' },
      { value: 3, label: 'Metro cúbico' },
    ];
    renderWithPlatform(
      <Harness onValues={(values) => submitted.push(values)}>
        <SelectField name="unitId" label="Unidad de medida" options={options} clearable />
      </Harness>,
    );
    const combobox = screen.getByRole('combobox', { name: 'Unidad de medida' });
    await user.type(combobox, 'cubi');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Metro cúbico']);
    await user.clear(combobox);
    await user.type(combobox, 'xyz');
    expect(screen.getByRole('option', { name: 'Sin coincidencias' })).toHaveAttribute('aria-disabled', 'true');
    await user.clear(combobox);
    await user.type(combobox, 'caj');
    await user.click(screen.getByRole('option', { name: 'Caja' }));
    expect(combobox).toHaveValue('Caja');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(submitted).toEqual([{ unitId: 2 }]);
  });

  it('a select with a choice keeps what is typed or pasted over it, even a name beyond the first options shown', async () => {
    const user = userEvent.setup();
    const submitted: Record<string, unknown>[] = [];
    const options = Array.from({ length: 60 }, (_, i) => ({ value: i + 1, label: `Empleado ${String(i + 1).padStart(2, '0')}` }));
    renderWithPlatform(
      <Form onSubmit={(values) => void submitted.push(values)} initialValues={{ employeeId: 1 }}>
        {({ handleSubmit }) => (
          <form onSubmit={handleSubmit}>
            <SelectField name="employeeId" label="Almacenista" options={options} />
            <button type="submit">Enviar</button>
          </form>
        )}
      </Form>,
    );
    const combobox = screen.getByRole('combobox', { name: 'Almacenista' });
    expect(combobox).toHaveValue('Empleado 01');
    await user.click(combobox);
    // Pasted at once (as a browser's autofill or a test's fill does): the 58th is not among the
    // first 50 options shown when the text arrives.
    fireEvent.change(combobox, { target: { value: 'Empleado 58' } });
    expect(combobox).toHaveValue('Empleado 58');
    await user.click(screen.getByRole('option', { name: 'Empleado 58' }));
    expect(combobox).toHaveValue('Empleado 58');
    // A text that matches nothing stays as typed; leaving the field keeps the choice it had.
    await user.clear(combobox);
    await user.type(combobox, 'zz');
    expect(combobox).toHaveValue('zz');
    expect(screen.getByRole('option', { name: 'Sin coincidencias' })).toBeInTheDocument();
    await user.tab();
    expect(combobox).toHaveValue('Empleado 58');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(submitted).toEqual([{ employeeId: 58 }]);
  });

  it("a select's arrow button has a Spanish name and is not one more Tab stop", async () => {
    const user = userEvent.setup();
    const options = [
      { value: 1, label: 'Pieza' },
      { value: 2, label: 'Caja' },
    ];
    renderWithPlatform(
      <Harness>
        <SelectField name="unitId" label="Unidad de medida" options={options} />
        <SelectField name="categoryId" label="Partida" options={[]} />
      </Harness>,
    );
    const buttons = screen.getAllByRole('button', { name: 'Mostrar opciones' });
    expect(buttons).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /open/i })).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Unidad de medida' }));
    await user.keyboard('{Escape}');
    await user.tab();
    expect(screen.getByRole('combobox', { name: 'Partida' })).toHaveFocus();
    // The mouse still opens the list with it.
    await user.click(buttons[0]);
    expect(screen.getByRole('option', { name: 'Caja' })).toBeInTheDocument();
  });

  it('confirms with the spec texts', async () => {
    const user = userEvent.setup();
    const events: string[] = [];
    renderWithPlatform(
      <ConfirmDialog
        open
        text="Estas a punto de eliminar el producto no. 7"
        onConfirm={() => events.push('sí')}
        onCancel={() => events.push('no')}
      />,
    );
    const dialog = screen.getByRole('alertdialog', { name: '¿Realmente deseas hacer esto?' });
    expect(within(dialog).getByText('Estas a punto de eliminar el producto no. 7')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'No, cancelar' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sí, eliminar' }));
    expect(events).toEqual(['no', 'sí']);
  });

  it('closes the modal form and resets it on a valid submit, and stays open on an invalid one', async () => {
    const user = userEvent.setup();
    const submitted: unknown[] = [];
    function Screen() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>Abrir</button>
          <FormDialog<{ name: string }>
            open={open}
            title="Nuevo producto"
            validate={validateSchema(createProductSchema)}
            onSubmit={(values) => submitted.push(values)}
            onClose={() => setOpen(false)}
          >
            <TextField name="name" label="Nombre del producto" />
          </FormDialog>
        </>
      );
    }
    renderWithPlatform(<Screen />);
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    let dialog = await screen.findByRole('dialog', { name: 'Nuevo producto' });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(within(dialog).getByText('El nombre del producto es un campo requerido.')).toBeInTheDocument();
    expect(submitted).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre del producto' }), 'Lápiz');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(submitted).toEqual([{ name: 'Lápiz' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Focus management gives the page back to assistive technology a moment after closing.
    await user.click(await screen.findByRole('button', { name: 'Abrir' }));
    dialog = await screen.findByRole('dialog', { name: 'Nuevo producto' });
    expect(within(dialog).getByRole('textbox', { name: 'Nombre del producto' })).toHaveValue('');
    await act(async () => undefined);
  });

  it('an edit dialog starts in the first editable field, not in the read-only ID, which looks read-only', async () => {
    const user = userEvent.setup();
    function Screen() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>Editar</button>
          <FormDialog<{ id: number; name: string }>
            open={open}
            title="Editar producto"
            initialValues={{ id: 7, name: 'Lápiz' }}
            onSubmit={() => undefined}
            onClose={() => setOpen(false)}
          >
            <IdField name="id" />
            <TextField name="name" label="Nombre del producto" />
          </FormDialog>
        </>
      );
    }
    renderWithPlatform(<Screen />);
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar producto' });
    const id = within(dialog).getByRole('textbox', { name: 'ID' });
    expect(id).toHaveAttribute('readonly');
    const name = within(dialog).getByRole('textbox', { name: 'Nombre del producto' });
    // A different look from the editable field (Fluent's filled appearance, as the wizards' summary).
    expect(id.parentElement?.className).not.toBe(name.parentElement?.className);
    await waitFor(() => expect(name).toHaveFocus());
    // Still reachable with Shift+Tab, for whoever needs to read or copy it.
    await user.tab({ shift: true });
    expect(id).toHaveFocus();
  });
});
