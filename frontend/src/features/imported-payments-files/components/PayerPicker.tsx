import { useId, useState } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/FormModal';
import { usePayers, useUserBalance } from '@/lib/transactions/ledger';
import type { ImportedPayment } from '../api/imported-payments-files';

const RESULTS = 20;

interface PayerPickerProps {
  item: ImportedPayment | null;
  pending: boolean;
  onPick: (userId: number | null, childId: number | null) => void;
  onClose: () => void;
}

/**
 * Who a credit goes to: a parent or institution worker found by name or e-mail (transactions/users), or nobody;
 * where balances are kept per child, which child's account (transactions/userBalance lists the payer's children).
 */
export function PayerPicker({ item, pending, onPick, onClose }: PayerPickerProps) {
  const { t } = useTranslation('importedPaymentsFiles');
  const searchId = useId();
  const payerId = useId();
  const [search, setSearch] = useState('');
  const childId = useId();
  const [picked, setPicked] = useState<string>(item?.user ? String(item.user.id) : '');
  const [child, setChild] = useState<string>(item?.child ? String(item.child.id) : '');
  const payers = usePayers({ search, perPage: RESULTS }, item !== null);
  const balance = useUserBalance(picked === '' ? null : Number(picked));
  const children = balance.data?.balancePerChildren ? balance.data.perChildren.filter((row) => row.childId !== null) : [];
  const options = payers.data?.items ?? [];
  const current = item?.user ? [{ id: item.user.id, label: item.user.name }] : [];
  return (
    <FormModal
      show={item !== null}
      title={t('assign.title')}
      pending={pending}
      onSubmit={() => onPick(picked === '' ? null : Number(picked), picked === '' || child === '' ? null : Number(child))}
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
        <Form.Select
          value={picked}
          onChange={(event) => {
            setPicked(event.target.value);
            setChild('');
          }}
        >
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
      {children.length > 0 && (
        <Form.Group className="mt-3" controlId={childId}>
          <Form.Label>{t('assign.child')}</Form.Label>
          <Form.Select value={child} onChange={(event) => setChild(event.target.value)}>
            <option value="">{t('assign.payerAccount')}</option>
            {children.map((row) => (
              <option key={row.childId} value={String(row.childId)}>
                {row.childName}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      )}
    </FormModal>
  );
}
