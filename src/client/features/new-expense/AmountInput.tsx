import { useLayoutEffect, useRef, type ComponentProps } from 'react';
import { caretAfterFormat, formatAmountInput, parseAmountInput } from '@shared/format';
import { Input } from '@client/components/ui/input';

type Props = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type' | 'ref'> & {
  /** react-hook-form's field.ref, so an error can focus the field. */
  inputRef: (el: HTMLInputElement | null) => void;
  /** The plain number the form keeps ('12990', '45.5'). */
  value: string;
  onChange: (plain: string) => void;
  currency: string;
};

/**
 * A money field that shows Chilean separators as the user types ('12.990', '45,5') while the form keeps the plain
 * number (issue 16). The caret stays after the digit just typed.
 */
export function AmountInput({ value, onChange, currency, inputRef, ...props }: Props) {
  const ref = useRef<HTMLInputElement | null>(null);
  const caret = useRef<number | null>(null);
  const shown = formatAmountInput(value);

  useLayoutEffect(() => {
    const input = ref.current;
    if (input && caret.current !== null && document.activeElement === input) input.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  return (
    <Input
      {...props}
      ref={(el) => {
        ref.current = el;
        inputRef(el);
      }}
      type="text"
      inputMode={currency === 'CLP' ? 'numeric' : 'decimal'}
      autoComplete="off"
      value={shown}
      onChange={(e) => {
        const typed = e.target.value;
        // A '.' the user adds in a foreign currency starts the decimals; the dots the field shows group thousands.
        const dots = (t: string) => t.split('.').length;
        const plain = parseAmountInput(typed, currency !== 'CLP' && dots(typed) > dots(shown));
        caret.current = caretAfterFormat(typed, e.target.selectionStart ?? typed.length, formatAmountInput(plain));
        onChange(plain);
      }}
    />
  );
}
