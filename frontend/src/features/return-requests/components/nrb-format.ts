/** "12 3456 ..." — an NRB as printed on Polish bank forms: two digits, then groups of four. */
export function formatNrb(number: string): string {
  return `${number.slice(0, 2)} ${number.slice(2).replace(/(\d{4})(?=\d)/g, '$1 ')}`;
}
