import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, expectOk, genericApiError } from '@/api/client';
import type { components } from '@/api/schema';

export type ChildOptions = components['schemas']['ChildOptions'];
export type WorkerOptions = components['schemas']['WorkerOptions'];
export type RegistrationSettings = components['schemas']['RegistrationSettings'];
export type RegisterRequest = components['schemas']['RegisterRequest'];
export type RegistrationChild = components['schemas']['RegistrationChildRequest'];
export type Registered = components['schemas']['Registered'];
export type UserType = 'parent' | 'institution_worker';

const slugQuery = (institutionSlug?: string) => (institutionSlug ? { institutionSlug } : undefined);

/** `auth/register/childOptions` (anonymous, cached by the server for a minute): institutions, diets, classrooms... */
export const childOptionsQuery = (institutionSlug?: string) =>
  queryOptions({
    queryKey: ['register', 'childOptions', institutionSlug ?? null],
    queryFn: async () => expectOk(await api.get<ChildOptions>('auth/register/childOptions', slugQuery(institutionSlug))),
  });

/** `auth/register/institutionWorkerOptions`: loaded only once the visitor chooses to register as a worker. */
export const workerOptionsQuery = (institutionSlug?: string) =>
  queryOptions({
    queryKey: ['register', 'institutionWorkerOptions', institutionSlug ?? null],
    queryFn: async () =>
      expectOk(await api.get<WorkerOptions>('auth/register/institutionWorkerOptions', slugQuery(institutionSlug))),
  });

export const useChildOptions = (institutionSlug?: string) => useQuery(childOptionsQuery(institutionSlug));

export const useWorkerOptions = (institutionSlug: string | undefined, enabled: boolean) =>
  useQuery({ ...workerOptionsQuery(institutionSlug), enabled });

/**
 * `POST auth/register/{userType}`: 201 `{email}`, without an id: an e-mail already registered gets the same answer
 * (the server says the rest by e-mail), so the success view shows either way. Errors are reported by the page.
 */
export const useRegister = () =>
  useMutation({
    mutationFn: async ({ userType, body }: { userType: UserType; body: RegisterRequest }) => {
      const response = await api.post<Registered>(`auth/register/${userType}`, body);
      if (response.status !== 201 || typeof response.data?.email !== 'string') throw genericApiError(response.status);
      return response.data;
    },
    meta: { silent: true },
  });
