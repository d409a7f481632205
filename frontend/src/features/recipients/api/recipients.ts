import type { components } from '@/api/schema';
import { createCrudResource } from '@/lib/crud';

export type RecipientsList = components['schemas']['RecipientsList'];
export type RecipientsListRequest = components['schemas']['RecipientsListRequest'];

/**
 * `recipients`: saved audiences (criteria, people picked one by one, report e-mail addresses): list (`search`,
 * `sort`), get, create, update, delete (409 while an announcement or an automated report uses the list). Announcements show a
 * list's name, so they are refreshed too.
 */
export const recipientsLists = createCrudResource<RecipientsList, RecipientsListRequest>({
  key: 'recipients',
  path: 'recipients',
  invalidates: ['announcements'],
});
