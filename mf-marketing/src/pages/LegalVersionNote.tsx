import type { LegalVersion } from '@onvelope/ui';

/** spec 001 §2 and §9: the later legal texts are dated October 2, 2025, version 2025-10-02. */
export function LegalVersionNote({ version }: { version: LegalVersion }) {
  return (
    <p className="mk-legal-version" data-testid="legal-version">
      {version === 'current'
        ? 'Version 2025-10-02, effective October 2, 2025.'
        : 'Previous version, replaced on October 2, 2025.'}
    </p>
  );
}
