import type { LegalVersion } from '@onvelope/ui';

/**
 * A block of a legal section. Text may hold `[label](/path)` page links and email addresses, which
 * the page makes clickable (`inlineLinks`).
 */
export type LegalBlock = string | { list: string[] };

export interface LegalSection {
  /** The anchor of the section in the table of contents. */
  id: string;
  title: string;
  blocks: LegalBlock[];
}

/** One version of the privacy policy or the terms, rendered by `LegalDocumentView`. */
export interface LegalDocument {
  title: string;
  /** '2025-10-02'; the page shows it with its date, October 2, 2025 (spec 001 §2). */
  version: string;
  /** The opening paragraph, before the table of contents. */
  intro: string;
  sections: LegalSection[];
}

export type LegalDocuments = Record<LegalVersion, LegalDocument>;
