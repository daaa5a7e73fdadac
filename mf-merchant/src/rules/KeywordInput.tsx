import { useEffect, useRef, useState } from 'react';
import { merchantApi } from '../api.js';
import { SuggestionList } from '../components/SuggestionList.js';
import {
  suggestionBlurCloseMs,
  suggestionDebounceMs,
  wantsKeywordSuggestions,
} from './suggestions.js';
import { useDebouncedValue } from '../hooks/use-debounced-value.js';
import { searchItemNames } from '@onvelope/contracts';

/**
 * The keyword field with suggestions from item names already seen (spec 000 §2): looked up from
 * 1 character, 300 ms after the last keystroke; a blur closes the list after 200 ms.
 */
export function KeywordInput({
  value,
  onChange,
  invalid,
}: {
  value: string;
  onChange: (value: string) => void;
  /** The form's alert is about this field. */
  invalid: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const settled = useDebouncedValue(value, suggestionDebounceMs);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  useEffect(() => {
    if (!open || !wantsKeywordSuggestions(settled)) return;
    const controller = new AbortController();
    merchantApi
      .call(searchItemNames, { query: { q: settled.trim() }, signal: controller.signal })
      .then(setSuggestions)
      // Suggestions are a help, not a must: a failed lookup just offers none.
      .catch(() => setSuggestions([]));
    return () => controller.abort();
  }, [settled, open]);

  const shown = open && wantsKeywordSuggestions(value) ? suggestions : [];
  return (
    <label className="ov-field me-field me-suggest">
      <span>Keyword</span>
      <input
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          clearTimeout(closeTimer.current);
          closeTimer.current = setTimeout(() => setOpen(false), suggestionBlurCloseMs);
        }}
        autoComplete="off"
        aria-invalid={invalid || undefined}
        placeholder="A word in the item name, e.g. gift"
        data-testid="rule-keyword"
      />
      <SuggestionList
        suggestions={shown.filter((item) => item !== value)}
        onPick={(item) => {
          onChange(item);
          setOpen(false);
        }}
        testId="keyword-suggestions"
      />
    </label>
  );
}
