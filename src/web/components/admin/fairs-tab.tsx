import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronDown, Plus, Save, Trash2 } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAdminTradeFairs, TTradeFairsPut } from '#shared/admin.ts';
import { FAIR_REGIONS, type TFairRegion, type TTradeFair } from '#shared/schemas/public.ts';
import { apiRequest, errorText, isApiError } from '#web/lib/api.ts';
import { Button } from '../ui/button.tsx';
import { Input } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';
import { NativeSelect } from '../ui/native-select.tsx';
import { Loading } from '../ui/spinner.tsx';
import { toast } from '../ui/use-toast.ts';
import { ADMIN_FAIRS_KEY, refreshAdminData } from './queries.ts';

/** Fairs are in China and Hong Kong: dates are edited as days in UTC+8. */
const CHINA_OFFSET_MS = 8 * 3600_000;
const chinaDay = (iso: string) =>
  new Date(new Date(iso).getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);

interface Draft {
  key: string;
  id?: number;
  name: string;
  fullName: string;
  location: string;
  category: string;
  region: TFairRegion;
  description: string;
  startDay: string;
  endDay: string;
  /** The stored instants, sent back unchanged while the day is not edited (keeps the hour). */
  original?: { startsAt: string; endsAt: string; startDay: string; endDay: string };
}

type TextField =
  'name' | 'fullName' | 'location' | 'category' | 'description' | 'startDay' | 'endDay';

let draftCounter = 0;
function toDraft(fair: TTradeFair): Draft {
  const startDay = chinaDay(fair.startsAt);
  const endDay = chinaDay(fair.endsAt);
  return {
    key: `fair-${fair.id}`,
    id: fair.id,
    name: fair.name,
    fullName: fair.fullName === fair.name ? '' : fair.fullName,
    location: fair.location,
    category: fair.category,
    region: fair.region,
    description: fair.description,
    startDay,
    endDay,
    original: { startsAt: fair.startsAt, endsAt: fair.endsAt, startDay, endDay },
  };
}

function toPayload(draft: Draft): TTradeFairsPut['fairs'][number] {
  const keep = draft.original;
  return {
    ...(draft.id ? { id: draft.id } : {}),
    name: draft.name,
    fullName: draft.fullName,
    location: draft.location,
    category: draft.category,
    region: draft.region,
    description: draft.description,
    startsAt: keep && keep.startDay === draft.startDay ? keep.startsAt : draft.startDay,
    endsAt: keep && keep.endDay === draft.endDay ? keep.endsAt : draft.endDay,
  };
}

/** Server field names (fairs.3.startsAt) to the editor's (startDay). */
const FIELD_OF: Record<string, TextField | 'region'> = {
  startsAt: 'startDay',
  endsAt: 'endDay',
  name: 'name',
  fullName: 'fullName',
  location: 'location',
  category: 'category',
  description: 'description',
  region: 'region',
};

export function FairsTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const fairs = useQuery({
    queryKey: ADMIN_FAIRS_KEY,
    queryFn: () => apiRequest<TAdminTradeFairs>('GET', '/api/admin/trade-fairs'),
  });
  const [drafts, setDrafts] = useState<Draft[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (fairs.data && drafts === null) setDrafts(fairs.data.fairs.map(toDraft));
  }, [fairs.data, drafts]);

  const save = useMutation({
    mutationFn: (list: Draft[]) =>
      apiRequest<TAdminTradeFairs>('PUT', '/api/admin/trade-fairs', {
        fairs: list.map(toPayload),
      }),
    onSuccess: (saved) => {
      setErrors({});
      setDrafts(saved.fairs.map(toDraft));
      queryClient.setQueryData(ADMIN_FAIRS_KEY, saved);
      void queryClient.invalidateQueries({ queryKey: ['/api/trade-fairs'] });
      void refreshAdminData(queryClient);
      toast({
        title: t('admin.fairs.saved'),
        description: t('admin.fairs.savedText'),
        variant: 'success',
      });
    },
    onError: (error) => {
      setErrors(isApiError(error) && error.fields ? error.fields : {});
      toast({
        title: t('admin.fairs.failed'),
        description: errorText(error, t('general.errorTitle')),
        variant: 'destructive',
      });
    },
  });

  if (fairs.isPending || drafts === null) {
    if (fairs.isError) {
      return (
        <p className="text-red-700" role="alert">
          {errorText(fairs.error, t('admin.loadFailed'))}
        </p>
      );
    }
    return <Loading />;
  }

  const update = (index: number, field: TextField | 'region', value: string) =>
    setDrafts(drafts.map((draft, i) => (i === index ? { ...draft, [field]: value } : draft)));
  const errorFor = (index: number, field: TextField | 'region') => {
    const entry = Object.entries(errors).find(([path]) => {
      const [, at, name] = path.split('.');
      return Number(at) === index && FIELD_OF[name ?? ''] === field;
    });
    return entry?.[1];
  };
  const hasError = (index: number) =>
    Object.keys(errors).some((path) => Number(path.split('.')[1]) === index);
  const add = () => {
    draftCounter += 1;
    const today = chinaDay(new Date().toISOString());
    setDrafts([
      ...drafts,
      {
        key: `new-${draftCounter}`,
        name: '',
        fullName: '',
        location: '',
        category: '',
        region: 'mainland',
        description: '',
        startDay: today,
        endDay: today,
      },
    ]);
  };
  const now = Date.now();

  return (
    <section className="grid gap-4" aria-labelledby="admin-fairs-heading">
      <div>
        <h2 id="admin-fairs-heading" className="text-base font-semibold text-slate-900">
          {t('admin.fairs.title')}
        </h2>
        <p className="text-sm text-slate-600">{t('admin.fairs.text')}</p>
      </div>
      {drafts.length === 0 ? <p className="text-slate-600">{t('admin.fairs.empty')}</p> : null}
      <ol className="grid gap-4" data-testid="admin-fairs">
        {drafts.map((draft, index) => {
          const ended = draft.original && new Date(draft.original.endsAt).getTime() < now;
          const label = draft.name || t('admin.fairs.newFair');
          return (
            <li
              key={draft.key}
              className="rounded-xl border border-slate-200 bg-white p-4"
              data-testid="admin-fair"
            >
              <details open={!draft.id || hasError(index) || undefined} className="group">
                <summary className="flex cursor-pointer list-none flex-wrap items-center justify-between gap-2 font-medium text-slate-900">
                  <span className="min-w-0 break-words">
                    {t('admin.fairs.fairLabel', { number: index + 1 })}: {label}
                    {ended ? (
                      <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
                        {t('admin.fairs.past')}
                      </span>
                    ) : null}
                  </span>
                  <span className="flex items-center gap-1 text-sm font-normal text-slate-600 tabular-nums">
                    {draft.startDay} – {draft.endDay}
                    <ChevronDown
                      aria-hidden="true"
                      className="size-4 transition-transform group-open:rotate-180"
                    />
                  </span>
                </summary>
                <div className="mt-3 grid gap-3 sm:grid-cols-2">
                  {(['name', 'fullName', 'location', 'category'] as const).map((field) => (
                    <Field
                      key={field}
                      id={`${draft.key}-${field}`}
                      label={t(`admin.fairs.${field}`)}
                      error={errorFor(index, field)}
                    >
                      <Input
                        id={`${draft.key}-${field}`}
                        value={draft[field]}
                        required={field === 'name'}
                        maxLength={field === 'fullName' ? 240 : field === 'location' ? 200 : 120}
                        aria-invalid={errorFor(index, field) ? true : undefined}
                        onChange={(event) => update(index, field, event.target.value)}
                      />
                    </Field>
                  ))}
                  {(['startDay', 'endDay'] as const).map((field) => (
                    <Field
                      key={field}
                      id={`${draft.key}-${field}`}
                      label={t(
                        field === 'startDay' ? 'admin.fairs.startsAt' : 'admin.fairs.endsAt',
                      )}
                      error={errorFor(index, field)}
                    >
                      <Input
                        id={`${draft.key}-${field}`}
                        type="date"
                        required
                        value={draft[field]}
                        aria-invalid={errorFor(index, field) ? true : undefined}
                        onChange={(event) => update(index, field, event.target.value)}
                      />
                    </Field>
                  ))}
                  <Field
                    id={`${draft.key}-region`}
                    label={t('admin.fairs.region')}
                    error={errorFor(index, 'region')}
                  >
                    <NativeSelect
                      id={`${draft.key}-region`}
                      className="w-full"
                      value={draft.region}
                      onChange={(event) => update(index, 'region', event.target.value)}
                    >
                      {FAIR_REGIONS.map((region) => (
                        <option key={region} value={region}>
                          {t(
                            region === 'mainland'
                              ? 'admin.fairs.regionMainland'
                              : 'admin.fairs.regionHongKong',
                          )}
                        </option>
                      ))}
                    </NativeSelect>
                  </Field>
                  <Field
                    id={`${draft.key}-description`}
                    label={t('admin.fairs.description')}
                    error={errorFor(index, 'description')}
                  >
                    <Input
                      id={`${draft.key}-description`}
                      value={draft.description}
                      maxLength={2000}
                      onChange={(event) => update(index, 'description', event.target.value)}
                    />
                  </Field>
                </div>
              </details>
              <div className="mt-3 flex justify-end">
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setDrafts(drafts.filter((_, i) => i !== index))}
                  aria-label={`${t('admin.fairs.remove')}: ${label}`}
                >
                  <Trash2 aria-hidden="true" />
                  {t('admin.fairs.remove')}
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="outline" onClick={add}>
          <Plus aria-hidden="true" />
          {t('admin.fairs.add')}
        </Button>
        <Button
          onClick={() => save.mutate(drafts)}
          disabled={save.isPending}
          data-testid="admin-fairs-save"
        >
          <Save aria-hidden="true" />
          {save.isPending ? t('admin.fairs.saving') : t('admin.fairs.save')}
        </Button>
      </div>
    </section>
  );
}

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p className="text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
