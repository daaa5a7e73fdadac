import { RichText } from './RichText.js';

export interface FaqEntry {
  id: string;
  question: string;
  /** May hold `[label](/path)` page links and email addresses. */
  answer: string;
}

/** Questions that open to their answers, each a native disclosure (keyboard and screen-reader ready). */
export function FaqList({ entries, testId }: { entries: readonly FaqEntry[]; testId: string }) {
  return (
    <div className="mk-faq-list">
      {entries.map(({ id, question, answer }) => (
        <details key={id} className="ov-card mk-faq-list__item" data-testid={`${testId}-${id}`}>
          <summary>{question}</summary>
          <p>
            <RichText text={answer} />
          </p>
        </details>
      ))}
    </div>
  );
}
