import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '../ui/card.tsx';

/** The centred card the account forms sit in. */
export function AuthCard({
  title,
  description,
  children,
  footer,
  testId,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-8 sm:py-12">
      <Card data-testid={testId}>
        <CardHeader>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent>{children}</CardContent>
        {footer ? (
          <div className="border-t border-slate-100 px-6 py-4 text-center text-sm text-slate-600">
            {footer}
          </div>
        ) : null}
      </Card>
    </div>
  );
}
