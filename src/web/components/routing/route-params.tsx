import type { ReactNode } from 'react';
import { Redirect, useSearch } from 'wouter';

/** Route ids are positive whole numbers written in digits only. */
export function isNumericId(value: string | undefined): value is string {
  return value !== undefined && /^\d{1,15}$/.test(value) && Number(value) > 0;
}

export interface RequireNumericIdProps {
  /** The route parameters that must be numeric ids. */
  ids: Array<string | undefined>;
  /** Query parameters that must be present and numeric (e.g. businessCardId). */
  requiredQuery?: string[];
  children: ReactNode;
}

/** Sends any route whose id (or required query id) is not numeric to the home page. */
export function RequireNumericId({ ids, requiredQuery = [], children }: RequireNumericIdProps) {
  const search = useSearch();
  const params = new URLSearchParams(search);
  const valid =
    ids.every((id) => isNumericId(id)) &&
    requiredQuery.every((name) => isNumericId(params.get(name) ?? undefined));
  if (!valid) return <Redirect to="/" replace />;
  return <>{children}</>;
}
