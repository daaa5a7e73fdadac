interface SuggestionListProps {
  suggestions: string[];
  onPick: (value: string) => void;
  testId: string;
}

/**
 * Suggestions under an input. A pick happens on mouse down, before the input's blur (which closes
 * the list 200 ms later), so the click is never lost.
 */
export function SuggestionList({ suggestions, onPick, testId }: SuggestionListProps) {
  if (suggestions.length === 0) return null;
  return (
    <ul className="me-suggestions" role="listbox" data-testid={testId}>
      {suggestions.map((suggestion) => (
        <li
          key={suggestion}
          role="option"
          aria-selected="false"
          onMouseDown={(event) => {
            event.preventDefault();
            onPick(suggestion);
          }}
        >
          {suggestion}
        </li>
      ))}
    </ul>
  );
}
