import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, expectCreated, expectOk } from '@/api/client';
import type { components } from '@/api/schema';
import { createCrudResource, useAction, type EntityId, type ListParams } from '@/lib/crud';
import { downloadFile, exportQuery, uploadWithProgress, type ExportFormat } from '@/lib/files';

type Schemas = components['schemas'];

/** A row of `children` (list). */
export type ChildRow = Schemas['ChildList'];
/**
 * The loaded child (`children/{id}`). The server answers `internalNote` to admins only and
 * `calendarSubjectSettingsLogs` to admins and institutions admins only.
 */
export type LoadedChild = Omit<Schemas['Child'], 'internalNote' | 'calendarSubjectSettingsLogs'> & {
  internalNote?: string;
  calendarSubjectSettingsLogs?: Schemas['SettingsLog'][];
};
export type ChildRequest = Schemas['ChildWriteRequest'];
export type ChildStatus = 'active' | 'inactive' | 'archived';
export const CHILD_STATUSES: readonly ChildStatus[] = ['active', 'inactive', 'archived'];

/**
 * `children`: list (filters institutionId, classroomId, dietId, parentId, childGroupId, status; search; sort),
 * create and update (answer the loaded child), delete (409 when the child has history) and options.
 * Parents' pages show children, so they are refreshed after a change.
 */
export const children = createCrudResource<ChildRow, ChildRequest>({
  key: 'children',
  path: 'children',
  invalidates: ['parents'],
});

export async function getChild(id: EntityId): Promise<LoadedChild> {
  return expectOk(await api.get<LoadedChild>(`children/${id}`));
}

/** Same key as `children.detailQuery`, so every write of the resource refreshes it. */
export const childQuery = (id: EntityId) => queryOptions({ queryKey: children.keys.detail(id), queryFn: () => getChild(id) });

export const useChild = (id: EntityId | null) => useQuery({ ...childQuery(id ?? 0), enabled: id !== null });

export async function createChild(body: ChildRequest): Promise<LoadedChild> {
  return expectCreated(await api.post<LoadedChild>('children', body));
}

export async function updateChild(id: EntityId, body: ChildRequest): Promise<LoadedChild> {
  return expectOk(await api.put<LoadedChild>(`children/${id}`, body));
}

function useInvalidateChildren() {
  const queryClient = useQueryClient();
  return () => Promise.all([children.key, 'parents'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
}

/** The form toasts its own error ("An error occurred while saving the child."), so the global toast stays quiet. */
export function useSaveChild() {
  const invalidate = useInvalidateChildren();
  return useMutation({
    mutationFn: ({ id, body }: { id: EntityId | null; body: ChildRequest }) => (id === null ? createChild(body) : updateChild(id, body)),
    meta: { silent: true },
    onSuccess: invalidate,
  });
}

/** `PUT children/{id}/changeClassroom/{classroomId}`: the child moved to another classroom; answers the child. */
export async function changeClassroom(id: EntityId, classroomId: number): Promise<LoadedChild> {
  return expectOk(await api.put<LoadedChild>(`children/${id}/changeClassroom/${classroomId}`));
}

/** `PUT children/{id}/changeCardNumber {cardNumber}` (null removes the card); answers the child. */
export async function changeCardNumber(id: EntityId, cardNumber: string | null): Promise<LoadedChild> {
  return expectOk(await api.put<LoadedChild>(`children/${id}/changeCardNumber`, { cardNumber }));
}

/** The quick changes show their refusals in their dialog (field errors), so the global toast stays quiet. */
export function useChangeClassroom() {
  const invalidate = useInvalidateChildren();
  return useMutation({
    mutationFn: ({ id, classroomId }: { id: EntityId; classroomId: number }) => changeClassroom(id, classroomId),
    meta: { silent: true },
    onSuccess: invalidate,
  });
}

export function useChangeCardNumber() {
  const invalidate = useInvalidateChildren();
  return useMutation({
    mutationFn: ({ id, cardNumber }: { id: EntityId; cardNumber: string | null }) => changeCardNumber(id, cardNumber),
    meta: { silent: true },
    onSuccess: invalidate,
  });
}

/** `children/{id}/activate|deactivate|archive|unarchive` → `{status: true}`. */
export type ChildCommand = 'activate' | 'deactivate' | 'archive' | 'unarchive';
export const useChildCommand = (command: ChildCommand) =>
  useAction(`children/{id}/${command}`, { invalidates: [children.key, 'parents'] });

/** `GET children/{id}/activeFutureOrdersCount`: orders an institution change would cancel. */
export async function getActiveFutureOrdersCount(id: EntityId): Promise<number> {
  return expectOk(await api.get<Schemas['ActiveFutureOrdersCount']>(`children/${id}/activeFutureOrdersCount`)).count;
}

/** `POST children/export {format}` with the list's filters in the query string; saved under the server's name. */
export function exportChildren(format: ExportFormat, params: ListParams): Promise<void> {
  return downloadFile(`children/export${exportQuery(params)}`, { method: 'POST', body: { format }, fallbackName: `children.${format}` });
}

/** Whose dining cards to print: a classroom's active children, or chosen children. */
export type DiningCardsChoice = { classroomId: number } | { ids: readonly number[] };

/** `GET children/diningCards?classroomId=` or `?ids=3,5,8`: the PDF sheet of cards, saved under the server's name. */
export function downloadDiningCards(choice: DiningCardsChoice): Promise<void> {
  const query = 'classroomId' in choice ? `classroomId=${choice.classroomId}` : `ids=${choice.ids.join(',')}`;
  return downloadFile(`children/diningCards?${query}`, { fallbackName: 'dining-cards.pdf' });
}

export type ChildrenImportResult = Schemas['ChildrenImportResult'];

/** `POST children/import` (multipart `file`); a refused file rejects with ImportRejected (lib/files). */
export function useImportChildren() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) => {
      const form = new FormData();
      form.append('file', file);
      return uploadWithProgress<ChildrenImportResult>('children/import', form, onProgress);
    },
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [children.key] }),
  });
}

export function downloadImportTemplate(): Promise<void> {
  return downloadFile('children/import/template', { fallbackName: 'children-import-template.xlsx' });
}
