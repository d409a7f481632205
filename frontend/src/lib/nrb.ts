/** Polish "PL" as IBAN digits (P = 25, L = 21). */
const PL_DIGITS = '2521';
const NRB_DIGITS = /^\d{26}$/;

/** The remainder of a decimal string of any length, in chunks that stay exact as floats. */
function mod97(digits: string): number {
  let remainder = 0;
  for (let index = 0; index < digits.length; index += 7) {
    remainder = Number(String(remainder) + digits.slice(index, index + 7)) % 97;
  }
  return remainder;
}

/**
 * A Polish bank account number (NRB: the IBAN without "PL"): 26 digits, spaces allowed, whose IBAN form
 * passes the mod-97 check. The same rule as the server's `nrb_is_valid`.
 */
export function isValidNrb(value: string): boolean {
  const digits = value.replaceAll(' ', '');
  if (!NRB_DIGITS.test(digits)) return false;
  return mod97(digits.slice(2) + PL_DIGITS + digits.slice(0, 2)) === 1;
}
