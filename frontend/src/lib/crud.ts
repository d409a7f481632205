import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api, expectCreated, expectOk, expectStatus } from '@/api/client';
import type { SelectOption } from '@/components/multi-select-label';

/** Option lists ask for everything at once (API: perPage 9999 is the maximum). */
export const OPTION_LIST_PER_PAGE = 9999;

export type ListParamValue = string | number | boolean | null | undefined;

/** `page`, `perPage`, `search`, `sort` (`name` or `-name`) and the entity's own filters (`group=3`). */
export type ListParams = Readonly<Record<string, ListParamValue>>;

/** Every list endpoint answers this shape. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  perPage: number;
  /** Lists of the ledger: `total` is the database's estimate (more rows match than are counted exactly). */
  totalIsEstimate?: boolean;
}

export interface StatusResponse {
  status: boolean;
}

export type EntityId = number;

export interface CrudResourceConfig<TItem> {
  /** First element of every query key of the resource, e.g. 'allergens'. */
  key: string;
  /** API path under /api/frontend/, e.g. 'allergens/groups'. */
  path: string;
  /** Keys of other resources showing this one's data (a group's name in the allergens list): refreshed after writes. */
  invalidates?: readonly string[];
  /**
   * Without it `useOptions` reads the `<path>/options` endpoint; with it the options are the whole list
   * (perPage 9999) mapped by this function, for entities that have no options endpoint.
   */
  toOption?: (item: TItem) => SelectOption;
}

function invalidateKeys(queryClient: QueryClient, keys: readonly string[]): Promise<void> {
  return Promise.all(keys.map((key) => queryClient.invalidateQueries({ queryKey: [key] }))).then(() => undefined);
}

/**
 * One REST resource (list / get / create / update / delete) as fetchers, query options and hooks, so a
 * feature's API file is one call typed from the generated schema:
 * `export const allergens = createCrudResource<Allergen, AllergenRequest>({ key: 'allergens', path: 'allergens' })`.
 */
export function createCrudResource<TItem extends { id: EntityId }, TCreate, TUpdate = TCreate>(
  config: CrudResourceConfig<TItem>,
) {
  const { key, path } = config;
  const writes = [key, ...(config.invalidates ?? [])];

  const keys = {
    all: [key] as const,
    lists: () => [key, 'list'] as const,
    list: (params: ListParams) => [key, 'list', params] as const,
    detail: (id: EntityId) => [key, 'detail', id] as const,
    options: () => [key, 'options'] as const,
  };

  const list = async (params: ListParams = {}): Promise<Page<TItem>> =>
    expectOk(await api.get<Page<TItem>>(path, params));
  const get = async (id: EntityId): Promise<TItem> => expectOk(await api.get<TItem>(`${path}/${id}`));
  const create = async (body: TCreate): Promise<TItem> => expectCreated(await api.post<TItem>(path, body));
  const update = async (id: EntityId, body: TUpdate): Promise<TItem> =>
    expectOk(await api.put<TItem>(`${path}/${id}`, body));
  const remove = async (id: EntityId): Promise<StatusResponse> =>
    expectStatus(await api.delete<StatusResponse>(`${path}/${id}`));
  const options = async (): Promise<SelectOption[]> => {
    if (config.toOption) return (await list({ perPage: OPTION_LIST_PER_PAGE })).items.map(config.toOption);
    const data = expectOk(await api.get<Page<SelectOption> | SelectOption[]>(`${path}/options`, { perPage: OPTION_LIST_PER_PAGE }));
    return Array.isArray(data) ? data : data.items;
  };

  const listQuery = (params: ListParams = {}) =>
    queryOptions({ queryKey: keys.list(params), queryFn: () => list(params), placeholderData: keepPreviousData });
  const detailQuery = (id: EntityId) => queryOptions({ queryKey: keys.detail(id), queryFn: () => get(id) });
  const optionsQuery = () => queryOptions({ queryKey: keys.options(), queryFn: options });

  /** After a write every list, detail and option list of the resource (and of `invalidates`) is refetched. */
  const useInvalidate = () => {
    const queryClient = useQueryClient();
    return () => invalidateKeys(queryClient, writes);
  };

  return {
    key,
    path,
    keys,
    list,
    get,
    create,
    update,
    remove,
    options,
    listQuery,
    detailQuery,
    optionsQuery,
    useList: (params: ListParams = {}) => useQuery(listQuery(params)),
    /** `null` (a create form) fetches nothing. */
    useDetail: (id: EntityId | null) => useQuery({ ...detailQuery(id ?? 0), enabled: id !== null }),
    useOptions: (enabled = true) => useQuery({ ...optionsQuery(), enabled }),
    useCreate: () => {
      const invalidate = useInvalidate();
      return useMutation({ mutationFn: create, onSuccess: invalidate });
    },
    useUpdate: () => {
      const invalidate = useInvalidate();
      return useMutation({
        mutationFn: ({ id, body }: { id: EntityId; body: TUpdate }) => update(id, body),
        onSuccess: invalidate,
      });
    },
    useRemove: () => {
      const invalidate = useInvalidate();
      return useMutation({ mutationFn: remove, onSuccess: invalidate });
    },
  };
}

export type CrudResource<TItem extends { id: EntityId }, TCreate = unknown, TUpdate = TCreate> = ReturnType<
  typeof createCrudResource<TItem, TCreate, TUpdate>
>;

export interface ActionVariables {
  /** Fills `{name}` placeholders of the path, e.g. `{ id: 3 }` for `diets/{id}/markAsDefault`. */
  params?: Readonly<Record<string, string | number>>;
  body?: unknown;
}

function fillPath(template: string, params: ActionVariables['params'] = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`useAction: no value for {${name}} in ${template}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * A command endpoint answering `{"status": true}` (mark as default, activate, bulk delete):
 * `useAction('diets/{id}/markAsDefault', { invalidates: [diets.key] }).mutate({ params: { id } })`.
 */
export function useAction(
  pathTemplate: string,
  { method = 'POST', invalidates = [] }: { method?: 'POST' | 'PUT' | 'DELETE'; invalidates?: readonly string[] } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ params, body }: ActionVariables = {}) => {
      const path = fillPath(pathTemplate, params);
      const response =
        method === 'DELETE'
          ? await api.delete<StatusResponse>(path)
          : method === 'PUT'
            ? await api.put<StatusResponse>(path, body)
            : await api.post<StatusResponse>(path, body);
      return expectStatus(response);
    },
    onSuccess: () => invalidateKeys(queryClient, invalidates),
  });
}
