import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/api/query-client';
import { apiUrl, server } from '@/test/server';
import { createCrudResource, useAction } from './crud';

const diets = createCrudResource<{ id: number; name: string }, { name: string }>({ key: 'diets', path: 'diets' });

describe('crud kit', () => {
  it('useAction posts to the filled path, expects {status: true} and refreshes the named resources', async () => {
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    let listCalls = 0;
    const posted: string[] = [];
    server.use(
      http.get(apiUrl('diets'), () => {
        listCalls += 1;
        return HttpResponse.json({ items: [], total: 0, page: 1, perPage: 20 });
      }),
      http.post(apiUrl('diets/:id/markAsDefault'), ({ params }) => {
        posted.push(String(params.id));
        return HttpResponse.json({ status: true });
      }),
    );
    const { result } = renderHook(
      () => ({ list: diets.useList({ page: 1 }), action: useAction('diets/{id}/markAsDefault', { invalidates: [diets.key] }) }),
      { wrapper },
    );
    await waitFor(() => expect(listCalls).toBe(1));
    await act(() => result.current.action.mutateAsync({ params: { id: 4 } }));
    expect(posted).toEqual(['4']);
    await waitFor(() => expect(listCalls).toBe(2));
  });

  it('useOptions reads <path>/options with perPage 9999', async () => {
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    let perPage: string | null = null;
    server.use(
      http.get(apiUrl('diets/options'), ({ request }) => {
        perPage = new URL(request.url).searchParams.get('perPage');
        return HttpResponse.json({ items: [{ value: 1, text: 'Vegan' }], total: 1, page: 1, perPage: 9999 });
      }),
    );
    const { result } = renderHook(() => diets.useOptions(), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual([{ value: 1, text: 'Vegan' }]));
    expect(perPage).toBe('9999');
  });
});
