import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { UrlTabs } from '@/components/UrlTabs';
import { useUrlTab } from '@/components/use-url-tab';
import { todayIso } from '@/lib/calendar/dates';
import { OPTION_PATHS, useStaffOptions } from '@/lib/calendar/options';
import { ordersConfigEndpoint } from '@/lib/settings/orders-config';
import { useSettings } from '@/lib/settings/settings-endpoint';
import { LiveCount } from '../components/LiveCount';
import { LookupPanel } from '../components/LookupPanel';
import { ScanForm } from '../components/ScanForm';
import { FollowUpList, ScanLog } from '../components/ScanLog';
import { ScanResultPanel, type ResultDisplay } from '../components/ScanResultPanel';
import { ServingSettings } from '../components/ServingSettings';
import { StatusBar } from '../components/StatusBar';
import type { ClashDecision } from '../api/terminal';
import { useServingDevice, type ScanOutcome } from '../hooks/use-serving-device';
import { loadServingChoice, saveServingChoice } from '../model/device-storage';

const TABS = ['count', 'lookup', 'log'] as const;

/**
 * `/terminal` (admin, institutions admin, cook; the cook's home): serving at a touch screen or beside a USB card
 * reader. The card field, the result and the status bar are always on screen; below them the live count, the
 * lookup without a card and the scan log.
 */
export function TerminalPage() {
  const { t } = useTranslation(['terminal', 'routes']);
  const host = window.location.host;
  const [choice, setChoice] = useState(() => loadServingChoice(host, todayIso()));
  const mealTypeOptions = useStaffOptions(OPTION_PATHS.mealTypes);
  const ordersConfig = useSettings(ordersConfigEndpoint);
  const presencesAllowed = ordersConfig.data?.terminalOrdersEnabled === true;
  const mealTypes = useMemo(() => mealTypeOptions.data ?? [], [mealTypeOptions.data]);
  // A remembered meal type the tenant has since removed is not served.
  const mealTypesIds = useMemo(
    () => (mealTypeOptions.data ? choice.mealTypesIds.filter((id) => mealTypes.some((option) => Number(option.value) === id)) : choice.mealTypesIds),
    [choice.mealTypesIds, mealTypeOptions.data, mealTypes],
  );
  const serving = useMemo(() => ({ date: choice.date, mealTypesIds }), [choice.date, mealTypesIds]);
  const device = useServingDevice(choice.date, mealTypesIds);
  const tab = useUrlTab(TABS);
  const [display, setDisplay] = useState<ResultDisplay | null>(null);
  const latest = useRef(0);

  const choose = (next: { date?: string; mealTypesIds?: number[] }) => {
    const updated = { ...choice, ...next };
    saveServingChoice(host, { ...updated, chosenOn: todayIso() });
    setChoice(updated);
  };

  // Only the latest scan's answer is shown: a slow answer never replaces a newer child's.
  const handleScan = async (card: string, clashDecision?: ClashDecision) => {
    const id = ++latest.current;
    if (mealTypesIds.length === 0) {
      setDisplay({ kind: 'notice', message: t('serving.chooseMealTypes') });
      return;
    }
    setDisplay({ kind: 'pending', card });
    try {
      const outcome = await device.scan(card, clashDecision);
      if (id === latest.current) setDisplay({ kind: 'outcome', card, outcome });
    } catch {
      if (id === latest.current) setDisplay({ kind: 'notice', message: t('scan.failed') });
    }
  };

  const showOutcome = (outcome: ScanOutcome) => {
    latest.current++;
    if (outcome.source === 'server') device.applyServerScan(outcome.scan);
    setDisplay({ kind: 'outcome', card: '', outcome });
  };

  return (
    <section>
      <PageHeader title={t('routes:areas.terminal')} />
      <StatusBar
        online={device.online}
        queued={device.queued}
        lastSync={device.lastSync}
        rosterSize={device.roster ? device.roster.subjects.length : null}
        followUps={device.followUps.length}
        onSync={() => void device.sync()}
      />
      <div className="d-flex flex-wrap gap-3 align-items-end mb-2">
        <div className="flex-grow-1" style={{ minWidth: 260, maxWidth: 520 }}>
          <ScanForm onScan={(card) => void handleScan(card)} />
        </div>
        <ServingSettings
          date={choice.date}
          mealTypesIds={mealTypesIds}
          mealTypes={mealTypes}
          onDate={(date) => choose({ date })}
          onMealTypes={(ids) => choose({ mealTypesIds: ids })}
        />
      </div>
      {mealTypesIds.length === 0 && mealTypeOptions.data && <p className="text-warning-emphasis">{t('serving.chooseMealTypes')}</p>}
      <ScanResultPanel display={display} waitingIds={device.waitingIds} onDecide={(card, decision) => void handleScan(card, decision)} />
      <UrlTabs tabs={TABS} active={tab} label={t('tabs.label')} title={(key) => t(`tabs.${key}`)} />
      {tab === 'count' && <LiveCount serving={serving} />}
      {tab === 'lookup' && <LookupPanel serving={serving} mealTypes={mealTypes} presencesAllowed={presencesAllowed} onOutcome={showOutcome} />}
      {tab === 'log' && (
        <>
          <FollowUpList followUps={device.followUps} onDismiss={device.clearFollowUp} />
          <ScanLog />
        </>
      )}
    </section>
  );
}
