import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { SuggestionList } from '../components/SuggestionList.js';
import { completeLastWord, suggestionBlurCloseMs, suggestMessageWords } from './suggestions.js';

/**
 * The custom message with word suggestions while typing (spec 000 §2): once the last word has 2
 * characters, words from the seller's existing messages (then common shipping words) that start
 * with it. A blur closes the list after 200 ms.
 */
export function MessageInput({
  value,
  onChange,
  vocabulary,
  required,
  defaultMessage,
  invalid,
}: {
  value: string;
  onChange: (value: string) => void;
  vocabulary: string[];
  required: boolean;
  /** What the buyer reads when an optional message is left empty; null for nothing. */
  defaultMessage: string | null;
  /** The form's alert is about this field. */
  invalid: boolean;
}) {
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);
  const suggestions = useMemo(() => suggestMessageWords(vocabulary, value), [vocabulary, value]);
  const hintId = useId();

  return (
    <label className="ov-field me-field me-suggest">
      <span>Custom message{required ? '' : ' (optional)'}</span>
      <textarea
        value={value}
        rows={3}
        aria-invalid={invalid || undefined}
        aria-describedby={required ? undefined : hintId}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
        }}
        onBlur={() => {
          clearTimeout(closeTimer.current);
          closeTimer.current = setTimeout(() => setOpen(false), suggestionBlurCloseMs);
        }}
        placeholder="What the buyer sees, e.g. Gift wrapped orders ship within 3 days"
        data-testid="rule-message"
      />
      <SuggestionList
        suggestions={open ? suggestions : []}
        onPick={(word) => onChange(completeLastWord(value, word))}
        testId="message-suggestions"
      />
      {!required && (
        <span id={hintId} className="me-field__hint" data-testid="rule-default-message">
          {defaultMessage === null
            ? 'Left empty, buyers see no message from this rule.'
            : `Left empty, buyers read: “${defaultMessage}”`}
        </span>
      )}
    </label>
  );
}
