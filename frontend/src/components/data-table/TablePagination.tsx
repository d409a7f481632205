import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { PER_PAGE_OPTIONS } from './use-table-state';

interface TablePaginationProps {
  page: number;
  perPage: number;
  total: number;
  /** `total` is an estimate: shown as "about". */
  estimate?: boolean;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
  id: string;
}

const WINDOW = 2;

export function TablePagination({ page, perPage, total, estimate, onPage, onPerPage, id }: TablePaginationProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / perPage));
  const first = Math.max(1, page - WINDOW);
  const last = Math.min(pages, page + WINDOW);
  const numbers = Array.from({ length: last - first + 1 }, (_, index) => first + index);
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(total, page * perPage);

  const item = (target: number, label: string, content: string, disabled: boolean, current = false) => (
    <li key={label} className={`page-item${disabled ? ' disabled' : ''}${current ? ' active' : ''}`}>
      <button
        type="button"
        className="page-link"
        aria-label={label}
        aria-current={current ? 'page' : undefined}
        disabled={disabled}
        onClick={() => onPage(target)}
      >
        {content}
      </button>
    </li>
  );

  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mt-2">
      <div className="d-flex align-items-center gap-2 small text-body-secondary">
        <span>{t(estimate ? 'table.rangeEstimate' : 'table.range', { from, to, total })}</span>
        <Form.Label htmlFor={`${id}-per-page`} className="mb-0 ms-2">
          {t('table.perPage')}
        </Form.Label>
        <Form.Select
          id={`${id}-per-page`}
          size="sm"
          className="w-auto"
          value={perPage}
          onChange={(event) => onPerPage(Number(event.target.value))}
        >
          {PER_PAGE_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Form.Select>
      </div>
      {pages > 1 && (
        <nav aria-label={t('table.pagination')}>
          <ul className="pagination pagination-sm mb-0">
            {item(page - 1, t('table.previousPage'), '‹', page <= 1)}
            {first > 1 && item(1, t('table.page', { page: 1 }), '1', false)}
            {first > 2 && (
              <li className="page-item disabled" aria-hidden="true">
                <span className="page-link">…</span>
              </li>
            )}
            {numbers.map((number) => item(number, t('table.page', { page: number }), String(number), false, number === page))}
            {last < pages - 1 && (
              <li className="page-item disabled" aria-hidden="true">
                <span className="page-link">…</span>
              </li>
            )}
            {last < pages && item(pages, t('table.page', { page: pages }), String(pages), false)}
            {item(page + 1, t('table.nextPage'), '›', page >= pages)}
          </ul>
        </nav>
      )}
    </div>
  );
}
