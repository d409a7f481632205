import type { ListParams } from '@/lib/crud';
import { downloadFile, exportQuery, type ExportFormat } from '@/lib/files';

/** `GET orders/{id}/confirmation`: the order as a PDF in the user's language, saved under the server's name. */
export function downloadOrderConfirmation(id: number): Promise<void> {
  return downloadFile(`orders/${id}/confirmation`, { fallbackName: `order-${id}.pdf` });
}

/** `POST orders/export {format}` with the list's filters in the query string: the whole filtered list as a file. */
export function exportOrders(format: ExportFormat, params: ListParams): Promise<void> {
  return downloadFile(`orders/export${exportQuery(params)}`, { method: 'POST', body: { format }, fallbackName: `orders.${format}` });
}

/** `POST orders/labels/print {ordersIds}`: the live portions of the chosen orders as labels (PDF, the default sheet). */
export function printOrdersLabels(ordersIds: number[]): Promise<void> {
  return downloadFile('orders/labels/print', { method: 'POST', body: { ordersIds }, fallbackName: 'labels.pdf' });
}
