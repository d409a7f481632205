/** Shapes shared by every endpoint (DESIGN §3); replaced by components['schemas'] once schema.d.ts lands. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  perPage: number;
}

export interface StatusResponse {
  status: boolean;
}
