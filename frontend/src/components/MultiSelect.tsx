import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import {
  DROPDOWN_MAX_HEIGHT_PX,
  DROPDOWN_MIN_WIDTH_PX,
  multiSelectLabel,
  type OptionValue,
  type SelectOption,
} from './multi-select-label';

interface CommonProps {
  options: SelectOption[];
  label: string;
  placeholder?: string;
  id?: string;
  maxHeightPx?: number;
  isInvalid?: boolean;
}

interface MultipleProps extends CommonProps {
  multiple?: true;
  value: OptionValue[];
  onChange: (value: OptionValue[]) => void;
}

interface SingleProps extends CommonProps {
  multiple: false;
  value: OptionValue | null;
  onChange: (value: OptionValue | null) => void;
}

export type MultiSelectProps = MultipleProps | SingleProps;

export function MultiSelect(props: MultiSelectProps) {
  const { options, label, placeholder, maxHeightPx = DROPDOWN_MAX_HEIGHT_PX, isInvalid } = props;
  const { t } = useTranslation();
  const generatedId = useId();
  const id = props.id ?? generatedId;
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const rootRef = useRef<HTMLDivElement>(null);

  const selected: OptionValue[] =
    props.multiple === false ? (props.value === null ? [] : [props.value]) : props.value;

  useEffect(() => {
    if (!open) return;
    const outside = (target: EventTarget | null) => !!rootRef.current && !rootRef.current.contains(target as Node);
    const onPointerDown = (event: MouseEvent) => {
      if (outside(event.target)) setOpen(false);
    };
    // Keyboard users close it with Escape or by tabbing away, as they would a native select.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onFocusIn = (event: FocusEvent) => {
      if (outside(event.target)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [open]);

  const filtered = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    return needle ? options.filter((option) => option.text.toLocaleLowerCase().includes(needle)) : options;
  }, [options, search]);

  const filteredEnabled = filtered.filter((option) => !option.disabled);
  const allFilteredChosen =
    filteredEnabled.length > 0 && filteredEnabled.every((option) => selected.includes(option.value));

  const choose = (option: SelectOption) => {
    if (option.disabled) return;
    if (props.multiple === false) {
      props.onChange(option.value);
      setOpen(false);
      return;
    }
    props.onChange(
      selected.includes(option.value)
        ? selected.filter((value) => value !== option.value)
        : [...selected, option.value],
    );
  };

  const toggleAll = () => {
    if (props.multiple === false) return;
    const filteredValues = filteredEnabled.map((option) => option.value);
    props.onChange(
      allFilteredChosen
        ? selected.filter((value) => !filteredValues.includes(value))
        : [...selected, ...filteredValues.filter((value) => !selected.includes(value))],
    );
  };

  const buttonText = multiSelectLabel(options, selected, t) ?? placeholder ?? t('multiSelect.placeholder');

  return (
    <div ref={rootRef} className="position-relative">
      <button
        type="button"
        id={id}
        className={`form-select text-start${isInvalid ? ' is-invalid' : ''}`}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={label}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
      >
        {buttonText}
      </button>
      {open && (
        <div
          className="dropdown-menu show p-2 w-100"
          style={{ minWidth: DROPDOWN_MIN_WIDTH_PX, maxHeight: maxHeightPx, overflowY: 'auto' }}
        >
          <Form.Control
            size="sm"
            type="search"
            className="mb-2"
            aria-label={t('multiSelect.search')}
            placeholder={t('multiSelect.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          {props.multiple !== false && filteredEnabled.length > 0 && (
            <Form.Check
              id={`${id}-all`}
              type="checkbox"
              className="mb-1 fw-semibold"
              label={t('multiSelect.toggleAll')}
              checked={allFilteredChosen}
              onChange={toggleAll}
            />
          )}
          <div role="listbox" id={listId} aria-label={label} aria-multiselectable={props.multiple !== false}>
            {filtered.length === 0 && <div className="text-body-secondary small px-1">{t('multiSelect.noOptions')}</div>}
            {filtered.map((option) => {
              const isChosen = selected.includes(option.value);
              return (
                <div
                  key={option.value}
                  role="option"
                  aria-selected={isChosen}
                  aria-disabled={option.disabled || undefined}
                  tabIndex={option.disabled ? -1 : 0}
                  className={`dropdown-item rounded${isChosen ? ' active' : ''}${option.disabled ? ' disabled' : ''}`}
                  onClick={() => choose(option)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' || event.key === ' ') {
                      event.preventDefault();
                      choose(option);
                    }
                  }}
                >
                  {option.text}
                </div>
              );
            })}
          </div>
        </div>
      )}
    </div>
  );
}
