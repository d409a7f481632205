import { formatMoney } from '@/lib/format';
import { isNegativeAmount, type Money } from '@/lib/money';

/** A sum of money, red when below zero (balances, charges). */
export function Amount({ value, strong = false }: { value: Money; strong?: boolean }) {
  const negative = isNegativeAmount(value.amount);
  const className = [negative ? 'text-danger' : '', strong ? 'fw-bold' : '', 'text-nowrap'].filter(Boolean).join(' ');
  return <span className={className}>{formatMoney(value)}</span>;
}
