import { useSearchParams } from 'react-router';

/** The tab a page shows, from `?tab=`: one of `tabs`, the first when absent or unknown. */
export function useUrlTab<T extends string>(tabs: readonly T[]): T {
  const [searchParams] = useSearchParams();
  const wanted = searchParams.get('tab');
  return tabs.find((tab) => tab === wanted) ?? tabs[0]!;
}
