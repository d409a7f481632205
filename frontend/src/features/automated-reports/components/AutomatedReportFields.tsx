import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api, expectOk } from '@/api/client';
import type { SelectOption } from '@/components/multi-select-label';
import { CheckboxField, MultiSelectField, NumberField, SelectField, TextAreaField, TextField } from '@/components/form';
import { OPTION_LIST_PER_PAGE, type Page } from '@/lib/crud';
import { useRecipientsListChoices } from '@/lib/recipients-lists';
import { criterionOptionsPath } from '@/lib/report-criteria';
import { useSession } from '@/lib/session/session-context';
import { useReportTypes, type ReportCriterion } from '../api/report-types';
import {
  FILE_FORMATS,
  FREQUENCIES,
  NAME_MAX_LENGTH,
  RELATIVE_PERIODS,
  WEEKDAYS,
  criteriaFor,
  editableCriteria,
  type AutomatedReportValues,
} from './automated-report-model';

const optionsQuery = (path: string) =>
  queryOptions({
    queryKey: [path.split('/')[0], 'options', 'automatedReports'],
    queryFn: async () => {
      const data = expectOk(await api.get<Page<SelectOption> | SelectOption[]>(path, { perPage: OPTION_LIST_PER_PAGE }));
      return Array.isArray(data) ? data : data.items;
    },
  });

function IdsCriterion({ criterion, label, path }: { criterion: ReportCriterion; label: string; path: string }) {
  const options = useQuery(optionsQuery(path));
  return (
    <MultiSelectField<AutomatedReportValues>
      name={`criteria.${criterion.name}`}
      label={label}
      options={options.data ?? []}
    />
  );
}

function CriterionField({ criterion }: { criterion: ReportCriterion }) {
  const { t } = useTranslation('automatedReports');
  const { user } = useSession();
  const label = t(`criteria.${criterion.name}`, { defaultValue: criterion.name });
  if (criterion.kind === 'boolean') return <CheckboxField<AutomatedReportValues> name={`criteria.${criterion.name}`} label={label} />;
  if (criterion.kind === 'choice') {
    return (
      <SelectField<AutomatedReportValues>
        name={`criteria.${criterion.name}`}
        label={label}
        required={criterion.required}
        options={(criterion.choices ?? []).map((choice) => ({ value: choice, text: t(`choices.${choice}`, { defaultValue: choice }) }))}
      />
    );
  }
  // Without a list to choose from (payers; kitchens for a report manager) the report covers every one.
  const path = criterionOptionsPath(user, criterion.kind);
  if (!path) return null;
  return <IdsCriterion criterion={criterion} label={label} path={path} />;
}

/**
 * The saved list the report also goes to: chosen by who may read the lists; anyone else sees the list kept (the
 * server keeps it unchanged).
 */
function RecipientsListField() {
  const { t } = useTranslation('automatedReports');
  const choices = useRecipientsListChoices();
  const name = useWatch<AutomatedReportValues, 'recipientsListName'>({ name: 'recipientsListName' });
  if (choices === undefined) {
    return name ? <p className="form-text mb-0">{t('help.recipientsListKept', { name })}</p> : null;
  }
  return (
    <SelectField<AutomatedReportValues>
      name="recipientsListId"
      label={t('fields.recipientsListId')}
      help={t('help.recipientsListId')}
      emptyText={t('help.recipientsListNone')}
      options={choices}
    />
  );
}

/** The report (type, criteria, format), its schedule and its recipients. */
export function AutomatedReportFields() {
  const { t } = useTranslation('automatedReports');
  const { setValue, getValues } = useFormContext<AutomatedReportValues>();
  const catalogue = useReportTypes();
  const [reportType, frequency] = useWatch<AutomatedReportValues, ['reportType', 'frequency']>({ name: ['reportType', 'frequency'] });
  const chosen = catalogue.data?.find((type) => type.code === reportType);

  // The criteria follow the chosen report type: its own ones, stored values kept, the others dropped.
  useEffect(() => {
    if (chosen) setValue('criteria', criteriaFor(chosen.criteria, getValues('criteria')));
  }, [chosen, getValues, setValue]);

  return (
    <div className="row g-3">
      <div className="col-md-6">
        <TextField<AutomatedReportValues> name="name" label={t('fields.name')} required maxLength={NAME_MAX_LENGTH} />
      </div>
      <div className="col-md-6">
        <SelectField<AutomatedReportValues>
          name="reportType"
          label={t('fields.reportType')}
          required
          help={chosen?.description}
          options={(catalogue.data ?? []).map((type) => ({ value: type.code, text: type.title }))}
        />
      </div>
      {chosen &&
        editableCriteria(chosen.criteria).map((criterion) => (
          <div className="col-md-6" key={criterion.name}>
            <CriterionField criterion={criterion} />
          </div>
        ))}
      <div className="col-md-6">
        <SelectField<AutomatedReportValues>
          name="relativePeriod"
          label={t('fields.relativePeriod')}
          required
          help={t('help.relativePeriod')}
          options={RELATIVE_PERIODS.map((period) => ({ value: period, text: t(`periods.${period}`) }))}
        />
      </div>
      <div className="col-md-6">
        <SelectField<AutomatedReportValues>
          name="fileFormat"
          label={t('fields.fileFormat')}
          required
          options={FILE_FORMATS.map((format) => ({ value: format, text: format.toUpperCase() }))}
        />
      </div>
      <div className="col-md-4">
        <SelectField<AutomatedReportValues>
          name="frequency"
          label={t('fields.frequency')}
          required
          options={FREQUENCIES.map((value) => ({ value, text: t(`frequencies.${value}`) }))}
        />
      </div>
      {frequency === 'weekly' && (
        <div className="col-md-4">
          <SelectField<AutomatedReportValues>
            name="weekday"
            label={t('fields.weekday')}
            required
            options={WEEKDAYS.map((day) => ({ value: day, text: t(`weekdays.${day}`) }))}
          />
        </div>
      )}
      {frequency === 'monthly' && (
        <div className="col-md-4">
          <NumberField<AutomatedReportValues> name="dayOfMonth" label={t('fields.dayOfMonth')} required min={1} max={31} help={t('help.dayOfMonth')} />
        </div>
      )}
      <div className="col-md-4">
        <TextField<AutomatedReportValues> name="sendTime" type="time" label={t('fields.sendTime')} required help={t('help.sendTime')} />
      </div>
      <div className="col-12">
        <TextAreaField<AutomatedReportValues> name="emailAddresses" label={t('fields.emailAddresses')} help={t('help.emailAddresses')} />
      </div>
      <div className="col-12">
        <RecipientsListField />
      </div>
      <div className="col-12">
        <CheckboxField<AutomatedReportValues> name="enabled" label={t('fields.enabled')} />
      </div>
    </div>
  );
}
