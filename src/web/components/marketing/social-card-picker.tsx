import { useTranslation } from 'react-i18next';
import { useCards } from '#web/lib/cards/queries.ts';
import { FormField } from '../ui/form-field.tsx';
import { NativeSelect } from '../ui/native-select.tsx';

/** The owner's cards as a select ("choose a card"); null until one is chosen. */
export function CardPicker({
  value,
  onChange,
  label,
}: {
  value: number | null;
  onChange: (cardId: number | null) => void;
  label?: string;
}) {
  const { t } = useTranslation();
  const cards = useCards();
  return (
    <FormField
      label={label ?? t('marketingText.common.card')}
      hint={cards.data?.length === 0 ? t('marketingText.common.noCards') : undefined}
    >
      <NativeSelect
        value={value === null ? '' : String(value)}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
        data-testid="card-picker"
      >
        <option value="">{t('marketingText.common.chooseCard')}</option>
        {(cards.data ?? []).map((card) => (
          <option key={card.id} value={card.id}>
            {card.companyName || t('marketingText.common.untitledCard', { id: card.id })}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}
