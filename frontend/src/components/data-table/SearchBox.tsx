import { useEffect, useState } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

export const SEARCH_DEBOUNCE_MS = 400;

/** Sends what was typed once typing pauses; follows the URL when back/forward changes the search. */
export function SearchBox({ value, onSearch, id }: { value: string; onSearch: (value: string) => void; id: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [seenValue, setSeenValue] = useState(value);
  if (value !== seenValue) {
    // The URL changed (our own debounced search, back, forward, a link): show its search.
    setSeenValue(value);
    setText(value);
  }

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === value) return;
    const timer = window.setTimeout(() => onSearch(wanted), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <Form.Control
      id={id}
      type="search"
      aria-label={t('table.search')}
      placeholder={t('table.search')}
      value={text}
      onChange={(event) => setText(event.target.value)}
    />
  );
}
