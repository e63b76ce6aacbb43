/**
 * How the dashboard writes and draws amounts in the reader's language. The locale file names its
 * scheme (`dashboard:amountScheme`): Chinese reads 万 (spec 9: "1,234.57 万元"), English reads
 * thousands and millions ("¥2.65m"), never "× 10k CNY". Every figure anyone reads is the exact
 * decimal string moved by src/lib/money; only a bar's length is a number.
 */
import type { TFunction } from 'i18next';
import { AXIS_PLACES, amountWithUnit, formatScaled, formatWan, type AmountScheme } from '../../lib/money';

export interface DashboardAmounts {
  scheme: AmountScheme;
  /** A label or tooltip amount: "1,234.57 万元", "¥12.35m". */
  text(amount: string | null | undefined): string;
  /** The amount in the axes' unit as a plain number, for the drawing's geometry only. */
  number(amount: string): number;
  /** The axes' unit: "万元", "¥ m". */
  axisName: string;
}

export function dashboardAmounts(t: TFunction): DashboardAmounts {
  const scheme: AmountScheme = t('dashboard:amountScheme') === 'thousands' ? 'thousands' : 'wan';
  const places = AXIS_PLACES[scheme];
  return {
    scheme,
    // Chinese labels stay in 万 whatever the size, as the spec's helpers write them; English picks the unit the amount reaches.
    text: (amount) => {
      if (scheme === 'wan') return t('dashboard:amountWan', { value: formatWan(amount) });
      const { text, unit } = amountWithUnit(amount, scheme);
      return t(`dashboard:amount.${unit}`, { value: text });
    },
    number: (amount) => Number(formatScaled(amount, places).replace(/,/g, '')),
    axisName: t('dashboard:axisUnit'),
  };
}
