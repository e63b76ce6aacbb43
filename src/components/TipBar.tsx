import { InfoCircleOutlined } from '@ant-design/icons';
import { formatCurrency, type NumericInput } from '../lib/money';
import { toChineseCapital } from '../lib/numerals';

interface Props {
  label: string;
  value: NumericInput;
  /** Also show the amount in Chinese capital numerals (the voucher form). */
  capital?: boolean;
}

/** Amounts beyond what capital numerals can say are shown in figures only. */
function capitalOrNothing(value: NumericInput): string | undefined {
  try {
    return toChineseCapital(value);
  } catch {
    return undefined;
  }
}

/** The tip bar (spec 2.6): a label, the currency-formatted value and optionally its capital numerals. */
export function TipBar({ label, value, capital = false }: Props) {
  const words = capital ? capitalOrNothing(value) : undefined;
  return (
    <div className="tip-bar" role="note">
      <InfoCircleOutlined aria-hidden />
      <span className="tip-bar-label">{label}</span>
      <strong className="tip-bar-value">{formatCurrency(value)}</strong>
      {words && <span className="tip-bar-capital">{words}</span>}
    </div>
  );
}
