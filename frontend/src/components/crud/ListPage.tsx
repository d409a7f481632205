import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableProps } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';

type RowId = number | string;

type ListPageProps<T extends { id: RowId }> = Omit<DataTableProps<T>, 'label'> & {
  /** The page's heading, also the table's accessible name. */
  title: string;
  /** The "Add" link (to the create page) and its text. */
  create?: { to: string; label: string };
};

/** A back-office list screen: heading with the "Add" link, then the data table. */
export function ListPage<T extends { id: RowId }>({ title, create, ...table }: ListPageProps<T>): ReactNode {
  return (
    <section>
      <PageHeader
        title={title}
        actions={
          create && (
            <Link to={create.to} className="btn btn-primary">
              {create.label}
            </Link>
          )
        }
      />
      <DataTable label={title} {...table} />
    </section>
  );
}
