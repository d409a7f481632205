/**
 * Prepaid orders: an admin always, a customer only when the tenant allows them (`allowPrepaidOrders`).
 * The page and the menu entry both ask this; an unknown configuration (still loading) allows nothing.
 */
export function mayOrderPrepaid(roles: readonly string[], config: { allowPrepaidOrders?: boolean } | undefined): boolean {
  return roles.includes('ROLE_ADMIN') || config?.allowPrepaidOrders === true;
}
