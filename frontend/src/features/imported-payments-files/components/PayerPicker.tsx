import { useId, useState } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/FormModal';
import { usePayers } from '@/lib/transactions/ledger';
import type { ImportedPayment } from '../api/imported-payments-files';

const RESULTS = 20;

interface PayerPickerProps {
  item: ImportedPayment | null;
  pending: boolean;
  onPick: (userId: number | null) => void;
  onClose: () => void;
}

/** Who a credit goes to: a parent or institution worker found by name or e-mail (transactions/users), or nobody. */
export function PayerPicker({ item, pending, onPick, onClose }: PayerPickerProps) {
  const { t } = useTranslation('importedPaymentsFiles');
  const searchId = useId();
  const payerId = useId();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<string>('');
  const payers = usePayers({ search, perPage: RESULTS }, item !== null);
  const options = payers.data?.items ?? [];
  const current = item?.user ? [{ id: item.user.id, label: item.user.name }] : [];
  return (
    <FormModal
      show={item !== null}
      title={t('assign.title')}
      pending={pending}
      onSubmit={() => onPick(picked === '' ? null : Number(picked))}
      onClose={onClose}
    >
      {item && (
        <p className="small text-body-secondary">
          {item.senderName} · {item.title}
        </p>
      )}
      <Form.Group className="mb-3" controlId={searchId}>
        <Form.Label>{t('assign.search')}</Form.Label>
        <Form.Control type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      </Form.Group>
      <Form.Group controlId={payerId}>
        <Form.Label>{t('assign.payer')}</Form.Label>
        <Form.Select value={picked} onChange={(event) => setPicked(event.target.value)}>
          <option value="">{t('assign.nobody')}</option>
          {current
            .filter((person) => !options.some((payer) => payer.id === person.id))
            .map((person) => (
              <option key={person.id} value={person.id}>
                {person.label}
              </option>
            ))}
          {options.map((payer) => (
            <option key={payer.id} value={payer.id}>
              {`${payer.lastName} ${payer.firstName} (${payer.email})`}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
    </FormModal>
  );
}
