import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { PageLoading } from '../../components/feedback/PageLoading';
import { WorkorderOpen, type WorkorderOpenProps } from './WorkorderOpen';

/** A work order page: its list, or with `?id=N` that work order opened. */
export function WorkorderPage({ list, open }: { list: ReactNode; open: Omit<WorkorderOpenProps, 'id'> }) {
  const { ready } = useTranslation('workorder');
  const id = Number(new URLSearchParams(useSearch()).get('id')) || null;
  if (!ready) return <PageLoading />;
  return id ? <WorkorderOpen id={id} {...open} /> : list;
}
