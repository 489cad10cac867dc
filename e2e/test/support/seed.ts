// Data a feature test needs before it opens the portal, created through the real API with the
// token the provider hands out (apiToken), and the API reads a test checks its screens against.
// Every name carries a per-run suffix, so test files never see each other's rows.
import { randomBytes } from 'node:crypto';
import { todayIn } from '../../../shared/src/domain/format';
import { apiToken } from './browser';
import { baseUrl } from './env';

/** A short, unique, upper-case tag for names ("K7Q2F"). */
export function uniqueTag(): string {
  return randomBytes(4).toString('hex').toUpperCase().slice(0, 6);
}

/** A valid moral-person RFC that no other test uses: 3 letters, a date, a homoclave. */
export function uniqueRfc(): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const bytes = randomBytes(6);
  const pick = (i: number) => letters[bytes[i] % letters.length];
  const day = String((bytes[3] % 28) + 1).padStart(2, '0');
  const month = String((bytes[4] % 12) + 1).padStart(2, '0');
  return `${pick(0)}${pick(1)}${pick(2)}90${month}${day}${pick(5)}${pick(4)}${bytes[5] % 10}`;
}

export const today = () => todayIn('America/Mexico_City');

export interface ApiClient {
  <T>(path: string, init?: { method?: string; body?: unknown; headers?: Record<string, string> }): Promise<T>;
  /** The raw answer (status and body) for checks of absence. */
  raw(path: string): Promise<Response>;
}

/** A small client over fetch: JSON in, the envelope's `data` out; anything but 2xx throws. */
export async function apiClient(): Promise<ApiClient> {
  const token = await apiToken();
  const headers = { authorization: `Bearer ${token}` };
  const call = async <T>(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
    const answer = await fetch(`${baseUrl()}${path}`, {
      method: init.method ?? 'GET',
      headers: { ...headers, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await answer.text();
    if (!answer.ok) throw new Error(`${init.method ?? 'GET'} ${path} → ${answer.status} ${text}`);
    return (text ? (JSON.parse(text) as { data: T }).data : undefined) as T;
  };
  const client = call as ApiClient;
  client.raw = (path: string) => fetch(`${baseUrl()}${path}`, { headers });
  return client;
}

export interface People {
  supplier: { id: number; name: string };
  /** Three employees: [director / area head, entered by / petitioner, warehouse keeper]. */
  employees: { id: number; name: string; lastName: string }[];
}

/** A supplier and three employees named after `tag`. */
export async function createPeople(api: ApiClient, tag: string): Promise<People> {
  const supplier = await api<{ id: number; name: string }>('/api/catalog/suppliers', {
    method: 'POST',
    body: { name: `Papelería ${tag}`, rfc: uniqueRfc() },
  });
  const employees = [];
  for (const [name, lastName] of [
    [`Dora ${tag}`, 'Directora'],
    [`Elena ${tag}`, 'Elaboradora'],
    [`Alma ${tag}`, 'Almacenista'],
  ]) {
    employees.push(
      await api<{ id: number; name: string; lastName: string }>('/api/catalog/employees', { method: 'POST', body: { name, lastName } }),
    );
  }
  return { supplier, employees };
}

export async function createProduct(api: ApiClient, name: string): Promise<{ id: number; name: string }> {
  return api<{ id: number; name: string }>('/api/catalog/products', { method: 'POST', body: { name } });
}

export interface Line {
  productId: number;
  quantity: string;
  price: string;
  observations?: string;
}

/** An entry; into `warehouseId` where there are several (omitted: the only one). */
export async function createInvoice(
  api: ApiClient,
  people: People,
  invoiceNumber: string,
  lines: Line[],
  warehouseId?: number,
): Promise<{ id: number }> {
  return api<{ id: number }>('/api/invoices', {
    method: 'POST',
    headers: { 'idempotency-key': `e2e-${uniqueTag()}-${uniqueTag()}` },
    body: {
      ...(warehouseId === undefined ? {} : { warehouseId }),
      supplierId: people.supplier.id,
      invoiceNumber,
      invoiceDate: today(),
      invoiceType: 'COMPRA_DIRECTA',
      directorEmployeeId: people.employees[0].id,
      enteredByEmployeeId: people.employees[1].id,
      warehouseKeeperEmployeeId: people.employees[2].id,
      products: lines.map((line) => ({
        productId: line.productId,
        quantity: line.quantity,
        purchasePrice: line.price,
        observations: line.observations ?? '',
        applyExciseTax: false,
        applyValueAddedTaxToPurchasePrice: false,
        exciseTaxRate: '0',
      })),
    },
  });
}

/** A dispatch at the product's current average (the server decides the exit price anyway). */
export async function createDispatch(
  api: ApiClient,
  people: People,
  lines: { productId: number; quantity: string; observations?: string }[],
): Promise<{ id: number }> {
  const products = [];
  for (const line of lines) {
    const stock = await stockOf(api, line.productId);
    products.push({
      productId: line.productId,
      quantity: line.quantity,
      exitPrice: stock.averagePrice,
      observations: line.observations ?? '',
    });
  }
  return api<{ id: number }>('/api/dispatches', {
    method: 'POST',
    headers: { 'idempotency-key': `e2e-${uniqueTag()}-${uniqueTag()}` },
    body: {
      dispatchDate: today(),
      personInChargeOfTheRequestingAreaEmployeeId: people.employees[0].id,
      petitionerEmployeeId: people.employees[1].id,
      warehouseKeeperEmployeeId: people.employees[2].id,
      products,
    },
  });
}

export interface StockFigures {
  availableQuantity: string;
  averagePrice: string;
}

export async function stockOf(api: ApiClient, productId: number): Promise<StockFigures> {
  return api<StockFigures>(`/api/stock/${productId}`);
}
