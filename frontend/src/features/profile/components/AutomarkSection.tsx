import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/SectionCard';
import type { CurrentUser } from '@/lib/session/get-current-user';
import { SubjectSettingsForm } from '@/components/child-form/SubjectSettingsForm';

/** The id the calendar's automarking modal links to (`/profile#automark`). */
export const AUTOMARK_SECTION_ID = 'automark';

/** An institution worker's own automarking and missing-order reminder (they are their own meal receiver). */
export function AutomarkSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('profile');
  const { hash } = useLocation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (hash === `#${AUTOMARK_SECTION_ID}`) ref.current?.scrollIntoView?.({ block: 'start' });
  }, [hash]);
  const title = t('automark.title');
  return (
    <div id={AUTOMARK_SECTION_ID} ref={ref}>
      <SectionCard title={title}>
        <SubjectSettingsForm subject={{ type: 'institution_worker', id: user.id }} label={title} />
      </SectionCard>
    </div>
  );
}
