import { useId, type ReactNode } from 'react';
import { Form, InputGroup } from 'react-bootstrap';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MultiSelect } from '@/components/MultiSelect';
import type { OptionValue, SelectOption } from '@/components/multi-select-label';

/** Spec §9: default textarea rows. */
export const TEXTAREA_ROWS = 3;

export interface FieldProps<T extends FieldValues> {
  name: Path<T>;
  /** Optional inside a FormProvider (EntityForm provides one); pass it for type-checked names elsewhere. */
  control?: Control<T>;
  label: ReactNode;
  help?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  className?: string;
}

function useField<T extends FieldValues>(props: Pick<FieldProps<T>, 'name' | 'control' | 'help' | 'required' | 'disabled'>) {
  const { field, fieldState } = useController<T>({ name: props.name, control: props.control });
  const id = `${useId()}-${props.name}`;
  const error = fieldState.error?.message;
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  // What every text-like control carries: state, validity and the ids of its help and error texts.
  const controlProps = {
    disabled: props.disabled,
    isInvalid: !!error,
    'aria-invalid': error ? true : undefined,
    'aria-required': props.required || undefined,
    'aria-describedby': describedBy(props.help, error, helpId, errorId),
  };
  return { field, id, error, helpId, errorId, controlProps };
}

interface ShellProps {
  id: string;
  label: ReactNode;
  help?: ReactNode;
  error?: string;
  helpId: string;
  errorId: string;
  required?: boolean;
  className?: string;
  children: ReactNode;
  /** Checkboxes put their own label next to the box. */
  hideLabel?: boolean;
}

/** Label, control, help text and the error (client-side zod or the server's, via applyServerErrors). */
function FieldShell({ id, label, help, error, helpId, errorId, required, className, children, hideLabel }: ShellProps) {
  return (
    <Form.Group className={className ?? 'mb-3'} controlId={id}>
      {!hideLabel && (
        <Form.Label>
          {label}
          {required && (
            <span className="text-danger ms-1" aria-hidden="true">
              *
            </span>
          )}
        </Form.Label>
      )}
      {children}
      {help && (
        <Form.Text id={helpId} className="d-block">
          {help}
        </Form.Text>
      )}
      {error && (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </Form.Group>
  );
}

function describedBy(help: ReactNode, error: string | undefined, helpId: string, errorId: string): string | undefined {
  return [help ? helpId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
}

export interface TextFieldProps<T extends FieldValues> extends FieldProps<T> {
  type?: 'text' | 'email' | 'tel' | 'url' | 'password' | 'time';
  maxLength?: number;
  placeholder?: string;
  autoComplete?: string;
}

export function TextField<T extends FieldValues>(props: TextFieldProps<T>) {
  const { field, id, error, helpId, errorId, controlProps } = useField(props);
  return (
    <FieldShell {...props} id={id} error={error} helpId={helpId} errorId={errorId}>
      <Form.Control
        {...field}
        value={field.value ?? ''}
        type={props.type ?? 'text'}
        maxLength={props.maxLength}
        placeholder={props.placeholder}
        autoComplete={props.autoComplete}
        {...controlProps}
      />
    </FieldShell>
  );
}

export function TextAreaField<T extends FieldValues>(props: TextFieldProps<T> & { rows?: number }) {
  const { field, id, error, helpId, errorId, controlProps } = useField(props);
  return (
    <FieldShell {...props} id={id} error={error} helpId={helpId} errorId={errorId}>
      <Form.Control
        {...field}
        as="textarea"
        rows={props.rows ?? TEXTAREA_ROWS}
        value={field.value ?? ''}
        maxLength={props.maxLength}
        placeholder={props.placeholder}
        {...controlProps}
      />
    </FieldShell>
  );
}

/** The form value is a number, or null when the input is empty. */
export function NumberField<T extends FieldValues>(props: FieldProps<T> & { min?: number; max?: number; step?: number }) {
  const { field, id, error, helpId, errorId, controlProps } = useField(props);
  return (
    <FieldShell {...props} id={id} error={error} helpId={helpId} errorId={errorId}>
      <Form.Control
        {...field}
        type="number"
        inputMode={props.step !== undefined && !Number.isInteger(props.step) ? 'decimal' : 'numeric'}
        min={props.min}
        max={props.max}
        step={props.step ?? 1}
        value={field.value === null || field.value === undefined || Number.isNaN(field.value) ? '' : String(field.value)}
        onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
        {...controlProps}
      />
    </FieldShell>
  );
}

/**
 * A decimal amount as the person types it ("2,50" or "2.50"); the form value stays a string, and the
 * `decimalAmount` schema turns it into the API's "2.50". Never a float.
 */
export function MoneyField<T extends FieldValues>(props: FieldProps<T> & { currency?: string }) {
  const { field, id, error, helpId, errorId, controlProps } = useField(props);
  return (
    <FieldShell {...props} id={id} error={error} helpId={helpId} errorId={errorId}>
      <InputGroup hasValidation>
        <Form.Control
          {...field}
          value={field.value ?? ''}
          type="text"
          inputMode="decimal"
          {...controlProps}
        />
        <InputGroup.Text>{props.currency ?? 'PLN'}</InputGroup.Text>
      </InputGroup>
    </FieldShell>
  );
}

/** `YYYY-MM-DD`, or '' when empty. */
export function DateField<T extends FieldValues>(props: FieldProps<T> & { min?: string; max?: string }) {
  const { field, id, error, helpId, errorId, controlProps } = useField(props);
  return (
    <FieldShell {...props} id={id} error={error} helpId={helpId} errorId={errorId}>
      <Form.Control
        {...field}
        value={field.value ?? ''}
        type="date"
        min={props.min}
        max={props.max}
        {...controlProps}
      />
    </FieldShell>
  );
}

export interface SelectFieldProps<T extends FieldValues> extends FieldProps<T> {
  options: readonly SelectOption[];
  /** Text of the empty choice (value null); without it a value must be chosen. */
  emptyText?: string;
}

/** The form value is the chosen option's value (number or string, as in `options`), or null. */
export function SelectField<T extends FieldValues>(props: SelectFieldProps<T>) {
  const { t } = useTranslation();
  const { field, id, error, helpId, errorId, controlProps } = useField(props);
  const current = field.value === null || field.value === undefined ? '' : String(field.value);
  return (
    <FieldShell {...props} id={id} error={error} helpId={helpId} errorId={errorId}>
      <Form.Select
        {...field}
        value={current}
        onChange={(event) => {
          const option = props.options.find((candidate) => String(candidate.value) === event.target.value);
          field.onChange(option ? option.value : null);
        }}
        {...controlProps}
      >
        <option value="">{props.emptyText ?? t('multiSelect.placeholder')}</option>
        {props.options.map((option) => (
          <option key={option.value} value={String(option.value)} disabled={option.disabled}>
            {option.text}
          </option>
        ))}
      </Form.Select>
    </FieldShell>
  );
}

/** A switch; the form value is a boolean. */
export function CheckboxField<T extends FieldValues>(props: FieldProps<T>) {
  const { field, id, error, helpId, errorId } = useField(props);
  return (
    <FieldShell {...props} id={id} error={error} helpId={helpId} errorId={errorId} hideLabel>
      <Form.Check
        type="switch"
        role="switch"
        {...field}
        id={id}
        value={undefined}
        checked={field.value === true}
        onChange={(event) => field.onChange(event.target.checked)}
        disabled={props.disabled}
        isInvalid={!!error}
        aria-invalid={error ? true : undefined}
        label={props.label}
        aria-describedby={describedBy(props.help, error, helpId, errorId)}
      />
    </FieldShell>
  );
}

export interface MultiSelectFieldProps<T extends FieldValues> extends FieldProps<T> {
  options: SelectOption[];
  /** Accessible name of the dropdown when `label` is not plain text. */
  ariaLabel?: string;
  placeholder?: string;
  maxHeightPx?: number;
}

/** The spec's multi-select (label rules, search, select all); the form value is an array of option values. */
export function MultiSelectField<T extends FieldValues>(props: MultiSelectFieldProps<T>) {
  const { field, id, error, helpId, errorId } = useField(props);
  return (
    <FieldShell {...props} id={id} error={error} helpId={helpId} errorId={errorId}>
      <MultiSelect
        id={id}
        options={props.options}
        label={props.ariaLabel ?? (typeof props.label === 'string' ? props.label : field.name)}
        placeholder={props.placeholder}
        maxHeightPx={props.maxHeightPx}
        isInvalid={!!error}
        aria-invalid={error ? true : undefined}
        value={(field.value as OptionValue[] | undefined) ?? []}
        onChange={(value) => field.onChange(value)}
      />
    </FieldShell>
  );
}
