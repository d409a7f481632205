import { useState } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '@/lib/i18n';
import { MultiSelect } from './MultiSelect';
import { multiSelectLabel, type OptionValue, type SelectOption } from './multi-select-label';

const options: SelectOption[] = [
  { value: 1, text: 'Apple' },
  { value: 2, text: 'Banana' },
  { value: 3, text: 'Cherry' },
  { value: 4, text: 'Date', disabled: true },
];

const label = (selected: OptionValue[], list = options) => multiSelectLabel(list, selected, i18n.t);

function Harness({ multiple = true }: { multiple?: boolean }) {
  const [values, setValues] = useState<OptionValue[]>([]);
  const [single, setSingle] = useState<OptionValue | null>(null);
  return (
    <div>
      <p>outside</p>
      <button type="button">next field</button>
      {multiple ? (
        <MultiSelect label="Fruit" options={options} value={values} onChange={setValues} />
      ) : (
        <MultiSelect label="Fruit" multiple={false} options={options} value={single} onChange={setSingle} />
      )}
    </div>
  );
}

describe('multiSelectLabel', () => {
  it('lists up to two items, then "+ N others", and "All" when every enabled option is chosen', () => {
    expect(label([])).toBeNull();
    expect(label([1])).toBe('Apple');
    expect(label([1, 2])).toBe('Apple, Banana');
    expect(label([1, 2, 3])).toBe('All');
    const five = [...options.slice(0, 3), { value: 5, text: 'Elder' }, { value: 6, text: 'Fig' }];
    expect(label([1, 2, 3], five)).toBe('Apple, Banana + 1 other');
    expect(label([1, 2, 3, 5], five)).toBe('Apple, Banana + 2 others');
    expect(label([1, 2], options.slice(0, 2))).toBe('Apple, Banana');
  });
});

describe('MultiSelect', () => {
  it('opens on click, searches case-insensitively, toggles all filtered enabled options and closes outside', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const toggle = screen.getByRole('button', { name: 'Fruit' });
    await user.click(toggle);
    const list = screen.getByRole('listbox', { name: 'Fruit' });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'AN');
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['Banana']);
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(toggle).toHaveTextContent('Banana');
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zzz');
    expect(screen.getByText('No options found')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(toggle).toHaveTextContent('All');
    await user.click(screen.getByText('outside'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('closes on choose in single mode and ignores disabled options', async () => {
    const user = userEvent.setup();
    render(<Harness multiple={false} />);
    const toggle = screen.getByRole('button', { name: 'Fruit' });
    await user.click(toggle);
    await user.click(screen.getByRole('option', { name: 'Date' }));
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Cherry' }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(toggle).toHaveTextContent('Cherry');
  });

  it('closes on Escape and when focus moves to another field', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const toggle = screen.getByRole('button', { name: 'Fruit' });

    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.click(toggle);
    act(() => screen.getByRole('button', { name: 'next field' }).focus());
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
