import { Link } from '@onvelope/router';
import type { LegalVersion } from '@onvelope/ui';
import { RichText } from '../components/RichText.js';
import { legalDate } from './commitments.js';
import { MarketingPage } from '../pages/MarketingPage.js';
import type { LegalBlock, LegalDocuments } from './legal-document.js';
import './legal.css';

interface LegalPageProps {
  documents: LegalDocuments;
  version: LegalVersion;
  /** What the current version says of itself to search engines and link previews. */
  description: string;
  /** Where the current version lives (/privacy, /terms), for the superseded notice. */
  currentPath: string;
  testId: string;
}

/**
 * A legal page: the title, the version note, a table of contents and the numbered sections. A
 * previous version says plainly that it is superseded and links to the current one.
 */
export function LegalPage({
  documents,
  version,
  description,
  currentPath,
  testId,
}: LegalPageProps) {
  const document = documents[version];
  const current = documents.current;
  const title = version === 'current' ? document.title : `${document.title} (previous version)`;
  const meta = {
    title,
    description:
      version === 'current'
        ? description
        : `The previous ONVELOPE ${current.title}, superseded on ${legalDate(current.version)}. Kept for reference.`,
  };
  return (
    <MarketingPage title={title} meta={meta} testId={testId} className="mk-legal">
      <div data-testid="legal-document" data-version={document.version}>
        {version === 'current' ? (
          <p className="mk-legal__version" data-testid="legal-version">
            Version {document.version}, effective {legalDate(document.version)}.
          </p>
        ) : (
          <div className="ov-alert mk-legal__superseded" role="note" data-testid="legal-version">
            <p>
              <strong>This version is superseded.</strong> Version {document.version} (effective{' '}
              {legalDate(document.version)}) was replaced on {legalDate(current.version)} by version{' '}
              {current.version}. It is kept for reference only.
            </p>
            <p>
              <Link to={currentPath} data-testid="legal-current-link">
                Read the current {current.title}
              </Link>
            </p>
          </div>
        )}
        <p className="mk-legal__intro">{document.intro}</p>
        <nav className="mk-legal__toc" aria-labelledby="mk-legal-toc-title" data-testid="legal-toc">
          <h2 id="mk-legal-toc-title">Contents</h2>
          <ol>
            {document.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <ol className="mk-legal__sections">
          {document.sections.map((section) => (
            <li key={section.id}>
              <section id={section.id} aria-labelledby={`${section.id}-title`}>
                <h2 id={`${section.id}-title`}>{section.title}</h2>
                {section.blocks.map((block, index) => (
                  <Block key={index} block={block} />
                ))}
              </section>
            </li>
          ))}
        </ol>
      </div>
    </MarketingPage>
  );
}

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') {
    return (
      <p>
        <RichText text={block} />
      </p>
    );
  }
  return (
    <ul>
      {block.list.map((item) => (
        <li key={item}>
          <RichText text={item} />
        </li>
      ))}
    </ul>
  );
}
