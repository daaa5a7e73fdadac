/** spec 000 §9: suggestion lookups wait for 300 ms of quiet; a blur closes them after 200 ms. */
export const suggestionDebounceMs = 300;
export const suggestionBlurCloseMs = 200;

/** spec 000 §5: keyword suggestions start at 1 character, message words at 2. */
export const keywordSuggestionMinLength = 1;
export const messageWordMinLength = 2;

const maxWordSuggestions = 6;

/**
 * Words every seller's messages use, offered after the seller's own words, so that the first rule
 * already gets help. Short and about shipping only: the seller's own words matter more.
 */
export const commonMessageWords = [
  'dispatched',
  'dispatch',
  'delivery',
  'delayed',
  'shipping',
  'shipped',
  'stock',
  'order',
  'orders',
  'working',
  'handmade',
  'personalised',
  'pre-order',
  'thank',
  'thanks',
  'patience',
  'within',
  'business',
  'days',
  'weeks',
  'soon',
  'tracking',
];

const wordPattern = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;

/** Whether the keyword is long enough to look up item names for. */
export function wantsKeywordSuggestions(keyword: string): boolean {
  return keyword.trim().length >= keywordSuggestionMinLength;
}

/** The word being typed: the run of characters after the last space (empty after a space). */
export function lastWord(text: string): string {
  const match = /(\S*)$/.exec(text);
  return match?.[1] ?? '';
}

/**
 * The vocabulary message-word suggestions come from: the words (2+ characters) of the seller's
 * existing rule messages, most used first, then the common shipping words; each word once,
 * compared without case, spelled as first seen.
 */
export function messageVocabulary(messages: readonly (string | null | undefined)[]): string[] {
  const counts = new Map<string, { word: string; count: number; first: number }>();
  let position = 0;
  for (const message of messages) {
    for (const word of message?.match(wordPattern) ?? []) {
      if (word.length < messageWordMinLength) continue;
      const key = word.toLowerCase();
      const seen = counts.get(key);
      if (seen) seen.count += 1;
      else counts.set(key, { word, count: 1, first: position++ });
    }
  }
  const own = [...counts.values()]
    .sort((a, b) => b.count - a.count || a.first - b.first)
    .map((entry) => entry.word);
  const ownKeys = new Set(own.map((word) => word.toLowerCase()));
  return [...own, ...commonMessageWords.filter((word) => !ownKeys.has(word))];
}

/**
 * Words to finish the last word of `text` with: when it has at least 2 characters, up to 6 words
 * of the vocabulary that start with it (ignoring case) and are longer than it.
 */
export function suggestMessageWords(vocabulary: readonly string[], text: string): string[] {
  const typed = lastWord(text);
  if (typed.length < messageWordMinLength) return [];
  const prefix = typed.toLowerCase();
  return vocabulary
    .filter((word) => word.length > typed.length && word.toLowerCase().startsWith(prefix))
    .slice(0, maxWordSuggestions);
}

/** Puts a chosen word in place of the last word, followed by a space to type on. */
export function completeLastWord(text: string, word: string): string {
  return `${text.slice(0, text.length - lastWord(text).length)}${word} `;
}
